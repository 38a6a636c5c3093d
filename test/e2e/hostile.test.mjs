// @ts-check
/**
 * Hardening end to end: the built library on hostile pages of the demo server.
 * - The script loaded twice: the same build twice (classic script, ES module) and both builds (either order).
 *   No errors, one definition per tag, one store, one start (one settings and one user request), one page
 *   listener for `.open-loyalty`, and the widget works.
 * - 100 connect/disconnect cycles of each element, with the page's event listeners, DOM nodes and JS heap read
 *   through the DevTools protocol before and after (after garbage collection).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { recordFigure } from '../../scripts/figures.mjs';
import { collectPageErrors, it, launchBrowser, recordedRequests, resetBookcore, startDemoServer } from './support.mjs';

const TAGS = ['loyalty-icon', 'loyalty-panel', 'loyalty-tooltip', 'package-cart'];
const CYCLES = Number(process.env.HOSTILE_CYCLES ?? 100);
const WARM_UP_CYCLES = 50;
/**
 * Heap growth tolerated over 100 cycles of each of the four elements. Measured here: the first few hundred
 * cycles grow the heap by ~250 KB as V8 compiles and optimises (code, inline caches, feedback vectors), then it
 * levels off; when that happens depends on the machine (CI read +257 KB over the 100 cycles after a 50-cycle
 * warm-up, this machine -3 to +3 KB). So the heap is read over two spans of 100 cycles after the warm-up: a leak
 * grows both alike (1 KB per connected element reads +400 KB in each), compiling only the earlier, and the
 * smaller of the two is what is judged.
 */
const HEAP_NOISE_BYTES = 256 * 1024;

/** @type {{ page: string, errors: number, definitions: boolean, stores: number, starts: string }[]} */
const twiceResults = [];
/** @type {{ listeners: number, nodes: number, heapBytes: number } | null} */
let cycleResult = null;

