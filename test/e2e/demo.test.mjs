// @ts-check
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { collectPageErrors, it, launchBrowser, startDemoServer } from './support.mjs';

describe('demo served by npm start', () => {
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

  it('shows the four tags upgraded, rendered in shadow roots, with no errors', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/`);
    await page.locator('loyalty-icon [part="button"]').waitFor();
    // The panel, tooltip and cart render once their code has loaded, after the icon's first paint.
    await page.waitForFunction(() =>
      ['loyalty-panel', 'loyalty-tooltip', 'package-cart'].every((tag) => {
        const element = document.querySelector(tag);
        return !element || Boolean(element.shadowRoot?.childNodes.length);
      }),
    );
    const state = await page.evaluate(() =>
      ['loyalty-icon', 'loyalty-panel', 'loyalty-tooltip', 'package-cart'].map((tag) => {
        const element = document.querySelector(tag);
        return { tag, defined: Boolean(customElements.get(tag)), shadow: Boolean(element?.shadowRoot?.childNodes.length) };
      }),
    );
    for (const { tag, defined, shadow } of state) {
      assert.equal(defined, true, `${tag} defined`);
      assert.equal(shadow, true, `${tag} rendered into its shadow root`);
    }
    assert.equal(await page.locator('loyalty-icon [part="button"]').textContent(), 'Club Hotel Demo');
    await page.waitForFunction(() => document.querySelector('loyalty-panel')?.getAttribute('section') === 'PRE_SIGNUP');
    assert.deepEqual(errors, []);
    await page.close();
  });

  // Integrators copy the demo's pages: at a phone's 360 px their header wraps and nothing leaves the screen, the icon
  // included (docs/development.md "The demo pages").
  it('fits every demo page with a header into 360 px: nothing wider than the screen, the icon on it', async () => {
    const pages = ['/', '/embedded.html', '/jquery.html', '/second-brand.html', '/dark-brand.html', '/classic.html', '/package.html', '/dispo.html', '/hotels.html'];
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    /** @type {string[]} */
    const problems = [];
    for (const path of pages) {
      await page.goto(`${server.origin}${path}`);
      await page.locator('.site-header').waitFor();
      if (path !== '/embedded.html') await page.locator('loyalty-icon [part="button"]').waitFor();
      const found = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const out = [...document.querySelectorAll('.site-header, .site-header *')]
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
          .map(({ element, box }) => `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
        const icon = document.querySelector('loyalty-icon');
        const iconBox = icon?.getBoundingClientRect();
        if (icon && iconBox && (iconBox.right > width + 0.5 || iconBox.left < -0.5)) out.push('the icon is off the screen');
        if (document.documentElement.scrollWidth > width) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
        return out;
      });
      problems.push(...found.map((problem) => `${path}: ${problem}`));
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('works from the classic script with the ES module loaded too', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/classic.html`);
    await page.locator('loyalty-icon [part="button"]').waitFor();
    // The panel reflects its section once its part has rendered, after the icon's first paint.
    await page.waitForFunction(() => document.querySelector('loyalty-panel')?.getAttribute('section') === 'PRE_SIGNUP');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('answers bookcore calls on the same origin, with a csrftoken cookie', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/`);
    const settings = await page.evaluate(async () => {
      const response = await fetch('/bookcore/partempresas/loyalty/settings/', { credentials: 'include', headers: { Accept: 'application/json' } });
      return { status: response.status, body: await response.json() };
    });
    assert.equal(settings.status, 200);
    assert.equal(settings.body.success, true);
    assert.ok(Array.isArray(settings.body.settings.SIGNIN.form), 'settings carry the sign-in form');
    const cookies = await browser.context.cookies(server.origin);
    assert.ok(cookies.some((cookie) => cookie.name === 'csrftoken'), 'csrftoken cookie set');
    await page.close();
  });
});
