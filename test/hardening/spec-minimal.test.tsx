/**
 * Spec-minimal answers (docs/reliability.md "Liberal decoders"): every answer of docs/bookcore-contract.md the widget reads, holding only what
 * docs/bookcore-contract.md names (test/fixtures/spec-minimal.json), served over real HTTP by the dev bookcore server's fault
 * switch, through the real elements. Fields docs/bookcore-contract.md does not name are optional; only a failed request,
 * `success: false` or a missing or empty `SIGNIN.form` hides the widget, and `loyalty-fail` says which.
 */
import { expect } from '@open-wc/testing';
import '../../elements/index';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { hasSessionFlag, takeSessionFlag } from '../../src/lib/session-flags';
import { addPackage, deletePackage, getBestUpgradableRoom, getUpgradableRooms, upgradeRoom } from '../../src/api/cart';
import { getLoyaltyAvailability } from '../../src/api/loyalty';
import { getPackageAvailability } from '../../src/api/packages';
import { injectFault, recordedRequests, resetServer } from '../api/dev-server';
import { buttonByText, control, eventually, fillIn, mountPage, panelAlert, part, removePages, STANDIN_SDKS, visibleSection, watchUncaught } from './support/widget-page';

const SETTINGS = '/bookcore/partempresas/loyalty/settings/';
const USER = '/bookcore/loyalty/ajax/user/';
const SIGNIN = '/bookcore/loyalty/ajax/signin/';
const DROP = '/bookcore/shopping-cart/drop/';
const CART = '/bookcore/shopping-cart/json/';
const ADD = '/bookcore/shopping-cart/add-package/';
const REMOVE = '/bookcore/shopping-cart/delete-package/';
const BEST_UPGRADE = '/bookcore/shopping-cart/best-upgradable-room/';
const UPGRADES = '/bookcore/shopping-cart/upgradable-room/json/*';
const UPGRADE = '/bookcore/shopping-cart/upgrade-room/';
const PACKAGE_AVAILABILITY = '/bookcore/packages/*';
const LOYALTY_AVAILABILITY = '/bookcore/availability/loyalty/*';

/** A date `days` from today, YYYY-MM-DD (UTC, as the server counts). */
function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function parts(element: Element, name: string): HTMLElement[] {
  return Array.from(element.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? []);
}

type Fixtures = Record<string, Record<string, unknown>>;
let fixtures: Fixtures;

/** A deep copy of a fixture with some top-level fields replaced. */
function fixture(name: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(structuredClone(fixtures[name]) as Record<string, unknown>), ...changes };
}

function settingsWith(changes: Record<string, unknown>): Record<string, unknown> {
  const base = fixture('settings');
  return { ...base, settings: { ...(base['settings'] as object), ...changes } };
}

async function serve(path: string, body: unknown, times = 1): Promise<void> {
  await injectFault({ path, status: 200, body, times });
}

/** Mounts the widget and waits for its start to be announced; resolves the announcement. */
async function start(markup: string): Promise<{ page: HTMLElement; type: string; detail: Record<string, unknown> }> {
  const announced: { type: string; detail: Record<string, unknown> }[] = [];
  const listener = (event: Event) => announced.push({ type: event.type, detail: (event as CustomEvent).detail });
  document.addEventListener('loyalty-ready', listener);
  document.addEventListener('loyalty-fail', listener);
  try {
    const page = mountPage(markup);
    expect(await eventually(() => announced.length > 0, 8000), 'the widget announced its start').to.equal(true);
    return { page, ...announced[0]! };
  } finally {
    document.removeEventListener('loyalty-ready', listener);
    document.removeEventListener('loyalty-fail', listener);
  }
}

const PANEL = `<loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`;

