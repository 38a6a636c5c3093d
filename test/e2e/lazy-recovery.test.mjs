// @ts-check
/**
 * Lazy loading that recovers, end to end against the build (docs/reliability.md "Lazy parts recover"), in each engine the journeys run in
 * (E2E_ENGINE): the dev server fails the chunk the panel's sign-up parts live in (`chunks/auth-more-*.js`: the
 * social buttons of PRE_SIGNUP, SIGNUP). Firefox and WebKit keep a module whose fetch failed for the page's life,
 * so recovering there takes the build's fresh address for the next try (src/lib/fresh-import.ts); the widget's own
 * browser tests run the source modules, which the build has not rewritten, so this is where that is proven.
 *
 * - Offline for a moment: every try fails, the message shows with its retry; the network is back and the retry
 *   loads the chunk, the section shows.
 * - A chunk gone after a deploy (404 for good): the message stays, nothing is uncaught, the rest of the widget
 *   keeps working, and the page loaded again works.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { authSection, collectPageErrors, ENGINE_LABEL, formControl, injectFault, it, launchBrowser, resetBookcore, startDemoServer, withoutNavigation } from './support.mjs';

const CHUNK = '/dist/chunks/auth-more-*';

/**
 * @param {string} origin
 * @param {{ status: number, times: number }} fault
 */
const failChunk = (origin, fault) => injectFault(origin, { path: CHUNK, ...fault });

/**
 * Counts the copies of React's DOM renderer the page evaluates from now on: each copy announces itself to the React
 * DevTools hook when it is evaluated (`window.__e2eReactCopies`).
 * @param {import('playwright-core').Page} page
 */
const countReactCopies = (page) =>
  page.evaluate(() => {
    /** @type {any} */
    const page = window;
    page.__e2eReactCopies = 0;
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: () => ++page.__e2eReactCopies };
  });

/** A failed chunk fetch is reported by the browser as a resource error: that is the fault, not the widget's. */
const widgetErrors = (/** @type {string[]} */ errors) => errors.filter((error) => !/Failed to load resource|Loading module from .* was blocked|Loading failed for the module/.test(error));

