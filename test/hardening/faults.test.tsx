/**
 * The fault matrix (issue 7, item 2): every call the widget makes × every way a backend or a network fails,
 * through the real elements on the page and real HTTP to the dev bookcore server.
 *
 * Each case drives the widget to make the call with the fault injected and asks:
 * - no uncaught error and no unhandled rejection;
 * - a clear message, one of the widget's own Spanish texts, where the guest acted (a settings failure instead
 *   hides the widget and fires `loyalty-fail`, SPEC.md §4; a call the guest did not make shows nothing);
 * - every value the guest typed or ticked still in its field;
 * - the widget usable afterwards: with the fault cleared, the same action succeeds.
 */
import '../../elements/index';
import { setDefaultTimeoutForTests } from '../../src/api/http';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { injectFault, mailbox, primeCsrfCookie, resetServer, type Fault } from '../api/dev-server';
import { reportFigure } from '../support/figures';
import {
  buttonByText,
  control,
  eventually,
  fillIn,
  formError,
  isSpanishCatalogueText,
  mountPage,
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
] as const;
type FaultName = (typeof FAULTS)[number];

/** The client timeout while a hang is injected: long enough for a busy machine's normal answers. */
const HANG_TIMEOUT_MS = 1000;

/** How long the widget may take to react to a fault (a hang's timeout, a GET's retries). */
const REACTION_MS = 5000;

/**
 * The runner gives a test file two minutes. A broken widget makes every case wait out its timeouts, so past this
 * budget the remaining cases are counted as failures without running, and the file still reports.
 */
const BUDGET_MS = 95_000;

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
  }
}

type Navigation = { kind: 'assign'; url: string } | { kind: 'reload' };

/** Stops a case: something it needs did not happen, so the rest cannot be checked. */
class CaseStopped extends Error {}

/** One call × one fault in progress. */
class Case {
  readonly problems: string[] = [];
  readonly navigations: Navigation[] = [];
  readonly fetches: ObservedFetch[];
  #restoreTimeout: () => void = () => undefined;

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
    if (this.fault === 'hang past the timeout') this.#restoreTimeout = setDefaultTimeoutForTests(HANG_TIMEOUT_MS);
  }

  /** Clears every fault and puts the client timeout back. */
  async clear(): Promise<void> {
    await fetch('/__dev/faults', { method: 'DELETE' });
    this.#restoreTimeout();
    this.#restoreTimeout = () => undefined;
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
    this.#restoreTimeout();
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
  c.check(c.navigations.length === 0, 'the page navigated');
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
async function recoveryToken(): Promise<{ uid: string; token: string }> {
  const csrf = await primeCsrfCookie();
  await fetch(RECOVERY, {
    method: 'POST',
    headers: { 'X-CSRFToken': csrf, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'email=ana%40example.com&userType=loyalty',
  });
  const link = (await mailbox()).find((mail) => mail.kind === 'recovery')!.links[0]!;
  const [uid, token] = new URL(link).pathname.split('/').filter(Boolean).slice(-2);
  return { uid: uid!, token: token! };
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
      const { uid, token } = await recoveryToken();
      const panel = await panelAt(c, 'PASS_RECOVERY_CHANGE', `data-token-uid="${uid}" data-token-password="${token}"`);
      const typed = { password: 'Nueva2026!', password2: 'Nueva2026!' };
      await typeFields(c, panel, typed);
      await c.inject();
      clickButton(c, panel, 'Cambiar la contraseña');
      await expectPanelFailure(c, panel, 'PASS_RECOVERY_CHANGE', typed);
      await c.clear();
      clickButton(c, panel, 'Cambiar la contraseña');
      await expectRetry(c, () => panel.getAttribute('section') === 'PASS_RECOVERY_SUCCESS', 'PASS_RECOVERY_SUCCESS');
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
    wrongShape: { success: true, userName: 'marc.puig@example.com', user: null },
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
];

const failures: string[] = [];
let cases = 0;
let deadline = Infinity;

describe('fault matrix: every call × every fault, through the elements', () => {
  before(() => {
    deadline = Date.now() + BUDGET_MS;
  });

  after(async () => {
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
          await pause(50);
          c.finish();
          observed.restore();
          uncaught.stop();
          restoreNavigator();
          delete (window as StandinWindow).__standinSocialUser;
          removePages();
          await fetch('/__dev/faults', { method: 'DELETE' });
        }
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
