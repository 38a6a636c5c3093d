// @ts-check
/**
 * End to end, docs/loyalty-widget.md "Modal or inline", "After sign-in" and "Booking button" in the demo: where the page goes after a sign-in, a sign-out and the booking button.
 *
 * - demo/package.html (a `<package-cart>` follows the session): sign-in and sign-out reload it like any other page
 *   (docs/loyalty-widget.md "After sign-in"); the dropped-cart dialog greets after the reload.
 * - demo/dispo.html (`<meta name="loyaltyCallbackCase" content="dispo">`, no cart): sign-in reloads, the
 *   dropped-cart dialog greets after the reload; the booking button goes to tomorrow's availability page with the
 *   project code, which the dev bookcore serves.
 * - bookcore's availability page: sign-in and sign-out go to its reset-availability address.
 * - bookcore's shopping-cart page (with a cart, no reset address): sign-in and sign-out go to the root.
 * - demo/no-icon.html and demo/no-icon-attribute.html: no icon, the panel inline.
 * - bookcore's booking confirmation, reached by a form POST: sign-in and sign-out load its address again by GET,
 *   never send the form again (docs/loyalty-widget.md, "After sign-in"); counted server-side.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe } from 'node:test';
import {
  authSection,
  collectPageErrors,
  formControl,
  it,
  launchBrowser,
  recordedRequests,
  resetBookcore,
  startDemoServer,
  withNavigation,
} from './support.mjs';

const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!', fullName: 'Ana García López' };
const DROP = '/bookcore/shopping-cart/drop/';
const LOGOUT = '/bookcore/partempresas/ajax/logout/';

/** A UTC date `days` from today, `YYYY-MM-DD` (the server's "today" is UTC). */
function utcDate(/** @type {number} */ days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Tomorrow in this machine's time zone (the browser's), `YYYY-MM-DD`, as the widget builds it. */
function localTomorrow() {
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return [tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
}

describe('navigation after sign-in, sign-out and booking, in the demo', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import('playwright-core').Page[]} */
  const pages = [];

  before(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
    // Every loyalty-ready of every page load, so a test knows when the widget's start settled.
    await browser.context.addInitScript(() => {
      /** @type {any} */ (window).__loyaltyReady = null;
      document.addEventListener('loyalty-ready', (event) => {
        /** @type {any} */ (window).__loyaltyReady = /** @type {CustomEvent} */ (event).detail;
      });
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await resetBookcore(server.origin);
    await browser.context.clearCookies();
  });

  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
  });

  /** A new tab at `path`, once the widget's start settled. */
  async function open(/** @type {string} */ path) {
    const page = await browser.context.newPage();
    pages.push(page);
    page.setDefaultTimeout(10_000);
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}${path}`);
    await ready(page);
    return { page, errors };
  }

  /** Waits for the widget's start on the current document (`loggedIn` as expected, when given). */
  async function ready(/** @type {import('playwright-core').Page} */ page, /** @type {boolean | undefined} */ loggedIn = undefined) {
    await page.waitForFunction(
      (expected) => {
        const detail = /** @type {any} */ (window).__loyaltyReady;
        return detail !== null && (expected === null || detail.loggedIn === expected);
      },
      loggedIn ?? null,
    );
  }

  /** The icon opens the auth modal; from PRE_SIGNUP to SIGNIN, the member's credentials typed in. */
  async function fillSignIn(/** @type {import('playwright-core').Page} */ page) {
    await page.locator('loyalty-icon [part="button"]').click();
    await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
    const signIn = authSection(page, 'SIGNIN');
    await formControl(signIn, 'email').fill(MEMBER.email);
    await formControl(signIn, 'password').fill(MEMBER.password);
    return signIn.locator('[part~="submit"]');
  }

  /** The icon opens SIGNIN_SUCCESS; its sign-out button. */
  async function signOutButton(/** @type {import('playwright-core').Page} */ page) {
    await page.locator('loyalty-icon [part="button"].in').click();
    return authSection(page, 'SIGNIN_SUCCESS').locator('[part~="sign-out"]');
  }

  /** Paths the dev bookcore answered, in order, from a recorded-request count on. */
  async function pathsSince(/** @type {number} */ from) {
    return (await recordedRequests(server.origin, '/bookcore/*')).slice(from).map((request) => request.path);
  }

  it('package.html (a <package-cart>): sign-in and sign-out reload it (docs/loyalty-widget.md "After sign-in"); the dropped-cart dialog greets after the reload', async () => {
    const { page, errors } = await open('/package.html');
    const cart = page.locator('package-cart');
    await cart.locator('[part~="empty"]').waitFor();

    // A package in the cart, so the drop that follows the sign-in empties something.
    await cart.locator('[part~="check-in"]').fill(utcDate(30));
    await cart.locator('[part~="search-button"]').click();
    await cart.locator('[part~="option"]').first().locator('[part~="add"]').click();
    await cart.locator('[part~="item"]').first().waitFor();

    const submit = await fillSignIn(page);
    const beforeSignIn = (await recordedRequests(server.origin, '/bookcore/*')).length;
    await withNavigation(page, () => submit.click());
    assert.equal(new URL(page.url()).pathname, '/package.html', 'the page reloads');
    const signInPaths = await pathsSince(beforeSignIn);
    assert.ok(signInPaths.includes(DROP), `the cart was dropped: ${signInPaths.join(', ')}`);
    await ready(page, true);
    const dialog = page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' });
    await dialog.waitFor();
    assert.equal((await dialog.locator('[part~="dropped-cart-greeting"]').textContent())?.trim(), `Hola ${MEMBER.fullName}`);
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cart.locator('[part~="empty"]').waitFor();

    const signOut = await signOutButton(page);
    const beforeSignOut = (await recordedRequests(server.origin, '/bookcore/*')).length;
    await withNavigation(page, () => signOut.click());
    assert.equal(new URL(page.url()).pathname, '/package.html', 'the page reloads after the sign-out');
    const signOutPaths = await pathsSince(beforeSignOut);
    assert.deepEqual(signOutPaths.filter((path) => path === LOGOUT || path === DROP), [LOGOUT, DROP], 'logout, then drop');
    await ready(page, false);
    assert.equal(await page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' }).count(), 0, 'no greeting after a sign-out');
    assert.deepEqual(errors, [], 'no page errors');
  });

  it("dispo.html: sign-in reloads (no cart on it) and greets after the reload; booking goes to tomorrow's availability with the project code", async () => {
    const { page, errors } = await open('/dispo.html');
    assert.equal(await page.locator('package-cart').count(), 0, 'a page without a cart');
    // A package in this session's cart, so the drop that follows the sign-in deletes something.
    const added = await page.evaluate(async (checkIn) => {
      const availability = await fetch(`/bookcore/packages/1/availability/?entrada=${checkIn}&salida=`).then((response) => response.json());
      const option = availability.options[0];
      const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const body = new URLSearchParams({ id_opc: String(option.id), codhotel: option.hotel.code, entrada: checkIn, salida: '', codpromo: 'None' });
      return (await fetch('/bookcore/shopping-cart/add-package/', { method: 'POST', headers: { 'X-CSRFToken': token }, body })).json();
    }, utcDate(20));
    assert.equal(added.cod_error, '000');

    const submit = await fillSignIn(page);
    await withNavigation(page, () => submit.click());
    assert.equal(new URL(page.url()).pathname, '/dispo.html', 'the page reloads');
    await ready(page, true);
    const dialog = page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.locator('loyalty-icon [part="button"].in').click();
    await withNavigation(page, () => authSection(page, 'SIGNIN_SUCCESS').locator('[part~="book"]').click());
    const target = new URL(page.url());
    assert.equal(target.pathname, '/bookcore/availability/');
    assert.deepEqual(Object.fromEntries(target.searchParams), { entrada: localTomorrow(), project: 'demo-brand' });
    assert.equal(await page.locator('[data-search="entrada"]').textContent(), localTomorrow());
    assert.equal(await page.locator('[data-search="project"]').textContent(), 'demo-brand');
    await ready(page, true);
    assert.deepEqual(errors, [], 'no page errors');
  });

  it("bookcore's availability page: sign-in and sign-out go to its reset-availability address", async () => {
    const { page, errors } = await open('/bookcore/availability/?entrada=2030-01-10&project=demo-brand');
    const submit = await fillSignIn(page);
    await withNavigation(page, () => submit.click());
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/bookcore/availability/?reiniciada=1', 'to the reset address (which redirects to a fresh search)');
    assert.equal(await page.locator('[data-search-note]').getAttribute('data-search-note'), 'reset');
    await ready(page, true);

    const signOut = await signOutButton(page);
    const from = (await recordedRequests(server.origin, '/bookcore/*')).length;
    await withNavigation(page, () => signOut.click());
    assert.ok((await pathsSince(from)).includes('/bookcore/availability/reset/'), 'to the reset address again');
    assert.equal(new URL(page.url()).search, '?reiniciada=1');
    await ready(page, false);
    await page.locator('loyalty-icon [part="button"].out').waitFor();
    assert.deepEqual(errors, [], 'no page errors');
  });

  it("bookcore's shopping-cart page: its cart does not keep it, sign-in and sign-out go to the root (no reset address)", async () => {
    const { page, errors } = await open('/bookcore/shopping-cart/');
    await page.locator('package-cart [part~="empty"]').waitFor();
    const submit = await fillSignIn(page);
    await withNavigation(page, () => submit.click());
    assert.equal(page.url(), `${server.origin}/`);
    await ready(page, true);

    await page.goto(`${server.origin}/bookcore/shopping-cart/`);
    await ready(page, true);
    await page.locator('package-cart [part~="empty"]').waitFor();
    const signOut = await signOutButton(page);
    await withNavigation(page, () => signOut.click());
    assert.equal(page.url(), `${server.origin}/`);
    await ready(page, false);
    assert.deepEqual(errors, [], 'no page errors');
  });

  it('a page reached by a form POST (a booking confirmation): sign-in and sign-out load its address again by GET, never send the form again', async () => {
    const CONFIRMATION = '/bookcore/booking/confirmation/';
    const { page, errors } = await open(CONFIRMATION);
    await withNavigation(page, () => page.getByRole('button', { name: 'Confirmar reserva' }).click());
    await ready(page, false);
    assert.equal(await page.locator('main').getAttribute('data-booking'), 'confirmed', 'the confirmation, rendered from the POST');
    const sent = async () => (await recordedRequests(server.origin, CONFIRMATION)).map((/** @type {{ method: string }} */ request) => request.method);
    assert.deepEqual(await sent(), ['GET', 'POST']);

    const submit = await fillSignIn(page);
    await withNavigation(page, () => submit.click());
    assert.deepEqual(await sent(), ['GET', 'POST', 'GET'], 'the address loaded again by GET after the sign-in, the form not sent again');
    assert.equal(new URL(page.url()).pathname, CONFIRMATION, 'the same address');
    await ready(page, true);

    const signOut = await signOutButton(page);
    await withNavigation(page, () => signOut.click());
    assert.deepEqual(await sent(), ['GET', 'POST', 'GET', 'GET'], 'and again after the sign-out');
    assert.equal(new URL(page.url()).pathname, CONFIRMATION);
    await ready(page, false);
    assert.deepEqual(errors, [], 'no page errors');
  });

  for (const { path, how } of [
    { path: '/no-icon.html', how: '<meta name="renderIcon" content="false">' },
    { path: '/no-icon-attribute.html', how: 'data-render-icon="false"' },
  ]) {
    it(`${path}: ${how} renders no icon, and the panel shows inline`, async () => {
      const { page, errors } = await open(path);
      await authSection(page, 'PRE_SIGNUP').waitFor();
      assert.equal(await page.locator('loyalty-icon').count(), 1, 'the tag is on the page');
      assert.equal(await page.locator('loyalty-icon [part="button"]').count(), 0, 'but draws no button');
      assert.equal(await page.locator('loyalty-panel [part="panel-region"]').count(), 1, 'inline, not a modal');
      assert.equal(await page.getByRole('dialog').count(), 0);
      // Inline sign-in works from there.
      await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
      await authSection(page, 'SIGNIN').waitFor();
      assert.deepEqual(errors, [], 'no page errors');
    });
  }
});