describe(`a lazily loaded chunk that fails, against the build (${ENGINE_LABEL})`, () => {
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
  });

  /** Opens the home page's icon at PRE_SIGNUP, whose social buttons are the first part of the failing chunk. */
  async function openPreSignUp() {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectPageErrors(page);
    /** @type {string[]} */
    const chunkRequests = [];
    page.on('request', (request) => {
      if (/\/dist\/chunks\/auth-more-/.test(request.url())) chunkRequests.push(new URL(request.url()).search);
    });
    await page.goto(`${server.origin}/`);
    await page.locator('loyalty-icon [part="button"].out').click();
    await authSection(page, 'PRE_SIGNUP').waitFor();
    return { page, errors, chunkRequests };
  }

  it('offline for a moment: the message with its retry, and the retry loads the chunk once the network is back', async () => {
    await resetBookcore(server.origin);
    // Every try of the first load fails (LOAD_ATTEMPTS, src/components/recoverable-lazy.tsx); the next succeeds.
    await failChunk(server.origin, { status: 503, times: 3 });
    const { page, errors, chunkRequests } = await openPreSignUp();
    const failure = page.locator('loyalty-panel [part~="load-failure"]');
    await failure.waitFor();
    assert.match(await failure.innerText(), /No se ha podido cargar esta parte del club de fidelidad/);
    assert.equal(chunkRequests.length, 3, `each try reached the server (${JSON.stringify(chunkRequests)})`);

    await page.locator('loyalty-panel [part~="load-failure-retry"]').click();
    await page.locator('loyalty-panel [part~="social"]').waitFor();
    assert.equal(await failure.count(), 0, 'no message once loaded');
    await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
    await formControl(authSection(page, 'SIGNUP'), 'email').waitFor();
    assert.equal(chunkRequests.length, 4, `the chunk loaded once, at its fourth try (${JSON.stringify(chunkRequests)})`);
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');
    await page.close();
  });

  // The panel's React part (chunk `shell`: React and the elements' React part) loads after the icon has painted
  // without it. When it cannot be fetched, the guest who pressed the icon is told so, in the page's language, with
  // a retry, never left with nothing happening; the retry loads it in place once the network is back: no reload, so
  // nothing the guest typed on the page is lost, and one copy of React, though the chunks loaded after it import it
  // (docs/reliability.md "Lazy parts recover").
  it('the panel\'s React part failing: the icon\'s press shows the message with its retry, which loads it in place, one React, nothing typed lost', async () => {
    await resetBookcore(server.origin);
    await injectFault(server.origin, { path: '/dist/chunks/shell-*', status: 503, times: 1000 });
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectPageErrors(page);
    /** @type {string[]} */
    const shellLoads = [];
    page.on('response', (response) => {
      if (/\/dist\/chunks\/shell-/.test(response.url()) && response.ok()) shellLoads.push(new URL(response.url()).search || '(as built)');
    });
    await page.goto(`${server.origin}/`);
    await countReactCopies(page);
    // The host page's own field, typed into before the widget failed: a reload would lose it.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'host-search';
      input.setAttribute('aria-label', 'Destino');
      document.body.prepend(input);
    });
    await page.locator('#host-search').fill('Sierra Nevada');
    await page.locator('loyalty-icon [part="button"].out').click();
    const failure = page.locator('loyalty-panel [part~="load-failure"]');
    await failure.waitFor();
    assert.equal(await failure.getAttribute('role'), 'alert');
    assert.match(await failure.innerText(), /No se ha podido cargar esta parte del club de fidelidad/);
    const retry = page.locator('loyalty-panel [part~="load-failure-retry"]');
    assert.equal(await retry.innerText(), 'Reintentar');
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).__e2eReactCopies), 0, 'no React before the retry');

    // The network is back: the retry loads the part in place and the panel opens at its section.
    await resetBookcore(server.origin);
    /** @type {Promise<never>} */
    const reloaded = new Promise((_, reject) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reject(new Error(`the retry loaded the page again (${frame.url()}): what the guest typed on it is lost`));
      }),
    );
    reloaded.catch(() => undefined);
    await withoutNavigation(page, () => retry.click(), () => Promise.race([authSection(page, 'PRE_SIGNUP').waitFor(), reloaded]));
    assert.equal(await failure.count(), 0, 'no message once loaded');
    // The chunks that import the React part's chunk (the sign-up parts, the cart's view) use the same copy.
    await page.locator('loyalty-panel [part~="social"]').waitFor();
    await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
    await formControl(authSection(page, 'SIGNUP'), 'email').waitFor();
    // The cart on the page, which failed the same way, shows too.
    await page.locator('package-cart [part~="cart"]').waitFor();
    assert.equal(await page.locator('#host-search').inputValue(), 'Sierra Nevada', 'what the guest typed on the page stays');
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).__e2eReactCopies), 1, 'one copy of React evaluated');
    assert.equal(shellLoads.length, 1, `the React part's chunk loaded once (${JSON.stringify(shellLoads)})`);
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');
    await page.close();
  });

  it('a chunk gone after a deploy: the message stays, nothing is uncaught, the rest works, and a new page load works', async () => {
    await resetBookcore(server.origin);
    await failChunk(server.origin, { status: 404, times: 1000 });
    const { page, errors, chunkRequests } = await openPreSignUp();
    const failure = page.locator('loyalty-panel [part~="load-failure"]');
    await failure.waitFor();
    // The retry tries again and fails again: still the message, never an empty panel. Its round (three tries with
    // their back-off) has ended once the three were asked and the message is no longer busy.
    const asked = chunkRequests.length;
    await page.locator('loyalty-panel [part~="load-failure-retry"]').click();
    for (const end = Date.now() + 15_000; chunkRequests.length < asked + 3; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > end) throw new Error(`the retry asked for the chunk ${chunkRequests.length - asked} times, not 3`);
    }
    await page.locator('loyalty-panel [part~="load-failure"]:not([aria-busy])').waitFor();
    // The rest of the widget: PRE_SIGNUP's link to sign in works (its chunk loaded), and so does the cart.
    await authSection(page, 'PRE_SIGNUP').locator('[part~="section-links"] button').click();
    await formControl(authSection(page, 'SIGNIN'), 'email').waitFor();
    await page.locator('package-cart [part~="cart"]').waitFor();
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');

    // The deploy is done: the page loaded again gets the chunk.
    await resetBookcore(server.origin);
    await page.reload();
    await page.locator('loyalty-icon [part="button"].out').click();
    await page.locator('loyalty-panel [part~="social"]').waitFor();
    await page.close();
  });
});
