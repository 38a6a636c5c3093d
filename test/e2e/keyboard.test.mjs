// @ts-check
/**
 * End to end (docs/reliability.md): every flow with the keyboard alone, in both demo brands.
 *
 * The page is driven by `page.keyboard` only (Tab, Shift+Tab, Enter, Space, Escape, typing): no clicks, no
 * element.click(), no focus() on the page's elements. After every key, focus is followed through the shadow
 * roots and must sit on a rendered element drawing a focus indicator, inside the open modal if there is one
 * (keyboard-support.mjs). Each modal's Tab cycle must stay in it; where no modal is open, a Tab cycle must leave
 * the element and come back. axe (wcag2a, wcag2aa, wcag21aa, wcag22aa) runs in every panel section and cart
 * state reached: 0 violations.
 *
 * Set-up that a guest does not do with the page (a recovery mail read from the dev mailbox, which social
 * account the stand-in SDK answers with, giving the second brand's cart a package as package.html's has) goes
 * through the dev server or a route, never through the page's elements.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe } from 'node:test';
import { recordFigure } from '../../scripts/figures.mjs';
import { isFocusTarget, keyboardDriver, wcagAudit, wcagViolations } from './keyboard-support.mjs';
import {
  authSection,
  collectPageErrors,
  ENGINE_LABEL,
  it,
  launchBrowser,
  readMailbox,
  recordedRequests,
  resetBookcore,
  startDemoServer,
  withNavigation,
} from './support.mjs';

/** The two demo brands: the loyalty page and the cart page of each. */
const BRANDS = [
  { brand: 'demo-brand', home: '/', cart: '/package.html' },
  { brand: 'second-brand', home: '/second-brand.html', cart: '/second-brand.html' },
];

/** A seeded member of the dev bookcore (demo/server/seed.mjs). */
const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!', fullName: 'Ana García López' };

/** The page's icon button, the sections' controls and links, by what focus reports of them. */
const ICON = { host: 'loyalty-icon', part: 'button' };
const OPEN_LOYALTY = { host: '', tag: 'button', name: /Ya soy socio/ };
const inPanel = (/** @type {Record<string, unknown>} */ target) => ({ host: 'loyalty-panel', ...target });
const field = (/** @type {string} */ name) => inPanel({ part: 'input', name: new RegExp(`^${name}$`) });

