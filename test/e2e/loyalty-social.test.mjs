// @ts-check
/**
 * End to end (docs/loyalty-widget.md "Social login"): social login with both providers through the dev server's stand-in SDKs
 * (/sdk/google-gsi.js, /sdk/facebook-sdk.js). The stand-ins read `window.__standinSocialUser` at click time.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { authSection, axeAudit, collectPageErrors, it, launchBrowser, recordedRequests, resetBookcore, startDemoServer, withNavigation } from './support.mjs';

/** The configured no-e-mail error of the dev settings (demo/server/settings.mjs ERRORS.socialNoEmail). */
const SOCIAL_NO_EMAIL =
  'Tu cuenta de la red social no comparte tu correo electrónico. Regístrate con tu correo o permite el acceso al e-mail.';

/**
 * Opens the demo home page as a new visitor (no cookies, a new tab) with the icon's panel at PRE_SIGNUP and the
 * social buttons drawn.
 * @param {Awaited<ReturnType<typeof launchBrowser>>} browser
 * @param {string} origin
 * @param {'member' | 'new' | 'no-email' | 'cancel'} standinUser
 */
async function openPreSignUp(browser, origin, standinUser) {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = collectPageErrors(page);
  await page.goto(`${origin}/`);
  await page.locator('loyalty-icon [part="button"].out').click();
  const preSignUp = authSection(page, 'PRE_SIGNUP');
  await preSignUp.waitFor();
  await preSignUp.locator('[data-standin="google"]').waitFor();
  await preSignUp.locator('[part~="social-facebook"] button').waitFor();
  await page.evaluate((user) => {
    /** @type {any} */ (window).__standinSocialUser = user;
  }, standinUser);
  return { page, errors, preSignUp };
}

describe('loyalty social login through the stand-in SDKs', () => {
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

  // The home page holds a <package-cart>: it reloads after a sign-in all the same (docs/loyalty-widget.md "After sign-in").
  it('Google, a member: signs in with a verified ID token, the page reloads, the icon "in"', async () => {
    const { page, errors, preSignUp } = await openPreSignUp(browser, server.origin, 'member');
    const axe = axeAudit(page);
    await axe.check('PRE_SIGNUP with the social buttons');
    await withNavigation(page, () => preSignUp.locator('[data-standin="google"]').click());
    await page.locator('loyalty-icon [part="button"].in').waitFor();
    await page.locator('loyalty-icon [part="button"]').click();
    const welcome = authSection(page, 'SIGNIN_SUCCESS');
    await welcome.waitFor();
    assert.equal((await welcome.getByRole('heading').first().textContent())?.trim(), 'Hola, Ana García López');
    await axe.check('SIGNIN_SUCCESS after Google');

    const [request] = await recordedRequests(server.origin, '/bookcore/partempresas/login-particular-integracion/');
    const posted = Object.fromEntries(new URLSearchParams(request?.body ?? ''));
    assert.equal(posted.tipo_integracion, 'google');
    assert.equal(posted.email, 'ana@example.com');
    assert.ok(posted.id_token, 'the Google id token is posted');
    assert.equal(JSON.parse(Buffer.from(posted.id_token.split('.')[0], 'base64url').toString()).alg, 'RS256', 'a signed token');
    assert.deepEqual(errors, [], 'no page errors');
    assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    await page.close();
  });

  it('Facebook, a new user: SOCIAL_GDPR with name and e-mail, consent, then signed in', async () => {
    const { page, errors, preSignUp } = await openPreSignUp(browser, server.origin, 'new');
    const axe = axeAudit(page);
    await preSignUp.locator('[part~="social-facebook"] button').click();
    const consent = authSection(page, 'SOCIAL_GDPR');
    await consent.waitFor();
    assert.equal(await page.locator('loyalty-panel').getAttribute('section'), 'SOCIAL_GDPR');
    const shown = consent.locator('[part~="social-user"] dd');
    assert.deepEqual(await shown.allTextContents(), ['Marc Puig', 'marc.puig@example.com']);
    await axe.check('SOCIAL_GDPR');

    // Confirming without the required tick is refused on the spot.
    await consent.locator('[part~="submit"]').click();
    await consent.locator('[part~="consent-error"]').filter({ hasText: /\S/ }).first().waitFor();
    assert.equal((await recordedRequests(server.origin, '/bookcore/partempresas/login-particular-integracion/')).length, 1, 'no sign-in yet');
    await consent.getByRole('checkbox', { name: /He leído y acepto/ }).check();
    await withNavigation(page, () => consent.locator('[part~="submit"]').click());
    await page.locator('loyalty-icon [part="button"].in').waitFor();
    await page.locator('loyalty-icon [part="button"]').click();
    const welcome = authSection(page, 'SIGNIN_SUCCESS');
    await welcome.waitFor();
    assert.equal((await welcome.getByRole('heading').first().textContent())?.trim(), 'Hola, Marc Puig');

    const requests = await recordedRequests(server.origin, '/bookcore/partempresas/login-particular-integracion/');
    const posted = Object.fromEntries(new URLSearchParams(requests.at(-1)?.body ?? ''));
    assert.deepEqual(
      { tipo_integracion: posted.tipo_integracion, email: posted.email, first_name: posted.first_name, last_name: posted.last_name, recibir_newsletter: posted.recibir_newsletter },
      { tipo_integracion: 'facebook', email: 'marc.puig@example.com', first_name: 'Marc', last_name: 'Puig', recibir_newsletter: 'false' },
    );
    // What the dev bookcore verified before signing Marc in: FB.login's access token, for his user id.
    assert.equal(posted.id, '200000000000002');
    const claims = JSON.parse(Buffer.from(posted.access_token.split('.')[1], 'base64url').toString());
    assert.deepEqual({ app_id: claims.app_id, user_id: claims.user_id }, { app_id: '100000000000001', user_id: '200000000000002' });
    const checks = await recordedRequests(server.origin, '/bookcore/partempresas/loyalty/social/check-user/');
    assert.equal(Object.fromEntries(new URLSearchParams(checks.at(-1)?.body ?? '')).email, 'marc.puig@example.com');
    assert.deepEqual(errors, [], 'no page errors');
    assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    await page.close();
  });

  for (const provider of /** @type {const} */ (['google', 'facebook'])) {
    it(`${provider === 'google' ? 'Google' : 'Facebook'}, no e-mail shared: PRE_SIGNUP with the configured error`, async () => {
      const { page, errors, preSignUp } = await openPreSignUp(browser, server.origin, 'no-email');
      const axe = axeAudit(page);
      const before = (await recordedRequests(server.origin, '/bookcore/partempresas/*')).length;
      const button = provider === 'google' ? preSignUp.locator('[data-standin="google"]') : preSignUp.locator('[part~="social-facebook"] button');
      await button.click();
      const alert = page.locator('loyalty-panel [part~="panel-message"][role="alert"]');
      await alert.filter({ hasText: SOCIAL_NO_EMAIL }).waitFor();
      assert.equal((await alert.textContent())?.trim(), SOCIAL_NO_EMAIL);
      await authSection(page, 'PRE_SIGNUP').waitFor();
      assert.equal(await page.locator('loyalty-panel').getAttribute('section'), 'PRE_SIGNUP');
      assert.equal((await recordedRequests(server.origin, '/bookcore/partempresas/*')).length, before, 'nothing posted');
      assert.match((await page.locator('loyalty-icon [part="button"]').getAttribute('class')) ?? '', /\bout\b/);
      await axe.check('PRE_SIGNUP with the no-e-mail error');
      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
      await page.close();
    });
  }
});