describe('hostile pages, end to end', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    const loads = twiceResults.length;
    const clean = twiceResults.filter((result) => result.errors === 0 && result.definitions && result.stores === 1 && result.starts === '1 settings, 1 user, 1 ready').length;
    const cycles = cycleResult
      ? `listeners ${signed(cycleResult.listeners)}, nodes ${signed(cycleResult.nodes)}, heap ${signed(Math.round(cycleResult.heapBytes / 1024))} KB per ${CYCLES} connect/disconnect cycles of each element (the lesser of two spans)`
      : 'cycles not measured';
    const atGoal = loads > 0 && clean === loads && cycleResult !== null && cycleResult.listeners <= 0 && cycleResult.nodes <= 0 && cycleResult.heapBytes < HEAP_NOISE_BYTES;
    recordFigure('hostile', `${cycles}; script loaded twice ${clean} of ${loads} ways with no error, one definition, one store`, atGoal);
  });

  /**
   * Opens a page with listeners installed before any of its scripts (an init script, which no page policy
   * applies to), waits for the widget to settle and reports what a double load could have broken.
   * @param {string} path
   */
  async function loadHostilePage(path) {
    await resetBookcore(server.origin);
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      /** @type {Record<string, number>} */
      const counts = {};
      for (const type of ['loyalty-ready', 'loyalty-fail', 'loyalty-open']) {
        counts[type] = 0;
        document.addEventListener(type, () => (counts[type] = (counts[type] ?? 0) + 1));
      }
      // @ts-expect-error a test hook
      window.__hostileCounts = counts;
    });
    await page.goto(`${server.origin}${path}`);
    await page.locator('loyalty-icon [part~="button"]').waitFor();
    await page.waitForFunction(() => {
      // @ts-expect-error a test hook
      const counts = window.__hostileCounts;
      return counts['loyalty-ready'] + counts['loyalty-fail'] > 0;
    });
    // The second copy (a classic script after a module, say) may still be running its top level.
    await page.waitForLoadState('load');
    await page.waitForTimeout(200);
    return { page, errors };
  }

  /** @param {import('playwright-core').Page} page */
  function pageFacts(page) {
    return page.evaluate((tags) => {
      // The page's one runtime (docs/architecture.md "The runtime"), and its store, which both copies share.
      const store = /** @type {any} */ (globalThis)[Symbol.for('loyalty-elements.runtime')]?.store;
      return {
        definitions: tags.map((tag) => {
          const definition = customElements.get(tag);
          const elements = Array.from(document.querySelectorAll(tag));
          return { tag, defined: typeof definition === 'function', allUpgraded: elements.every((element) => element instanceof /** @type {any} */ (definition)) };
        }),
        store: typeof store === 'object' && store !== null && typeof store.get === 'function',
        tokenSheets: document.adoptedStyleSheets.length,
        // @ts-expect-error a test hook
        counts: { ...window.__hostileCounts },
      };
    }, TAGS);
  }

  const PAGES = [
    ['/hostile-iife-twice.html', 'the classic script twice'],
    ['/hostile-module-twice.html', 'the ES module twice, once under another address'],
    ['/hostile.html', 'the ES module, then the classic script'],
    ['/hostile-classic-first.html', 'the classic script, then the ES module'],
  ];

  for (const [path, what] of PAGES) {
    it(`${what}: no error, one definition, one store, one start, and it works`, async () => {
      const { page, errors } = await loadHostilePage(/** @type {string} */ (path));
      const facts = await pageFacts(page);
      const settings = await recordedRequests(server.origin, '/bookcore/partempresas/loyalty/settings/');
      const user = await recordedRequests(server.origin, '/bookcore/loyalty/ajax/user/');
      const starts = `${settings.length} settings, ${user.length} user, ${facts.counts['loyalty-ready']} ready`;
      twiceResults.push({
        page: /** @type {string} */ (path),
        errors: errors.length,
        definitions: facts.definitions.every((definition) => definition.defined && definition.allUpgraded),
        stores: facts.store ? 1 : 0,
        starts,
      });
      assert.deepEqual(errors, [], 'no page error and no console error');
      for (const definition of facts.definitions) {
        assert.equal(definition.defined && definition.allUpgraded, true, `${definition.tag} defined once and every instance upgraded by it`);
      }
      assert.equal(facts.store, true, 'the shared store is on globalThis');
      assert.equal(facts.tokenSheets, 1, 'the token defaults are adopted into the document once');
      assert.equal(starts, '1 settings, 1 user, 1 ready', 'one start for both copies');
      assert.equal(facts.counts['loyalty-fail'], 0);

      // It works: an open-loyalty link opens the panel once (one page listener, not one per copy) …
      await page.locator('.open-loyalty').click();
      await page.locator('loyalty-panel [part~="auth-section"][data-section="SIGNIN"]').waitFor();
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).__hostileCounts['loyalty-open']), 1, 'one loyalty-open per click');
      await page.keyboard.press('Escape');
      await page.locator('loyalty-panel [part~="dialog"]').waitFor({ state: 'detached' });
      // … and an element created after the scripts is upgraded and shares the state.
      await page.evaluate(() => {
        const icon = document.createElement('loyalty-icon');
        icon.id = 'late-icon';
        document.querySelector('main')?.append(icon);
      });
      assert.equal(await page.locator('#late-icon [part~="button"]').textContent(), 'Club Hotel Demo');
      await page.locator('#late-icon [part~="button"]').click();
      await page.locator('loyalty-panel [part~="auth-section"]').waitFor();
      assert.deepEqual(errors, [], 'still no error after using it');
      await page.close();
    });
  }

  it(`${CYCLES} connect/disconnect cycles of each element leave no listener, node or heap behind`, async () => {
    await resetBookcore(server.origin);
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/hostile-cycles.html`);
    await page.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), TAGS);
    const cdp = await page.context().newCDPSession(page);

    /** Connects and disconnects each element `count` times, each time once it has rendered. */
    const cycle = (/** @type {number} */ count) =>
      page.evaluate(
        async ({ tags, count }) => {
          const stage = /** @type {HTMLElement} */ (document.querySelector('#stage'));
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          /** What shows that an element rendered: the tooltip renders nothing once it has shown for the session. */
          const rendered = {
            'loyalty-icon': (/** @type {Element} */ element) => element.shadowRoot?.querySelector('[part~="button"]'),
            'loyalty-panel': (/** @type {Element} */ element) => element.shadowRoot?.querySelector('[part~="auth-section"]'),
            'loyalty-tooltip': () => true,
            'package-cart': (/** @type {Element} */ element) => element.shadowRoot?.querySelector('[part~="cart"]'),
          };
          for (const tag of tags) {
            for (let index = 0; index < count; index += 1) {
              const element = document.createElement(tag);
              // Pages without internet serve stand-ins of the social SDKs (docs/loyalty-widget.md, "Social login").
              if (tag === 'loyalty-panel') {
                element.setAttribute('data-google-sdk-url', '/sdk/google-gsi.js');
                element.setAttribute('data-facebook-sdk-url', '/sdk/facebook-sdk.js');
              }
              stage.append(element);
              const started = performance.now();
              while (!rendered[/** @type {keyof typeof rendered} */ (tag)](element)) {
                if (performance.now() - started > 10_000) throw new Error(`${tag} did not render in cycle ${index}`);
                await frame();
              }
              await frame();
              element.remove();
              await frame();
            }
          }
        },
        { tags: TAGS, count },
      );

    /** The page's counters once everything collectable is collected. */
    const measure = async () => {
      await page.waitForTimeout(300);
      for (let pass = 0; pass < 3; pass += 1) await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return { listeners: dom.jsEventListeners, nodes: dom.nodes, documents: dom.documents, heap: heap.usedSize };
    };

    // Lazy chunks, i18n resources, stylesheets and the once-per-session notices settle in the warm-up.
    await cycle(WARM_UP_CYCLES);
    const baseline = await measure();
    await cycle(CYCLES);
    const middle = await measure();
    await cycle(CYCLES);
    const final = await measure();
    await cdp.detach();

    // Listeners and nodes over both spans (none may grow at all); the heap over the span that grew least.
    const spans = [middle.heap - baseline.heap, final.heap - middle.heap];
    cycleResult = { listeners: final.listeners - baseline.listeners, nodes: final.nodes - baseline.nodes, heapBytes: Math.min(...spans) };
    console.log(
      `hostile: listeners ${signed(cycleResult.listeners)} (${baseline.listeners} → ${final.listeners}), ` +
        `nodes ${signed(cycleResult.nodes)} (${baseline.nodes} → ${final.nodes}), ` +
        `heap ${spans.map((span) => `${signed(Math.round(span / 1024))} KB`).join(' then ')} ` +
        `(${kb(baseline.heap)} → ${kb(middle.heap)} → ${kb(final.heap)}) over two spans of ${CYCLES} cycles of each of ${TAGS.length} elements`,
    );
    assert.deepEqual(errors, [], 'no page error and no console error');
    assert.ok(cycleResult.listeners <= 0, `event listeners grew by ${cycleResult.listeners}`);
    assert.ok(cycleResult.nodes <= 0, `DOM nodes grew by ${cycleResult.nodes}`);
    assert.equal(final.documents, baseline.documents, 'no document left behind');
    assert.ok(cycleResult.heapBytes < HEAP_NOISE_BYTES, `heap grew by ${kb(cycleResult.heapBytes)} KB in each span of ${CYCLES} cycles (noise threshold ${kb(HEAP_NOISE_BYTES)} KB)`);
    await page.close();
  });
});

/** @param {number} value */
function signed(value) {
  return value >= 0 ? `+${value}` : String(value);
}

/** @param {number} bytes */
function kb(bytes) {
  return Math.round(bytes / 1024);
}
