// @ts-check
/**
 * Price formatting throughput: `formatPrice` from the built `dist/commerce.js` against a reused
 * `Intl.NumberFormat` (the fastest way to use Intl), same amounts, same process, interleaved rounds so that
 * neither side gets a warmer machine. The goal is a ratio of at least 1.0.
 */
import { performance } from 'node:perf_hooks';

/** Amounts a cart shows: cents, thousands, negatives, a zero, and one huge value. */
const AMOUNTS = [0, 1, 9.99, 12.5, 99.95, 180, 1234.5, 2599.99, 10450, 123456.789, -45.2, 1e9 + 0.01];

/**
 * Operations per second of `format` over AMOUNTS, for about `durationMs`.
 * @param {(amount: number) => string} format
 * @param {number} durationMs
 */
function opsPerSecond(format, durationMs) {
  let operations = 0;
  let length = 0;
  const start = performance.now();
  let elapsed;
  do {
    for (let i = 0; i < 1000; i += 1) length += format(AMOUNTS[i % AMOUNTS.length] ?? 0).length;
    operations += 1000;
    elapsed = performance.now() - start;
  } while (elapsed < durationMs);
  // The summed length is checked so the engine cannot drop the calls as dead code.
  if (length === 0) throw new Error('formatting produced nothing');
  return (operations / elapsed) * 1000;
}

/**
 * @param {string} commerceModuleUrl - URL of the built `dist/commerce.js` (a `file:` URL from Node).
 * @param {{ rounds?: number, roundMs?: number }} [options]
 * @returns {Promise<{ ours_ops_per_s: number, intl_ops_per_s: number, ratio: number }>}
 */
export async function benchPriceFormatting(commerceModuleUrl, { rounds = 5, roundMs = 200 } = {}) {
  const { formatPrice } = await import(commerceModuleUrl);
  const options = { currency: 'EUR', locale: 'es_ES' };
  const intl = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
  /** @param {number} amount */
  const ours = (amount) => formatPrice(amount, options);
  /** @param {number} amount */
  const reference = (amount) => intl.format(amount);

  // Warm-up so both sides are optimized before anything is counted.
  opsPerSecond(ours, roundMs);
  opsPerSecond(reference, roundMs);
  let best = { ours: 0, intl: 0 };
  for (let round = 0; round < rounds; round += 1) {
    best = { ours: Math.max(best.ours, opsPerSecond(ours, roundMs)), intl: Math.max(best.intl, opsPerSecond(reference, roundMs)) };
  }
  return {
    ours_ops_per_s: Math.round(best.ours),
    intl_ops_per_s: Math.round(best.intl),
    ratio: Math.round((best.ours / best.intl) * 100) / 100,
  };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { pathToFileURL } = await import('node:url');
  const target = process.argv[2] ?? 'dist/commerce.js';
  console.log(await benchPriceFormatting(pathToFileURL(target).href));
}
