// @ts-check
/**
 * End to end (docs/loyalty-widget.md "After sign-in"): sign-up → validation mail, signed in on the page the sign-up started from
 * (docs/bookcore-contract.md "Back where the guest started") → sign-out → sign-in → dropped-cart dialog (once) → sign-out, on
 * the demo home page (icon → modal panel), against the dev bookcore. The home page holds a `<package-cart>`, so
 * sign-in and sign-out leave it as it is and the dialog shows at once; on a page without a cart
 * the dialog shows after the reload (test/e2e/navigation.test.mjs, dispo.html).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import {
  authSection,
  axeAudit,
  collectPageErrors,
  completeSignUp,
  formControl,
  it,
  launchBrowser,
  readMailbox,
  recordedRequests,
  resetBookcore,
  startDemoServer,
  withNavigation,
} from './support.mjs';

/** A UTC date `days` from today, `YYYY-MM-DD` (the server's "today" is UTC). */
function utcDate(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('loyalty sign-up to sign-out on the demo home page', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
  });

  after(async () => {
    await server?.stop();
  });

  it('signs up, validates by mail, signs in with a dropped cart, greets, signs out', async () => {
    const browser = await launchBrowser();
    try {
      const { origin } = server;
      // Every loyalty-ready of every page load, so the test knows when the start (and its notices) settled.
      await browser.context.addInitScript(() => {
        /** @type {any} */ (window).__loyaltyReady = null;
        document.addEventListener('loyalty-ready', (event) => {
          /** @type {any} */ (window).__loyaltyReady = /** @type {CustomEvent} */ (event).detail;
        });
      });
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      const errors = collectPageErrors(page);
      const axe = axeAudit(page);
      const panel = page.locator('loyalty-panel');
      const iconButton = page.locator('loyalty-icon [part="button"]');
      const member = { nombre: 'Elena', apellidos: 'Martín Ruiz', email: 'elena.martin@example.com', password: 'Playa-2026!' };

      await page.goto(`${origin}/`);
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      await page.locator('loyalty-icon [part="button"].out').waitFor();

      // The icon opens the modal panel at PRE_SIGNUP; e-mail registration leads to SIGNUP.
      await iconButton.click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await axe.check('PRE_SIGNUP (modal)');
      await panel.locator('[part~="sign-up-with-email"]').click();
      const signUp = authSection(page, 'SIGNUP');
      await signUp.waitFor();
      assert.equal(await panel.getAttribute('section'), 'SIGNUP');
      await axe.check('SIGNUP');

      // The SIGNUP form of the dev settings: nombre, apellidos, email, password, pais (a select) and the consents.
      await formControl(signUp, 'nombre').fill(member.nombre);
      await formControl(signUp, 'apellidos').fill(member.apellidos);
      await formControl(signUp, 'email').fill(member.email);
      await formControl(signUp, 'password').fill(member.password);
      await formControl(signUp, 'pais').selectOption('PT');
      // Submitting without the required policy tick shows the consent error and sends nothing.
      await signUp.locator('[part~="submit"]').click();
      await signUp.locator('[part~="consent-error"]').filter({ hasText: /\S/ }).waitFor();
      assert.equal((await recordedRequests(origin, '/bookcore/loyalty/ajax/signup/')).length, 0, 'no sign-up without the policy tick');
      await axe.check('SIGNUP with the consent error');
      await signUp.getByRole('checkbox', { name: /He leído y acepto/ }).check();
      await signUp.locator('[part~="submit"]').click();
      await authSection(page, 'SIGNUP_SUCCESS').waitFor();
      assert.equal(await panel.getAttribute('section'), 'SIGNUP_SUCCESS');
      await axe.check('SIGNUP_SUCCESS');

      const [signUpRequest] = await recordedRequests(origin, '/bookcore/loyalty/ajax/signup/');
      assert.ok(signUpRequest, 'the sign-up was posted');
      const posted = Object.fromEntries(new URLSearchParams(signUpRequest.body));
      assert.deepEqual(
        { nombre: posted.nombre, apellidos: posted.apellidos, email: posted.email, pais: posted.pais, politica: posted.politica, newsletter: posted.newsletter },
        { nombre: member.nombre, apellidos: member.apellidos, email: member.email, pais: 'PT', politica: 'true', newsletter: 'false' },
      );

      // The validation mail's link activates the account, signs the member in and goes back to the home page,
      // where the sign-up started (docs/bookcore-contract.md "Back where the guest started"); the member signs
      // out there, to sign in again below with a cart to drop.
      const mails = (await readMailbox(origin)).filter((mail) => mail.to === member.email && mail.kind === 'validation');
      assert.equal(mails.length, 1, 'one validation mail');
      const validationLink = mails[0]?.links.find((link) => link.includes('/bookcore/loyalty/validate/'));
      assert.ok(validationLink, `a validation link in ${JSON.stringify(mails[0]?.links)}`);
      await page.goto(validationLink);
      assert.equal(page.url(), `${origin}/`);
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      await page.locator('loyalty-icon [part="button"].in').waitFor();
      await iconButton.click();
      const validated = authSection(page, 'SIGNIN_SUCCESS');
      await validated.waitFor();
      await withNavigation(page, () => validated.locator('[part~="sign-out"]').click());
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      await page.locator('loyalty-icon [part="button"].out').waitFor();

      // A package in this session's cart, so the drop that follows the sign-in deletes something.
      const added = await page.evaluate(
        async ({ checkIn, checkOut }) => {
          const availability = await fetch(`/bookcore/packages/1/availability/?entrada=${checkIn}&salida=${checkOut}`).then((r) => r.json());
          const option = availability.options?.[0];
          if (!option) return { availability };
          const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
          const body = new URLSearchParams({ id_opc: String(option.id), codhotel: option.hotel.code, entrada: checkIn, salida: checkOut, codpromo: 'None' });
          const response = await fetch('/bookcore/shopping-cart/add-package/', { method: 'POST', headers: { 'X-CSRFToken': token }, body });
          return { status: response.status, body: await response.json() };
        },
        { checkIn: utcDate(30), checkOut: utcDate(32) },
      );
      assert.equal(added.status, 200, JSON.stringify(added));
      assert.equal(added.body?.cod_error, '000', JSON.stringify(added));

      // Sign in through the panel's SIGNIN form; the page stays (its cart reads itself again).
      await iconButton.click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
      const signIn = authSection(page, 'SIGNIN');
      await signIn.waitFor();
      await axe.check('SIGNIN');
      await formControl(signIn, 'email').fill(member.email);
      await formControl(signIn, 'password').fill(member.password);
      // The page (it holds a <package-cart>) reloads, and the dropped-cart dialog greets the member by full name
      // on the reloaded page; OK closes it.
      const dialog = page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' });
      await withNavigation(page, () => signIn.locator('[part~="submit"]').click());
      await dialog.waitFor();
      await page.locator('package-cart [part~="empty"]').waitFor();
      assert.match((await iconButton.getAttribute('class')) ?? '', /\bin\b/);
      assert.equal(
        (await dialog.locator('[part~="dropped-cart-greeting"]').textContent())?.trim(),
        `Hola ${member.nombre} ${member.apellidos}`,
      );
      assert.match((await dialog.locator('[part~="dropped-cart-text"]').textContent()) ?? '', /hemos vaciado tu carrito/);
      await axe.check('dropped-cart dialog');
      await dialog.getByRole('button', { name: 'Entendido' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Once: another reload shows no dialog.
      await page.reload();
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__loyaltyReady), { loggedIn: true });
      await page.locator('loyalty-icon [part="button"].in').waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'the dropped-cart dialog shows once');
      assert.match((await iconButton.getAttribute('class')) ?? '', /\bin\b/);

      // The icon opens SIGNIN_SUCCESS with the greeting; signing out reloads the page, a visitor's.
      await iconButton.click();
      const welcome = authSection(page, 'SIGNIN_SUCCESS');
      await welcome.waitFor();
      assert.equal((await welcome.getByRole('heading').first().textContent())?.trim(), `Hola, ${member.nombre} ${member.apellidos}`);
      await axe.check('SIGNIN_SUCCESS');
      await withNavigation(page, () => welcome.locator('[part~="sign-out"]').click());
      await page.locator('loyalty-icon [part="button"].out').waitFor();
      assert.equal(await page.locator('body.open-modal').count(), 0, 'the auth modal closed');
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.equal((await recordedRequests(origin, '/bookcore/partempresas/ajax/logout/')).length, 2, 'two logouts: after the validation link and here');

      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    } finally {
      await browser.close();
    }
  });

  it('signs up on a hotel page, opens the validation link and is back on that page, signed in, announced once', async () => {
    const browser = await launchBrowser();
    try {
      const { origin } = server;
      // Every loyalty-ready and userLoginSuccess of every page load, kept across the navigations in sessionStorage.
      await browser.context.addInitScript(() => {
        /** @type {any} */ (window).__loyaltyReady = null;
        document.addEventListener('loyalty-ready', (event) => {
          /** @type {any} */ (window).__loyaltyReady = /** @type {CustomEvent} */ (event).detail;
        });
        for (const type of ['userLoginSuccess', 'loyalty-login']) {
          document.addEventListener(type, (event) => {
            const seen = JSON.parse(sessionStorage.getItem('e2e-logins') ?? '[]');
            seen.push({ type, page: location.pathname, detail: /** @type {CustomEvent} */ (event).detail });
            sessionStorage.setItem('e2e-logins', JSON.stringify(seen));
          });
        }
      });
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      const errors = collectPageErrors(page);
      const member = { nombre: 'Irene', apellidos: 'Mora Gil', email: 'irene.mora@example.com', password: 'Sierra-2026!' };
      const started = `${origin}/hotels.html?zona=sur`;
      await page.goto(`${started}#ofertas`);
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      await page.locator('loyalty-icon [part="button"].out').waitFor();
      await page.locator('loyalty-icon [part="button"]').click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
      const signUp = authSection(page, 'SIGNUP');
      await signUp.waitFor();
      await completeSignUp(page, member);

      const [mail] = (await readMailbox(origin)).filter((entry) => entry.to === member.email && entry.kind === 'validation');
      const link = mail?.links.find((address) => address.includes('/bookcore/loyalty/validate/'));
      assert.ok(link, `a validation link in ${JSON.stringify(mail)}`);
      await page.goto(link);
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      assert.equal(page.url(), started, 'back on the page the sign-up started from');
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__loyaltyReady), { loggedIn: true });
      await page.locator('loyalty-icon [part="button"].in').waitFor();
      const logins = async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-logins'))) ?? '[]');
      await page.waitForFunction(() => (sessionStorage.getItem('e2e-logins') ?? '').includes('loyalty-login'));
      assert.deepEqual(await logins(), [
        { type: 'userLoginSuccess', page: '/hotels.html', detail: { userName: member.email } },
        { type: 'loyalty-login', page: '/hotels.html', detail: { userName: member.email } },
      ]);
      await page.locator('loyalty-icon [part="button"]').click();
      await authSection(page, 'SIGNIN_SUCCESS').waitFor();

      // A reload is no new sign-in: nothing announced again.
      await page.reload();
      await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
      await page.locator('loyalty-icon [part="button"].in').waitFor();
      assert.equal((await logins()).length, 2, 'announced once');
      assert.deepEqual(errors, [], 'no page errors');
    } finally {
      await browser.close();
    }
  });

  it('shows the inline (embedded) panel at SIGNIN, then PRE_SIGNUP and SIGNUP, with no errors or axe violations', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      const errors = collectPageErrors(page);
      const axe = axeAudit(page);
      await page.goto(`${server.origin}/embedded.html`);
      const signIn = authSection(page, 'SIGNIN');
      await signIn.waitFor();
      assert.equal(await page.locator('loyalty-panel [part="panel-region"]').count(), 1, 'inline, not a modal');
      assert.equal(await page.getByRole('dialog').count(), 0);
      await axe.check('SIGNIN (inline)');
      await signIn.getByRole('button', { name: 'Regístrate', exact: true }).click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await axe.check('PRE_SIGNUP (inline)');
      await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
      await authSection(page, 'SIGNUP').waitFor();
      await axe.check('SIGNUP (inline)');
      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    } finally {
      await browser.close();
    }
  });
});
