/**
 * The fault matrix (docs/reliability.md): every call the widget makes × every way a backend or a network fails,
 * through the real elements on the page and real HTTP to the dev bookcore server.
 *
 * Each case drives the widget to make the call with the fault injected and asks:
 * - no uncaught error and no unhandled rejection;
 * - a clear message, one of the widget's own Spanish texts, where the guest acted: in the panel, or in the cart
 *   beside the option or item concerned (a settings failure instead hides the widget and fires `loyalty-fail`,
 *   docs/loyalty-widget.md; a call the guest did not make, the user or the best upgrade, shows nothing);
 * - every value the guest typed, ticked or chose still there (dates, the options found, the upgrades listed);
 * - the widget usable afterwards: with the fault cleared, the same action succeeds.
 */
import '../../elements/index';
import { pageRuntime } from '../../src/core/runtime';
import { waitUntil } from '../support/wait-until';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { addPackageThroughApi, injectFault, mailedRecoveryToken, primeCsrfCookie, recordedRequests, resetServer, type Fault } from '../api/dev-server';
import { reportFigure } from '../support/figures';
import {
  buttonByText,
  control,
  eventually,
  fillIn,
  formError,
  isSpanishCatalogueText,
  mountPage,
  pageTimings,
  observeFetches,
  panelAlert,
  part,
  pause,
  removePages,
  STANDIN_SDKS,
  visibleSection,
  watchUncaught,
  type ObservedFetch,
} from './support/widget-page';

const FAULTS = [
  'HTTP 500',
  'HTTP 503',
  'HTTP 403',
  'hang past the timeout',
  'malformed JSON',
  'wrong shape',
  'dropped connection',
  // Once, a POST answered with a 307 to another origin was followed with the CSRF header and the password.
  'HTTP 307 to another origin',
] as const;
type FaultName = (typeof FAULTS)[number];

/**
 * The client timeout of the hanging call while a hang is injected. Only the calls to the hanging path take it
 * (the others keep the widget's own timeout), so a busy machine's slow answer to another call is no timeout; what
 * is tested is what a timeout shows, not how long it took, so a short one does.
 */
const HANG_TIMEOUT_MS = 300;

/**
 * The GETs' back-off unit in this file: a failing GET is still tried three times (the retries are part of what a
 * fault shows), 10 + 20 ms apart instead of 150 + 300 ms (src/api/http.ts DEFAULT_RETRY_DELAY_MS).
 */
const RETRY_DELAY_MS = 10;

/** How long the widget may take to react to a fault (a hang's timeout, a GET's retries). */
const REACTION_MS = 5000;

/**
 * The runner gives a test file six minutes (web-test-runner.config.mjs `testsFinishTimeout`). A broken widget
 * makes every case wait out its timeouts, so past this budget the remaining cases are counted as failures without
 * running, and the file still reports. The budget leaves room for a file sharing 2 cores with other files and
 * engines (`npm test` runs them side by side).
 */
const BUDGET_MS = 320_000;

/**
 * The page's origin under its other loopback name: another origin to the browser, served by the same dev server,
 * so a request that followed a redirect there shows in its request log (with that host).
 */
function otherOrigin(): URL {
  const url = new URL(location.origin);
  url.hostname = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return url;
}

function faultSpec(name: FaultName, path: string, wrongShape: unknown): Fault {
  switch (name) {
    case 'HTTP 500':
      // The dev server's default body: {"detail": "Injected fault (500)"}, English, as Django's JSON errors are.
      return { path, status: 500 };
    case 'HTTP 503':
      // A proxy's HTML page, as a restarting server answers.
      return { path, status: 503, body: '<html><body><h1>503 Service Unavailable</h1></body></html>', contentType: 'text/html; charset=utf-8' };
    case 'HTTP 403':
      return { path, status: 403, body: { detail: 'CSRF verification failed. Request aborted.' } };
    case 'hang past the timeout':
      return { path, hang: true };
    case 'malformed JSON':
      return { path, status: 200, body: '{"success": tru' };
    case 'wrong shape':
      return { path, status: 200, body: wrongShape };
    case 'dropped connection':
      return { path, drop: true };
    case 'HTTP 307 to another origin':
      // To the same call there (a path pattern's fixed part), so a followed request meets the fault again.
      return { path, status: 307, location: `${otherOrigin().origin}${path.replace(/\*$/, '')}`, body: '' };
  }
}

type Navigation = { kind: 'assign'; url: string } | { kind: 'reload' };

/** Stops a case: something it needs did not happen, so the rest cannot be checked. */
class CaseStopped extends Error {}

/** The page's calls take the default timeout again, those of the page mounted already too. */
function restoreTimeout(): void {
  delete pageTimings.timeoutFor;
  delete pageRuntime().transport.timeoutFor;
}

/** One call × one fault in progress. */
class Case {
  readonly problems: string[] = [];
  readonly navigations: Navigation[] = [];
  readonly fetches: ObservedFetch[];

  constructor(
    readonly fault: FaultName,
    private readonly path: string,
    private readonly wrongShape: unknown,
    fetches: ObservedFetch[],
  ) {
    this.fetches = fetches;
  }