describe('keyboard only: every flow, focus always shown, no trap, axe clean', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  const audit = wcagAudit();
  let flows = 0;
  let focusChecks = 0;
  /**
   * The flows each brand runs: sign-up, sign-in, recovery, social consent, and the cart test's two (the cart, then
   * the dropped-cart dialog). Counted as their tests start, so a run of some of them (npm test's retry of a failed
   * one, by name) judges those.
   */
  let expectedFlows = 0;
  const flowsOfTest = (/** @type {string} */ name) => (name.startsWith('uses the cart') ? 2 : 1);
  /** @type {import('playwright-core').Page[]} */
  let pages = [];

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
    // The second brand's page gets a package for its cart, as package.html has, so the cart flow runs there too.
    await browser.context.route(
      (url) => url.pathname === '/second-brand.html',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace('<package-cart>', '<package-cart data-package-id="1" data-book-url="/">');
        await route.fulfill({ response, body });
      },
    );
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    // `npm test` runs this file once, under the strict CSP (scripts/test.mjs): its figure, in whichever mode it ran.
    const expected = expectedFlows;
    recordFigure(
      'keyboard',
      `${flows} flows by keyboard alone, ${audit.states} states checked with axe (wcag2a/aa, 21aa, 22aa), ${audit.violations} violations` +
        ` (${focusChecks} focus checks${flows < expected ? `; ${expected - flows} of ${expected} flows failed` : ''})`,
      expected > 0 && flows === expected && audit.violations === 0,
      ENGINE_LABEL,
    );
  });

  beforeEach(async () => {
    await resetBookcore(server.origin);
    await browser.context.clearCookies();
  });

  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
  });

  /**
   * A new tab at `path`, waiting for the widget's start; with its keyboard driver and error collector.
   * @param {string} path
   */
  async function openPage(path) {
    const page = await browser.context.newPage();
    pages.push(page);
    page.setDefaultTimeout(10_000);
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}${path}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
    const keys = keyboardDriver(page);
    return { page, errors, keys, done: () => (focusChecks += keys.checks) };
  }

  /**
   * Presses a key that starts something, waits for what it leads to, and then checks focus: it must be on a
   * shown element (an action never drops focus to the body).
   * @param {ReturnType<typeof keyboardDriver>} keys
   * @param {string} key
   * @param {string} where
   * @param {() => Promise<unknown>} until
   */
  async function act(keys, key, where, until) {
    await keys.press(key, where);
    await until();
    await nextFrames(keys.page);
    const info = await keys.check(`${where}, settled`);
    assert.ok(!info.none, `${where}: focus was dropped to the body`);
    return info;
  }

  for (const { brand, home, cart } of BRANDS) {
    describe(brand, () => {
      beforeEach((context) => {
        expectedFlows += flowsOfTest(context.name);
      });

      it('signs up: fields, the legal documents opened and closed (focus returns), consent refused then ticked', async () => {
        const { page, errors, keys, done } = await openPage(home);
        const panel = page.locator('loyalty-panel');
        const member = { nombre: 'Elena', apellidos: 'Martín Ruiz', email: 'elena.kb@example.com', password: 'Playa-2026!' };

        // The icon opens the auth modal at PRE_SIGNUP; focus moves into it.
        await keys.tabTo(ICON);
        const opened = await act(keys, 'Enter', 'icon', () => authSection(page, 'PRE_SIGNUP').waitFor());
        assert.ok(opened.modal, 'the auth view is a modal');
        await audit.check(page, `${brand}: PRE_SIGNUP (modal)`);
        await keys.assertTabCycle(`${brand}: PRE_SIGNUP modal`);

        await keys.tabTo(inPanel({ part: 'sign-up-with-email' }));
        // The auth modal is named by its section's heading (one heading per view): from here on, "Crea tu cuenta".
        const signUp = await act(keys, 'Enter', 'sign up with e-mail', () => authSection(page, 'SIGNUP').waitFor());
        assert.ok(signUp.modal, 'still the auth modal');
        await audit.check(page, `${brand}: SIGNUP`);

        await keys.tabTo(field('nombre'));
        await keys.type(member.nombre, 'nombre');
        await keys.tabTo(field('apellidos'));
        await keys.type(member.apellidos, 'apellidos');
        await keys.tabTo(field('email'));
        await keys.type(member.email, 'email');
        await keys.tabTo(field('password'));
        await keys.type(member.password, 'password');
        await keys.tabTo(inPanel({ part: 'select' }));
        await keys.type('Portugal', 'pais');

        // The conditions, then the privacy document: each opens in a modal over the auth modal, Tab stays in it,
        // Escape or its close button closes it and focus returns to the link.
        for (const [link, close] of /** @type {const} */ ([
          ['conditions-link', 'Escape'],
          ['privacy-link', 'Enter'],
        ])) {
          const opener = await keys.tabTo(inPanel({ part: link }));
          const inside = await act(keys, 'Enter', link, () => page.locator('loyalty-panel [part~="legal-document"]').waitFor());
          assert.ok(inside.modal && inside.modal !== signUp.modal, `${link}: the document is a modal of its own (${inside.modal})`);
          await audit.check(page, `${brand}: SIGNUP, ${link} document`);
          await keys.assertTabCycle(`${brand}: ${link} document modal`);
          if (close === 'Enter') await keys.tabTo(inPanel({ part: 'dialog-close' }));
          const back = await act(keys, close, `${link} closed with ${close}`, () => page.locator('loyalty-panel [part~="legal-document"]').waitFor({ state: 'detached' }));
          assert.equal(back.key, opener.key, `${link}: focus returns to the link that opened the document (now on ${back.describe})`);
          assert.equal(back.modal, signUp.modal, 'the auth modal is still open');
        }

        // Submitting without the policy tick: the consent error, and focus on the checkbox to tick.
        await keys.tabTo(inPanel({ part: 'submit' }));
        const refused = await act(keys, 'Enter', 'submit without consent', () =>
          panel.locator('[part~="consent-error"]').filter({ hasText: /\S/ }).first().waitFor(),
        );
        assert.ok(isFocusTarget(refused, inPanel({ part: 'consent-checkbox' })), `focus goes to the consent to tick, not ${refused.describe}`);
        assert.equal((await recordedRequests(server.origin, '/bookcore/loyalty/ajax/signup/')).length, 0, 'nothing posted without consent');
        await audit.check(page, `${brand}: SIGNUP with the consent error`);
        await keys.press('Space', 'tick the policy');
        assert.equal(await panel.getByRole('checkbox', { name: /He leído y acepto/ }).isChecked(), true, 'Space ticks the policy');

        await keys.tabTo(inPanel({ part: 'submit' }));
        await act(keys, 'Enter', 'create the account', () => authSection(page, 'SIGNUP_SUCCESS').waitFor());
        await audit.check(page, `${brand}: SIGNUP_SUCCESS`);
        const [request] = await recordedRequests(server.origin, '/bookcore/loyalty/ajax/signup/');
        const posted = Object.fromEntries(new URLSearchParams(request?.body ?? ''));
        assert.deepEqual(
          { nombre: posted.nombre, apellidos: posted.apellidos, email: posted.email, password: posted.password, pais: posted.pais, politica: posted.politica },
          { ...member, pais: 'PT', politica: 'true' },
        );

        // Escape closes the auth modal; focus returns to the icon.
        const closed = await act(keys, 'Escape', 'close the auth modal', () => authSection(page, 'SIGNUP_SUCCESS').waitFor({ state: 'detached' }));
        assert.ok(isFocusTarget(closed, ICON), `focus returns to the icon, not ${closed.describe}`);
        assert.equal(closed.modal, null);
        await keys.assertTabCycle(`${brand}: page after the modal closed`);

        assert.deepEqual(errors, [], 'no page errors');
        done();
        flows += 1;
      });

      it('signs in and out', async () => {
        const { page, errors, keys, done } = await openPage(home);
        // The page's "open-loyalty" button opens SIGNIN.
        await keys.tabTo(OPEN_LOYALTY);
        await act(keys, 'Enter', 'open-loyalty', () => authSection(page, 'SIGNIN').waitFor());
        await audit.check(page, `${brand}: SIGNIN`);
        await keys.assertTabCycle(`${brand}: SIGNIN modal`);

        // A wrong password: the error, focus still shown in the form.
        await keys.tabTo(field('email'));
        await keys.type(MEMBER.email, 'email');
        await keys.tabTo(field('password'));
        await keys.type('not-the-password', 'password');
        await act(keys, 'Enter', 'wrong password', async () => {
          await page.locator('loyalty-panel [part~="panel-message"][role="alert"]').filter({ hasText: /\S/ }).waitFor();
          await page.waitForFunction(() => document.querySelector('loyalty-panel')?.getAttribute('section') === 'SIGNIN');
        });
        await audit.check(page, `${brand}: SIGNIN with the sign-in error`);

        await keys.tabTo(field('password'));
        await keys.press('Control+A', 'select the password');
        await keys.type(MEMBER.password, 'password');
        // Both brands' pages hold a <package-cart>, and reload after the sign-in all the same (docs/loyalty-widget.md "After sign-in").
        await withNavigation(page, () => page.keyboard.press('Enter'));
        await page.locator('loyalty-icon [part="button"].in').waitFor();
        await nextFrames(page);
        const signedIn = await keys.check('signed in, the page reloaded');
        assert.equal(signedIn.modal, null, 'no auth modal after the reload');

        await keys.tabTo(ICON);
        await act(keys, 'Enter', 'icon (member)', () => authSection(page, 'SIGNIN_SUCCESS').waitFor());
        await audit.check(page, `${brand}: SIGNIN_SUCCESS`);
        await keys.assertTabCycle(`${brand}: SIGNIN_SUCCESS modal`);
        await keys.tabTo(inPanel({ part: 'sign-out' }));
        await withNavigation(page, () => page.keyboard.press('Enter'));
        await page.locator('loyalty-icon [part="button"].out').waitFor();
        await nextFrames(page);
        const signedOut = await keys.check('signed out, the page reloaded');
        assert.equal(signedOut.modal, null, 'no auth modal after the reload');
        assert.equal((await recordedRequests(server.origin, '/bookcore/partempresas/ajax/logout/')).length, 1, 'signed out');
        assert.deepEqual(errors.filter((error) => !error.includes('status of 400')), [], 'no page errors besides the refused sign-in');
        done();
        flows += 1;
      });

      it('recovers the password: request the mail, then change it on the link page and sign in', async () => {
        const { page, errors, keys, done } = await openPage(home);
        await keys.tabTo(OPEN_LOYALTY);
        await act(keys, 'Enter', 'open-loyalty', () => authSection(page, 'SIGNIN').waitFor());
        await keys.tabTo(inPanel({ tag: 'button', name: /¿Has olvidado tu contraseña\?/ }));
        await act(keys, 'Enter', 'forgot password', () => authSection(page, 'PASS_RECOVERY').waitFor());
        await audit.check(page, `${brand}: PASS_RECOVERY`);
        await keys.tabTo(field('email'));
        await keys.type(MEMBER.email, 'email');
        await act(keys, 'Enter', 'send the link', () => authSection(page, 'PASS_RECOVERY_EMAIL').waitFor());
        await audit.check(page, `${brand}: PASS_RECOVERY_EMAIL`);
        await keys.assertTabCycle(`${brand}: PASS_RECOVERY_EMAIL modal`);

        const mails = (await readMailbox(server.origin)).filter((mail) => mail.to === MEMBER.email && mail.kind === 'recovery');
        const link = mails.at(-1)?.links.find((address) => address.includes('/bookcore/password/cambiar/'));
        assert.ok(link, 'a recovery link was mailed');

        // The link's page (bookcore's, one for every brand): the inline panel at PASS_RECOVERY_CHANGE.
        await page.goto(link);
        await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
        const change = authSection(page, 'PASS_RECOVERY_CHANGE');
        await change.waitFor();
        await audit.check(page, `${brand}: PASS_RECOVERY_CHANGE`);
        const newPassword = 'Montaña-2027!';
        await keys.tabTo(field('password'));
        await keys.type(newPassword, 'new password');
        await keys.assertTabCycle(`${brand}: PASS_RECOVERY_CHANGE inline`);
        await keys.tabTo(field('password2'));
        await keys.type(`${newPassword}x`, 'repeated wrongly');
        await act(keys, 'Enter', 'mismatch', () => change.locator('[part~="form-error"]').filter({ hasText: /\S/ }).waitFor());
        await audit.check(page, `${brand}: PASS_RECOVERY_CHANGE with the mismatch error`);
        await keys.tabTo(field('password2'));
        await keys.press('Control+A', 'select the repetition');
        await keys.type(newPassword, 'repeated rightly');
        // bookcore signs the member in with the change; the page goes back to where the recovery started
        // (docs/bookcore-contract.md "Back where the guest started").
        await withNavigation(page, () => keys.press('Enter', 'change the password'));
        await page.locator('loyalty-icon [part="button"].in').waitFor();
        assert.deepEqual(errors, [], 'no page errors');
        done();
        flows += 1;
      });

      it('confirms a new social account at SOCIAL_GDPR (the Facebook stand-in)', async () => {
        await browser.context.addInitScript(() => {
          /** @type {any} */ (window).__standinSocialUser = 'new';
        });
        const { page, errors, keys, done } = await openPage(home);
        await keys.tabTo(ICON);
        await act(keys, 'Enter', 'icon', () => authSection(page, 'PRE_SIGNUP').waitFor());
        await page.locator('loyalty-panel [part~="social-facebook"] button').waitFor();
        await audit.check(page, `${brand}: PRE_SIGNUP with the social buttons`);
        await keys.tabTo(inPanel({ part: 'social-button', name: /Facebook/ }));
        const consent = authSection(page, 'SOCIAL_GDPR');
        await act(keys, 'Enter', 'Facebook', () => consent.waitFor());
        await audit.check(page, `${brand}: SOCIAL_GDPR`);
        await keys.assertTabCycle(`${brand}: SOCIAL_GDPR modal`);

        await keys.tabTo(inPanel({ part: 'submit' }));
        const refused = await act(keys, 'Enter', 'confirm without consent', () => consent.locator('[part~="consent-error"]').filter({ hasText: /\S/ }).first().waitFor());
        assert.ok(isFocusTarget(refused, inPanel({ part: 'consent-checkbox' })), `focus goes to the consent to tick, not ${refused.describe}`);
        await audit.check(page, `${brand}: SOCIAL_GDPR with the consent error`);
        await keys.press('Space', 'tick the policy');
        await keys.tabTo(inPanel({ part: 'submit' }));
        await withNavigation(page, () => page.keyboard.press('Enter'));
        await page.locator('loyalty-icon [part="button"].in').waitFor();
        const requests = await recordedRequests(server.origin, '/bookcore/partempresas/login-particular-integracion/');
        const posted = Object.fromEntries(new URLSearchParams(requests.at(-1)?.body ?? ''));
        assert.equal(posted.tipo_integracion, 'facebook');
        assert.equal(posted.email, 'marc.puig@example.com');
        assert.deepEqual(errors, [], 'no page errors');
        done();
        flows += 1;
      });

      it('uses the cart: search dates, add, upgrade, remove; then signs in with a full cart and closes the dropped-cart dialog', async () => {
        const { page, errors, keys, done } = await openPage(cart);
        const cartElement = page.locator('package-cart');
        const inCart = (/** @type {Record<string, unknown>} */ target) => ({ host: 'package-cart', ...target });
        /** Waits until no cart action runs (nothing busy, no button disabled). */
        const settled = () =>
          page.waitForFunction(() => {
            const root = document.querySelector('package-cart')?.shadowRoot;
            return Boolean(root) && !root?.querySelector('[aria-busy="true"], button:disabled');
          });
        await cartElement.locator('[part~="empty"]').waitFor();
        await audit.check(page, `${brand}: cart empty`);

        // Search without a date: the error, focus on the date.
        await keys.tabTo(inCart({ part: 'search-button' }));
        const refused = await act(keys, 'Enter', 'search without a date', () => cartElement.locator('[part~="check-in"][aria-invalid="true"]').waitFor());
        assert.ok(isFocusTarget(refused, inCart({ part: 'check-in' })), `focus goes to the check-in date, not ${refused.describe}`);
        await audit.check(page, `${brand}: cart search with the date error`);

        // Type the date segment by segment in the browser's own order, then Enter searches.
        await keys.type(await dateKeys(page, 30), 'check-in date');
        const firstOption = cartElement.locator('[part~="option"]').first();
        await act(keys, 'Enter', 'search', async () => {
          await firstOption.waitFor();
          await settled();
        });
        await audit.check(page, `${brand}: cart search results`);
        await keys.assertTabCycle(`${brand}: cart with search results`);

        await keys.tabTo(inCart({ part: 'add' }));
        const item = cartElement.locator('[part~="item"]').first();
        await act(keys, 'Enter', 'add', async () => {
          await item.waitFor();
          await settled();
        });
        await audit.check(page, `${brand}: cart with an item`);

        await keys.tabTo(inCart({ part: 'upgrades-toggle' }));
        await act(keys, 'Enter', 'show upgrades', async () => {
          await item.locator('[part~="upgrade"]').first().waitFor();
          await settled();
        });
        await audit.check(page, `${brand}: cart with the upgrades listed`);
        await keys.tabTo(inCart({ part: 'upgrade-button' }));
        const upgraded = await act(keys, 'Enter', 'upgrade', async () => {
          await item.locator('[part~="upgrade"]').first().waitFor({ state: 'detached' });
          await settled();
        });
        assert.ok(isFocusTarget(upgraded, inCart({ part: 'upgrades-toggle' })), `focus returns to the upgrades toggle, not ${upgraded.describe}`);
        assert.equal((await recordedRequests(server.origin, '/bookcore/shopping-cart/upgrade-room/')).length, 1, 'upgraded');
        await audit.check(page, `${brand}: cart after the upgrade`);

        await keys.tabTo(inCart({ part: 'remove' }));
        const removed = await act(keys, 'Enter', 'remove', async () => {
          await cartElement.locator('[part~="empty"]').waitFor();
          await settled();
        });
        assert.ok(isFocusTarget(removed, inCart({ part: 'cart-title' })), `focus goes to the cart's heading, not ${removed.describe}`);
        await audit.check(page, `${brand}: cart emptied`);
        await keys.assertTabCycle(`${brand}: emptied cart`);
        flows += 1;

        // Sign in with a package in the cart: the page stays, the cart empties itself and the dropped-cart dialog
        // greets the member at once.
        await keys.tabTo(inCart({ part: 'add' }), { back: true });
        await act(keys, 'Enter', 'add again', async () => {
          await item.waitFor();
          await settled();
        });
        await keys.tabTo(ICON, { back: true });
        await act(keys, 'Enter', 'icon', () => authSection(page, 'PRE_SIGNUP').waitFor());
        await keys.tabTo(inPanel({ part: 'link-button', name: /^Inicia sesión$/ }));
        await act(keys, 'Enter', 'to sign-in', () => authSection(page, 'SIGNIN').waitFor());
        await keys.tabTo(field('email'));
        await keys.type(MEMBER.email, 'email');
        await keys.tabTo(field('password'));
        await keys.type(MEMBER.password, 'password');
        const dialog = page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' });
        // The page reloads (it holds a cart); the dialog greets on the reloaded page.
        await withNavigation(page, () => page.keyboard.press('Enter'));
        await dialog.waitFor();
        await nextFrames(page);
        await audit.check(page, `${brand}: dropped-cart dialog`);
        const first = await keys.check('dropped-cart dialog opened');
        assert.equal(first.modal, 'Hemos vaciado tu carrito', `focus starts in the dialog, not on ${first.describe}`);
        await keys.assertTabCycle(`${brand}: dropped-cart dialog`);
        await keys.tabTo({ part: 'dropped-cart-ok' });
        await keys.press('Enter', 'OK');
        await dialog.waitFor({ state: 'detached' });
        const afterDialog = await keys.check('dropped-cart dialog closed');
        assert.equal(afterDialog.modal, null);
        // The dialog opened as the reloaded page loaded, from no control: focus goes back to the document, and the
        // next Tab reaches the page's controls (checked by the tabTo below).
        await keys.tabTo(ICON);
        await cartElement.locator('[part~="empty"]').waitFor();
        await audit.check(page, `${brand}: cart emptied by the sign-in`);
        assert.deepEqual(errors, [], 'no page errors');
        done();
        flows += 1;
      });
    });
  }

  it('finds no axe violations in any state reached', () => {
    assert.deepEqual(audit.findings, [], `axe violations:\n${JSON.stringify(audit.findings, null, 2)}`);
  });

  // The checks themselves, on small pages built to fail each one: a check that cannot fail proves nothing.
  describe('the checks catch what they look for', () => {
    /**
     * A page from markup; `shadow` markup goes into an open shadow root of `#host`.
     * @param {string} body
     * @param {string} [shadow]
     */
    async function syntheticPage(body, shadow = '') {
      const page = await browser.context.newPage();
      pages.push(page);
      await page.setContent(`<!doctype html><html lang="en"><head><title>check</title></head><body>${body}</body></html>`);
      if (shadow) {
        await page.evaluate((markup) => {
          const host = /** @type {HTMLElement} */ (document.getElementById('host'));
          host.attachShadow({ mode: 'open' }).innerHTML = markup;
        }, shadow);
      }
      return { page, keys: keyboardDriver(page) };
    }

    it('a focused control without a ring, inside a shadow root, fails the focus check', async () => {
      const { keys } = await syntheticPage('<a href="#a">first</a><div id="host"></div>', '<style>button:focus { outline: none }</style><button>ringless</button>');
      await keys.tabTo({ tag: 'a' });
      await assert.rejects(keys.tabTo({ host: 'div', tag: 'button' }), /no visible focus indicator on div › button "ringless"/);
    });

    it('Tab leaving an open modal fails the cycle check', async () => {
      const { keys } = await syntheticPage('<div role="dialog" aria-modal="true" aria-label="untrapped"><button>one</button><button>two</button></div><a href="#a">page link</a>');
      await keys.tabTo({ tag: 'button', name: /one/ });
      await assert.rejects(keys.assertTabCycle('untrapped modal'), /left the (open )?modal "untrapped" for a "page link"/);
    });

    it('Tab held in a loop outside any modal fails the cycle check', async () => {
      const { page, keys } = await syntheticPage(
        '<a href="#a">page link</a><button id="one">one</button><button id="two">two</button><a href="#b">after</a>',
      );
      // A careless widget: Tab swaps between its two buttons forever.
      await page.evaluate(() => {
        document.addEventListener('keydown', (event) => {
          if (event.key !== 'Tab') return;
          const next = document.activeElement?.id === 'one' ? 'two' : document.activeElement?.id === 'two' ? 'one' : null;
          if (!next) return;
          event.preventDefault();
          document.getElementById(next)?.focus();
        });
      });
      await keys.tabTo({ tag: 'a', name: /page link/ });
      await keys.press('Tab', 'into the loop');
      await assert.rejects(keys.assertTabCycle('looping widget'), /never came back|trapped/);
    });

    it('a control without a name and poor contrast are axe violations under the WCAG tags', async () => {
      const { page } = await syntheticPage('<main><input type="text"><p style="color:#bbb;background:#fff">faint</p></main>');
      const ids = (await wcagViolations(page)).map((violation) => violation.id).sort();
      assert.deepEqual(ids, ['color-contrast', 'label']);
    });
  });
});

/**
 * Waits two animation frames: React's effects (which move focus) of what just rendered have run.
 * @param {import('playwright-core').Page} page
 */
function nextFrames(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))));
}

/**
 * The keys that type the date `days` from today (UTC, as the server counts) into a focused date input: its
 * segments in the order the browser's locale shows them.
 * @param {import('playwright-core').Page} page
 * @param {number} days
 */
async function dateKeys(page, days) {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(2001, 1, 3))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day'),
  );
  return order.map((type) => ({ year, month, day })[type]).join('');
}
