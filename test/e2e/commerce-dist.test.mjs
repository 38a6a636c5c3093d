// @ts-check
/**
 * `node --test test/e2e/commerce-dist.test.mjs`, after `npm run build`: the shipped `loyalty-elements/commerce`.
 * It is imported the way a host page's bundler or a Node script reaches it — by package name, through the
 * package.json "exports" map (Node resolves a package's own name from inside it) — with no DOM, and must format
 * and convert as the source does. test/lib/commerce-entry.node.test.mjs checks the source entry; this one checks
 * what the build wrote and the exports map that points at it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const SPECIFIER = 'loyalty-elements/commerce';

/** @type {{ name: string, exports: Record<string, Record<string, string>> }} */
const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
const entry = manifest.exports['./commerce'] ?? {};

/** Fails with the fix when the build has not run, rather than with a resolution error. */
function requireBuild() {
  for (const condition of ['import', 'default', 'types']) {
    const target = entry[condition];
    assert.ok(target, `package.json exports["./commerce"] has no "${condition}" condition`);
    assert.ok(
      existsSync(new URL(target, ROOT)),
      `${target} (exports["./commerce"].${condition}) does not exist: run \`npm run build\` before the end-to-end tests (\`npm test\` does)`,
    );
  }
}

test(`${SPECIFIER} resolves by package name to the built dist/commerce.js`, () => {
  requireBuild();
  assert.equal(manifest.name, 'loyalty-elements');
  assert.equal(import.meta.resolve(SPECIFIER), new URL(entry.import ?? '', ROOT).href);
  assert.match(entry.import ?? '', /^\.\/dist\/commerce\.js$/);
});

test(`${SPECIFIER} imports without a DOM, touches no global, and formats and converts`, async () => {
  requireBuild();
  // Node has no window or document: importing proves the subpath needs none.
  const globalsBefore = Object.getOwnPropertyNames(globalThis).sort();
  const commerce = await import(SPECIFIER);
  assert.deepEqual(Object.getOwnPropertyNames(globalThis).sort(), globalsBefore);
  assert.equal('dataLayer' in globalThis, false);

  assert.equal(commerce.formatPrice(1234.5), '1.234,50\u00a0€');
  assert.equal(commerce.formatPrice(1234.5, { currency: 'USD', locale: 'en-US' }), '$1,234.50');
  assert.equal(commerce.formatPrice('1234.5', { currency: 'JPY', locale: 'ja' }), '￥1,235');
  assert.equal(commerce.formatPrice(-5, { currency: 'USD', locale: 'en_US' }), '-$5.00');

  const rates = [{ codigo: 'EUR', tasa: 1 }, { codigo: 'USD', tasa: '1.1' }];
  assert.equal(commerce.convertAmount(100, 'EUR', 'USD', rates), 110);
  assert.throws(
    () => commerce.convertAmount(100, 'EUR', 'BRL', rates),
    (error) => error instanceof commerce.CurrencyRateError && error.currency === 'BRL' && error.problem === 'missing',
  );
});