  /** Registers the fault on the call's path, with the short client timeout for a hang. */
  async inject(): Promise<void> {
    await injectFault(faultSpec(this.fault, this.path, this.wrongShape));
    if (this.fault === 'hang past the timeout') {
      const path = this.path;
      const hanging = (url: string) => {
        const { pathname } = new URL(url, location.href);
        return path.endsWith('*') ? pathname.startsWith(path.slice(0, -1)) : pathname === path;
      };
      const timeoutFor = (url: string) => (hanging(url) ? HANG_TIMEOUT_MS : undefined);
      // The pages mounted from now on, and the one mounted already: its transport took the timings when it was
      // made, and without the short timeout the hanging call (a sign-in's cart drop, say) would outlive the case
      // and then move the test page with the browser's own navigator.
      pageTimings.timeoutFor = timeoutFor;
      pageRuntime().transport.timeoutFor = timeoutFor;
    }
  }

  /** Clears every fault and puts the client timeout back. */
  async clear(): Promise<void> {
    await fetch('/__dev/faults', { method: 'DELETE' });
    restoreTimeout();
  }

  /** Records a problem unless `ok`. */
  check(ok: boolean, problem: string): void {
    if (!ok) this.problems.push(problem);
  }

  /** Records a problem and stops the case unless `ok`. */
  need(ok: boolean, problem: string): void {
    if (!ok) {
      this.problems.push(problem);
      throw new CaseStopped(problem);
    }
  }

  /** The outcome of the newest page fetch of a path since `from`. */
  lastOutcome(path: string, from = 0): number | 'failed' | 'none' {
    return this.fetches.slice(from).filter((seen) => seen.path === path).at(-1)?.outcome ?? 'none';
  }

  finish(): void {
    restoreTimeout();
  }
}

interface Call {
  name: string;
  path: string;
  wrongShape: unknown;
  run(c: Case): Promise<void>;
}

const SETTINGS = '/bookcore/partempresas/loyalty/settings/';
const USER = '/bookcore/loyalty/ajax/user/';
const SIGNIN = '/bookcore/loyalty/ajax/signin/';
const SIGNUP = '/bookcore/loyalty/ajax/signup/';
const RECOVERY = '/bookcore/loyalty/ajax/password/recovery/';
const CHANGE = '/bookcore/loyalty/ajax/password/recovery/change/';
const CHECK_USER = '/bookcore/partempresas/loyalty/social/check-user/';
const SOCIAL_SIGNIN = '/bookcore/partempresas/login-particular-integracion/';
const DROP = '/bookcore/shopping-cart/drop/';
const CART = '/bookcore/shopping-cart/json/';
const AVAILABILITY = '/bookcore/packages/1/availability/';
const ADD_PACKAGE = '/bookcore/shopping-cart/add-package/';
const DELETE_PACKAGE = '/bookcore/shopping-cart/delete-package/';
const UPGRADE_ROOM = '/bookcore/shopping-cart/upgrade-room/';
const UPGRADABLE_ROOMS = '/bookcore/shopping-cart/upgradable-room/json/';
const BEST_UPGRADE = '/bookcore/shopping-cart/best-upgradable-room/';
const LOGOUT = '/bookcore/partempresas/ajax/logout/';

const PASSWORD = 'Loyalty2026!';

type StandinWindow = Window & { __standinSocialUser?: string };

/** A date `days` from today, YYYY-MM-DD (UTC, as the server counts). */
function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Captures `loyalty-ready` and `loyalty-fail` on the document. */
function captureStart(): { events: string[]; stop: () => void } {
  const events: string[] = [];
  const listener = (event: Event) => events.push(event.type);
  document.addEventListener('loyalty-ready', listener);
  document.addEventListener('loyalty-fail', listener);
  return {
    events,
    stop: () => {
      document.removeEventListener('loyalty-ready', listener);
      document.removeEventListener('loyalty-fail', listener);
    },
  };
}

/** An inline `<loyalty-panel>` at a section, once that section shows. */
async function panelAt(c: Case, section: string, attributes = ''): Promise<HTMLElement> {
  const container = mountPage(`<loyalty-panel data-active-section="${section}" ${STANDIN_SDKS} ${attributes}></loyalty-panel>`);
  const panel = container.querySelector<HTMLElement>('loyalty-panel')!;
  c.need(
    await eventually(() => panel.getAttribute('section') === section && visibleSection(panel)?.querySelector('h2'), REACTION_MS),
    `the panel never showed ${section}`,
  );
  return panel;
}

async function typeFields(c: Case, panel: HTMLElement, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const input = control(panel, name);
    c.need(input !== null, `no ${name} field`);
    fillIn(input!, value);
  }
}

function tick(c: Case, panel: HTMLElement, names: readonly string[]): void {
  for (const name of names) {
    const box = control(panel, name);
    c.need(box !== null, `no ${name} checkbox`);
    if (!box!.checked) box!.click();
  }
}

function clickButton(c: Case, element: Element, text: string): void {
  const button = buttonByText(element, text);
  c.need(button !== null, `no "${text}" button`);
  button!.click();
}

/**
 * After a failed panel action: a Spanish message, the guest back where they acted, everything typed or ticked
 * still there, no navigation.
 */
