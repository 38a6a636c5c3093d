// @ts-check
/**
 * `node --test test/lib/locale-formats.node.test.mjs`: the checked-in locale table is exactly what the generator
 * makes from this Node's CLDR. It runs in Node because the generator reads Node's Intl and writes a file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { transform } from 'esbuild';
import { LOCALE_FORMATS_PATH, generateLocaleFormatsModule, localeTables } from '../../scripts/generate-locale-formats.mjs';

const checkedIn = readFileSync(LOCALE_FORMATS_PATH, 'utf8');
const generated = generateLocaleFormatsModule();
const versionOf = (/** @type {string} */ text) => text.match(/LOCALE_FORMATS_CLDR_VERSION = '([^']*)'/)?.[1];
// The header and the version constant name the CLDR release; every other line is data.
const withoutVersion = (/** @type {string} */ text) =>
  text.split('\n').filter((line, index) => index !== 0 && !line.includes('LOCALE_FORMATS_CLDR_VERSION =')).join('\n');

test('regenerating the locale table changes no data', () => {
  assert.equal(
    withoutVersion(generated),
    withoutVersion(checkedIn),
    `src/lib/price/locale-formats.ts differs from CLDR ${process.versions.cldr} (checked in from CLDR ${versionOf(checkedIn)}): run node scripts/generate-locale-formats.mjs`,
  );
});

test('with the same CLDR release, regenerating changes nothing at all', (t) => {
  if (versionOf(checkedIn) !== process.versions.cldr) {
    t.skip(`checked in from CLDR ${versionOf(checkedIn)}, this Node has ${process.versions.cldr}`);
    return;
  }
  assert.equal(generated, checkedIn);
});

/** The checked-in module as JavaScript (esbuild strips the types), evaluated as its own module. */
async function loadCheckedIn() {
  const { code } = await transform(checkedIn, { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

test('the checked-in module decodes to exactly the CLDR tables the generator read', async () => {
  const tables = localeTables();
  const module = await loadCheckedIn();
  assert.deepEqual(module.LOCALE_FORMATS, tables.formats);
  assert.deepEqual(module.LANGUAGE_DEFAULT_LOCALES, tables.languageDefaults);
  assert.deepEqual(module.CURRENCY_SYMBOLS, tables.symbols);
});

test('the table holds at least 250 locales, es_ES among them with the docs/commerce.md "Prices" defaults', async () => {
  const { LOCALE_FORMATS, CURRENCY_SYMBOLS } = await loadCheckedIn();
  assert.ok(Object.keys(LOCALE_FORMATS).length >= 250, `${Object.keys(LOCALE_FORMATS).length} locales`);
  assert.deepEqual(LOCALE_FORMATS.es_ES, { thousands: '.', decimal: ',', decimals: 2, symbolPosition: 'end', symbolSpacing: true });
  assert.equal(CURRENCY_SYMBOLS.EUR.symbol, '€');
  assert.equal(CURRENCY_SYMBOLS.EUR.byLocale.es_ES, undefined, 'es_ES writes the euro as €');
});
