// @ts-check
/**
 * `node --test test/lib/locale-formats.node.test.mjs`: the checked-in locale table is exactly what the generator
 * makes from this Node's CLDR. It runs in Node because the generator reads Node's Intl and writes a file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LOCALE_FORMATS_PATH, generateLocaleFormatsModule } from '../../scripts/generate-locale-formats.mjs';

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

test('the table holds at least 250 locales, es_ES among them with the SPEC.md §9 defaults', () => {
  const rows = checkedIn.match(/^ {2}\w+: \{ thousands: /gm) ?? [];
  assert.ok(rows.length >= 250, `${rows.length} locales`);
  assert.match(checkedIn, /^ {2}es_ES: \{ thousands: '\.', decimal: ',', decimals: 2, symbolPosition: 'end', symbolSpacing: true \},$/m);
});