async function expectPanelFailure(
  c: Case,
  panel: HTMLElement,
  section: string,
  typed: Record<string, string>,
  ticked: readonly string[] = [],
  navigationsBefore = 0,
): Promise<void> {
  const shown = await eventually(() => panelAlert(panel) !== '' || formError(panel) !== '', REACTION_MS);
  c.need(shown, `no message shown (panel at ${panel.getAttribute('section')})`);
  await eventually(() => panel.getAttribute('section') === section, 1000);
  const message = panelAlert(panel) || formError(panel);
  c.check(isSpanishCatalogueText(message), `message "${message}" is not one of the widget's Spanish texts`);
  c.check(panel.getAttribute('section') === section, `the panel moved to ${panel.getAttribute('section')} instead of staying at ${section}`);
  for (const [name, value] of Object.entries(typed)) {
    const now = control(panel, name)?.value;
    c.check(now === value, `${name} lost: "${now ?? '(no field)'}" instead of "${value}"`);
  }
  for (const name of ticked) c.check(control(panel, name)?.checked === true, `${name} no longer ticked`);
  c.check(c.navigations.length === navigationsBefore, 'the page navigated');
}

/** Waits for a successful retry. */
async function expectRetry(c: Case, done: () => unknown, what: string): Promise<void> {
  c.check(await eventually(done, REACTION_MS), `retry with the fault cleared: ${what} never happened`);
}

async function signInThroughPanel(c: Case, panel: HTMLElement, email = 'ana@example.com'): Promise<void> {
  await typeFields(c, panel, { email, password: PASSWORD });
  clickButton(c, panel, 'Iniciar sesión');
}

function signedIn(c: Case, panel: HTMLElement, navigations: number): () => boolean {
  return () => c.navigations.length === navigations && panel.getAttribute('section') === 'SIGNIN_SUCCESS';
}

/** A recovery link's uid and token for Ana, as the mailbox has it. */
/** Adds a package option to this session's cart on the dev bookcore, as a guest did on an earlier page. */
async function addLineThroughApi(c: Case): Promise<void> {
  try {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
  } catch (error) {
    c.need(false, String(error));
  }
}

/** The elements of a part inside the cart's shadow root. */
function cartParts(cart: Element, name: string): HTMLElement[] {
  return Array.from(cart.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? []);
}

/** A `<package-cart>` showing the session's one line (added through the API) and its best upgrade. */
async function cartWithLine(c: Case, attributes = ''): Promise<HTMLElement> {
  await addLineThroughApi(c);
  const page = mountPage(`<package-cart ${attributes}></package-cart>`);
  const cart = page.querySelector<HTMLElement>('package-cart')!;
  c.need(
    await eventually(() => part(cart, 'cart')?.getAttribute('data-state') === 'ready' && cartParts(cart, 'item').length === 1 && part(cart, 'best-upgrade'), REACTION_MS),
    `the cart never showed its line and offer (${part(cart, 'cart')?.getAttribute('data-state') ?? 'unrendered'})`,
  );
  return cart;
}

/** Every alert text the cart shows, joined. */
function cartAlerts(cart: Element): string {
  return Array.from(cart.shadowRoot?.querySelectorAll('[role="alert"]') ?? [])
    .map((alert) => alert.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' | ');
}

/** After a failed cart action: a Spanish message beside what it concerned, and nothing else on the cart changed. */
async function expectCartFailure(c: Case, cart: Element, errorPart: string, where: () => Element | null): Promise<void> {
  c.need(await eventually(() => (where()?.querySelector(`[part~="${errorPart}"]`)?.textContent ?? '') !== '', REACTION_MS), `no message shown in ${errorPart}`);
  const message = where()?.querySelector(`[part~="${errorPart}"]`)?.textContent ?? '';
  c.check(isSpanishCatalogueText(message), `message "${message}" is not one of the widget's Spanish texts`);
  c.check(where()?.querySelector(`[part~="${errorPart}"]`)?.getAttribute('role') === 'alert', `${errorPart} is not announced (role="alert")`);
  c.check(cartAlerts(cart) === message.trim(), `other messages on the cart: "${cartAlerts(cart)}"`);
  c.check(part(cart, 'cart')?.getAttribute('data-state') === 'ready', `the cart went ${part(cart, 'cart')?.getAttribute('data-state')}`);
}

/**
 * After a redirect to another origin, for a call made by POST: nothing reached that origin, neither the POST with
 * the CSRF header and the password nor a CORS preflight for it. (A GET may follow; the other origin's missing CORS
 * headers then fail it as a network error.)
 */
async function expectPostRedirectNotFollowed(c: Case, path: string): Promise<void> {
  const prefix = path.replace(/\*$/, '');
  if (!c.fetches.some((seen) => seen.method === 'POST' && (path.endsWith('*') ? seen.path.startsWith(prefix) : seen.path === path))) return;
  const elsewhere = (await recordedRequests(path)).filter((request) => request.headers['host'] === otherOrigin().host);
  c.check(elsewhere.length === 0, `the POST's redirect was followed to ${otherOrigin().origin}: ${elsewhere.map((request) => request.method).join(', ')}`);
}

