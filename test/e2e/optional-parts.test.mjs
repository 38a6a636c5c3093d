// @ts-check
/**
 * Optional parts that hold nothing up, end to end against the build (docs/reliability.md, "Optional parts"), in each
 * engine the journeys run in (E2E_ENGINE). The build's chunks are what a content blocker or a stalled network meets:
 *
 * - the analytics chunk blocked for good (a network error, as a content blocker makes it): the cart, sign-in,
 *   SIGNIN_SUCCESS with its sign-out button, sign-up and the recovery form all work, and the page says why events
 *   are missing in one console warning;
 * - the analytics chunk stalled (it never answers): sign-in still announces itself and reloads the page, after at
 *   most the documented wait (OPTIONAL_WAIT_MS, src/lib/optional-wait.ts);
 * - a chunk gone for good while the guest types: a few tries with back-off, then none until the guest presses the
 *   retry button (LOAD_ATTEMPTS, AUTO_RETRY_ROUNDS, src/components/recoverable-lazy.tsx).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { authSection, collectPageErrors, ENGINE_LABEL, formControl, injectFault, it, launchBrowser, resetBookcore, startDemoServer, withNavigation } from './support.mjs';

const ANALYTICS_CHUNK = '/dist/chunks/analytics-*';
const AUTH_MORE_CHUNK = '/dist/chunks/auth-more-*';

/** A blocked or failed chunk is reported by the browser as a resource error: that is the fault, not the widget's. */
const widgetErrors = (/** @type {string[]} */ errors) => errors.filter((error) => !/Failed to load resource|Loading module from .* was blocked|Loading failed for the module|net::ERR_/.test(error));

describe(`optional parts hold nothing up, against the build (${ENGINE_LABEL})`, () => {
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

  /** A page on the home page, with its errors and console warnings collected. */
  async function homePage() {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectPageErrors(page);
    /** @type {string[]} */
    const warnings = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // What the page that shows now said: a reload starts a page that says it again.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) warnings.length = 0;
    });
    await page.goto(`${server.origin}/`);
    return { page, errors, warnings };
  }

  /** From the icon to SIGNIN, through PRE_SIGNUP's link. */
  async function openSignIn(/** @type {import('playwright-core').Page} */ page) {
    await page.locator('loyalty-icon [part="button"].out').click();
    const preSignUp = authSection(page, 'PRE_SIGNUP');
    await preSignUp.waitFor();
    await preSignUp.getByRole('button', { name: 'Inicia sesión', exact: true }).click();
    const signIn = authSection(page, 'SIGNIN');
    await signIn.waitFor();
    await formControl(signIn, 'email').fill('ana@example.com');
    await formControl(signIn, 'password').fill('Loyalty2026!');
    return signIn;
  }

  it('the analytics chunk blocked: the cart, sign-in, the sign-out button, sign-up and recovery all work', async () => {
    await resetBookcore(server.origin);
    await injectFault(server.origin, { path: ANALYTICS_CHUNK, drop: true });
    const { page, errors, warnings } = await homePage();
    await page.locator('package-cart [part~="cart"]').waitFor();

    const signIn = await openSignIn(page);
    await withNavigation(page, () => signIn.locator('[part~="submit"]').click());
    await page.locator('loyalty-icon [part="button"].in').click();
    const welcome = authSection(page, 'SIGNIN_SUCCESS');
    await welcome.waitFor();
    await welcome.locator('[part~="sign-out"]').waitFor();
    await page.locator('package-cart [part~="cart"]').waitFor();
    await withNavigation(page, () => welcome.locator('[part~="sign-out"]').click());

    await page.locator('loyalty-icon [part="button"].out').click();
    await authSection(page, 'PRE_SIGNUP').locator('[part~="sign-up-with-email"]').click();
    await formControl(authSection(page, 'SIGNUP'), 'email').waitFor();
    await authSection(page, 'SIGNUP').locator('[part~="section-links"] button').first().click();
    const again = authSection(page, 'SIGNIN');
    await again.waitFor();
    await again.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
    await formControl(authSection(page, 'PASS_RECOVERY'), 'email').waitFor();
    assert.equal(await page.locator('[part~="load-failure"]').count(), 0, 'no part of the widget failed');
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');
    assert.equal(warnings.filter((text) => /analytics/i.test(text)).length, 1, `one warning on the page says events are not sent (${JSON.stringify(warnings)})`);
    await page.close();
  });

  it('the analytics chunk stalled: sign-in announces itself and reloads the page within the documented wait', async () => {
    await resetBookcore(server.origin);
    await injectFault(server.origin, { path: ANALYTICS_CHUNK, hang: true });
    const { page, errors } = await homePage();
    const signIn = await openSignIn(page);
    await page.evaluate(() => {
      document.addEventListener('loyalty-login', () => void ((/** @type {any} */ (window)).__loggedInAt = performance.now()), { capture: true });
    });
    // The sign-in answer comes at once from the dev server; the wait for the stalled chunk is bounded at 1 s.
    await withNavigation(page, () => signIn.locator('[part~="submit"]').click(), 6_000);
    await page.locator('loyalty-icon [part="button"].in').waitFor();
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');
    await page.close();
  });

  it('a chunk gone for good while the guest types: a few tries with back-off, then none until the retry button', async () => {
    await resetBookcore(server.origin);
    await injectFault(server.origin, { path: AUTH_MORE_CHUNK, status: 404 });
    const { page, errors } = await homePage();
    /** @type {string[]} */
    const chunkRequests = [];
    page.on('request', (request) => {
      if (/\/dist\/chunks\/auth-more-/.test(request.url())) chunkRequests.push(new URL(request.url()).search);
    });
    await page.locator('loyalty-icon [part="button"].out').click();
    const failure = page.locator('loyalty-panel [part~="load-failure"]').first();
    await failure.waitFor();
    await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
    const email = formControl(authSection(page, 'SIGNIN'), 'email');
    await email.click();
    // Twelve seconds of typing, one key every 120 ms.
    for (let key = 0; key < 100; key += 1) {
      await email.press(key % 2 === 0 ? 'a' : 'Backspace');
      await page.waitForTimeout(120);
    }
    // Every round the typing started has ended: no message is busy with one.
    const busy = page.locator('loyalty-panel [part~="load-failure"][aria-busy]');
    await busy.first().waitFor({ state: 'detached' });
    const typed = chunkRequests.length;
    assert.ok(typed <= 9, `at most 3 rounds of 3 tries while the guest typed, ${typed} requests (${JSON.stringify(chunkRequests)})`);
    await page.locator('loyalty-panel [part~="load-failure-retry"]').first().click();
    // The button's round: its three tries asked, then the message no longer busy.
    for (const end = Date.now() + 15_000; chunkRequests.length < typed + 3 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 50));
    await busy.first().waitFor({ state: 'detached' });
    assert.equal(chunkRequests.length, typed + 3, `the retry button asks again, one round of 3 (${JSON.stringify(chunkRequests)})`);
    assert.deepEqual(widgetErrors(errors), [], 'no uncaught error');
    await page.close();
  });
});
