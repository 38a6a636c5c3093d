// @ts-check
/**
 * End to end (docs/reliability.md): security checks across a full journey on the demo pages (package cart, sign-in,
 * sign-out on a cart page, password recovery, sign-in on the change page, sign-out), against the dev bookcore and
 * a second server on another origin that the test controls. Every request the browser makes is recorded, then
 * five checks read the record:
 *
 * 1. csrf-body: no `csrfmiddlewaretoken` in any request body or address, although the pages carry Django's hidden
 *    field (`{% csrf_token %}`); bookcore reads the token from the `X-CSRFToken` header only.
 * 2. csrf-origin: `X-CSRFToken` goes with same-origin POSTs and never to another origin: the cart drop is
 *    configured on the other server, which must see neither the header nor a preflight asking for it.
 * 3. navigation: `javascript:alert(1)`, `//evil.example/` and `https://evil.example/` in the data attributes
 *    that drive navigation (refused there), in the settings, in the sign-in answer and in the page's own query
 *    are never navigated to; the page goes to its own root instead.
 * 4. recovery: the recovery uid and token leave the address bar once read, and no request after the change page
 *    loads carries them in a Referer or an address (the legal document and the images included). Run twice: the
 *    page as served (with its `no-referrer` meta), and the page without the meta, where only the widget's own
 *    `history.replaceState` protects the requests it makes.
 * 5. storage: after the journey and a sign-out, sessionStorage and localStorage hold nothing but the two
 *    once-per-session flags (src/lib/session-flags.ts).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe } from 'node:test';
import { recordFigure } from '../../scripts/figures.mjs';
import {
  authSection,
  collectPageErrors,
  formControl,
  it,
  launchBrowser,
  readMailbox,
  recordedRequests,
  resetBookcore,
  startDemoServer,
  withNavigation,
} from './support.mjs';

/** The flags src/lib/session-flags.ts may leave in storage; `loyalty_dropped_cart` is read (and so cleared) once. */
const ALLOWED_STORAGE_KEYS = ['dont_show_tooltip', 'dont_show_notification'];
const EVIL_ADDRESSES = ['javascript:alert(1)', '//evil.example/', 'https://evil.example/'];
const PAGE_CSRF_FIELD = 'page-form-token-0123456789abcdef0123456789abcdef';
const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!', newPassword: 'Montaña-2027!' };

/** A UTC date `days` from today, `YYYY-MM-DD` (the server's "today" is UTC). */
function utcDate(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * @typedef {{ method: string, url: string, body: string, phase: string, navigation: boolean, type: string,
 *   headers: Promise<Record<string, string>> }} BrowserRequest
 * @typedef {{ method: string, path: string, headers: import('node:http').IncomingHttpHeaders, body: string }} ForeignRequest
 */

/**
 * Another origin the test controls, on another host name for the loopback (`localhost` beside the demo's
 * `127.0.0.1`, so another site as well, and the demo's cookies do not go there): it answers the cart drop as
 * bookcore would, with CORS for the demo's origin, and records every request.
 * @param {string} allowedOrigin
 * @returns {Promise<{ origin: string, requests: ForeignRequest[], stop: () => Promise<void> }>}
 */
function startForeignServer(allowedOrigin) {
  /** @type {ForeignRequest[]} */
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const cors = { 'access-control-allow-origin': allowedOrigin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
          'access-control-max-age': '0',
        });
        res.end();
        return;
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ cod_error: '000', deleted_elements: 0 }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        origin: `http://localhost:${port}`,
        requests,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/**
 * Fulfils a routed request with the real answer, edited.
 * @param {import('playwright-core').Route} route
 * @param {(text: string) => string} edit
 * @param {string} [url] - fetch this address instead of the routed one.
 */
async function fulfilEdited(route, edit, url) {
  const response = await route.fetch(url ? { url } : undefined);
  const headers = { ...response.headers() };
  delete headers['content-length'];
  await route.fulfill({ response, headers, body: edit(await response.text()) });
}