/** Waits for a pending button to be usable again (the action's request ended). */
async function usable(c: Case, button: () => HTMLButtonElement | null | undefined, what: string): Promise<void> {
  c.need(await eventually(() => button()?.disabled === false, REACTION_MS), `${what} stays disabled`);
}

/**
 * Waits until every fetch of a path the page made has ended and none followed for `quietMs` (retries included: the
 * longest back-off between two attempts is 2 × {@link RETRY_DELAY_MS}, well inside it).
 */
async function callsSettled(c: Case, path: string, from: number, quietMs = 250): Promise<boolean> {
  const seen = () => c.fetches.slice(from).filter((fetched) => fetched.path === path);
  for (const end = Date.now() + REACTION_MS; Date.now() < end; ) {
    if (seen().length > 0 && seen().every((fetched) => fetched.settled)) {
      const count = seen().length;
      await pause(quietMs);
      if (seen().length === count && seen().every((fetched) => fetched.settled)) return true;
    } else {
      await pause(20);
    }
  }
  return false;
}

/**
 * Lets what a case started end before its watchers stop: every fetch the page made has settled (a hang's timeout, a
 * GET's retries; at most a second), then a moment for a late error or rejection to be reported. (A fixed 50 ms
 * after each of the 136 cases waited whether anything was left or not.)
 */
async function settledCase(c: Case): Promise<void> {
  for (const end = Date.now() + 1000; Date.now() < end && c.fetches.some((fetched) => !fetched.settled); ) await pause(10);
  await pause(10);
}

