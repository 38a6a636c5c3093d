// @ts-check
/**
 * The first paint without React, against the build (docs/architecture.md "React on intent"): on a cold page (no
 * idle prefetch: the page never goes idle here), a guest's first tap on the icon opens the panel, as does Tab to
 * the icon and Enter; React's chunk is not requested before that, nor is anything off this machine (the social
 * providers' real SDK addresses are configured) before the panel opens. The demo's home page without its cart (the
 * cart would bring React at once, as it must show).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';
import { startDemoServer } from './support.mjs';

/** The build's chunks that hold React (dist/bundle-graph.json). */
const REACT_CHUNKS = JSON.parse(readFileSync('dist/bundle-graph.json', 'utf8'))
  .chunks.filter((/** @type {{ moduleIds: string[] }} */ chunk) => chunk.moduleIds.some((id) => id.includes('node_modules/react-dom/')))
  .map((/** @type {{ file: string }} */ chunk) => chunk.file);

describe('first paint without React, against the build (Chromium)', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {import('playwright-core').Browser} */
  let browser;

  before(async () => {
    assert.ok(REACT_CHUNKS.length > 0, 'found the chunk that holds React');
    server = await startDemoServer();
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh guest on the home page without its cart, with the providers' real SDK addresses. */
  async function coldPage(/** @type {import('playwright-core').BrowserContextOptions} */ options) {
    const context = await browser.newContext(options);
    const log = { offMachine: /** @type {string[]} */ ([]), opened: false, reactBeforeOpen: /** @type {string[]} */ ([]), offMachineBeforeOpen: /** @type {string[]} */ ([]) };
    await context.addInitScript(() => {
      // Never idle: React comes only for the guest's intent.
      window.requestIdleCallback = /** @type {any} */ (() => 0);
    });
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (!isLoopbackUrl(url)) {
        log.offMachine.push(url.origin + url.pathname);
        if (!log.opened) log.offMachineBeforeOpen.push(url.origin + url.pathname);
        return route.abort('blockedbyclient');
      }
      if (REACT_CHUNKS.some((file) => url.pathname.endsWith(file)) && !log.opened) log.reactBeforeOpen.push(url.pathname);
      if (url.pathname === '/') {
        const response = await route.fetch();
        const body = (await response.text())
          .replace('<package-cart></package-cart>', '')
          .replace('data-google-sdk-url="/sdk/google-gsi.js"', 'data-google-sdk-url="https://accounts.google.com/gsi/client"')
          .replace('data-facebook-sdk-url="/sdk/facebook-sdk.js"', 'data-facebook-sdk-url="https://connect.facebook.net/es_ES/sdk.js"');
        return route.fulfill({ response, body });
      }
      return route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.locator('loyalty-icon [part="button"]').waitFor();
    // The settings are in and the page has settled: what it loads by itself, it has asked for.
    await page.waitForFunction(() => document.querySelector('loyalty-panel')?.hasAttribute('section'));
    await page.waitForTimeout(500);
    assert.deepEqual(log.reactBeforeOpen, [], 'no React before the guest reaches for the widget');
    return { context, page, log };
  }

  /** Waits for the panel's modal with a section. */
  async function panelOpens(/** @type {import('playwright-core').Page} */ page) {
    await page.locator('loyalty-panel [part~="dialog"] [part~="auth-section"]').first().waitFor({ timeout: 15_000 });
  }

  it('a first tap on the icon of a cold page opens the panel, with nothing requested off this machine before', async () => {
    const { context, page, log } = await coldPage({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    try {
      // From the tap on, the panel opening may ask for the providers' SDKs (its social buttons show).
      log.opened = true;
      await page.tap('loyalty-icon [part="button"]');
      await panelOpens(page);
      assert.deepEqual(log.offMachineBeforeOpen, [], 'no request off this machine before the panel opened');
    } finally {
      await context.close();
    }
  });

  it('Tab to the icon and Enter open the panel on a cold page', async () => {
    const { context, page, log } = await coldPage({ viewport: { width: 1280, height: 800 } });
    try {
      let focused = false;
      for (let presses = 0; presses < 40 && !focused; presses += 1) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.tagName === 'LOYALTY-ICON');
      }
      assert.ok(focused, 'Tab reached the icon');
      log.opened = true;
      await page.keyboard.press('Enter');
      await panelOpens(page);
      assert.deepEqual(log.offMachineBeforeOpen, [], 'no request off this machine before the panel opened');
    } finally {
      await context.close();
    }
  });
});
