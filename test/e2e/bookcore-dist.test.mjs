// @ts-check
/**
 * `node --test test/e2e/bookcore-dist.test.mjs`, after `npm run build`: the shipped `loyalty-elements/bookcore`,
 * imported by package name through the package.json "exports" map (as a host page's bundler or a Node script
 * reaches it), with no DOM; every docs/bookcore-contract.md call made through it against the dev bookcore over HTTP.
 * test/lib/bookcore-entry.node.test.mjs checks the source entry; this one checks what the build wrote and the
 * exports map that points at it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { importBundled } from '../../scripts/import-bundled.mjs';

const ROOT = new URL('../../', import.meta.url);
const SPECIFIER = 'loyalty-elements/bookcore';

/** @type {{ name: string, exports: Record<string, Record<string, string>> }} */
const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
const entry = manifest.exports['./bookcore'] ?? {};

/** Fails with the fix when the build has not run, rather than with a resolution error. */
function requireBuild() {
  for (const condition of ['import', 'default', 'types']) {
    const target = entry[condition];
    assert.ok(target, `package.json exports["./bookcore"] has no "${condition}" condition`);
    assert.ok(
      existsSync(new URL(target, ROOT)),
      `${target} (exports["./bookcore"].${condition}) does not exist: run \`npm run build\` before the end-to-end tests (\`npm test\` does)`,
    );
  }
}

const bookcore = createBookcore();
const server = createServer(async (req, res) => {
  if (!(await bookcore.handle(req, res))) {
    res.statusCode = 404;
    res.end('not bookcore');
  }
});
/** @type {string} */
let base;

before(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test(`${SPECIFIER} resolves by package name to the built dist/bookcore.js, with its types`, () => {
  requireBuild();
  assert.equal(import.meta.resolve(SPECIFIER), new URL(entry.import ?? '', ROOT).href);
  assert.match(entry.import ?? '', /^\.\/dist\/bookcore\.js$/);
  const types = readFileSync(new URL(entry.types ?? '', ROOT), 'utf8');
  assert.match(types, /export declare function createBookcoreClient/);
});

test(`${SPECIFIER} imports without a DOM, touches no global, and makes every docs/bookcore-contract.md call over HTTP`, async () => {
  requireBuild();
  const globalsBefore = Object.getOwnPropertyNames(globalThis).sort();
  const shipped = await import(SPECIFIER);
  assert.deepEqual(Object.getOwnPropertyNames(globalThis).sort(), globalsBefore);

  const { walkEverySection7Call, asExpected, transportProblems, withoutCalls } = await importBundled('test/support/bookcore-walk.ts', { platform: 'browser' });
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /** @type {typeof fetch} */
  const jarFetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      if (/max-age=0/i.test(cookie)) cookies.delete(pair.slice(0, separator));
      else cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  const client = shipped.createBookcoreClient({ baseUrl: base, fetch: jarFetch, csrfToken: () => cookies.get('csrftoken') });
  await client.loyalty.getUser();
  await fetch(`${base}/__dev/requests`, { method: 'DELETE' });
  const dev = {
    requests: async () => (await fetch(`${base}/__dev/requests?path=${encodeURIComponent('/*')}`)).json(),
    clearRequests: async () => void (await fetch(`${base}/__dev/requests`, { method: 'DELETE' })),
    mailbox: async () => (await fetch(`${base}/__dev/mailbox.json`)).json(),
    standinKeyPem: async () => readFileSync('demo/stand-in-keys/social-signing-key.pem', 'utf8'),
  };
  const expected = await walkEverySection7Call(client, dev);
  const logged = (await dev.requests()).filter((/** @type {{ path: string }} */ request) => !request.path.startsWith('/__dev'));
  assert.deepEqual(logged.map(asExpected), withoutCalls(expected));
  assert.deepEqual(logged.flatMap(transportProblems), []);
});