const CALLS: Call[] = [
  {
    name: 'settings',
    path: SETTINGS,
    wrongShape: { success: true, settings: { SIGNIN: { form: 'email, password' } }, loggedIn: null },
    async run(c) {
      const capture = captureStart();
      try {
        await c.inject();
        const page = mountPage(`<loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip><loyalty-panel ${STANDIN_SDKS}></loyalty-panel>`);
        c.need(await eventually(() => capture.events.length > 0, REACTION_MS), 'the widget announced nothing');
        await pause(50);
        c.check(capture.events.join() === 'loyalty-fail', `announced ${capture.events.join(', ')} instead of loyalty-fail once`);
        for (const element of page.querySelectorAll<HTMLElement>('loyalty-icon, loyalty-tooltip, loyalty-panel')) {
          c.check(element.hidden === true, `${element.localName} still shown`);
        }
        page.remove();

        // The next page load, with the backend back.
        await c.clear();
        capture.events.length = 0;
        const next = mountPage(`<loyalty-icon></loyalty-icon><loyalty-panel ${STANDIN_SDKS}></loyalty-panel>`);
        await expectRetry(c, () => capture.events.length > 0, 'an announcement');
        c.check(capture.events.join() === 'loyalty-ready', `the next page announced ${capture.events.join(', ')}`);
        const icon = next.querySelector('loyalty-icon')!;
        c.check(await eventually(() => part(icon, 'button')?.classList.contains('out'), REACTION_MS), 'the next page shows no icon');
        c.check(!next.querySelector<HTMLElement>('loyalty-panel')!.hidden, 'the next page hides the panel');
      } finally {
        capture.stop();
      }
    },
  },
  {
    name: 'user',
    path: USER,
    wrongShape: { userName: 42, nombre: ['Ana'] },
    async run(c) {
      const capture = captureStart();
      try {
        await c.inject();
        const page = mountPage(`<loyalty-icon></loyalty-icon><loyalty-panel ${STANDIN_SDKS}></loyalty-panel>`);
        // Settings carry the session; without the user call the visitor is still served, as anonymous.
        c.need(await eventually(() => capture.events.length > 0, REACTION_MS), 'the widget announced nothing');
        c.check(capture.events.join() === 'loyalty-ready', `announced ${capture.events.join(', ')} instead of loyalty-ready`);
        const icon = page.querySelector('loyalty-icon')!;
        const panel = page.querySelector<HTMLElement>('loyalty-panel')!;
        c.check(!icon.hasAttribute('hidden') && !panel.hidden, 'an element hid itself');
        c.need(await eventually(() => part(icon, 'button')?.classList.contains('out'), REACTION_MS), 'no logged-out icon');
        part(icon, 'button')!.click();
        c.check(await eventually(() => panel.getAttribute('section') === 'PRE_SIGNUP' && visibleSection(panel), REACTION_MS), 'the icon did not open the panel');
        c.check(panelAlert(panel) === '', `a message the guest did not ask for: "${panelAlert(panel)}"`);
        page.remove();

        await c.clear();
        capture.events.length = 0;
        const from = c.fetches.length;
        const next = mountPage(`<loyalty-icon></loyalty-icon><loyalty-panel ${STANDIN_SDKS}></loyalty-panel>`);
        await expectRetry(c, () => capture.events.join() === 'loyalty-ready' && c.lastOutcome(USER, from) === 200, 'a page load with the user answered');
        next.remove();
      } finally {
        capture.stop();
      }
    },
  },
  {
    name: 'sign-in',
    path: SIGNIN,
    wrongShape: { success: true, userName: 'ana@example.com', user: 'Ana García López' },
    async run(c) {
      const panel = await panelAt(c, 'SIGNIN');
      await typeFields(c, panel, { email: 'ana@example.com', password: PASSWORD });
      await c.inject();
      clickButton(c, panel, 'Iniciar sesión');
      await expectPanelFailure(c, panel, 'SIGNIN', { email: 'ana@example.com', password: PASSWORD });
      await c.clear();
      clickButton(c, panel, 'Iniciar sesión');
      await expectRetry(c, signedIn(c, panel, 1), 'the sign-in');
    },
  },
  {
    name: 'sign-up',
    path: SIGNUP,
    wrongShape: { success: 'ok' },
    async run(c) {
      const panel = await panelAt(c, 'SIGNUP');
      const typed = { nombre: 'Eva', apellidos: 'Núñez Sol', email: 'eva.nunez@example.com', password: 'Segura2026!' };
      await typeFields(c, panel, typed);
      // The consent checkbox is a lazy part of SIGNUP: it may arrive a moment after the text fields.
      await waitUntil(() => control(panel, 'politica') !== null, 'the politica checkbox', { timeout: 5000 }).catch(() => undefined);
      tick(c, panel, ['politica', 'newsletter']);
      await c.inject();
      clickButton(c, panel, 'Crear cuenta');
      await expectPanelFailure(c, panel, 'SIGNUP', typed, ['politica', 'newsletter']);
      await c.clear();
      clickButton(c, panel, 'Crear cuenta');
      await expectRetry(c, () => panel.getAttribute('section') === 'SIGNUP_SUCCESS', 'SIGNUP_SUCCESS');
    },
  },
  {
    name: 'recovery e-mail',
    path: RECOVERY,
    wrongShape: { success: 'ok' },
    async run(c) {
      const panel = await panelAt(c, 'PASS_RECOVERY');
      await typeFields(c, panel, { email: 'ana@example.com' });
      await c.inject();
      clickButton(c, panel, 'Enviar enlace');
      await expectPanelFailure(c, panel, 'PASS_RECOVERY', { email: 'ana@example.com' });
      await c.clear();
      clickButton(c, panel, 'Enviar enlace');
      await expectRetry(c, () => panel.getAttribute('section') === 'PASS_RECOVERY_EMAIL', 'PASS_RECOVERY_EMAIL');
    },
  },
  {
    name: 'password change',
    path: CHANGE,
    wrongShape: { success: 'ok' },
    async run(c) {
      const { uid, token } = await mailedRecoveryToken();
      const panel = await panelAt(c, 'PASS_RECOVERY_CHANGE', `data-token-uid="${uid}" data-token-password="${token}"`);
      const typed = { password: 'Nueva2026!', password2: 'Nueva2026!' };
      await typeFields(c, panel, typed);
      await c.inject();
      clickButton(c, panel, 'Cambiar la contraseña');
      await expectPanelFailure(c, panel, 'PASS_RECOVERY_CHANGE', typed);
      await c.clear();
      clickButton(c, panel, 'Cambiar la contraseña');
      // The dev bookcore signs the member in with the change (docs/bookcore-contract.md "Back where the guest started").
      await expectRetry(c, () => panel.getAttribute('section') === 'SIGNIN_SUCCESS', 'SIGNIN_SUCCESS');
    },
  },
  {
    name: 'social check-user',
    path: CHECK_USER,
    wrongShape: { success: 'yes' },
    async run(c) {
      // A member who started typing an e-mail, then chose Facebook.
      (window as StandinWindow).__standinSocialUser = 'member';
      const panel = await panelAt(c, 'SIGNIN');
      c.need(await eventually(() => buttonByText(panel, 'Continuar con Facebook'), REACTION_MS), 'no Facebook button');
      await typeFields(c, panel, { email: 'ana@exa' });
      await c.inject();
      clickButton(c, panel, 'Continuar con Facebook');
      await expectPanelFailure(c, panel, 'SIGNIN', { email: 'ana@exa' });
      await c.clear();
      c.need(await eventually(() => buttonByText(panel, 'Continuar con Facebook')?.disabled === false, REACTION_MS), 'the Facebook button stays busy');
      clickButton(c, panel, 'Continuar con Facebook');
      await expectRetry(c, () => c.navigations.length === 1, 'the social sign-in');
    },
  },
  {
    name: 'social sign-in',
    path: SOCIAL_SIGNIN,
    // `user: null` is no longer a wrong shape: a sign-in answer without a user reads the user (docs/reliability.md "Liberal decoders").
    wrongShape: { success: 'yes', userName: 'marc.puig@example.com' },
    async run(c) {
      // A new guest from Facebook, on the consent step with both boxes ticked.
      (window as StandinWindow).__standinSocialUser = 'new';
      const panel = await panelAt(c, 'PRE_SIGNUP');
      c.need(await eventually(() => buttonByText(panel, 'Continuar con Facebook'), REACTION_MS), 'no Facebook button');
      clickButton(c, panel, 'Continuar con Facebook');
      c.need(await eventually(() => panel.getAttribute('section') === 'SOCIAL_GDPR' && control(panel, 'politica'), REACTION_MS), 'no SOCIAL_GDPR step');
      tick(c, panel, ['politica', 'recibir_newsletter']);
      await c.inject();
      clickButton(c, panel, 'Confirmar');
      await expectPanelFailure(c, panel, 'SOCIAL_GDPR', {}, ['politica', 'recibir_newsletter']);
      await c.clear();
      c.need(buttonByText(panel, 'Confirmar') !== null, 'no way to confirm again');
      clickButton(c, panel, 'Confirmar');
      await expectRetry(c, () => c.navigations.length === 1, 'the social sign-in');
    },
  },
  {
    name: 'cart drop',
    path: DROP,
    wrongShape: { cod_error: '000', deleted_elements: 'all' },
    async run(c) {
      // The drop follows a sign-in: the member is signed in whatever happens to the cart, and told nothing.
      const panel = await panelAt(c, 'SIGNIN');
      await typeFields(c, panel, { email: 'ana@example.com', password: PASSWORD });
      await c.inject();
      const from = c.fetches.length;
      clickButton(c, panel, 'Iniciar sesión');
      c.need(await eventually(signedIn(c, panel, 1), REACTION_MS), `the sign-in did not complete (panel at ${panel.getAttribute('section')})`);
      c.check(c.lastOutcome(DROP, from) !== 'none', 'no drop was attempted');
      c.check(panelAlert(panel) === '', `a message after a successful sign-in: "${panelAlert(panel)}"`);

      // Sign out and in again, with the backend back: both drops answer.
      await c.clear();
      const retryFrom = c.fetches.length;
      clickButton(c, panel, 'Cerrar sesión');
      c.need(await eventually(() => c.navigations.length === 2 && panel.getAttribute('section') === 'SIGNIN' && control(panel, 'email'), REACTION_MS), 'the sign-out did not complete');
      c.check(c.lastOutcome(DROP, retryFrom) === 200, `the sign-out's drop answered ${c.lastOutcome(DROP, retryFrom)}`);
      const again = c.fetches.length;
      await signInThroughPanel(c, panel);
      await expectRetry(c, () => signedIn(c, panel, 3)() && c.lastOutcome(DROP, again) === 200, 'a sign-in whose drop answers');
    },
  },
  {
    name: 'cart json',
    path: CART,
    wrongShape: { cod_error: '000', currency: 'EUR', total: '0', items: null },
    async run(c) {
      await c.inject();
      const page = mountPage('<package-cart></package-cart>');
      const cart = page.querySelector('package-cart')!;
      c.need(await eventually(() => part(cart, 'cart')?.getAttribute('data-state') === 'failed', REACTION_MS), `the cart ended ${part(cart, 'cart')?.getAttribute('data-state') ?? 'unrendered'}, not failed`);
      const message = part(cart, 'cart-error')?.querySelector('[role="alert"]')?.textContent ?? '';
      c.check(isSpanishCatalogueText(message), `message "${message}" is not one of the widget's Spanish texts`);
      await c.clear();
      const retry = part(cart, 'retry');
      c.need(retry !== null, 'no retry button');
      retry!.click();
      await expectRetry(c, () => part(cart, 'cart')?.getAttribute('data-state') === 'ready' && part(cart, 'empty'), 'the cart');
    },
  },
  {
    name: 'package availability',
    path: AVAILABILITY,
    wrongShape: { cod_error: '000', package: { id: 1, name: 'Escapada romántica' }, currency: 'EUR', options: { 11: 'Hotel Mar Azul' } },
    async run(c) {
      const page = mountPage('<package-cart data-package-id="1"></package-cart>');
      const cart = page.querySelector('package-cart')!;
      c.need(await eventually(() => part(cart, 'cart')?.getAttribute('data-state') === 'ready' && part(cart, 'check-in'), REACTION_MS), 'the cart never loaded');
      const checkIn = isoDaysFromNow(30);
      part<HTMLInputElement>(cart, 'check-in')!.value = checkIn;
      await c.inject();
      part(cart, 'search-button')!.click();
      c.need(await eventually(() => part(cart, 'search-error')?.textContent, REACTION_MS), 'no message shown');
      const message = part(cart, 'search-error')!.textContent ?? '';
      c.check(isSpanishCatalogueText(message), `message "${message}" is not one of the widget's Spanish texts`);
      c.check(part<HTMLInputElement>(cart, 'check-in')!.value === checkIn, 'the check-in date was lost');
      c.check(cart.shadowRoot!.querySelectorAll('[part~="option"]').length === 0, 'options listed after a failed search');
      await c.clear();
      c.need(await eventually(() => !part<HTMLButtonElement>(cart, 'search-button')!.disabled, REACTION_MS), 'the search button stays disabled');
      part(cart, 'search-button')!.click();
      await expectRetry(c, () => cart.shadowRoot!.querySelectorAll('[part~="option"]').length > 0 && part(cart, 'search-error')?.textContent === '', 'options listed');
    },
  },
  {
    name: 'add package',
    path: ADD_PACKAGE,
    wrongShape: { cod_error: '000', uuid: null },
    async run(c) {
      // The guest picked dates, found the options and adds the first one.
      const page = mountPage('<package-cart data-package-id="1"></package-cart>');
      const cart = page.querySelector('package-cart')!;
      c.need(await eventually(() => part(cart, 'cart')?.getAttribute('data-state') === 'ready' && part(cart, 'check-in'), REACTION_MS), 'the cart never loaded');
      const checkIn = isoDaysFromNow(30);
      part<HTMLInputElement>(cart, 'check-in')!.value = checkIn;
      part(cart, 'search-button')!.click();
      c.need(await eventually(() => cartParts(cart, 'option').length > 1, REACTION_MS), 'no options found');
      const options = cartParts(cart, 'option').length;
      const first = () => cartParts(cart, 'option')[0] ?? null;
      await c.inject();
      first()!.querySelector<HTMLButtonElement>('[part~="add"]')!.click();
      await expectCartFailure(c, cart, 'option-error', first);
      c.check((cartParts(cart, 'option')[1]?.querySelector('[part~="option-error"]')?.textContent ?? '') === '', 'the message shows beside another option too');
      c.check(part<HTMLInputElement>(cart, 'check-in')!.value === checkIn, 'the check-in date was lost');
      c.check(cartParts(cart, 'option').length === options, 'the options found were lost');
      c.check(cartParts(cart, 'item').length === 0 && part(cart, 'empty') !== null, 'the cart changed');
      await c.clear();
      await usable(c, () => first()?.querySelector<HTMLButtonElement>('[part~="add"]'), 'the add button');
      first()!.querySelector<HTMLButtonElement>('[part~="add"]')!.click();
      await expectRetry(c, () => cartParts(cart, 'item').length === 1 && first()?.querySelector('[part~="option-error"]')?.textContent === '', 'the option added');
    },
  },
  {
    name: 'delete package',
    path: DELETE_PACKAGE,
    // Any object acknowledges (`{}` will do, docs/bookcore-contract.md "Cart"): only an answer that is no object is of the wrong shape.
    wrongShape: true,
    async run(c) {
      const cart = await cartWithLine(c);
      const item = () => cartParts(cart, 'item')[0] ?? null;
      const price = item()!.querySelector('[part~="item-price"]')!.textContent;
      await c.inject();
      item()!.querySelector<HTMLButtonElement>('[part~="remove"]')!.click();
      await expectCartFailure(c, cart, 'item-error', item);
      c.check(cartParts(cart, 'item').length === 1 && item()!.querySelector('[part~="item-price"]')!.textContent === price, 'the line changed or went');
      await c.clear();
      await usable(c, () => item()?.querySelector<HTMLButtonElement>('[part~="remove"]'), 'the remove button');
      item()!.querySelector<HTMLButtonElement>('[part~="remove"]')!.click();
      await expectRetry(c, () => cartParts(cart, 'item').length === 0 && part(cart, 'empty'), 'the line removed');
    },
  },
  {
    name: 'upgradable rooms',
    path: `${UPGRADABLE_ROOMS}*`,
    wrongShape: { cod_error: '000', rooms: 'none' },
    async run(c) {
      const cart = await cartWithLine(c);
      const item = () => cartParts(cart, 'item')[0] ?? null;
      const toggle = () => item()?.querySelector<HTMLButtonElement>('[part~="upgrades-toggle"]');
      await c.inject();
      toggle()!.click();
      await expectCartFailure(c, cart, 'item-error', item);
      c.check(part(cart, 'upgrades') === null, 'a list shows after the failure');
      c.check(toggle()?.getAttribute('aria-expanded') === 'false', 'the toggle says the list is open');
      await c.clear();
      await usable(c, toggle, 'the upgrades toggle');
      toggle()!.click();
      await expectRetry(c, () => cartParts(cart, 'upgrade').length > 0 && item()?.querySelector('[part~="item-error"]')?.textContent === '', 'the upgrades listed');
    },
  },
  {
    name: 'upgrade room',
    path: UPGRADE_ROOM,
    // Any object acknowledges (`{}` will do, docs/bookcore-contract.md "Cart"): only an answer that is no object is of the wrong shape.
    wrongShape: true,
    async run(c) {
      const cart = await cartWithLine(c);
      const item = () => cartParts(cart, 'item')[0] ?? null;
      const price = item()!.querySelector('[part~="item-price"]')!.textContent;
      item()!.querySelector<HTMLButtonElement>('[part~="upgrades-toggle"]')!.click();
      c.need(await eventually(() => cartParts(cart, 'upgrade').length > 0, REACTION_MS), 'no upgrades listed');
      const offers = cartParts(cart, 'upgrade').length;
      await c.inject();
      cartParts(cart, 'upgrade-button')[0]!.click();
      await expectCartFailure(c, cart, 'item-error', item);
      c.check(cartParts(cart, 'upgrade').length === offers, 'the upgrades the guest chose from were closed');
      c.check(item()!.querySelector('[part~="item-price"]')!.textContent === price, 'the price changed');
      await c.clear();
      await usable(c, () => cartParts(cart, 'upgrade-button')[0] as HTMLButtonElement | undefined, 'the upgrade button');
      cartParts(cart, 'upgrade-button')[0]!.click();
      await expectRetry(c, () => cartParts(cart, 'upgrade').length === 0 && item()?.querySelector('[part~="item-price"]')?.textContent !== price, 'the upgrade');
    },
  },
  {
    name: 'best upgradable room',
    path: BEST_UPGRADE,
    wrongShape: { cod_error: '000', room: { uuid: 7 } },
    async run(c) {
      // Asked by the cart itself, not the guest: the cart shows whole, without the offer, and says nothing.
      await addLineThroughApi(c);
      await c.inject();
      const from = c.fetches.length;
      const page = mountPage('<package-cart></package-cart>');
      const cart = page.querySelector('package-cart')!;
      c.need(await eventually(() => part(cart, 'cart')?.getAttribute('data-state') === 'ready' && cartParts(cart, 'item').length === 1, REACTION_MS), 'the cart never showed its line');
      c.need(await callsSettled(c, BEST_UPGRADE, from), 'the best upgrade was never asked, or never ended');
      c.check(part(cart, 'best-upgrade') === null, 'an offer shows from a failed answer');
      c.check(cartAlerts(cart) === '', `a message the guest did not ask for: "${cartAlerts(cart)}"`);
      c.check(cartParts(cart, 'item').length === 1 && part(cart, 'total-amount')?.textContent !== '', 'the cart is not whole');
      page.remove();

      // The next page load, with the backend back.
      await c.clear();
      const next = mountPage('<package-cart></package-cart>');
      const again = next.querySelector('package-cart')!;
      await expectRetry(c, () => part(again, 'best-upgrade') && cartParts(again, 'item').length === 1, 'the offer on the next page');
    },
  },
  {
    name: 'logout',
    path: LOGOUT,
    wrongShape: { success: 'yes' },
    async run(c) {
      const panel = await panelAt(c, 'SIGNIN');
      await signInThroughPanel(c, panel);
      c.need(await eventually(signedIn(c, panel, 1), REACTION_MS), `the sign-in did not complete (panel at ${panel.getAttribute('section')})`);
      const from = c.fetches.length;
      await c.inject();
      clickButton(c, panel, 'Cerrar sesión');
      // Still the member: back on SIGNIN_SUCCESS with the message, no navigation, no cart drop.
      await expectPanelFailure(c, panel, 'SIGNIN_SUCCESS', {}, [], 1);
      c.check(c.lastOutcome(DROP, from) === 'none', 'the cart was dropped although the logout failed');
      await c.clear();
      c.need(buttonByText(panel, 'Cerrar sesión') !== null, 'no way to sign out again');
      clickButton(c, panel, 'Cerrar sesión');
      await expectRetry(c, () => c.navigations.length === 2 && panel.getAttribute('section') === 'SIGNIN', 'the sign-out');
    },
  },
];

