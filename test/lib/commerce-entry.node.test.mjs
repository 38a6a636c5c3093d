// @ts-check
/**
 * `node --test test/lib/commerce-entry.node.test.mjs`: the `loyalty-elements/commerce` entry imports and works
 * in Node, where there is no window or document, and importing it touches no global.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importBundled } from '../../scripts/import-bundled.mjs';

function importCommerce() {
  return importBundled('src/commerce.ts', { platform: 'browser' });
}

test('imports without a DOM and without touching globals', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
  const before = Object.getOwnPropertyNames(globalThis).sort();
  const commerce = await importCommerce();
  assert.deepEqual(Object.getOwnPropertyNames(globalThis).sort(), before);
  assert.equal('dataLayer' in globalThis, false);
  assert.equal(commerce.formatPrice(1234.5), '1.234,50\u00a0€');
  assert.equal(commerce.formatPrice(1234.5, { currency: 'USD', locale: 'en-US' }), '$1,234.50');
  assert.equal(commerce.convertAmount(100, 'EUR', 'USD', [{ codigo: 'EUR', tasa: 1 }, { codigo: 'USD', tasa: '1.1' }]), 110);
  assert.equal(commerce.responsiveImage('https://cdn.example/a.jpg', 'logo').src, 'https://cdn.example/a.jpg?w=800&h=100&fit=max&q=60');
});
