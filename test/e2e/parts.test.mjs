// @ts-check
/**
 * End to end (docs/theming.md "Tokens and parts"): every visible piece has a `::part` name. In the built demo, in the states a guest
 * meets (the tooltip, PRE_SIGNUP, SIGNIN, SIGNUP with its consent checkboxes, the cart with a line and the package
 * search's options), every element of the four elements' shadow roots that the browser lays out carries a `part`
 * attribute, except text-level elements inside a named piece (a `<span>` of a label, an `<option>`), an icon's
 * SVG drawing inside a named piece, and what Google's SDK draws inside its slot (docs/loyalty-widget.md: "Google draws its own button").
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { authSection, collectPageErrors, it, launchBrowser, resetBookcore, startDemoServer } from './support.mjs';

/**
 * In the page: every laid-out element of the widget's shadow roots without a part, as `tag: a > b > c`.
 * @returns {string[]}
 */
function unnamedPieces() {
  const TEXT_LEVEL = new Set(['SPAN', 'STRONG', 'EM', 'CODE', 'B', 'I', 'SMALL', 'BR', 'ABBR', 'TIME', 'OPTION', 'OPTGROUP', 'SLOT', 'STYLE', 'LINK']);
  const found = [];
  for (const host of document.querySelectorAll('loyalty-icon, loyalty-panel, loyalty-tooltip, package-cart')) {
    const root = host.shadowRoot;
    if (!root) continue;
    for (const element of root.querySelectorAll('*')) {
      if (element.getClientRects().length === 0 || element.hasAttribute('part') || TEXT_LEVEL.has(element.tagName)) continue;
      if (element.closest('[part~="social-google"]')) continue;
      // The drawing of an icon inside a named piece (Facebook's mark: svg, circle, path) is not a piece of its own.
      if (element instanceof SVGElement && element.parentElement?.closest('[part]')) continue;
      const path = [];
      for (let at = /** @type {Element | null} */ (element); at; at = at.parentElement) {
        path.unshift(`${at.tagName.toLowerCase()}${at.getAttribute('part') ? `[${at.getAttribute('part')}]` : ''}`);
      }
      found.push(`${host.tagName.toLowerCase()}: ${path.slice(-3).join(' > ')}`);
    }
  }
  return [...new Set(found)];
}

/** In the page: how many laid-out elements with a part the widget's shadow roots hold (the walk saw something). */
function namedPieces() {
  return [...document.querySelectorAll('loyalty-icon, loyalty-panel, loyalty-tooltip, package-cart')]
    .flatMap((host) => [...(host.shadowRoot?.querySelectorAll('[part]') ?? [])])
    .filter((element) => element.getClientRects().length > 0).length;
}

const isoDaysFromNow = (/** @type {number} */ days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('every visible piece has a ::part name', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * @param {import('playwright-core').Page} page
   * @param {string} state
   * @param {number} atLeast named pieces the state must show, so an empty walk cannot pass
   */
  async function expectAllNamed(page, state, atLeast) {
    assert.ok((await page.evaluate(namedPieces)) >= atLeast, `${state}: fewer than ${atLeast} named pieces laid out`);
    assert.deepEqual(await page.evaluate(unnamedPieces), [], `${state}: pieces without a part`);
  }

  it('the tooltip and the auth sections', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/`);
    await page.locator('loyalty-tooltip [part~="tooltip"]').waitFor();
    await expectAllNamed(page, 'tooltip', 3);
    await page.locator('loyalty-icon [part="button"]').click();
    await authSection(page, 'PRE_SIGNUP').waitFor();
    await page.locator('loyalty-panel [part~="social-facebook"] button').waitFor();
    await expectAllNamed(page, 'PRE_SIGNUP', 10);
    await page.locator('loyalty-panel [part~="link-button"]', { hasText: 'Inicia sesión' }).click();
    await authSection(page, 'SIGNIN').waitFor();
    await expectAllNamed(page, 'SIGNIN', 10);
    await page.locator('loyalty-panel [part~="link-button"]', { hasText: 'Regístrate' }).click();
    await authSection(page, 'PRE_SIGNUP').waitFor();
    await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
    await authSection(page, 'SIGNUP').waitFor();
    await page.locator('loyalty-panel [part~="consent-checkbox"]').first().waitFor();
    await expectAllNamed(page, 'SIGNUP', 10);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the cart with a line and the package search with its options', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/package.html`);
    const cart = page.locator('package-cart');
    await cart.locator('[part~="empty"]').waitFor();
    await cart.locator('[part~="check-in"]').fill(isoDaysFromNow(30));
    await cart.locator('[part~="search-button"]').click();
    await cart.locator('[part~="option"]').first().waitFor();
    await cart.locator('[part~="add"]').first().click();
    await cart.locator('[part~="item"]').first().waitFor();
    await expectAllNamed(page, 'cart', 15);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
