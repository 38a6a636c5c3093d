// @ts-check
/**
 * End to end (docs/integration.md "A legacy jQuery page"): a legacy jQuery page (demo/jquery.html, the classic script) whose
 * `$(document).on('userLoginSuccess', …)` handler (demo/jquery-page.js) receives the user name before the
 * page reloads.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { authSection, axeAudit, collectPageErrors, formControl, it, launchBrowser, resetBookcore, startDemoServer, withNavigation } from './support.mjs';

describe('loyalty on a legacy jQuery page', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
  });

  after(async () => {
    await server?.stop();
  });

  it("hands the user name to the page's jQuery userLoginSuccess handler, then reloads", async () => {
    const browser = await launchBrowser();
    try {
      const { origin } = server;
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      const errors = collectPageErrors(page);
      const axe = axeAudit(page);
      /** What happened, in order: the page's console.info lines and the main frame's navigations. */
      /** @type {string[]} */
      const timeline = [];
      page.on('console', (message) => {
        if (message.type() === 'info') timeline.push(`console: ${message.text()}`);
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) timeline.push(`navigated: ${frame.url()}`);
      });

      await page.goto(`${origin}/jquery.html`);
      assert.equal(await page.evaluate(() => typeof (/** @type {any} */ (window).jQuery)), 'function', 'jQuery is on the page');
      await page.locator('loyalty-icon [part="button"].out').click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
      const signIn = authSection(page, 'SIGNIN');
      await signIn.waitFor();
      await axe.check('SIGNIN on the jQuery page');
      await formControl(signIn, 'email').fill('ana@example.com');
      await formControl(signIn, 'password').fill('Loyalty2026!');
      const mark = timeline.length;
      await withNavigation(page, () => signIn.locator('[part~="submit"]').click());
      await page.locator('loyalty-icon [part="button"].in').waitFor();

      const after = timeline.slice(mark);
      const logged = after.indexOf('console: userLoginSuccess: ana@example.com');
      const reloaded = after.findIndex((entry) => entry.startsWith('navigated: '));
      assert.notEqual(logged, -1, `the handler logged the user name; timeline: ${JSON.stringify(after)}`);
      assert.ok(reloaded > logged, `the handler ran before the reload; timeline: ${JSON.stringify(after)}`);
      assert.equal(after[reloaded], `navigated: ${origin}/jquery.html`, 'sign-in reloads the page');

      await page.locator('loyalty-icon [part="button"]').click();
      const welcome = authSection(page, 'SIGNIN_SUCCESS');
      await welcome.waitFor();
      assert.equal((await welcome.getByRole('heading').first().textContent())?.trim(), 'Hola, Ana García López');
      await axe.check('SIGNIN_SUCCESS on the jQuery page');

      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    } finally {
      await browser.close();
    }
  });
});