/** @param {string} html @param {string} attributes @param {string} [extraBody] */
function withPanelAttributes(html, attributes, extraBody = '') {
  assert.match(html, /<loyalty-panel/, 'the page has a panel');
  return html.replace('<loyalty-panel', `<loyalty-panel ${attributes}`).replace('</body>', `${extraBody}</body>`);
}

/** Django's `{% csrf_token %}` field, as any Django page with a form carries it. */
const CSRF_FORM = `<form hidden id="django-form"><input type="hidden" name="csrfmiddlewaretoken" value="${PAGE_CSRF_FIELD}"></form>`;

describe('security across a full journey', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof startForeignServer>>} */
  let foreign;
  /** @type {BrowserRequest[]} */
  const requests = [];
  /** @type {string[]} */
  const dialogs = [];
  /** @type {string[]} */
  const errors = [];
  /** What the journey saw, for the checks. */
  const seen = {
    /** Where the page went after the sign-out on the cart page, and after the sign-in on the change page. */
    destinations: /** @type {string[]} */ ([]),
    /** The change page's address once the panel showed, per pass. */
    changeAddresses: /** @type {{ pass: string, url: string, uid: string, token: string }[]} */ ([]),
    /** How many hidden csrfmiddlewaretoken fields the pages carried. */
    csrfFields: 0,
    /** sessionStorage and localStorage keys at the end. */
    storage: /** @type {{ session: string[], local: string[] } | null} */ (null),
  };
  const failures = new Set();
  const CHECKS = ['csrf-body', 'csrf-origin', 'navigation', 'recovery', 'storage'];

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
    foreign = await startForeignServer(server.origin);
  });

  after(async () => {
    await foreign?.stop();
    await server?.stop();
    recordFigure('security', `${CHECKS.length} checks, ${failures.size} failures${failures.size ? ` (${[...failures].join(', ')})` : ''}`, failures.size === 0);
  });

  it('runs the journey: cart, sign-in, sign-out on a cart page, recovery twice, sign-in, sign-out', async () => {
    const { origin } = server;
    const dropUrl = `${foreign.origin}/bookcore/shopping-cart/drop/`;
    const browser = await launchBrowser();
    try {
      const { context } = browser;
      let phase = 'start';
      let stripReferrerMeta = false;

      // The demo home and package pages, as a hotel would configure them: the cart drop on the other origin,
      // Django's hidden csrf field in the page. Set while the page parses (before the elements upgrade) rather
      // than by rewriting the response: a document fulfilled by the test has no address space, and Chromium's
      // local-network-access rules would then refuse its requests to the loopback.
      await context.addInitScript(
        ({ drop, field }) => {
          if (location.pathname !== '/' && location.pathname !== '/package.html') return;
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) {
                if (node instanceof Element && node.localName === 'loyalty-panel') node.setAttribute('data-drop-url', drop);
              }
            }
          }).observe(document, { childList: true, subtree: true });
          document.addEventListener('DOMContentLoaded', () => {
            const form = document.createElement('form');
            form.hidden = true;
            const input = document.createElement('input');
            Object.assign(input, { type: 'hidden', name: 'csrfmiddlewaretoken', value: field });
            form.append(input);
            document.body.append(form);
          });
        },
        { drop: dropUrl, field: PAGE_CSRF_FIELD },
      );
      // A cart page of bookcore's (the reset-availability rule applies there), whose template was given a
      // protocol-relative address to go to after sign-in or sign-out.
      await context.route(
        (url) => url.origin === origin && url.pathname === '/bookcore/shopping-cart/',
        (route) =>
          route.request().isNavigationRequest()
            ? fulfilEdited(route, (html) => withPanelAttributes(html, 'data-reset-availability="//evil.example/reset/"', CSRF_FORM), `${origin}/`)
            : route.continue(),
      );
      // The password-change page, given a javascript: login address, and two page links that open the panel at
      // SIGNUP (its conditions link fetches a legal document) and SIGNIN.
      await context.route(
        (url) => url.origin === origin && url.pathname.startsWith('/bookcore/password/cambiar/'),
        (route) =>
          fulfilEdited(route, (html) => {
            const page = withPanelAttributes(
              html,
              'data-login="javascript:alert(1)"',
              `<p><button type="button" class="open-loyalty" id="open-signup" data-external-auth-section="SIGNUP">Hazte socio</button>
               <button type="button" class="open-loyalty" id="open-signin" data-external-auth-section="SIGNIN">Inicia sesión</button></p>${CSRF_FORM}`,
            );
            if (!stripReferrerMeta) return page;
            assert.match(page, /<meta name="referrer" content="no-referrer">/);
            return page.replace(/<meta name="referrer" content="no-referrer">/, '');
          }),
      );
      // A bookcore that does not sign in with the password change (the smallest answer, docs/bookcore-contract.md
      // "Back where the guest started"): the change page stays, at PASS_RECOVERY_SUCCESS, for the steps below.
      await context.route(`${origin}/bookcore/loyalty/ajax/password/recovery/change/`, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-length'];
        delete headers['set-cookie'];
        await route.fulfill({ response, headers, body: response.ok() ? '{"success": true}' : await response.text() });
      });
      // Server answers that name other sites to go to: the settings and the sign-in answer.
      const addEvilAddresses = (/** @type {string} */ text) => {
        const body = JSON.parse(text);
        const evil = { redirect: EVIL_ADDRESSES[2], next: EVIL_ADDRESSES[2], url: EVIL_ADDRESSES[1], location: EVIL_ADDRESSES[0] };
        Object.assign(body, evil, { login: EVIL_ADDRESSES[2], resetAvailability: EVIL_ADDRESSES[2] });
        if (body.settings) Object.assign(body.settings, evil, { login: EVIL_ADDRESSES[2], resetAvailability: EVIL_ADDRESSES[1] });
        return JSON.stringify(body);
      };
      await context.route(`${origin}/bookcore/partempresas/loyalty/settings/`, (route) => fulfilEdited(route, addEvilAddresses));
      await context.route(`${origin}/bookcore/loyalty/ajax/signin/`, (route) => fulfilEdited(route, addEvilAddresses));

      await context.addInitScript(() => {
        /** @type {any} */ (window).__loyaltyReady = null;
        document.addEventListener('loyalty-ready', (event) => {
          /** @type {any} */ (window).__loyaltyReady = /** @type {CustomEvent} */ (event).detail;
        });
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const pageErrors = collectPageErrors(page);
      page.on('request', (request) => {
        requests.push({
          method: request.method(),
          url: request.url(),
          body: request.postData() ?? '',
          phase,
          navigation: request.isNavigationRequest() && request.frame() === page.mainFrame(),
          type: request.resourceType(),
          headers: request.allHeaders().catch(() => request.headers()),
        });
      });
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      const ready = async (/** @type {boolean} */ loggedIn) => {
        await page.waitForFunction((expected) => /** @type {any} */ (window).__loyaltyReady?.loggedIn === expected, loggedIn);
      };
      const countCsrfFields = async () => {
        seen.csrfFields += await page.locator('input[name="csrfmiddlewaretoken"]').count();
      };
      const iconButton = page.locator('loyalty-icon [part="button"]');

      // The package page, with an address that names another site: search, add two options, remove one.
      phase = 'cart';
      await page.goto(`${origin}/package.html?next=${encodeURIComponent(EVIL_ADDRESSES[2])}&redirect=${encodeURIComponent(EVIL_ADDRESSES[0])}`);
      await ready(false);
      await countCsrfFields();
      const cart = page.locator('package-cart');
      await cart.locator('[part~="empty"]').waitFor();
      await cart.locator('[part~="check-in"]').fill(utcDate(30));
      await cart.locator('[part~="search-button"]').click();
      await cart.locator('[part~="option"]').nth(1).waitFor();
      await cart.locator('[part~="option"]').nth(0).locator('[part~="add"]').click();
      await cart.locator('[part~="item"]').nth(0).waitFor();
      await cart.locator('[part~="option"]').nth(1).locator('[part~="add"]').click();
      await cart.locator('[part~="item"]').nth(1).waitFor();
      await cart.locator('[part~="item"]').nth(1).locator('[part~="remove"]').click();
      await cart.locator('[part~="item"]').nth(1).waitFor({ state: 'detached' });

      // Sign in through the icon's panel; the page (it holds a cart) reloads, to itself, whatever its query says.
      phase = 'sign-in';
      await iconButton.click();
      await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
      const signIn = authSection(page, 'SIGNIN');
      await formControl(signIn, 'email').fill(MEMBER.email);
      await formControl(signIn, 'password').fill(MEMBER.password);
      const signInPage = page.url();
      await withNavigation(page, () => signIn.locator('[part~="submit"]').click());
      assert.equal(page.url(), signInPage, 'a reload, not a navigation elsewhere');
      await ready(true);

      // Sign out on a cart page whose reset-availability address is protocol-relative: refused, so the root.
      phase = 'sign-out on a cart page';
      await page.goto(`${origin}/bookcore/shopping-cart/`);
      await ready(true);
      await countCsrfFields();
      await iconButton.click();
      await withNavigation(page, () => authSection(page, 'SIGNIN_SUCCESS').locator('[part~="sign-out"]').click());
      seen.destinations.push(page.url());
      await ready(false);

      // Password recovery, then the mailed link: as served (with its no-referrer meta), and without the meta.
      for (const pass of ['as served', 'without its referrer meta']) {
        phase = `recovery request (${pass})`;
        stripReferrerMeta = false;
        await page.goto(`${origin}/`);
        await ready(false);
        await countCsrfFields();
        await page.locator('.open-loyalty').first().click();
        await authSection(page, 'SIGNIN').getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
        const recovery = authSection(page, 'PASS_RECOVERY');
        await formControl(recovery, 'email').fill(MEMBER.email);
        await recovery.locator('[part~="submit"]').click();
        await authSection(page, 'PASS_RECOVERY_EMAIL').waitFor();
        const mails = (await readMailbox(origin)).filter((mail) => mail.to === MEMBER.email && mail.kind === 'recovery');
        const link = mails.at(-1)?.links.find((address) => address.includes('/bookcore/password/cambiar/'));
        assert.ok(link, 'a recovery link');
        const [uid, token] = new URL(link).pathname.split('/').filter(Boolean).slice(-2);
        assert.ok(uid && token, `uid and token in ${link}`);

        phase = `recovery page (${pass})`;
        stripReferrerMeta = pass !== 'as served';
        await page.goto(link);
        const change = authSection(page, 'PASS_RECOVERY_CHANGE');
        await change.waitFor();
        await countCsrfFields();
        seen.changeAddresses.push({ pass, url: page.url(), uid, token });
        if (pass === 'as served') {
          await formControl(change, 'password').fill(MEMBER.newPassword);
          await formControl(change, 'password2').fill(MEMBER.newPassword);
          await change.locator('[part~="submit"]').click();
          await authSection(page, 'PASS_RECOVERY_SUCCESS').waitFor();
        }
        // The conditions document, from SIGNUP (a page link opens it there).
        await page.locator('#open-signup').click();
        await authSection(page, 'SIGNUP').locator('[part~="conditions-link"]').click();
        const documentDialog = page.getByRole('dialog');
        await documentDialog.locator('[part~="legal-document"] h3').waitFor();
        await documentDialog.locator('[part~="dialog-close"]').click();
        await documentDialog.waitFor({ state: 'detached' });
        if (pass !== 'as served') continue;

        // Sign in on the change page: its javascript: login address is refused, so the root.
        phase = 'sign-in on the change page';
        await page.locator('#open-signin').click();
        const again = authSection(page, 'SIGNIN');
        await formControl(again, 'email').fill(MEMBER.email);
        await formControl(again, 'password').fill(MEMBER.newPassword);
        await withNavigation(page, () => again.locator('[part~="submit"]').click());
        seen.destinations.push(page.url());
        await ready(true);

        // Sign out on the root, which holds a cart: it reloads.
        phase = 'sign-out';
        await iconButton.click();
        await withNavigation(page, () => authSection(page, 'SIGNIN_SUCCESS').locator('[part~="sign-out"]').click());
        await ready(false);
      }

      phase = 'end';
      await page.goto(`${origin}/`);
      await ready(false);
      seen.storage = await page.evaluate(() => ({ session: Object.keys(sessionStorage), local: Object.keys(localStorage) }));
      errors.push(...pageErrors);
    } finally {
      await browser.close();
    }
    assert.deepEqual(errors, [], 'no page errors');
  });

  /**
   * One of the five checks: an \`it\` that counts in the figure when it fails.
   * @param {string} name
   * @param {string} title
   * @param {() => Promise<void>} body
   */
  function check(name, title, body) {
    it(`${name}: ${title}`, async () => {
      try {
        await body();
      } catch (error) {
        failures.add(name);
        throw error;
      }
    });
  }

  /** @param {BrowserRequest[]} list */
  async function withHeaders(list) {
    return Promise.all(list.map(async (request) => ({ ...request, headers: await request.headers })));
  }

  check('csrf-body', 'no csrfmiddlewaretoken in any request body or address, though the pages carry the field', async () => {
    assert.ok(seen.csrfFields > 0, 'the pages carried Django\'s hidden csrfmiddlewaretoken field');
    assert.ok(requests.filter((request) => request.method === 'POST').length >= 8, 'the journey posted');
    const leaks = (/** @type {string} */ text) => /csrfmiddlewaretoken/i.test(text) || text.includes(PAGE_CSRF_FIELD);
    assert.deepEqual(requests.filter((request) => leaks(request.body) || leaks(request.url)).map((request) => request.url), [], 'browser requests');
    assert.deepEqual(foreign.requests.filter((request) => leaks(request.body) || leaks(request.path)).map((request) => request.path), [], 'the other origin');
    const logged = await recordedRequests(server.origin, '/*');
    assert.ok(logged.some((request) => request.method === 'POST'), 'the dev bookcore logged the posts');
    assert.deepEqual(logged.filter((request) => leaks(request.body) || leaks(JSON.stringify(request.query))).map((request) => request.path), [], 'what the dev bookcore received');
  });

  check('csrf-origin', 'X-CSRFToken goes with same-origin POSTs and never to another origin', async () => {
    const sent = await withHeaders(requests);
    const sameOriginPosts = sent.filter((request) => request.method === 'POST' && new URL(request.url).origin === server.origin);
    assert.ok(sameOriginPosts.length > 0, 'same-origin posts');
    assert.deepEqual(sameOriginPosts.filter((request) => !request.headers['x-csrftoken']).map((request) => request.url), [], 'same-origin POSTs carry the token');
    const elsewhere = sent.filter((request) => new URL(request.url).origin !== server.origin);
    assert.ok(elsewhere.some((request) => request.url.startsWith(foreign.origin)), 'the journey called the other origin');
    assert.deepEqual(elsewhere.filter((request) => 'x-csrftoken' in request.headers).map((request) => request.url), [], 'browser side');
    const drops = foreign.requests.filter((request) => request.method === 'POST');
    assert.ok(drops.length >= 2, `the other origin got the drops of sign-ins and sign-outs (${drops.length})`);
    assert.deepEqual(foreign.requests.filter((request) => 'x-csrftoken' in request.headers).map((request) => `${request.method} ${request.path}`), [], 'server side');
    const askedFor = foreign.requests.filter((request) => /x-csrftoken/i.test(String(request.headers['access-control-request-headers'] ?? '')));
    assert.deepEqual(askedFor.map((request) => request.path), [], 'no preflight asks to send it');
    assert.deepEqual(foreign.requests.filter((request) => /csrftoken|sessionid/.test(String(request.headers.cookie ?? ''))).map((request) => request.path), [], 'nor the cookies');
  });

  check('navigation', 'javascript:, protocol-relative and other-site addresses are never navigated to', async () => {
    const navigations = requests.filter((request) => request.navigation).map((request) => request.url);
    assert.deepEqual(navigations.filter((url) => new URL(url).origin !== server.origin), [], 'main-frame navigations');
    const offSite = requests.filter((request) => {
      const url = new URL(request.url);
      return url.protocol === 'javascript:' || url.hostname.endsWith('evil.example');
    });
    assert.deepEqual(offSite.map((request) => request.url), [], 'any request');
    assert.deepEqual(dialogs, [], 'no javascript: address ran');
    assert.ok(navigations.length >= 8, 'the journey navigated');
    assert.deepEqual(seen.destinations, [`${server.origin}/`, `${server.origin}/`], 'the refused addresses fell back to the root');
  });

  check('recovery', 'the uid and token leave the address bar and never travel in a Referer or an address', async () => {
    assert.equal(seen.changeAddresses.length, 2, 'both passes reached the change page');
    for (const { pass, url, uid, token } of seen.changeAddresses) {
      const address = new URL(url);
      assert.equal(address.pathname, '/bookcore/password/cambiar/', `${pass}: the address bar once the widget read them`);
      assert.equal(url.includes(token) || address.pathname.split('/').includes(uid), false, `${pass}: ${url}`);
    }
    const [served, stripped] = seen.changeAddresses;
    /** @param {Awaited<ReturnType<typeof withHeaders>>[number]} request @param {{ uid: string, token: string }} secrets */
    const carries = (request, { uid, token }) => {
      const referer = request.headers.referer ?? '';
      const inReferer = referer.includes(token) || new URL(referer || 'http://x/').pathname.split('/').includes(uid);
      const inAddress = !request.navigation && (request.url.includes(token) || new URL(request.url).pathname.split('/').includes(uid));
      return inReferer || inAddress || Object.entries(request.headers).some(([name, value]) => name !== 'referer' && value.includes(token));
    };

    // As served: every request from the change page's load on, until it left.
    const onServed = await withHeaders(requests.filter((request) => request.phase === 'recovery page (as served)' || request.phase === 'sign-in on the change page'));
    assert.ok(onServed.some((request) => new URL(request.url).pathname.startsWith('/legal/')), 'the legal document was fetched');
    assert.ok(onServed.some((request) => request.type === 'image'), 'images were loaded');
    assert.deepEqual(onServed.filter((request) => carries(request, /** @type {any} */ (served))).map((request) => `${request.type} ${request.url}`), []);

    // Without the meta: the widget's own requests (bookcore, stylesheets, images, legal documents, SDKs) are
    // clean; the parser's stylesheet request, made before any script ran, still carries the token, which shows
    // the meta was really gone.
    const onStripped = await withHeaders(requests.filter((request) => request.phase === 'recovery page (without its referrer meta)'));
    const own = onStripped.filter((request) => /^\/(bookcore|static|legal|sdk)\//.test(new URL(request.url).pathname) || request.type === 'image');
    assert.ok(own.some((request) => new URL(request.url).pathname.startsWith('/legal/')), 'the legal document was fetched');
    assert.ok(own.some((request) => request.type === 'image'), 'images were loaded');
    assert.deepEqual(own.filter((request) => carries(request, /** @type {any} */ (stripped))).map((request) => `${request.type} ${request.url}`), []);
    assert.ok(
      onStripped.some((request) => request.url.endsWith('/demo.css') && (request.headers.referer ?? '').includes(/** @type {any} */ (stripped).token)),
      'control: without the meta, the page\'s own early request carries the token',
    );
  });

  check('storage', 'sessionStorage and localStorage hold only the two once-per-session flags', async () => {
    assert.ok(seen.storage, 'storage was read at the end');
    const { session, local } = /** @type {{ session: string[], local: string[] }} */ (seen.storage);
    assert.deepEqual(session.filter((key) => !ALLOWED_STORAGE_KEYS.includes(key)), [], `sessionStorage: ${JSON.stringify(session)}`);
    assert.deepEqual(local, [], 'localStorage');
  });
});
