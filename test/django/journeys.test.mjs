// @ts-check
/**
 * The guest's journeys against the reference Django bookcore (demo/django, stock Django 3.2,
 * CsrfViewMiddleware on, nothing exempt), in real Chromium over real HTTP, in each CSRF setup a Django site
 * commonly runs (demo/django/bookcore_demo/settings.py, BOOKCORE_CSRF), and the recovery journey over HTTPS,
 * where Django 3.2 also checks the Referer of every POST. A journey fails on any 403 in Django's log while it
 * ran. The suite figure: journeys × setups passed.
 *
 * One Chromium for the suite, a fresh context (cookies) per journey, one Django per setup, setups in sequence.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { recordFigure } from '../../scripts/figures.mjs';
import { authSection, completeSignUp, formControl, withNavigation } from '../e2e/support.mjs';
import { CSRF_SETUPS, launchChromium, readMailbox, selfSignedCertificate, startDjango, utcDate } from './support.mjs';

const ANA = { email: 'ana@example.com', password: 'Loyalty2026!', nombre: 'Ana', apellidos: 'García López' };
const NEW_PASSWORD = 'Montaña-2027!';
const TIMEOUT_MS = 15_000;

/** @type {Awaited<ReturnType<typeof launchChromium>>} */
let chromium;
const tally = { passed: 0, run: 0 };

before(async () => {
  chromium = await launchChromium();
});

after(async () => {
  await chromium?.close();
  recordFigure('django', `${tally.passed} of ${tally.run} journeys × setups passed against Django 3.2 (5 CSRF setups + HTTPS)`, tally.run > 0 && tally.passed === tally.run);
});

/**
 * A page in a fresh context that records what the widget reports: `loyalty-ready`, `userLoginSuccess` (kept in
 * sessionStorage: the page reloads right after it), uncaught errors and console errors.
 * @param {string} url
 */
