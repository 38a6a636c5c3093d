// @ts-check
/**
 * End to end in WebKitGTK (Safari's engine), through WebKitWebDriver: playwright-core drives only its own patched
 * WebKit, so these journeys speak WebDriver (webdriverio) to the stock MiniBrowser under Xvfb
 * (scripts/browsers.mjs). They are the sign-in and sign-out journey of the demo home page and the cart's search
 * and add, the way a keyboard user does them: focus and keys, no script setting state. Not named `*.test.mjs`:
 * the Chromium run of the whole folder leaves it out; scripts/test.mjs runs it in the WebKit pass
 * (`node --test test/e2e/webkit-journeys.mjs` alone).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { remote } from 'webdriverio';
import { startWebKitDriver, webkitCapabilities } from '../../scripts/browsers.mjs';
import { recordedRequests, resetBookcore, startDemoServer } from './support.mjs';

const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!' };

describe('WebKit journeys (WebDriver)', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof startWebKitDriver>>} */
  let driver;
  /** @type {WebdriverIO.Browser} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    driver = await startWebKitDriver();
    browser = await remote({ hostname: '127.0.0.1', port: driver.port, logLevel: 'error', capabilities: webkitCapabilities() });
    await browser.setTimeout({ script: 30_000 });
  });

  after(async () => {
    await browser?.deleteSession().catch(() => undefined);
    await driver?.stop();
    await server?.stop();
  });

  beforeEach(async () => {
    await resetBookcore(server.origin);
    await browser.deleteAllCookies().catch(() => undefined);
  });

  /**
   * The element `inner` matches in the shadow root of the first `host`, once there (and rendered).
   * @param {string} host
   * @param {string} inner
   * @param {string} [text] - its trimmed text, when several match.
   */
  async function shadowElement(host, inner, text) {
    /** @type {WebdriverIO.Element | undefined} */
    let found;
    await browser.waitUntil(
      async () => {
        const reference = await browser.execute(
          (hostSelector, innerSelector, wanted) =>
            [...(document.querySelector(hostSelector)?.shadowRoot?.querySelectorAll(innerSelector) ?? [])].find(
              (element) => element.getClientRects().length > 0 && (wanted === null || element.textContent?.trim() === wanted),
            ) ?? null,
          host,
          inner,
          text ?? null,
        );
        if (!reference) return false;
        found = await browser.$(/** @type {any} */ (reference));
        return true;
      },
      { timeout: 15_000, timeoutMsg: `${host} › ${inner}${text ? ` "${text}"` : ''} never showed` },
    );
    return /** @type {WebdriverIO.Element} */ (found);
  }

  /**
   * Types into a control key by key: WebKitWebDriver drops the second of two equal keys in one sequence.
   * @param {WebdriverIO.Element} element
   * @param {string} text
   */
  async function typeInto(element, text) {
    await focus(element);
    for (const key of text) await browser.keys([key]);
  }

  /**
   * Focuses an element, as Tab would. (WebDriver clicks in WebKitGTK report an overlay intercepting them on
   * controls in shadow roots, so the journeys move by focus and keys, the way a keyboard user does.)
   * @param {WebdriverIO.Element} element
   */
  async function focus(element) {
    await browser.execute((target) => /** @type {HTMLElement} */ (/** @type {unknown} */ (target)).focus(), /** @type {any} */ (element));
  }

  /** Presses a button with the keyboard. @param {WebdriverIO.Element} element */
  async function press(element) {
    await focus(element);
    await browser.keys(['Enter']);
  }

  /** Waits until the script answers truthy. @param {() => unknown} check @param {string} what */
  async function until(check, what) {
    await browser.waitUntil(async () => Boolean(await browser.execute(check)), { timeout: 15_000, timeoutMsg: `${what} never happened` });
  }

  it('signs in from the icon and signs out again on the demo home page, by keyboard', async () => {
    await browser.url(`${server.origin}/`);
    await press(await shadowElement('loyalty-icon', '[part="button"]'));
    await press(await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] button', 'Inicia sesión'));
    await typeInto(await shadowElement('loyalty-panel', '[data-section="SIGNIN"] [part~="field"][data-name="email"] input'), MEMBER.email);
    await typeInto(await shadowElement('loyalty-panel', '[data-section="SIGNIN"] [part~="field"][data-name="password"] input'), MEMBER.password);
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNIN"] [part~="submit"]'));
    // Signed in: the icon greets (after the page's reload, if it reloads).
    await until(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"].in'), 'the signed-in icon');
    const signIn = await recordedRequests(server.origin, '/bookcore/loyalty/ajax/signin/');
    assert.equal(signIn.length, 1, 'one sign-in request');
    assert.equal(new URLSearchParams(signIn[0]?.body).get('email'), MEMBER.email);

    await press(await shadowElement('loyalty-icon', '[part="button"].in'));
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNIN_SUCCESS"] [part~="sign-out"]'));
    await until(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"]:not(.in)'), 'the signed-out icon');
    assert.equal((await recordedRequests(server.origin, '/bookcore/partempresas/ajax/logout/')).length, 1, 'one sign-out request');
  });

  it('searches the cart by a typed date and adds the first option, by keyboard', async () => {
    await browser.url(`${server.origin}/package.html`);
    const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [year, month, day] = checkIn.split('-');
    const dateInput = await shadowElement('package-cart', '[part~="check-in"]');
    // WebKitGTK's date field takes MM/DD/YYYY typed with its separators.
    await typeInto(dateInput, `${month}/${day}/${year}`);
    assert.equal(await browser.execute((input) => /** @type {HTMLInputElement} */ (/** @type {unknown} */ (input)).value, /** @type {any} */ (dateInput)), checkIn);
    await browser.keys(['Enter']);
    await press(await shadowElement('package-cart', '[part~="option"] [part~="add"]'));
    await shadowElement('package-cart', '[part~="item"]');
    const [request] = await recordedRequests(server.origin, '/bookcore/shopping-cart/add-package/');
    assert.equal(new URLSearchParams(request?.body).get('entrada'), checkIn);
  });
});