describe('spec-minimal answers (docs/bookcore-contract.md)', function () {
  this.timeout(30_000);
  let uncaught: ReturnType<typeof watchUncaught>;

  before(async () => {
    fixtures = (await (await fetch('/test/fixtures/spec-minimal.json')).json()) as Fixtures;
  });

  beforeEach(async () => {
    await resetServer();
    takeSessionFlag('loyalty_dropped_cart');
    uncaught = watchUncaught();
  });

  afterEach(() => {
    removePages();
    uncaught.stop();
    expect(uncaught.errors, 'uncaught errors').to.deep.equal([]);
  });

  const visitors: [string, unknown][] = [
    ['false', false],
    ['null', null],
    ['{}', {}],
    ['a user without a nombre', { nombre: '  ', apellidos: 'García' }],
  ];
  for (const [name, loggedIn] of visitors) {
    it(`loggedIn ${name} is a visitor: the widget starts, the sign-in form shows`, async () => {
      await serve(SETTINGS, fixture('settings', { loggedIn }));
      const { page, type, detail } = await start(PANEL);
      expect(type).to.equal('loyalty-ready');
      expect(detail).to.deep.equal({ loggedIn: false });
      const panel = page.querySelector('loyalty-panel')!;
      expect(await eventually(() => control(panel, 'email') && control(panel, 'password'), 8000), 'sign-in form').to.not.equal(false);
      expect(panel.hidden).to.equal(false);
    });
  }

  it('loggedIn shaped as docs/bookcore-contract.md (nombre, apellidos, info_personal, no userName) is a member', async () => {
    await serve(SETTINGS, fixture('settings', { loggedIn: fixtures['member'] }));
    const { page, type, detail } = await start(PANEL);
    expect(type).to.equal('loyalty-ready');
    expect(detail).to.deep.equal({ loggedIn: true });
    const panel = page.querySelector('loyalty-panel')!;
    expect(await eventually(() => panel.getAttribute('section') === 'SIGNIN_SUCCESS', 8000), 'SIGNIN_SUCCESS').to.equal(true);
    expect(await eventually(() => visibleSection(panel)?.textContent?.includes('Ana García López'), 8000), 'greets by full name').to.equal(true);
  });

  it('every part of the settings docs/bookcore-contract.md names, each at its smallest: no registered text, no greet, a null client id', async () => {
    await serve(SETTINGS, fixtures['settingsEveryNamedPart']);
    const { page, type } = await start(PANEL);
    expect(type).to.equal('loyalty-ready');
    const panel = page.querySelector('loyalty-panel')!;
    expect(await eventually(() => control(panel, 'email'), 8000), 'sign-in form').to.not.equal(false);
    // Google's client id is null: no Google button; Facebook's is given: its button shows with the configured text.
    expect(await eventually(() => buttonByText(panel, 'Entrar con Facebook'), 8000), 'facebook button').to.not.equal(false);
    expect(buttonByText(panel, 'Entrar con Google')).to.equal(null);
  });

  const missingParts: [string, Record<string, unknown>][] = [
    ['NOTIFICATIONS.messages without registered', { NOTIFICATIONS: { messages: { unregistered: { text: 'Únete' } } } }],
    ['NOTIFICATIONS.messages of the wrong type', { NOTIFICATIONS: { messages: 'Únete' } }],
    ['DROPPED_CART_NOTIFICATIONS without greet', { DROPPED_CART_NOTIFICATIONS: { title: 'T', ok: 'OK', text: 'X' } }],
    ['DROPPED_CART_NOTIFICATIONS with a null title', { DROPPED_CART_NOTIFICATIONS: { title: null } }],
    ['a TEXT_LOGIN_GOOGLE that is a number', { TEXT_LOGIN_GOOGLE: 7 }],
  ];
  for (const [name, changes] of missingParts) {
    it(`${name}: the part falls back on its own and the widget starts`, async () => {
      await serve(SETTINGS, settingsWith(changes));
      const { type, detail } = await start(PANEL);
      expect(type, JSON.stringify(detail)).to.equal('loyalty-ready');
    });
  }

  it('socialLogin.google.client_id null (facebook absent): no social button, the widget starts', async () => {
    await serve(SETTINGS, fixture('settings', { socialLogin: { google: { client_id: null } } }));
    const { page, type } = await start(PANEL);
    expect(type).to.equal('loyalty-ready');
    const panel = page.querySelector('loyalty-panel')!;
    expect(await eventually(() => control(panel, 'email'), 8000)).to.not.equal(false);
    expect(part(panel, 'social-google')).to.equal(null);
  });

  const refusals: [string, () => unknown, RegExp][] = [
    ['success: false', () => fixture('settings', { success: false }), /success: false/],
    ['no SIGNIN', () => ({ success: true, settings: {}, loggedIn: null }), /SIGNIN\.form is missing/],
    ['an empty SIGNIN.form', () => settingsWith({ SIGNIN: { form: [] } }), /SIGNIN\.form is empty/],
  ];
  for (const [name, body, reason] of refusals) {
    it(`${name} hides the widget and loyalty-fail says so`, async () => {
      await serve(SETTINGS, body());
      const { page, type, detail } = await start(PANEL);
      expect(type).to.equal('loyalty-fail');
      expect(String(detail['reason'])).to.match(reason);
      expect(page.querySelector('loyalty-panel')!.hidden).to.equal(true);
    });
  }

  it('signs in with {success, userName} and no user (reads the user), drops {deleted_elements: 2}, greets with built-in texts', async () => {
    const navigations: string[] = [];
    const restore = setPageNavigator({ assign: (url) => navigations.push(url), reload: () => navigations.push('reload') });
    try {
      await serve(SETTINGS, fixtures['settings']);
      const { page } = await start(PANEL);
      const panel = page.querySelector('loyalty-panel')!;
      expect(await eventually(() => control(panel, 'email'), 8000)).to.not.equal(false);
      await serve(SIGNIN, fixtures['signIn']);
      await serve(USER, fixtures['member']);
      await serve(DROP, fixtures['drop']);
      const logins: unknown[] = [];
      const onLogin = (event: Event) => logins.push((event as CustomEvent).detail);
      document.addEventListener('loyalty-login', onLogin);
      fillIn(control(panel, 'email')!, 'ana@example.com');
      fillIn(control(panel, 'password')!, 'Loyalty2026!');
      buttonByText(panel, 'Iniciar sesión')!.click();
      const done = await eventually(() => logins.length > 0 || panelAlert(panel) !== '', 8000);
      document.removeEventListener('loyalty-login', onLogin);
      expect(done, 'the sign-in ended').to.equal(true);
      expect(panelAlert(panel), 'no failure message').to.equal('');
      expect(logins).to.deep.equal([{ userName: 'ana@example.com' }]);
      // The section is reflected after the render that shows it: WebKit can hand the event over first.
      expect(await eventually(() => panel.getAttribute('section') === 'SIGNIN_SUCCESS', 8000), 'SIGNIN_SUCCESS').to.equal(true);
      expect(await eventually(() => navigations.length > 0, 8000), 'the page left').to.equal(true);
      expect(navigations).to.deep.equal(['reload']);
      expect(hasSessionFlag('loyalty_dropped_cart'), 'the dropped-cart dialog is due').to.equal(true);
    } finally {
      restore();
    }
    // The reloaded page: the member, and the dialog greeting by full name with the built-in texts.
    removePages();
    await serve(SETTINGS, fixture('settings', { loggedIn: fixtures['member'] }));
    const { page } = await start(PANEL);
    const icon = page.querySelector('loyalty-icon')!;
    const greeting = () => page.querySelector('loyalty-panel')!.shadowRoot?.querySelector('[part~="dropped-cart-greeting"]') ?? icon.shadowRoot?.querySelector('[part~="dropped-cart-greeting"]');
    expect(await eventually(greeting, 8000), 'dropped-cart dialog').to.not.equal(false);
    expect(greeting()!.textContent).to.equal('Hola, Ana García López');
  });

  it('a cart read answered {cod_error: "101", error} shows bookcore\'s text', async () => {
    await serve(CART, fixtures['cartFailure'], 10);
    const page = mountPage('<package-cart></package-cart>');
    const cart = page.querySelector('package-cart')!;
    const error = () => part(cart, 'cart-error')?.textContent ?? '';
    expect(await eventually(() => error() !== '', 8000), 'the cart shows a failure').to.equal(true);
    expect(error()).to.contain('Tu carrito ha caducado, vuelve a buscar.');
  });

  // Cart, package and hotel answers fail only on a cod_error that is there and not "000"
  // (docs/bookcore-contract.md, "Transport rules"): none of them needs one to succeed.
  const cartAndHotelCalls: [string, string, () => Promise<unknown>, (answer: Record<string, unknown>) => void][] = [
    ['addPackage', ADD, () => addPackage({ id_opc: 11, codhotel: 'HMAR', entrada: isoDaysFromNow(30), salida: '' }), (answer) => expect(answer['uuid']).to.equal(fixtures['addPackage']!['uuid'])],
    ['deletePackage', REMOVE, () => deletePackage({ uuid: 'line' }), (answer) => expect(answer).to.deep.equal({})],
    ['upgradeRoom', UPGRADE, () => upgradeRoom({ uuid: 'line', room_code: 'JS', board_code: 'AD' }), (answer) => expect(answer).to.deep.equal({})],
    ['bestUpgradableRoom', BEST_UPGRADE, () => getBestUpgradableRoom(), (answer) => expect(answer['room']).to.equal(null)],
    ['upgradableRooms', UPGRADES, () => getUpgradableRooms('line'), (answer) => expect(answer['rooms']).to.deep.equal([])],
    ['packageAvailability', PACKAGE_AVAILABILITY, () => getPackageAvailability({ packId: 1, checkIn: isoDaysFromNow(30) }), (answer) => expect((answer['options'] as unknown[]).length).to.equal(1)],
    ['loyaltyAvailability', LOYALTY_AVAILABILITY, () => getLoyaltyAvailability(), (answer) => expect(answer['hotels']).to.deep.equal(fixtures['loyaltyAvailability']!['hotels'])],
  ];
  for (const [name, path, call, check] of cartAndHotelCalls) {
    it(`${name} answered ${name === 'addPackage' ? '{uuid}' : 'without cod_error'} succeeds`, async () => {
      expect(fixtures[name], 'the fixture').to.be.an('object');
      expect(fixtures[name]).to.not.have.property('cod_error');
      await serve(path, fixtures[name]);
      check((await call()) as Record<string, unknown>);
    });
  }

  it('<package-cart>: options without cod_error list, an add answered {uuid} shows the line once and no error, upgrades {rooms: []} and a removal answered {} work', async () => {
    await serve(CART, fixtures['acknowledgement']);
    const page = mountPage('<package-cart data-package-id="1"></package-cart>');
    const cart = page.querySelector('package-cart')!;
    expect(await eventually(() => part(cart, 'empty'), 8000), 'the empty cart').to.not.equal(false);

    await serve(PACKAGE_AVAILABILITY, fixtures['packageAvailability']);
    part<HTMLInputElement>(cart, 'check-in')!.value = isoDaysFromNow(30);
    part(cart, 'search-button')!.click();
    expect(await eventually(() => parts(cart, 'option').length === 1, 8000), 'the option listed').to.equal(true);
    expect(part(cart, 'search-error')?.textContent ?? '').to.equal('');

    await serve(ADD, fixtures['addPackage']);
    await serve(CART, fixtures['cartWithTheLine'], 10);
    await serve(BEST_UPGRADE, fixtures['bestUpgradableRoom']);
    part<HTMLButtonElement>(cart, 'add')!.click();
    expect(await eventually(() => parts(cart, 'item').length === 1, 8000), 'the line added').to.equal(true);
    // The add settles after the cart read it waits for: the button is enabled again once it has.
    expect(await eventually(() => !part<HTMLButtonElement>(cart, 'add')!.disabled, 8000), 'the add settled').to.equal(true);
    expect(part(cart, 'option-error')?.textContent ?? '', 'no error beside the option').to.equal('');
    expect(part(cart, 'item-title')!.textContent, 'a line named by its hotel code when bookcore sends no name').to.contain('HMAR');
    expect(part(cart, 'item-price')!.textContent, 'a price sent as decimal text').to.match(/320,00/);
    expect(await recordedRequests(ADD), 'the add was sent once').to.have.length(1);

    await serve(UPGRADES, fixtures['upgradableRooms']);
    part(cart, 'upgrades-toggle')!.click();
    expect(await eventually(() => part(cart, 'upgrades-empty'), 8000), 'no upgrades, said so').to.not.equal(false);
    expect(part(cart, 'item-error')?.textContent ?? '', 'no error beside the line').to.equal('');

    await serve(REMOVE, fixtures['deletePackage']);
    await serve(CART, fixtures['acknowledgement']);
    part(cart, 'remove')!.click();
    expect(await eventually(() => part(cart, 'empty'), 8000), 'the line removed').to.not.equal(false);
    expect(part(cart, 'cart-error')?.textContent ?? '').to.equal('');
    expect(await recordedRequests(REMOVE), 'the removal was sent once').to.have.length(1);
  });

  it('a cart read answered {} is an empty cart', async () => {
    await serve(CART, fixtures['acknowledgement'], 10);
    const page = mountPage('<package-cart></package-cart>');
    const cart = page.querySelector('package-cart')!;
    expect(await eventually(() => part(cart, 'empty'), 8000), 'the empty cart').to.not.equal(false);
  });
});
