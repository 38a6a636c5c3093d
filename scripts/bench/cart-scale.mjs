// @ts-check
/**
 * How `<package-cart>`'s rendering scales with the number of items bookcore's cart answer holds (docs/reliability.md "Caps": 10,000
 * items took about 10 s). For each size, the cart answer carries that many lines (served once through the dev
 * server's fault switch, as a canned 200 answer); on the benchmark's cart page a `<package-cart>` is inserted and the
 * time runs from that insertion to the first frame in which the cart is ready with its total (the lines render in
 * the same pass). It includes the cart's chunk, the request and the decoding of every line, so the 100-item row is
 * mostly that fixed part. The cart shows at most MAX_CART_ITEMS lines (src/components/cart/PackageCartView.tsx);
 * the total stays bookcore's, over every line.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { injectFault } from '../dev-faults.mjs';

/** The sizes measured. */
export const CART_SCALE_SIZES = [100, 1000, 10_000];

const CART_PATH = '/bookcore/shopping-cart/json/';
/** How long one render may take before the size is reported as not rendered within it. */
export const CART_SCALE_LIMIT_MS = 120_000;

/**
 * A cart answer of `size` room lines, shaped as the dev bookcore's own (docs/bookcore-contract.md "Cart").
 * @param {number} size
 */
export function cartOfSize(size) {
  const items = Array.from({ length: size }, (_, index) => ({
    uuid: `line-${index}`,
    kind: 'room',
    hotel: { code: 'HMAR', name: 'Hotel Mar Azul' },
    room: { code: 'DBL', name: `Habitación ${index + 1}` },
    package: null,
    option: null,
    checkIn: '2030-05-01',
    checkOut: '2030-05-03',
    nights: 2,
    occupancy: { adults: 2, children: 0 },
    board: { code: 'AD', name: 'Alojamiento y desayuno' },
    price: 100,
  }));
  return { cod_error: '000', currency: 'EUR', total: size * 100, items, rates: [{ codigo: 'EUR', tasa: 1 }] };
}

/**
 * @param {{ origin: string, runs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ items: number, shown: number, renderedMs: number | null, limitMs: number }[]>} per size, the
 *   median of `runs`; `renderedMs` null when the cart did not render within `limitMs`
 */
export async function benchCartScale({ origin, runs = 3, log = () => undefined }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  try {
    const results = [];
    for (const size of CART_SCALE_SIZES) {
      const body = cartOfSize(size);
      /** @type {number[]} */
      const times = [];
      let shown = 0;
      let timedOut = false;
      for (let run = 0; run < runs && !timedOut; run += 1) {
        await injectFault(origin, { path: CART_PATH, method: 'GET', status: 200, body, times: 1 });
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(CART_SCALE_LIMIT_MS + 10_000);
          await page.goto(`${origin}/bench/cart.html`);
          await page.waitForFunction(() => customElements.get('package-cart') !== undefined);
          const result = await page.evaluate(
            (timeoutMs) =>
              new Promise((resolve) => {
                const cart = document.createElement('package-cart');
                const started = performance.now();
                document.querySelector('main')?.append(cart);
                const look = () => {
                  const section = cart.shadowRoot?.querySelector('[part~="cart"][data-state="ready"]');
                  if (section?.querySelector('[part~="total-amount"]')) {
                    resolve({ at: performance.now() - started, shown: section.querySelectorAll('[part~="item"]').length });
                  } else if (performance.now() - started > timeoutMs) resolve(null);
                  else requestAnimationFrame(look);
                };
                look();
              }),
            CART_SCALE_LIMIT_MS,
          );
          if (result === null) {
            timedOut = true;
            break;
          }
          const { at, shown: lines } = /** @type {{ at: number, shown: number }} */ (result);
          times.push(at);
          shown = lines;
        } finally {
          await context.close();
          // A run that timed out leaves its canned answer unused or the next one's in place: start clean.
          await fetch(`${origin}/__dev/faults`, { method: 'DELETE' });
        }
      }
      if (timedOut) {
        log(`  ${size} items: not rendered within ${CART_SCALE_LIMIT_MS / 1000} s`);
        results.push({ items: size, shown, renderedMs: null, limitMs: CART_SCALE_LIMIT_MS });
        continue;
      }
      times.sort((a, b) => a - b);
      const renderedMs = Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
      log(`  ${size} items: package-cart inserted → cart rendered with its total in ${renderedMs} ms (${shown} shown)`);
      results.push({ items: size, shown, renderedMs, limitMs: CART_SCALE_LIMIT_MS });
    }
    return results;
  } finally {
    await browser.close();
  }
}
