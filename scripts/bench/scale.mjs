// @ts-check
/**
 * How the sign-in form's time to interactive scales with the number of fields the settings send (docs/reliability.md "Caps":
 * 10,000 fields froze the page for 55 s, growing faster than linearly). For each size, the settings answer carries
 * that many text fields (the dev bookcore's answer with its SIGNIN form replaced, through the dev server's fault
 * switch, for one request); on the benchmark page the icon opens the panel at SIGNIN, and the time runs from that
 * click to the first frame in which the form's submit button is there (the form renders in one pass). The form shows at most
 * MAX_FORM_FIELDS of them (src/forms/field-definition.ts); the rest are read, checked and left out.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { injectFault } from '../dev-faults.mjs';

/** The sizes measured. */
export const SCALE_SIZES = [100, 1000, 10_000];

const SETTINGS_PATH = '/bookcore/partempresas/loyalty/settings/';
const TIMEOUT_MS = 120_000;

/**
 * @param {{ origin: string, runs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ fields: number, shown: number, interactiveMs: number }[]>} per size, the median of `runs`
 */
export async function benchScale({ origin, runs = 3, log = () => undefined }) {
  const settings = await (await fetch(origin + SETTINGS_PATH)).json();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  try {
    const results = [];
    for (const size of SCALE_SIZES) {
      const form = Array.from({ length: size }, (_, index) => ({ name: `campo${index}`, label: `Campo ${index + 1}`, type: 'text', order: index }));
      const body = { ...settings, settings: { ...settings.settings, SIGNIN: { ...settings.settings.SIGNIN, form } } };
      /** @type {number[]} */
      const times = [];
      let shown = 0;
      for (let run = 0; run < runs; run += 1) {
        await injectFault(origin, { path: SETTINGS_PATH, method: 'GET', status: 200, body, times: 1 });
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(TIMEOUT_MS);
          await page.goto(`${origin}/bench/loyalty.html`);
          await page.locator('loyalty-icon [part="button"]').waitFor();
          const result = await page.evaluate(
            (timeoutMs) =>
              new Promise((resolve, reject) => {
                const started = performance.now();
                document.querySelector('loyalty-icon')?.shadowRoot?.querySelector(/** @type {'button'} */ ('[part="button"]'))?.click();
                const look = () => {
                  const section = document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="auth-section"][data-section="SIGNIN"]');
                  if (section?.querySelector('[part~="submit"]')) {
                    resolve({ at: performance.now() - started, shown: section.querySelectorAll('[part~="field"]').length });
                  } else if (performance.now() - started > timeoutMs) reject(new Error('the sign-in form never rendered'));
                  else requestAnimationFrame(look);
                };
                look();
              }),
            TIMEOUT_MS,
          );
          const { at, shown: fields } = /** @type {{ at: number, shown: number }} */ (result);
          times.push(at);
          shown = fields;
        } finally {
          await context.close();
        }
      }
      times.sort((a, b) => a - b);
      const interactiveMs = Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
      log(`  ${size} fields: click → sign-in form interactive in ${interactiveMs} ms (${shown} shown)`);
      results.push({ fields: size, shown, interactiveMs });
    }
    return results;
  } finally {
    await browser.close();
  }
}