async function openPage(url) {
  const context = await chromium.newContext();
  await context.addInitScript(() => {
    /** @type {any} */ (window).__loyaltyReady = null;
    document.addEventListener('loyalty-ready', (event) => {
      /** @type {any} */ (window).__loyaltyReady = /** @type {CustomEvent} */ (event).detail;
    });
    document.addEventListener('userLoginSuccess', (event) => {
      sessionStorage.setItem('e2e-user-login', JSON.stringify(/** @type {CustomEvent} */ (event).detail));
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TIMEOUT_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  await ready(page);
  return { context, page, errors };
}

/** Waits for this document's `loyalty-ready` and returns its detail. */
async function ready(/** @type {import('playwright-core').Page} */ page) {
  await page.waitForFunction(() => /** @type {any} */ (window).__loyaltyReady !== null);
  return page.evaluate(() => /** @type {any} */ (window).__loyaltyReady);
}

const iconOf = (/** @type {import('playwright-core').Page} */ page) => page.locator('loyalty-icon [part="button"]');

/**
 * Signs in through the panel's SIGNIN form (opened by the page's `.open-loyalty` link, or the icon); per docs/loyalty-widget.md
 * "After sign-in" the page then reloads (or goes to its configured address).
 * @param {import('playwright-core').Page} page
 * @param {{ email: string, password: string }} member
 */
async function signInThroughPanel(page, member) {
  await iconOf(page).click();
  await authSection(page, 'PRE_SIGNUP').waitFor();
  await authSection(page, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
  const signIn = authSection(page, 'SIGNIN');
  await signIn.waitFor();
  await formControl(signIn, 'email').fill(member.email);
  await formControl(signIn, 'password').fill(member.password);
  await withNavigation(page, () => signIn.locator('[part~="submit"]').click());
  await ready(page);
  await page.locator('loyalty-icon [part="button"].in').waitFor();
}

/** Signs out from SIGNIN_SUCCESS; the page reloads as a visitor's. */
async function signOutThroughPanel(/** @type {import('playwright-core').Page} */ page) {
  await iconOf(page).click();
  const welcome = authSection(page, 'SIGNIN_SUCCESS');
  await welcome.waitFor();
  await withNavigation(page, () => welcome.locator('[part~="sign-out"]').click());
  await ready(page);
  await page.locator('loyalty-icon [part="button"].out').waitFor();
}

/** The dropped-cart dialog greets the member by full name; OK closes it. */
async function acknowledgeDroppedCart(/** @type {import('playwright-core').Page} */ page, /** @type {{ nombre: string, apellidos: string }} */ member) {
  const dialog = page.getByRole('dialog', { name: 'Hemos vaciado tu carrito' });
  await dialog.waitFor();
  assert.equal((await dialog.locator('[part~="dropped-cart-greeting"]').textContent())?.trim(), `Hola ${member.nombre} ${member.apellidos}`);
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * What the session's cart holds, asked from the page (its cookies) with a plain GET.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
async function cartSize(page) {
  return page.evaluate(async () => (await (await fetch('/bookcore/shopping-cart/json/')).json()).items.length);
}

/**
 * Puts a package in the session's cart from the page, as bookcore's own availability pages would: the token is
 * the one the settings view answers (every setup has it there).
 * @param {import('playwright-core').Page} page
 */
async function addPackageFromPage(page) {
  const added = await page.evaluate(
    async ({ checkIn }) => {
      const { csrfToken } = await (await fetch('/bookcore/partempresas/loyalty/settings/')).json();
      const body = new URLSearchParams({ id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
      const response = await fetch('/bookcore/shopping-cart/add-package/', { method: 'POST', headers: { 'X-CSRFToken': csrfToken }, body });
      return { status: response.status, body: await response.json() };
    },
    { checkIn: utcDate(30) },
  );
  assert.equal(added.body?.cod_error, '000', JSON.stringify(added));
}

/** Console errors a journey provokes on purpose (a refused sign-in answers 400, which Chromium logs). */
const expected400 = (/** @type {string} */ error) => error.includes('the server responded with a status of 400');

/**
 * The journeys, run in one Django.
 * @param {() => import('./support.mjs').Django} django
 * @param {string} setup
 */
function journeys(django, setup) {
  /** Django's log length when the journey started: its 403s are the journey's. */
  let logFrom = 0;
  /** @type {import('playwright-core').BrowserContext[]} */
  let contexts = [];
  let failed = false;

  beforeEach(() => {
    logFrom = django().log().length;
    contexts = [];
    failed = true;
    tally.run += 1;
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    const refusals = django().refusalsSince(logFrom);
    if (!failed && refusals.length === 0) tally.passed += 1;
    // Printed as well: when the journey itself failed first, node:test reports only its error.
    if (refusals.length > 0) console.error(`Django refused requests (${setup}):\n${refusals.join('\n')}`);
    assert.deepEqual(refusals, [], `Django refused requests (${setup}):\n${refusals.join('\n')}`);
  });

  /** @param {string} path */
  const open = async (path) => {
    const opened = await openPage(`${django().origin}${path}`);
    contexts.push(opened.context);
    return opened;
  };
  const passed = () => {
    failed = false;
  };

  it('sign-up → validation link (signed in, back home) → sign-out → sign-in → cart drop → userLoginSuccess → greeting', async () => {
    const member = { nombre: 'Elena', apellidos: 'Martín Ruiz', email: `elena.${setup}@example.com`, password: 'Playa-2026!' };
    const { page, errors } = await open('/');
    await iconOf(page).click();
    await authSection(page, 'PRE_SIGNUP').waitFor();
    await page.locator('loyalty-panel [part~="sign-up-with-email"]').click();
    const signUp = authSection(page, 'SIGNUP');
    await signUp.waitFor();
    await completeSignUp(page, member, { country: 'PT' });

    const mails = (await readMailbox(django().origin)).filter((mail) => mail.to === member.email);
    assert.equal(mails.length, 1, 'one validation mail');
    const link = mails[0]?.links.find((address) => address.includes('/bookcore/loyalty/validate/'));
    assert.ok(link, `a validation link in ${JSON.stringify(mails[0])}`);
    // The link signs the member in and goes back to the page the sign-up started from, which says so once
    // (docs/bookcore-contract.md "Back where the guest started").
    await page.goto(link);
    assert.equal(page.url(), `${django().origin}/`);
    assert.deepEqual(await ready(page), { loggedIn: true });
    await page.locator('loyalty-icon [part="button"].in').waitFor();
    await page.waitForFunction(() => sessionStorage.getItem('e2e-user-login') !== null);
    assert.deepEqual(JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-user-login'))) ?? 'null'), { userName: member.email });
    await signOutThroughPanel(page);
    await page.evaluate(() => sessionStorage.removeItem('e2e-user-login'));

    await addPackageFromPage(page);
    assert.equal(await cartSize(page), 1);

    await signInThroughPanel(page, member);
    assert.deepEqual(JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-user-login'))) ?? 'null'), { userName: member.email });
    await acknowledgeDroppedCart(page, member);
    assert.equal(await cartSize(page), 0, 'the cart was dropped after the sign-in');
    await iconOf(page).click();
    const welcome = authSection(page, 'SIGNIN_SUCCESS');
    await welcome.waitFor();
    assert.equal((await welcome.getByRole('heading').first().textContent())?.trim(), `Hola, ${member.nombre} ${member.apellidos}`);
    assert.deepEqual(errors, []);
    passed();
  });

  it('page load (the widget starts as a visitor, no errors), then a wrong password: the message, the e-mail kept', async () => {
    const { page, errors } = await open('/');
    // The page load as it starts every journey, checked once here (it was a journey of its own, which then only
    // loaded the page: every journey below starts with this load).
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__loyaltyReady), { loggedIn: false });
    await page.locator('loyalty-icon [part="button"].out').waitFor();
    assert.deepEqual(errors, [], 'no error on the page load');
    await page.locator('.open-loyalty').click();
    const signIn = authSection(page, 'SIGNIN');
    await signIn.waitFor();
    await formControl(signIn, 'email').fill(ANA.email);
    await formControl(signIn, 'password').fill('not-the-password');
    await signIn.locator('[part~="submit"]').click();
    await page.locator('loyalty-panel [part~="panel-message"][role="alert"]').filter({ hasText: /no son correctos/ }).waitFor();
    assert.equal(await page.locator('loyalty-panel').getAttribute('section'), 'SIGNIN');
    assert.equal(await formControl(authSection(page, 'SIGNIN'), 'email').inputValue(), ANA.email);
    assert.deepEqual(errors.filter((error) => !expected400(error)), []);
    passed();
  });

  it('package page: add, sign in, add as member, upgrade, delete, sign out', async () => {
    const { page, errors } = await open('/paquete/');
    const cart = page.locator('package-cart');
    await cart.locator('[part~="empty"]').waitFor();
    const search = async () => {
      await cart.locator('[part~="check-in"]').fill(utcDate(30));
      await cart.locator('[part~="search-button"]').click();
      await cart.locator('[part~="option"]').first().waitFor();
    };
    await search();
    await cart.locator('[part~="option"]').first().locator('[part~="add"]').click();
    await cart.locator('[part~="item"]').first().waitFor();

    await signInThroughPanel(page, ANA);
    await acknowledgeDroppedCart(page, ANA);
    await cart.locator('[part~="empty"]').waitFor();

    await search();
    await cart.locator('[part~="option"]').first().locator('[part~="add"]').click();
    const item = cart.locator('[part~="item"]').first();
    await item.waitFor();
    const before = await item.locator('[part~="item-price"]').textContent();
    await item.locator('[part~="upgrades-toggle"]').click();
    await item.locator('[part~="upgrade"]').first().waitFor();
    await item.locator('[part~="upgrade-button"]').first().click();
    await cart.locator('[part~="upgrade"]').first().waitFor({ state: 'detached' });
    await page.waitForFunction(
      (previous) => document.querySelector('package-cart')?.shadowRoot?.querySelector('[part~="item-price"]')?.textContent !== previous,
      before,
    );
    await item.locator('[part~="remove"]').click();
    await cart.locator('[part~="empty"]').waitFor();
    assert.equal(await cartSize(page), 0);

    await signOutThroughPanel(page);
    assert.deepEqual(errors, []);
    passed();
  });

  // Sign-out: the member signs out, and the session is a visitor's. (It was a journey of its own, a sign-in then a
  // sign-out from the home page; this one signs Ana in and out through the panel too, on /paquete/, and checks it.)
  it("the host page's own {% csrf_token %} form after sign-in and after sign-out; after the sign-out the session is a visitor's", async () => {
    const { page, errors } = await open('/paquete/');
    const submitHostForm = async (/** @type {string} */ text) => {
      await page.locator('form.host-form input[name="mensaje"]').fill(text);
      await withNavigation(page, () => page.locator('form.host-form button[type="submit"]').click());
      assert.equal(new URL(page.url()).pathname, '/contacto/');
      assert.equal((await page.locator('.host-form-sent').textContent())?.trim(), 'Mensaje recibido');
      await page.goto(`${django().origin}/paquete/`);
      await ready(page);
    };
    await signInThroughPanel(page, ANA);
    await submitHostForm('después de entrar');
    await page.locator('loyalty-icon [part="button"].in').waitFor();
    await signOutThroughPanel(page);
    // The user view answers `{}` for a visitor (plus the CSRF token it hands out).
    const user = await page.evaluate(async () => (await fetch('/bookcore/loyalty/ajax/user/')).json());
    assert.deepEqual(Object.keys(user).filter((key) => key !== 'csrfToken'), [], 'signed out: the session is a visitor\'s');
    await submitHostForm('después de salir');
    await page.locator('loyalty-icon [part="button"].out').waitFor();
    assert.deepEqual(errors, []);
    passed();
  });

  it('recovery mail → change page → change (signed in) → back where it started', async () => {
    await recoveryJourney(django(), open);
    passed();
  });
}

/**
 * Recovery (last: it changes Ana's password).
 * @param {import('./support.mjs').Django} django
 * @param {(path: string) => ReturnType<typeof openPage>} open
 * @param {string} [ca] the certificate to trust when reading the mailbox over HTTPS
 */
async function recoveryJourney(django, open, ca) {
  const { page, errors } = await open('/');
  await page.locator('.open-loyalty').click();
  const signIn = authSection(page, 'SIGNIN');
  await signIn.waitFor();
  await signIn.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
  const recovery = authSection(page, 'PASS_RECOVERY');
  await recovery.waitFor();
  await formControl(recovery, 'email').fill(ANA.email);
  await recovery.locator('[part~="submit"]').click();
  await authSection(page, 'PASS_RECOVERY_EMAIL').waitFor();

  const mails = (await readMailbox(django.origin, ca)).filter((mail) => mail.to === ANA.email);
  assert.equal(mails.length, 1, 'one recovery mail');
  const link = mails[0]?.links.find((address) => address.includes('/bookcore/password/cambiar/'));
  assert.ok(link?.startsWith(`${django.origin}/`), `a password-change link on this origin in ${JSON.stringify(mails[0])}`);
  await page.goto(link);
  const change = authSection(page, 'PASS_RECOVERY_CHANGE');
  await change.waitFor();
  await formControl(change, 'password').fill(NEW_PASSWORD);
  await formControl(change, 'password2').fill(NEW_PASSWORD);
  // Django signs the member in with the change, and the change page goes back to where the recovery started
  // (docs/bookcore-contract.md "Back where the guest started").
  await withNavigation(page, () => change.locator('[part~="submit"]').click());
  assert.equal(page.url(), `${django.origin}/`, 'the change page sends the member back to the page the recovery started from');
  await ready(page);
  await page.locator('loyalty-icon [part="button"].in').waitFor();
  assert.deepEqual(errors, []);
}

// DJANGO_SETUPS=default,sessions (and https) runs only those, while working on one.
const only = process.env.DJANGO_SETUPS?.split(',');
const chosen = (/** @type {string} */ setup) => !only || only.includes(setup);

for (const setup of CSRF_SETUPS.filter(chosen)) {
  describe(`Django 3.2, CSRF setup "${setup}"`, () => {
    /** @type {import('./support.mjs').Django} */
    let django;
    before(async () => {
      django = await startDjango({ csrf: setup });
    });
    after(async () => {
      await django?.stop();
    });
    journeys(() => django, setup);
  });
}

describe('Django 3.2 over HTTPS (Referer checked on POSTs), default CSRF setup', { skip: !chosen('https') }, () => {
  /** @type {import('./support.mjs').Django} */
  let django;
  /** @type {ReturnType<typeof selfSignedCertificate>} */
  let certificate;
  /** @type {import('playwright-core').BrowserContext[]} */
  const contexts = [];
  let logFrom = 0;
  before(async () => {
    certificate = selfSignedCertificate();
    django = await startDjango({ https: certificate });
  });
  after(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await django?.stop();
    certificate?.remove();
  });

  it('recovery mail → change page → change → sign-in with the new password, over HTTPS', async () => {
    assert.match(django.origin, /^https:/);
    logFrom = django.log().length;
    tally.run += 1;
    try {
      await recoveryJourney(django, async (path) => {
        const opened = await openPage(`${django.origin}${path}`);
        contexts.push(opened.context);
        return opened;
      }, certificate.pem);
    } finally {
      const refusals = django.refusalsSince(logFrom);
      assert.deepEqual(refusals, [], `Django refused requests (HTTPS):\n${refusals.join('\n')}`);
    }
    tally.passed += 1;
  });
});
