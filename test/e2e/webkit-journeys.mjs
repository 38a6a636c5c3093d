// @ts-check
/**
 * End to end in WebKitGTK (Safari's engine), through WebKitWebDriver: playwright-core drives only its own patched
 * WebKit, so these journeys speak WebDriver (webdriverio) to the stock MiniBrowser under Xvfb
 * (scripts/browsers.mjs). They are the sign-in and sign-out journey of the demo home page and the cart's search
 * and add, the way a keyboard user does them: focus and keys, no script setting state. Not named `*.test.mjs`:
 * the Chromium run of the whole folder leaves it out; scripts/test.mjs runs it in the WebKit pass
 * (`node --test test/e2e/webkit-journeys.mjs` alone). Under `DEMO_CSP=strict` (the strict pass) every journey also
 * fails on any violation of the strict policy its pages report once loaded, and a control proves the watcher.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe } from 'node:test';
import { remote } from 'webdriverio';
import { startWebKitDriver, webkitCapabilities } from '../../scripts/browsers.mjs';
import { readMailbox as readDjangoMailbox, startDjango } from '../django/support.mjs';
import { expectedSchemas, HOTEL_PAGE_CASES, readHotelPage } from '../support/hotel-page-journey.mjs';
import { injectFault, it, readMailbox, recordedRequests, resetBookcore, startDemoServer, STRICT_CSP } from './support.mjs';

const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!' };

/** The configured texts of the dev settings (demo/server/settings.mjs ERRORS). */
const PASSWORDS_NOT_EQUAL = 'Las contraseñas no coinciden.';

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

  /**
   * Opens an address and starts keeping the page's uncaught errors and unhandled rejections (WebDriver classic
   * has no console: from the moment the page answers the script, which is after its first scripts ran).
   * @param {string} address
   */
  async function open(address) {
    await browser.url(address);
    await watchErrors();
  }

  async function watchErrors() {
    await browser.execute(() => {
      const page = /** @type {any} */ (window);
      if (page.__journeyErrors) return;
      page.__journeyErrors = [];
      window.addEventListener('error', (event) => page.__journeyErrors.push(`error: ${event.message}`));
      window.addEventListener('unhandledrejection', (event) => page.__journeyErrors.push(`unhandled rejection: ${String(event.reason)}`));
      // Under DEMO_CSP=strict, each violation of the policy (from here on: WebKitGTK 2.50 keeps no buffered
      // reports for a ReportingObserver, and WebDriver classic has no init script).
      document.addEventListener('securitypolicyviolation', (event) =>
        page.__journeyErrors.push(`CSP violation: ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
  }

  /** The errors kept since {@link open} on the current page. */
  async function pageErrors() {
    return /** @type {string[]} */ (await browser.execute(() => /** @type {any} */ (window).__journeyErrors ?? []));
  }

  /** What has focus, through the shadow roots: `host › part` (or the tag). */
  async function focused() {
    return browser.execute(() => {
      /** @type {Element | null} */
      let active = document.activeElement;
      const path = [];
      while (active) {
        path.push(active.getAttribute('part') ?? active.localName);
        active = active.shadowRoot?.activeElement ?? null;
      }
      return path.join(' › ');
    });
  }

  /** Ticks SIGNUP's policy consent ("He leído y acepto…") with Space. */
  async function tickPolicy() {
    const policy = await browser.execute(
      () =>
        [...(document.querySelector('loyalty-panel')?.shadowRoot?.querySelectorAll('[data-section="SIGNUP"] [part="consent"]') ?? [])]
          .find((consent) => consent.textContent?.includes('He leído y acepto'))
          ?.querySelector('input[type="checkbox"]') ?? null,
    );
    assert.ok(policy, 'the policy checkbox');
    await focus(await browser.$(/** @type {any} */ (policy)));
    await browser.keys([' ']);
  }

  /**
   * The member-price journey by keyboard (docs/loyalty-price.md): the price on the hotels page, its join opening
   * SIGNUP headed with it, the sign-up (the policy ticked by Space), the validation mail's link signing the member
   * in and bringing them back to the hotels page (docs/bookcore-contract.md "Back where the guest started"), the
   * member's price there, then the package booked at it.
   * @param {{ origin: string, pages: { hotels: string, package: string }, email: string, validationLink: (email: string) => Promise<string | undefined> }} journey
   */
  async function joinFromPriceAndBook({ origin, pages, email, validationLink }) {
    await open(`${origin}${pages.hotels}`);
    const sierra = 'loyalty-price[data-hotel-code="HSIE"]';
    assert.equal(await (await shadowElement(sierra, '[part~="member-price"]')).getText(), '85,50 €');
    await press(await shadowElement(sierra, '[part~="join"]'));
    await shadowElement('loyalty-panel', '[data-section="SIGNUP"] [part~="section-heading"]', 'Únete gratis y paga 85,50\u00a0€');
    const member = { nombre: 'Lucía', apellidos: 'Prieto Gil', email, password: 'Sierra-2026!' };
    for (const name of /** @type {const} */ (['nombre', 'apellidos', 'email', 'password'])) await typeInto(await field('SIGNUP', name), member[name]);
    await tickPolicy();
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNUP"] [part~="submit"]'));
    await shadowElement('loyalty-panel', '[data-section="SIGNUP_SUCCESS"]');
    const link = await validationLink(email);
    assert.ok(link, 'a validation link');
    await open(link);
    assert.equal(await browser.getUrl(), `${origin}${pages.hotels}`);
    await shadowElement(sierra, '[part~="price"][data-state="member"] [part~="member-label"]', 'Tu precio de miembro');

    await open(`${origin}${pages.package}`);
    const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [year, month, day] = checkIn.split('-');
    await typeInto(await shadowElement('package-cart', '[part~="check-in"]'), `${month}/${day}/${year}`);
    await browser.keys(['Enter']);
    await shadowElement('package-cart', '[part~="option"] [part~="member-price-note"]', 'Tu precio de miembro');
    await press(await shadowElement('package-cart', '[part~="option"] [part~="add"]'));
    await shadowElement('package-cart', '[part~="member-pricing"]', 'Precios de miembro aplicados a tu carrito.');
    assert.deepEqual(await pageErrors(), [], 'no uncaught error');
  }

  /** The `section` attribute of the page's `<loyalty-panel>`. */
  async function panelSection() {
    return browser.execute(() => document.querySelector('loyalty-panel')?.getAttribute('section') ?? null);
  }

  /** A field's control in a panel section. @param {string} section @param {string} name @param {string} [tag] */
  function field(section, name, tag = 'input') {
    return shadowElement('loyalty-panel', `[data-section="${section}"] [part~="field"][data-name="${name}"] ${tag}`);
  }

  it('control: a strict page refuses an inline style and the watcher records it', { skip: !STRICT_CSP && 'only under DEMO_CSP=strict' }, async () => {
    await open(`${server.origin}/no-icon.html`);
    await browser.execute(() => document.body.setAttribute('style', 'outline: 1px solid red'));
    await until(() => /** @type {any} */ (window).__journeyErrors.length > 0, 'the violation');
    const errors = await pageErrors();
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0] ?? '', /^CSP violation: style-src-attr /);
  });

  it('signs in from the icon and signs out again on the demo home page, by keyboard', async () => {
    await open(`${server.origin}/`);
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

  it('a chunk that failed while offline loads on the retry, at a fresh address (WebKit keeps a failed module)', async () => {
    // Every try of the sign-up parts' chunk fails (the social buttons of PRE_SIGNUP live there); then it is back.
    await injectFault(server.origin, { path: '/dist/chunks/auth-more-*', status: 503, times: 3 });
    await open(`${server.origin}/`);
    await press(await shadowElement('loyalty-icon', '[part="button"]'));
    await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] [part~="load-failure"]');
    await press(await shadowElement('loyalty-panel', '[part~="load-failure-retry"]'));
    await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] [part~="social"]');
    await press(await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] [part~="sign-up-with-email"]'));
    await field('SIGNUP', 'email');
    assert.deepEqual(await pageErrors(), [], 'no uncaught error');
  });

  it('the panel\'s React part failing: its retry loads it in place once the network is back, one React, nothing typed lost', async () => {
    // The React part's chunk (`shell`, React itself) fails; the chunks loaded after it import it statically, so its
    // retry must be the copy they use (src/lib/fresh-import.ts): WebKit keeps the failed address for the page's life.
    await injectFault(server.origin, { path: '/dist/chunks/shell-*', status: 503, times: 1000 });
    await open(`${server.origin}/`);
    await browser.execute(() => {
      /** @type {any} */
      const page = window;
      page.__e2eStay = 'kept';
      // Each copy of React's DOM renderer announces itself to the React DevTools hook when it is evaluated.
      page.__e2eReactCopies = 0;
      page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: () => ++page.__e2eReactCopies };
      // The host page's own field: a reload would lose what the guest typed into it.
      const input = document.createElement('input');
      input.id = 'host-search';
      input.setAttribute('aria-label', 'Destino');
      document.body.prepend(input);
    });
    await typeInto(await browser.$('#host-search'), 'Sierra Nevada');
    await press(await shadowElement('loyalty-icon', '[part="button"]'));
    const retry = await shadowElement('loyalty-panel', '[part~="load-failure-retry"]', 'Reintentar');
    await resetBookcore(server.origin);
    await press(retry);
    await until(
      () =>
        /** @type {any} */ (window).__e2eStay !== 'kept' ||
        document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[data-section="PRE_SIGNUP"] [part~="social"]'),
      'the panel at PRE_SIGNUP, or a reload',
    );
    assert.equal(await browser.execute(() => /** @type {any} */ (window).__e2eStay ?? 'lost'), 'kept', 'the retry loaded the page again: what the guest typed on it is lost');
    // The chunks that import the React part's chunk (the sign-up parts, the cart's view) run with the same copy.
    await press(await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] [part~="sign-up-with-email"]'));
    await field('SIGNUP', 'email');
    await shadowElement('package-cart', '[part~="cart"]');
    const state = await browser.execute(() => ({
      typed: /** @type {HTMLInputElement | null} */ (document.querySelector('#host-search'))?.value,
      reactCopies: /** @type {any} */ (window).__e2eReactCopies,
      message: document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="load-failure"]') ? 'shown' : 'gone',
    }));
    assert.deepEqual(state, { typed: 'Sierra Nevada', reactCopies: 1, message: 'gone' });
    assert.deepEqual(await pageErrors(), [], 'no uncaught error');
  });

  it('a guest sees a member price on a content page, joins from it and validates; back there signed in, the price and the cart are the member\'s, by keyboard', async () => {
    await joinFromPriceAndBook({
      origin: server.origin,
      pages: { hotels: '/hotels.html', package: '/package.html' },
      email: 'lucia.webkit@example.com',
      validationLink: async (email) =>
        (await readMailbox(server.origin)).find((each) => each.to === email && each.kind === 'validation')?.links.find((address) => address.includes('/bookcore/loyalty/validate/')),
    });
  });

  for (const expected of HOTEL_PAGE_CASES) {
    it(`<hotel-page> ${expected.hotel} in ${expected.lang}: every section, five schema.org documents, the gallery by keyboard`, async () => {
      await open(`${server.origin}/hotel-page.html?hotel=${expected.hotel}&lang=${expected.lang}`);
      // WebDriver waits for the promise the script returns.
      const found = /** @type {Awaited<ReturnType<typeof readHotelPage>>} */ (await browser.execute(readHotelPage, { timeoutMs: 20_000, schemas: 5 }));
      for (const [name, section] of Object.entries(found.sections)) assert.equal(section.state, 'ready', name);
      assert.equal(found.sections['home']?.headings[0], expected.name);
      assert.equal(found.sections['rooms']?.headings[0], expected.rooms);
      assert.equal(found.schemas.length, 5);
      for (const schema of found.schemas) assert.notEqual(schema.type, 'invalid JSON', String(schema.mark));
      // The gallery: a thumbnail opens the viewer, the right arrow moves on, Escape closes it and focus comes back.
      await press(await shadowElement('hotel-page', '[part~="gallery-thumbnail"]'));
      await shadowElement('hotel-page', '[part~="lightbox"]');
      const position = () => browser.execute(() => document.querySelector('hotel-page')?.shadowRoot?.querySelector('[part~="lightbox-position"]')?.textContent ?? null);
      const first = await position();
      await browser.keys(['ArrowRight']);
      await browser.waitUntil(async () => (await position()) !== first, { timeout: 5000, timeoutMsg: 'the arrow never moved the viewer' });
      await browser.keys(['Escape']);
      await until(() => !document.querySelector('hotel-page')?.shadowRoot?.querySelector('[part~="lightbox"]'), 'the viewer closed');
      assert.equal(await focused(), 'hotel-page › gallery-thumbnail');
      assert.deepEqual(await pageErrors(), [], 'no uncaught error');
    });
  }

  it('searches the cart by a typed date and adds the first option, by keyboard', async () => {
    await open(`${server.origin}/package.html`);
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

  it('signs up with the legal documents and the consent error, and validates by mail, by keyboard', async () => {
    const member = { nombre: 'Elena', apellidos: 'Martín Ruiz', email: 'elena.webkit@example.com', password: 'Playa-2026!' };
    await open(`${server.origin}/`);
    await press(await shadowElement('loyalty-icon', '[part="button"]'));
    await press(await shadowElement('loyalty-panel', '[data-section="PRE_SIGNUP"] [part~="sign-up-with-email"]'));
    await typeInto(await field('SIGNUP', 'nombre'), member.nombre);
    await typeInto(await field('SIGNUP', 'apellidos'), member.apellidos);
    await typeInto(await field('SIGNUP', 'email'), member.email);
    await typeInto(await field('SIGNUP', 'password'), member.password);
    await typeInto(await field('SIGNUP', 'pais', 'select'), 'Portugal');

    // The legal documents: each opens in a modal of its own over the auth modal; Escape or its close button
    // closes it, focus returns to the link, the auth modal stays.
    for (const [link, close] of /** @type {const} */ ([
      ['conditions-link', 'Escape'],
      ['privacy-link', 'Enter'],
    ])) {
      await press(await shadowElement('loyalty-panel', `[part~="${link}"]`));
      await shadowElement('loyalty-panel', '[part~="legal-document"]');
      assert.equal(await browser.execute(() => document.querySelector('loyalty-panel')?.shadowRoot?.querySelectorAll('[role="dialog"]').length), 2, `${link}: a second dialog`);
      if (close === 'Enter') {
        const closeButton = await browser.execute(
          () => document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="legal-document"]')?.closest('[role="dialog"]')?.querySelector('[part~="dialog-close"]') ?? null,
        );
        assert.ok(closeButton, `${link}: the document's close button`);
        await focus(await browser.$(/** @type {any} */ (closeButton)));
      }
      await browser.keys([close === 'Escape' ? 'Escape' : 'Enter']);
      await until(() => !document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="legal-document"]'), `${link} closed`);
      assert.match(await focused(), new RegExp(`loyalty-panel › .*${link}`), `${link}: focus returns to the link`);
      assert.equal(await panelSection(), 'SIGNUP', 'the auth modal is still open');
    }

    // Without the policy tick: the consent error, nothing posted; Space ticks it, then the account is created.
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNUP"] [part~="submit"]'));
    await until(() => document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="consent-error"]')?.textContent?.trim(), 'the consent error');
    assert.equal((await recordedRequests(server.origin, '/bookcore/loyalty/ajax/signup/')).length, 0, 'nothing posted without consent');
    const policy = await shadowElement('loyalty-panel', '[part~="consent-error"]');
    const checkbox = await browser.execute(
      (error) => /** @type {Element} */ (/** @type {unknown} */ (error)).closest('[part="consent"]')?.querySelector('input[type="checkbox"]') ?? null,
      /** @type {any} */ (policy),
    );
    assert.ok(checkbox, 'the refused consent has a checkbox');
    await focus(await browser.$(/** @type {any} */ (checkbox)));
    await browser.keys([' ']);
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNUP"] [part~="submit"]'));
    await shadowElement('loyalty-panel', '[data-section="SIGNUP_SUCCESS"]');
    const [request] = await recordedRequests(server.origin, '/bookcore/loyalty/ajax/signup/');
    const posted = Object.fromEntries(new URLSearchParams(request?.body ?? ''));
    assert.deepEqual(
      { nombre: posted.nombre, apellidos: posted.apellidos, email: posted.email, password: posted.password, pais: posted.pais, politica: posted.politica },
      { ...member, pais: 'PT', politica: 'true' },
    );
    assert.deepEqual(await pageErrors(), [], 'no page errors');

    // The validation mail's link signs the member in, back on the page the sign-up started from
    // (docs/bookcore-contract.md "Back where the guest started").
    const startedOn = await browser.getUrl();
    const mails = (await readMailbox(server.origin)).filter((mail) => mail.to === member.email && mail.kind === 'validation');
    const link = mails[0]?.links.find((address) => address.includes('/bookcore/loyalty/validate/'));
    assert.ok(link, `a validation link in ${JSON.stringify(mails)}`);
    await open(link);
    assert.equal(await browser.getUrl(), startedOn.split('#')[0]);
    await until(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"].in'), 'the signed-in icon');
    assert.deepEqual(await pageErrors(), [], 'no page errors');
  });

  it('recovers a password: the mail, the change page (mismatch, then success, signed in), back where it started, by keyboard', async () => {
    const newPassword = 'Montaña-2027!';
    await open(`${server.origin}/`);
    await press(await browser.$('.open-loyalty'));
    await press(await shadowElement('loyalty-panel', '[data-section="SIGNIN"] button', '¿Has olvidado tu contraseña?'));
    await typeInto(await field('PASS_RECOVERY', 'email'), MEMBER.email);
    await press(await shadowElement('loyalty-panel', '[data-section="PASS_RECOVERY"] [part~="submit"]'));
    await shadowElement('loyalty-panel', '[data-section="PASS_RECOVERY_EMAIL"]');
    const mails = (await readMailbox(server.origin)).filter((mail) => mail.to === MEMBER.email && mail.kind === 'recovery');
    assert.equal(mails.length, 1, 'one recovery mail');
    const link = mails[0]?.links.find((address) => address.includes('/bookcore/password/cambiar/'));
    assert.ok(link, `a password-change link in ${JSON.stringify(mails[0]?.links)}`);
    assert.deepEqual(await pageErrors(), [], 'no page errors');

    await open(link);
    await typeInto(await field('PASS_RECOVERY_CHANGE', 'password'), newPassword);
    await typeInto(await field('PASS_RECOVERY_CHANGE', 'password2'), `${newPassword}x`);
    await press(await shadowElement('loyalty-panel', '[data-section="PASS_RECOVERY_CHANGE"] [part~="submit"]'));
    await shadowElement('loyalty-panel', '[data-section="PASS_RECOVERY_CHANGE"] [part~="form-error"]', PASSWORDS_NOT_EQUAL);
    assert.equal(await panelSection(), 'PASS_RECOVERY_CHANGE');
    // Clear the repeat (select all, delete) and type it right.
    const repeat = await field('PASS_RECOVERY_CHANGE', 'password2');
    await browser.execute((input) => /** @type {HTMLInputElement} */ (/** @type {unknown} */ (input)).select(), /** @type {any} */ (repeat));
    await browser.keys(['Backspace']);
    await typeInto(repeat, newPassword);
    assert.deepEqual(await pageErrors(), [], 'no page errors');
    await press(await shadowElement('loyalty-panel', '[data-section="PASS_RECOVERY_CHANGE"] [part~="submit"]'));

    // bookcore signs the member in with the change, and the change page sends them back to the page the
    // recovery started from, the root (docs/bookcore-contract.md "Back where the guest started").
    await browser.waitUntil(async () => (await browser.getUrl()) === `${server.origin}/`, { timeout: 15_000, timeoutMsg: 'never sent to /' });
    await watchErrors();
    await until(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"].in'), 'the signed-in icon');
    const changes = await recordedRequests(server.origin, '/bookcore/loyalty/ajax/password/recovery/change/');
    assert.equal(new URLSearchParams(changes.at(-1)?.body).get('password'), newPassword);
    assert.deepEqual(await pageErrors(), [], 'no page errors');
  });

  // The same pages on the reference Django bookcore (demo/django: its /hoteles/, /paquete/ and /hotel/ pages serve
  // the built dist/): member prices and <hotel-page> in WebKit against Django's answers and its CSRF check.
  describe('against the reference Django', () => {
    /** @type {Awaited<ReturnType<typeof startDjango>>} */
    let django;

    before(async () => {
      django = await startDjango();
    });

    after(async () => {
      await django?.stop();
    });

    it('a guest sees a member price on /hoteles/, joins from it and validates; back there signed in, the price and the cart are the member\'s, by keyboard', async () => {
      const from = django.log().length;
      await joinFromPriceAndBook({
        origin: django.origin,
        pages: { hotels: '/hoteles/', package: '/paquete/' },
        email: 'lucia.django@example.com',
        validationLink: async (email) =>
          (await readDjangoMailbox(django.origin)).find((each) => each.to === email)?.links.find((address) => address.includes('/bookcore/loyalty/validate/')),
      });
      assert.deepEqual(django.refusalsSince(from), [], 'no CSRF refusal');
    });

    for (const expected of HOTEL_PAGE_CASES) {
      it(`<hotel-page> ${expected.hotel} in ${expected.lang} on a Django page: every section, five schema.org documents`, async () => {
        const from = django.log().length;
        await open(`${django.origin}/hotel/?hotel=${expected.hotel}&lang=${expected.lang}`);
        const found = /** @type {Awaited<ReturnType<typeof readHotelPage>>} */ (await browser.execute(readHotelPage, { timeoutMs: 20_000, schemas: 5 }));
        for (const [name, section] of Object.entries(found.sections)) assert.equal(section.state, 'ready', name);
        assert.equal(found.sections['home']?.headings[0], expected.name);
        assert.equal(found.sections['rooms']?.headings[0], expected.rooms);
        assert.ok(found.rooms.includes(expected.room), found.rooms.join(', '));
        assert.deepEqual(found.schemas.map((schema) => `${schema.mark} ${schema.type}`).sort(), expectedSchemas(expected.hotel));
        assert.deepEqual(await pageErrors(), [], 'no uncaught error');
        // With Django's every request of the page, in order: which answer set or rotated the token before the refused
        // POST (seen once in 15 runs of this block beside five CPU hogs, HSIE: 'Forbidden (CSRF token missing or
        // incorrect.): /m2/ajax/schema/rooms', the page's four other schema POSTs accepted; cause not found yet).
        assert.deepEqual(django.refusalsSince(from), [], `no CSRF refusal; Django's log for this page:\n${django.log().slice(from).join('\n')}`);
      });
    }
  });
});