const failures: string[] = [];
let cases = 0;
let deadline = Infinity;

describe('fault matrix: every call × every fault, through the elements', () => {
  before(() => {
    deadline = Date.now() + BUDGET_MS;
    pageTimings.retryDelayMs = RETRY_DELAY_MS;
  });

  after(async () => {
    delete pageTimings.retryDelayMs;
    const figure = `${cases} cases (${CALLS.length} calls × ${FAULTS.length} faults), ${failures.length} failures`;
    await reportFigure('faults', figure, cases === CALLS.length * FAULTS.length && failures.length === 0);
  });

  for (const call of CALLS) {
    it(`${call.name}: a message, typed values kept, no uncaught error, and a retry that works`, async function () {
      this.timeout(FAULTS.length * 20_000);
      const problemsOfCall: string[] = [];
      for (const fault of FAULTS) {
        if (Date.now() > deadline) {
          cases += 1;
          const line = `${call.name} × ${fault}: not run, the suite's time budget ran out (earlier cases waited out their timeouts)`;
          failures.push(line);
          problemsOfCall.push(line);
          continue;
        }
        await resetServer();
        await primeCsrfCookie();
        sessionStorage.clear();
        const uncaught = watchUncaught();
        const observed = observeFetches();
        const c = new Case(fault, call.path, call.wrongShape, observed.seen);
        const restoreNavigator = setPageNavigator({
          assign: (url) => c.navigations.push({ kind: 'assign', url }),
          reload: () => c.navigations.push({ kind: 'reload' }),
        });
        try {
          await call.run(c);
        } catch (error) {
          if (!(error instanceof CaseStopped)) c.problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await settledCase(c);
          c.finish();
          observed.restore();
          uncaught.stop();
          restoreNavigator();
          delete (window as StandinWindow).__standinSocialUser;
          removePages();
          await fetch('/__dev/faults', { method: 'DELETE' });
        }
        if (fault === 'HTTP 307 to another origin') await expectPostRedirectNotFollowed(c, call.path);
        for (const error of uncaught.errors) c.problems.push(error);
        cases += 1;
        if (c.problems.length > 0) {
          const line = `${call.name} × ${fault}: ${c.problems.join('; ')}`;
          failures.push(line);
          problemsOfCall.push(line);
        }
      }
      if (problemsOfCall.length > 0) throw new Error(`${problemsOfCall.length} failing cases:\n${problemsOfCall.join('\n')}`);
    });
  }
});
