// @ts-check
/**
 * The first paint without React, against the build (docs/architecture.md "React on intent"), in Chromium and Firefox
 * (E2E_ENGINE; WebKit's are test/e2e/webkit-first-paint.mjs): on a cold page (no idle prefetch: the page never goes
 * idle here; test/e2e/cold-page.mjs) React's chunk is not requested before the guest reaches for the widget, and the
 * guest's first action opens the panel at the right section: a tap, a mouse click, Tab to the icon and Enter, a
 * click on the page's `open-loyalty` button; attributes the host page changes before React loaded take effect (the
 * icon's text at once, the programme's title in the panel once it opens).
 * Nothing off this machine (the social providers' real SDK addresses are configured) is requested before the panel
 * opens. The demo's home page without its cart (the cart would bring React at once, as it must show).
 *
 * Touch: Chromium's tap is playwright's (a touch context); in Firefox, playwright-core 1.64.1 over BiDi sends no
 * event for a tap, so the tap is puppeteer-core's over WebDriver BiDi, which gives Firefox real touch input
 * (`pointerdown` with `pointerType` "touch", `touchstart`, then the click).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import { chromium } from 'playwright-core';
import { firefox } from 'playwright-core-firefox';
import puppeteer from 'puppeteer-core';
import { FIREFOX_PREFS, firefoxPath } from '../../scripts/browsers.mjs';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';
import { reactChunks, startColdPage } from './cold-page.mjs';
import { E2E_ENGINE, ENGINE_LABEL, it, startDemoServer } from './support.mjs';

if (E2E_ENGINE === 'webkit') throw new Error('WebKit\'s first-paint journeys are test/e2e/webkit-first-paint.mjs (WebDriver).');

describe(`first paint without React, against the build (${ENGINE_LABEL})`, () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof startColdPage>>} */
  let cold;
  /**
   * One browser for the file, a fresh context (its own cookies, storage and cache; in Firefox a user context of its
   * own) per test: a cold page each time without a browser launch each time.
   * @type {import('playwright-core').Browser | undefined}
   */
  let browser;

  before(async () => {
    server = await startDemoServer();
    cold = await startColdPage(server.origin);
    browser =
      E2E_ENGINE === 'firefox'
        ? await firefox.launch({ channel: 'moz-firefox', executablePath: firefoxPath(), headless: true, firefoxUserPrefs: { ...FIREFOX_PREFS } })
        : await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  });

  after(async () => {
    await browser?.close();
    await cold?.stop();
    await server?.stop();
  });

  /**
   * A fresh browser context that records what is asked for off this machine.
   * @param {import('playwright-core').BrowserContextOptions} options
   */
  async function newContext(options) {
    const context = await /** @type {import('playwright-core').Browser} */ (browser).newContext(options);
    const log = { opened: false, offMachineBeforeOpen: /** @type {string[]} */ ([]) };
    await context.route(
      (url) => !isLoopbackUrl(url),
      (route) => {
        const url = new URL(route.request().url());
        if (!log.opened) log.offMachineBeforeOpen.push(url.origin + url.pathname);
        return route.abort(E2E_ENGINE === 'chromium' ? 'blockedbyclient' : undefined);
      },
    );
    return {
      context,
      log,
      async close() {
        await context.close();
      },
    };
  }

  /**
   * A fresh guest on the cold home page: the icon painted, the settings in, the page settled, no React asked for.
   * @param {import('playwright-core').BrowserContextOptions} [options]
   */
  async function coldPage(options = { viewport: { width: 1280, height: 800 } }) {
    const opened = await newContext(options);
    const page = opened.context.pages()[0] ?? (await opened.context.newPage());
    page.setDefaultTimeout(15_000);
    const reactBefore = cold.reactRequests().length;
    await page.goto(`${cold.origin}/`);
    await page.locator('loyalty-icon [part="button"]').waitFor();
    // The settings are in and the page has settled: what it loads by itself, it has asked for.
    await page.waitForFunction(() => document.querySelector('loyalty-panel')?.hasAttribute('section'));
    await page.waitForTimeout(500);
    assert.deepEqual(cold.reactRequests().slice(reactBefore), [], 'no React before the guest reaches for the widget');
    return { ...opened, page };
  }

  /** The section the panel's modal shows, once it shows one. @param {import('playwright-core').Page} page */
  async function openedSection(page) {
    const section = page.locator('loyalty-panel [part~="dialog"] [part~="auth-section"]').first();
    await section.waitFor({ timeout: 15_000 });
    return section.getAttribute('data-section');
  }

  it('the icon paints from the entry alone: with every chunk of the build refused, it shows with its text', async () => {
    // One request before the icon, not a chain: each script the entry imported statically would cost the page one
    // more round trip before its first paint.
    const { context, close } = await newContext({ viewport: { width: 1280, height: 800 } });
    try {
      /** @type {string[]} */
      const scripts = [];
      await context.route(
        (url) => isLoopbackUrl(url) && url.pathname.startsWith('/dist/'),
        (route) => {
          const { pathname } = new URL(route.request().url());
          if (pathname.endsWith('.js')) scripts.push(pathname);
          return pathname.startsWith('/dist/chunks/') ? route.abort() : route.continue();
        },
      );
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(15_000);
      await page.goto(`${cold.origin}/`);
      const button = page.locator('loyalty-icon [part="button"]');
      await button.waitFor({ state: 'visible' });
      assert.notEqual((await button.textContent())?.trim() ?? '', '', 'the icon shows its text');
      assert.equal(scripts[0], '/dist/loyalty-elements.js', 'the entry was the first script asked for');
    } finally {
      await close();
    }
  });

  it('a first tap on the icon of a cold page opens the panel at its section', async () => {
    if (E2E_ENGINE === 'firefox') return firefoxTap();
    const { page, log, close } = await coldPage({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    try {
      // From the tap on, the panel opening may ask for the providers' SDKs (its social buttons show). (Firefox's tap
      // runs in puppeteer, whose requests off this machine the proxy preferences drop unseen: there the keyboard
      // case checks them.)
      log.opened = true;
      await page.tap('loyalty-icon [part="button"]');
      assert.equal(await openedSection(page), 'PRE_SIGNUP');
      assert.deepEqual(log.offMachineBeforeOpen, [], 'no request off this machine before the panel opened');
    } finally {
      await close();
    }
  });

  /** Firefox's tap: puppeteer-core over WebDriver BiDi, whose touch input Firefox receives as touch. */
  async function firefoxTap() {
    const puppeteerBrowser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: { ...FIREFOX_PREFS } });
    try {
      const page = await puppeteerBrowser.newPage();
      await page.setViewport({ width: 390, height: 844 });
      const reactBefore = cold.reactRequests().length;
      await page.goto(`${cold.origin}/`);
      await page.waitForFunction(() => document.querySelector('loyalty-panel')?.hasAttribute('section') && document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"]'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(cold.reactRequests().slice(reactBefore), [], 'no React before the guest reaches for the widget');
      const centre = await page.evaluate(() => {
        /** @type {any} */ (window).__pointerTypes = [];
        document.addEventListener('pointerdown', (event) => /** @type {any} */ (window).__pointerTypes.push(event.pointerType), true);
        const button = document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"]');
        if (!button) throw new Error('no icon button');
        const box = button.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      await page.touchscreen.tap(centre.x, centre.y);
      await page.waitForFunction(() => document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="dialog"] [part~="auth-section"]'), { timeout: 15_000 });
      const seen = await page.evaluate(() => ({
        section: document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="dialog"] [part~="auth-section"]')?.getAttribute('data-section'),
        pointerTypes: /** @type {any} */ (window).__pointerTypes,
      }));
      assert.deepEqual(seen, { section: 'PRE_SIGNUP', pointerTypes: ['touch'] });
    } finally {
      await puppeteerBrowser.close();
    }
  }

  it('a first click asks for the sign-in sections alongside React, not after React ran', async () => {
    // The chunk of the auth sections and React's are fetched side by side: React's answer is held back until the
    // auth chunk is asked for (at most 5 s), and the panel must still open.
    const graph = JSON.parse(readFileSync('dist/bundle-graph.json', 'utf8'));
    const authChunk = `/dist/${graph.chunks.find((/** @type {{ moduleIds: string[] }} */ chunk) => chunk.moduleIds.includes('src/components/auth/AuthPanel.tsx')).file}`;
    const react = reactChunks();
    const { page, log, close } = await coldPage();
    try {
      /** @type {() => void} */
      let authAsked = () => undefined;
      const asked = new Promise((resolve) => {
        authAsked = () => resolve(true);
      });
      let heldUntilAuth = false;
      await page.context().route(
        (url) => isLoopbackUrl(url) && (react.includes(url.pathname) || url.pathname === authChunk),
        async (route) => {
          const { pathname } = new URL(route.request().url());
          if (pathname === authChunk) authAsked();
          else heldUntilAuth = await Promise.race([asked, new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]).then(Boolean);
          await route.continue();
        },
      );
      log.opened = true;
      await page.locator('loyalty-icon [part="button"]').click();
      assert.equal(await openedSection(page), 'PRE_SIGNUP');
      assert.ok(heldUntilAuth, 'the auth chunk was asked for while React\'s answer was still held');
    } finally {
      await close();
    }
  });

  it('a first mouse click on the icon of a cold page opens the panel at its section', async () => {
    const { page, log, close } = await coldPage();
    try {
      log.opened = true;
      await page.locator('loyalty-icon [part="button"]').click();
      assert.equal(await openedSection(page), 'PRE_SIGNUP');
    } finally {
      await close();
    }
  });

  it('Tab to the icon and Enter open the panel on a cold page', async () => {
    const { page, log, close } = await coldPage();
    try {
      let focused = false;
      for (let presses = 0; presses < 40 && !focused; presses += 1) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.tagName === 'LOYALTY-ICON');
      }
      assert.ok(focused, 'Tab reached the icon');
      log.opened = true;
      await page.keyboard.press('Enter');
      assert.equal(await openedSection(page), 'PRE_SIGNUP');
      assert.deepEqual(log.offMachineBeforeOpen, [], 'no request off this machine before the panel opened');
    } finally {
      await close();
    }
  });

  it('a click on the page\'s open-loyalty button before React loaded opens the panel at the section it names', async () => {
    const { page, log, close } = await coldPage();
    try {
      log.opened = true;
      await page.locator('button.open-loyalty[data-external-auth-section="SIGNIN"]').click();
      assert.equal(await openedSection(page), 'SIGNIN');
    } finally {
      await close();
    }
  });

  it('attributes the host page changes before React loaded take effect: the icon\'s text at once, the programme\'s title in the panel', async () => {
    const { page, log, close } = await coldPage();
    try {
      const reactBefore = cold.reactRequests().length;
      await page.evaluate(() => {
        const panel = /** @type {HTMLElement} */ (document.querySelector('loyalty-panel'));
        panel.setAttribute('data-cta', 'Mi club');
        panel.setAttribute('data-loyalty-title', 'Club Costa');
      });
      await page.waitForFunction(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"]')?.textContent === 'Mi club');
      assert.deepEqual(cold.reactRequests().slice(reactBefore), [], 'the icon\'s new text painted without React');
      log.opened = true;
      await page.locator('loyalty-icon [part="button"]').click();
      assert.equal(await openedSection(page), 'PRE_SIGNUP');
      assert.equal(await page.locator('loyalty-panel [part~="dialog"] img[part~="panel-logo"]').getAttribute('alt'), 'Club Costa');
    } finally {
      await close();
    }
  });
});
