/**
 * Hardening (docs/reliability.md): cross-site scripting. Every text the widget shows that someone other than the
 * widget wrote — the settings texts bookcore serves, the member's name, the server's error texts, the elements'
 * data attributes, the names in the cart — receives every payload of test/fixtures/xss-payloads.json (DOMPurify's
 * own test fixtures, see its `source`). The elements render it through the tags and the suite asserts two things:
 * nothing ran (`alert`, `confirm`, `prompt`, `print`, `open` and a marker function are stubbed and counted for the
 * whole run; a control proves the monitor sees a payload that does run), and the payload shows as text (the
 * node's `textContent`, or the attribute, is exactly the payload: had any of it been parsed as HTML, its tags
 * would be missing).
 *
 * Legal documents are the one place where markup is meant to render: every payload goes through the
 * legal-document modal as a document of its own, nothing runs, no script, event handler or `javascript:` address
 * survives, and every link (SVG ones too) opens in a new tab with `rel="noopener noreferrer"`.
 *
 * Where the payloads come from: the settings (one render per payload, the dev bookcore's settings switched by a
 * fault), the cart, its lines and lists from the dev bookcore too; the single answers of the loops that need one
 * answer per payload (sign-in errors, the best upgrade, search and upgrade errors, legal documents) are canned
 * inside the page, before the request leaves it, through the same client code. Single-valued texts take one
 * payload per render; lists (advantages, form fields, select groups, upgrades) take every payload in one render,
 * cart lines and options in batches of 24.
 */
import { expect } from '@open-wc/testing';
import '../../elements/index';
// The parts loaded before the first test: these tests wait on what the parts show, not on their loading.
import '../support/on-demand-parts';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { forgetLegalDocuments } from '../../src/forms';
import { MAX_FORM_FIELDS } from '../../src/forms/field-definition';
import { setSessionFlag, takeSessionFlag } from '../../src/lib/session-flags';
import { refreshCartAtom } from '../../src/state/cart';
import { formatPrice } from '../../src/lib/price/format-price';
import { closeAuthAtom, messageAtom, pendingSocialUserAtom, userAtom } from '../../src/state/session';
import { sectionAtom } from '../../src/state/store';
import { injectFault, primeCsrfCookie, resetServer } from '../api/dev-server';
import { reportFigure } from '../support/figures';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

const SETTINGS_PATH = '/bookcore/partempresas/loyalty/settings/';
const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

/** The payload fixture: see its `source` for where the payloads come from and how they were chosen. */
interface PayloadFixture {
  source: { name: string; url: string };
  payloads: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// The execution monitor: every way a payload announces that it ran, counted for the whole suite.

const SINKS = ['alert', 'confirm', 'prompt', 'print', 'open', 'xssMarker'] as const;
type Sink = (typeof SINKS)[number];

interface Execution {
  sink: Sink;
  args: string[];
  during: string;
}

const executions: Execution[] = [];
const originals = new Map<Sink, unknown>();
/** What the suite is rendering, so an execution can be traced to its payload and surface. */
let during = 'set-up';

function installMonitor(): void {
  const page = window as unknown as Record<Sink, unknown>;
  for (const sink of SINKS) {
    originals.set(sink, page[sink]);
    page[sink] = (...args: unknown[]) => {
      executions.push({ sink, args: args.map((arg) => String(arg)), during });
      return sink === 'confirm' ? false : null;
    };
  }
}

function removeMonitor(): void {
  const page = window as unknown as Record<Sink, unknown>;
  for (const sink of SINKS) {
    if (originals.get(sink) === undefined) delete page[sink];
    else page[sink] = originals.get(sink);
  }
}

/** Lets what a payload would have scheduled (an image's `onerror`, an `onload`, a timer) happen. */
async function settle(ms = 150): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------------------------
// Counting and checking.

let payloads: string[] = [];
let sourceName = '';
/** Renders that carried payloads: an element mounted, a section or list shown, a document opened. */
let renders = 0;
/** Single placements of one payload in one text or attribute, each checked to show as text. */
let placements = 0;

function expectText(element: Element | null | undefined, expected: string, where: string): void {
  expect(element, `${where}: not rendered`).to.be.instanceOf(Element);
  expect(element!.textContent, where).to.equal(expected);
  placements += 1;
}

function expectAttribute(element: Element | null | undefined, name: string, expected: string, where: string): void {
  expect(element, `${where}: not rendered`).to.be.instanceOf(Element);
  expect(element!.getAttribute(name), where).to.equal(expected);
  placements += 1;
}

async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${during}: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function inShadow<T extends HTMLElement = HTMLElement>(host: Element, selector: string): T | null {
  return host.shadowRoot?.querySelector<T>(selector) ?? null;
}

function allInShadow<T extends HTMLElement = HTMLElement>(host: Element, selector: string): T[] {
  return Array.from(host.shadowRoot?.querySelectorAll<T>(selector) ?? []);
}

// ---------------------------------------------------------------------------------------------------------------
// Canned answers inside the page: route interception of the page's own `fetch`.

interface CannedAnswer {
  body: unknown;
  status?: number;
  contentType?: string;
}

const canned = new Map<string, CannedAnswer[]>();
let realFetch: typeof window.fetch | undefined;

/**
 * Answers the page's next requests to `path` (exact, or a prefix ending with "*") with `answers`, one each, before
 * they leave the page. For the loops that put one payload in each of hundreds of answers, where a dev-server fault
 * per answer would double every round trip; the widget's client path still runs whole (fetch, Response, text,
 * JSON, the bookcore response check, the schema). Every other request goes to the dev bookcore.
 */
function answerInPage(path: string, ...answers: CannedAnswer[]): void {
  canned.set(path, [...(canned.get(path) ?? []), ...answers]);
}

function installCannedAnswers(): void {
  const original = window.fetch;
  realFetch = original;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(input instanceof Request ? input.url : String(input), location.href);
    for (const [path, queue] of canned) {
      const matches = path.endsWith('*') ? pathname.startsWith(path.slice(0, -1)) : pathname === path;
      const answer = matches ? queue.shift() : undefined;
      if (!answer) continue;
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const headers = { 'Content-Type': answer.contentType ?? 'application/json; charset=utf-8' };
      return Promise.resolve(new Response(text, { status: answer.status ?? 200, headers }));
    }
    return original.call(window, input, init);
  };
}

function removeCannedAnswers(): void {
  if (realFetch) window.fetch = realFetch;
  canned.clear();
}

// ---------------------------------------------------------------------------------------------------------------
// Pages.

function freshPage(): void {
  providePageRuntime(createRuntime());
  takeSessionFlag('dont_show_tooltip');
  takeSessionFlag('dont_show_notification');
  takeSessionFlag('loyalty_dropped_cart');
}

/** Settings as bookcore would serve them with `text` in every configured text. */
function settingsAnswer(text: string, member: boolean): unknown {
  return {
    success: true,
    loggedIn: member
      ? { userName: 'ana@example.com', email: 'ana@example.com', nombre: text, apellidos: text, info_personal: { nombre: text, apellidos: text } }
      : null,
    socialLogin: { google: { client_id: 'dev-loyalty-elements.apps.googleusercontent.com' }, facebook: { client_id: '100000000000001' } },
    settings: {
      SIGNIN: {
        form: [
          { name: 'email', label: text, type: 'email', required: true, pattern: EMAIL_PATTERN, error: text, errorPattern: `pattern: ${text}`, order: 1 },
          { name: 'password', label: text, type: 'password', required: true, error: text, order: 2 },
        ],
      },
      NOTIFICATIONS: { messages: { registered: { text }, unregistered: { text: `visitor: ${text}` } } },
      TOOLTIP: { registered: { text }, unregistered: { text: `visitor: ${text}` } },
      ADVANTAGES: { title: text, phrases: [text] },
      loyaltyLogo: '/static/img/loyalty-logo.svg',
      TEXT_LOGIN_FACEBOOK: text,
      TEXT_LOGIN_GOOGLE: text,
      DROPPED_CART_NOTIFICATIONS: { title: text, ok: text, greet: text, text },
      CONDITIONS: { conditionsUrl: '/legal/conditions.html', privacyUrl: '/legal/privacy.html' },
      ERRORS: { passwordsNotEqual: text, token: `token: ${text}`, socialNoEmail: text },
    },
  };
}

interface Widget {
  root: HTMLElement;
  icon: HTMLElement;
  tooltip: HTMLElement;
  panel: HTMLElement;
}

/**
 * The page's loyalty elements, the panel carrying `attributes`; resolves once the widget announced its start.
 * Without the icon (and its tooltip) the panel shows inline.
 */
async function mountWidget(
  attributes: Record<string, string>,
  { icon: withIcon = true, iconAttributes = {}, tooltipAttributes = {} }: { icon?: boolean; iconAttributes?: Record<string, string>; tooltipAttributes?: Record<string, string> } = {},
): Promise<Widget> {
  const root = document.createElement('div');
  const icon = document.createElement('loyalty-icon');
  icon.className = 'loyalty-icon';
  for (const [name, value] of Object.entries(iconAttributes)) icon.setAttribute(name, value);
  const tooltip = document.createElement('loyalty-tooltip');
  for (const [name, value] of Object.entries(tooltipAttributes)) tooltip.setAttribute(name, value);
  const panel = document.createElement('loyalty-panel');
  panel.setAttribute('data-google-sdk-url', '/sdk/google-gsi.js');
  panel.setAttribute('data-facebook-sdk-url', '/sdk/facebook-sdk.js');
  for (const [name, value] of Object.entries(attributes)) panel.setAttribute(name, value);
  if (withIcon) root.append(icon, tooltip);
  root.append(panel);
  let started: string | null = null;
  const onStart = (event: Event) => (started = event.type);
  root.addEventListener('loyalty-ready', onStart);
  root.addEventListener('loyalty-fail', onStart);
  document.body.append(root);
  await until(() => started, 'the widget start');
  expect(started, `${during}: the widget started`).to.equal('loyalty-ready');
  renders += 1;
  return { root, icon, tooltip, panel };
}

// ---------------------------------------------------------------------------------------------------------------

let restoreNavigator: () => void = () => undefined;
let restoreWarn: () => void = () => undefined;
/** The widget's warnings (every refused attribute names its payload): kept out of the run's log. */
const warnings: string[] = [];
const navigations: string[] = [];

before(async () => {
  const fixture = (await (await fetch('/test/fixtures/xss-payloads.json')).json()) as PayloadFixture;
  payloads = fixture.payloads;
  sourceName = fixture.source.name;
  installMonitor();
  installCannedAnswers();
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  restoreWarn = () => void (console.warn = warn);
  restoreNavigator = setPageNavigator({ assign: (url) => navigations.push(url), reload: () => navigations.push('reload') });
});

after(async () => {
  await settle(300);
  // The next test file starts from the seed, without this suite's faults.
  await resetServer();
  removeMonitor();
  removeCannedAnswers();
  restoreWarn();
  restoreNavigator();
  const figure = `${executions.length} alert calls in ${renders.toLocaleString('en')} renders of ${payloads.length} payloads (${placements.toLocaleString('en')} placements shown as text; ${sourceName})`;
  await reportFigure('xss', figure, executions.length === 0);
});

beforeEach(async () => {
  await resetServer();
  freshPage();
});

afterEach(async () => {
  const unused = [...canned].filter(([, queue]) => queue.length > 0).map(([path]) => path);
  canned.clear();
  expect(unused, 'canned answers nobody asked for').to.deep.equal([]);
  await settle();
  expect(executions, 'payloads that ran').to.deep.equal([]);
  expect(navigations, 'the page was sent somewhere').to.deep.equal([]);
});

describe('XSS: the payload fixture', () => {
  it('holds at least 100 payloads from a named public source', () => {
    expect(payloads.length).to.be.at.least(100);
    expect(new Set(payloads).size, 'no duplicates').to.equal(payloads.length);
    expect(sourceName).to.match(/DOMPurify/);
  });

  it('the monitor sees a payload that runs (control: a payload put through innerHTML on purpose)', async () => {
    const probe = document.createElement('div');
    document.body.append(probe);
    try {
      probe.innerHTML = '<img src="data:," onerror="xssMarker(\'control\')">';
      await until(() => executions.length > 0, 'the control payload to run');
      expect(executions.map((execution) => execution.sink)).to.deep.equal(['xssMarker']);
    } finally {
      probe.remove();
      executions.splice(0);
    }
  });
});

describe('XSS: settings texts, data attributes and names, one payload per render', () => {
  /** The dropped-cart dialog, the icon label and the member's tooltip and notification, as the widget starts. */
  async function checkMemberNotices({ icon, tooltip }: Widget, payload: string, where: (what: string) => string): Promise<void> {
    // The icon renders on its own schedule, not by the time the start is announced (WebKit can be later).
    expectText(await until(() => inShadow(icon, '[part="button"]'), 'the icon'), payload, where('icon label (data-cta)'));
    const dialog = await until(() => inShadow(icon, '[role="dialog"]'), 'the dropped-cart dialog');
    expectText(dialog.querySelector('[part~="dialog-title"]'), payload, where('dropped-cart title'));
    expectText(dialog.querySelector('[part~="dropped-cart-greeting"]'), `${payload} ${payload} ${payload}`, where('dropped-cart greeting with the member name'));
    expectText(dialog.querySelector('[part~="dropped-cart-text"]'), payload, where('dropped-cart text'));
    expectText(dialog.querySelector('[part~="dropped-cart-ok"]'), payload, where('dropped-cart OK'));
    expectText(await until(() => inShadow(tooltip, '[part~="tooltip-text"]'), 'the tooltip'), payload, where('tooltip (registered)'));
    dialog.querySelector<HTMLButtonElement>('[part~="dropped-cart-ok"]')!.click();
    inShadow<HTMLButtonElement>(tooltip, '[part~="tooltip-close"]')!.click();
    expectText(await until(() => inShadow(icon, '[part~="notification-text"]'), 'the notification'), payload, where('notification (registered)'));
  }

  /**
   * The modal panel at SIGNIN_SUCCESS: the greeting and the advantages (the programme's title, data-loyalty-title,
   * as the logo's alt; the modal has no title of its own, its section's heading names it).
   */
  async function checkWelcome({ icon, panel }: Widget, payload: string, where: (what: string) => string): Promise<void> {
    inShadow<HTMLButtonElement>(icon, '[part="button"]')!.click();
    const heading = await until(() => inShadow(panel, '[data-section="SIGNIN_SUCCESS"] [part~="section-heading"]'), 'SIGNIN_SUCCESS');
    renders += 1;
    expectText(heading, `Hola, ${payload} ${payload}`, where('greeting with the member name'));
    expectText(inShadow(panel, '[part~="advantages-title"]'), payload, where('advantages title'));
    expectText(inShadow(panel, '[part~="advantage"]'), payload, where('advantage'));
    expectAttribute(inShadow(panel, '[part~="panel-logo"]'), 'alt', payload, where('logo alt (data-loyalty-title)'));
  }

  /** PRE_SIGNUP's social buttons, and the configured error for a social account that shares no e-mail. */
  async function checkSocialButtons({ panel }: Widget, payload: string, where: (what: string) => string): Promise<void> {
    pageRuntime().store.set(sectionAtom, 'PRE_SIGNUP');
    const facebook = await until(() => inShadow<HTMLButtonElement>(panel, '[part~="social-facebook"] button'), 'the Facebook button');
    const google = await until(() => inShadow(panel, '[part~="social-google"]'), 'the Google button group');
    renders += 1;
    expectText(facebook, payload, where('Facebook button (TEXT_LOGIN_FACEBOOK)'));
    expectAttribute(google, 'aria-label', payload, where('Google group (TEXT_LOGIN_GOOGLE)'));
    // The stand-in Facebook SDK logs in someone who shares no e-mail (window.__standinSocialUser).
    facebook.click();
    const alertRegion = () => inShadow(panel, '[part~="panel-message"][role="alert"]');
    await until(() => alertRegion()?.textContent, 'the no-e-mail message');
    expectText(alertRegion(), payload, where('social no-e-mail error (ERRORS.socialNoEmail)'));
    pageRuntime().store.set(messageAtom, null);
  }

  /** The configured SIGNIN form: labels, the required error and the pattern error. */
  async function checkSignInForm({ panel }: Widget, payload: string, where: (what: string) => string): Promise<void> {
    pageRuntime().store.set(sectionAtom, 'SIGNIN');
    const signIn = await until(() => inShadow(panel, '[part~="auth-section"][data-section="SIGNIN"]'), 'SIGNIN');
    renders += 1;
    const field = (name: string, selector: string) => signIn.querySelector(`[part~="field"][data-name="${name}"] ${selector}`);
    for (const name of ['email', 'password']) expectText(field(name, '[part~="label"]'), `${payload} *`, where(`sign-in ${name} label`));
    const form = signIn.querySelector('form')!;
    form.requestSubmit();
    await until(() => field('password', '[part~="field-error"]')?.textContent, 'the required errors');
    for (const name of ['email', 'password']) expectText(field(name, '[part~="field-error"]'), payload, where(`sign-in ${name} required error`));
    (field('email', 'input') as HTMLInputElement).value = 'not-an-address';
    form.requestSubmit();
    await until(() => field('email', '[part~="field-error"]')?.textContent?.startsWith('pattern: '), 'the pattern error');
    expectText(field('email', '[part~="field-error"]'), `pattern: ${payload}`, where('sign-in e-mail pattern error'));
  }

  /** PASS_RECOVERY_CHANGE's configured errors: passwords that differ, then a missing uid. */
  async function checkPasswordChange({ panel }: Widget, payload: string, where: (what: string) => string): Promise<void> {
    pageRuntime().store.set(sectionAtom, 'PASS_RECOVERY_CHANGE');
    const change = await until(() => inShadow(panel, '[part~="auth-section"][data-section="PASS_RECOVERY_CHANGE"]'), 'PASS_RECOVERY_CHANGE');
    renders += 1;
    change.querySelector<HTMLInputElement>('[data-name="password"] input')!.value = 'Playa-2026!';
    change.querySelector<HTMLInputElement>('[data-name="password2"] input')!.value = 'Playa-2026?';
    const form = change.querySelector('form')!;
    const formError = () => change.querySelector('[part~="form-error"]');
    form.requestSubmit();
    await until(() => formError()?.textContent, 'the passwords-not-equal error');
    expectText(formError(), payload, where('passwords not equal (ERRORS.passwordsNotEqual; data-token-* set)'));
    // Without the uid the token error shows instead, once the form re-rendered with the new configuration.
    panel.removeAttribute('data-token-uid');
    await until(() => formError()?.textContent?.startsWith('token: ') || void form.requestSubmit(), 'the token error');
    expectText(formError(), `token: ${payload}`, where('token error (ERRORS.token)'));
  }

  /** The visitor's tooltip and notification: the member goes, and a new icon and tooltip join the page. */
  async function checkVisitorNotices(widget: Widget, payload: string, where: (what: string) => string): Promise<void> {
    const store = pageRuntime().store;
    store.set(closeAuthAtom);
    store.set(userAtom, null);
    takeSessionFlag('dont_show_tooltip');
    takeSessionFlag('dont_show_notification');
    const icon = document.createElement('loyalty-icon');
    icon.className = 'loyalty-icon';
    const tooltip = document.createElement('loyalty-tooltip');
    widget.icon.replaceWith(icon);
    widget.tooltip.replaceWith(tooltip);
    Object.assign(widget, { icon, tooltip });
    renders += 1;
    expectText(await until(() => inShadow(tooltip, '[part~="tooltip-text"]'), 'the visitor tooltip'), `visitor: ${payload}`, where('tooltip (unregistered)'));
    inShadow<HTMLButtonElement>(tooltip, '[part~="tooltip-close"]')!.click();
    const notification = await until(() => inShadow(icon, '[part~="notification-text"]'), 'the visitor notification');
    expectText(notification, `visitor: ${payload}`, where('notification (unregistered)'));
  }

  it('every settings text, the panel data attributes and the member name', async function () {
    this.timeout(180_000);
    const page = window as unknown as { __standinSocialUser?: string };
    page.__standinSocialUser = 'no-email';
    // Each render reads its settings from an address of its own (data-settings), all switched up front.
    const settingsPath = (index: number) => `/bookcore/xss/settings/${index}/`;
    await Promise.all(payloads.map((payload, index) => injectFault({ path: settingsPath(index), status: 200, body: settingsAnswer(payload, true), times: 1 })));
    try {
      for (const [index, payload] of payloads.entries()) {
        during = `render of payload #${index}`;
        const where = (what: string) => `${what}, payload #${index}`;
        freshPage();
        setSessionFlag('loyalty_dropped_cart');
        const widget = await mountWidget({
          'data-settings': settingsPath(index),
          'data-cta': payload,
          'data-loyalty-title': payload,
          'data-token-uid': payload,
          'data-token-password': payload,
        }, {
          // Attributes that are never shown: read as numbers and a selector, they must not break anything either.
          iconAttributes: { 'data-notification-delay': payload, 'data-notification-hide': payload },
          tooltipAttributes: { 'data-target': payload },
        });
        try {
          await checkMemberNotices(widget, payload, where);
          await checkWelcome(widget, payload, where);
          await checkSocialButtons(widget, payload, where);
          await checkSignInForm(widget, payload, where);
          await checkPasswordChange(widget, payload, where);
          await checkVisitorNotices(widget, payload, where);
        } finally {
          widget.root.remove();
        }
      }
    } finally {
      delete page.__standinSocialUser;
    }
  });

  it('the server error texts of a sign-in, and the social user waiting for consent', async function () {
    this.timeout(60_000);
    during = 'sign-in errors';
    const { root, panel } = await mountWidget({ 'data-active-section': 'SIGNIN' }, { icon: false });
    const store = pageRuntime().store;
    try {
      const signIn = await until(() => inShadow(panel, '[part~="auth-section"][data-section="SIGNIN"]'), 'SIGNIN');
      signIn.querySelector<HTMLInputElement>('[data-name="email"] input')!.value = 'ana@example.com';
      signIn.querySelector<HTMLInputElement>('[data-name="password"] input')!.value = 'not-her-password';
      const alertRegion = () => inShadow(panel, '[part~="panel-message"][role="alert"]');
      for (const [index, payload] of payloads.entries()) {
        during = `sign-in error, payload #${index}`;
        store.set(messageAtom, null);
        answerInPage('/bookcore/loyalty/ajax/signin/', { status: 400, body: { errors: { __all__: [payload] } } });
        signIn.querySelector('form')!.requestSubmit();
        await until(() => alertRegion()?.textContent === payload, 'the sign-in error');
        renders += 1;
        expectText(alertRegion(), payload, `sign-in error from the server (errors), payload #${index}`);
      }

      store.set(sectionAtom, 'SOCIAL_GDPR');
      for (const [index, payload] of payloads.entries()) {
        during = `social user, payload #${index}`;
        store.set(pendingSocialUserAtom, { first_name: payload, last_name: payload, email: payload, name: payload, id: '1', integration: 'facebook', recibir_newsletter: false });
        const socialUser = await until(() => {
          const found = inShadow(panel, '[data-section="SOCIAL_GDPR"] [part~="social-user"]');
          return found?.querySelector('dd')?.textContent === `${payload} ${payload}` && found;
        }, 'SOCIAL_GDPR');
        renders += 1;
        const [name, email] = Array.from(socialUser.querySelectorAll('dd'));
        expectText(name, `${payload} ${payload}`, `social user name, payload #${index}`);
        expectText(email, payload, `social user e-mail, payload #${index}`);
      }
    } finally {
      root.remove();
    }
  });
});

describe('XSS: form field definitions, every payload in a form', () => {
  it('labels, required and pattern errors, select groups and options', async function () {
    this.timeout(60_000);
    during = 'sign-up form';
    // A form shows at most MAX_FORM_FIELDS fields: the payloads go in forms of that many (the select first).
    const perForm = MAX_FORM_FIELDS - 1;
    for (let first = 0; first < payloads.length; first += perForm) {
      // Each form is a page of its own, as beforeEach gives every test.
      if (first > 0) {
        await resetServer();
        freshPage();
      }
      const batch = payloads.slice(first, first + perForm);
      const fields = batch.map((payload, offset) => ({
        name: `field${first + offset}`,
        label: payload,
        type: 'text',
        required: true,
        pattern: '^ok$',
        error: payload,
        errorPattern: `pattern: ${payload}`,
        order: offset + 1,
      }));
      const choice = {
        name: 'choice',
        label: 'Elige',
        type: 'select',
        value: 'v0',
        order: 0,
        options: payloads.map((payload, index) => ({ label: payload, options: [{ value: `v${index}`, label: payload }] })),
      };
      const answer = settingsAnswer('Texto', false) as { settings: Record<string, unknown> };
      answer.settings['SIGNUP'] = { form: [choice, ...fields] };
      await injectFault({ path: SETTINGS_PATH, status: 200, body: answer, times: 1 });
      const { root, panel } = await mountWidget({ 'data-active-section': 'SIGNUP' }, { icon: false });
      try {
        const signUp = await until(() => inShadow(panel, '[part~="auth-section"][data-section="SIGNUP"]'), 'SIGNUP');
        renders += 1;
        const field = (index: number, selector: string) => signUp.querySelector(`[part~="field"][data-name="field${index}"] ${selector}`);
        const last = first + batch.length - 1;
        batch.forEach((payload, offset) => expectText(field(first + offset, '[part~="label"]'), `${payload} *`, `sign-up label, payload #${first + offset}`));
        if (first === 0) {
          const groups = Array.from(signUp.querySelectorAll('[data-name="choice"] optgroup'));
          expect(groups).to.have.length(payloads.length);
          groups.forEach((group, index) => {
            expectAttribute(group, 'label', payloads[index]!, `select group label, payload #${index}`);
            expectText(group.querySelector('option'), payloads[index]!, `select option, payload #${index}`);
          });
        }

        const submit = signUp.querySelector<HTMLButtonElement>('[part~="submit"]')!;
        submit.click();
        await until(() => field(last, '[part~="field-error"]')?.textContent, 'the required errors');
        renders += 1;
        batch.forEach((payload, offset) => expectText(field(first + offset, '[part~="field-error"]'), payload, `sign-up required error, payload #${first + offset}`));

        // The inputs are uncontrolled and submit reads them; no input events, or every keystroke would re-render
        // every field.
        batch.forEach((_, offset) => ((field(first + offset, 'input') as HTMLInputElement).value = 'not ok'));
        submit.click();
        await until(() => field(last, '[part~="field-error"]')?.textContent?.startsWith('pattern: '), 'the pattern errors');
        renders += 1;
        batch.forEach((payload, offset) => expectText(field(first + offset, '[part~="field-error"]'), `pattern: ${payload}`, `sign-up pattern error, payload #${first + offset}`));
      } finally {
        root.remove();
      }
    }
  });
});

describe('XSS: the package cart, every name in one cart and every cod_error text', () => {
  const CART_PATH = '/bookcore/shopping-cart/json/';
  const BEST_PATH = '/bookcore/shopping-cart/best-upgradable-room/';

  function cartLine(payload: string, index: number | string): unknown {
    return {
      uuid: `item-${index}`,
      kind: 'package',
      hotel: { code: 'HMAR', name: payload },
      room: { code: 'DBL', name: payload },
      package: { id: 1, name: payload },
      option: { id: 11, name: payload },
      checkIn: '2030-01-10',
      checkOut: '2030-01-12',
      nights: 2,
      occupancy: { adults: 2, children: 0 },
      board: { code: 'AD', name: payload },
      rateCode: 'PAQ1',
      price: 300,
    };
  }

  function cartAnswer(lines: unknown[]): unknown {
    return { cod_error: '000', currency: 'EUR', total: 1000, items: lines, rates: [{ codigo: 'EUR', tasa: 1 }] };
  }

  /** Each payload of the batch once, in any order: answers to requests sent together may arrive in any order. */
  function expectEachPayloadOnce(texts: (string | null | undefined)[], batch: string[], where: string): void {
    expect([...texts].sort(), where).to.deep.equal([...batch].sort());
    placements += texts.length;
  }

  /**
   * The payloads in batches, one batch per cart or option list: every line of a list re-renders when any line's
   * request settles, so one list of every payload would cost the square of their number.
   */
  function batches(size = 24): { first: number; batch: string[] }[] {
    const result: { first: number; batch: string[] }[] = [];
    for (let first = 0; first < payloads.length; first += size) result.push({ first, batch: payloads.slice(first, first + size) });
    return result;
  }

  async function mountCart(): Promise<{ root: HTMLElement; cart: HTMLElement }> {
    const root = document.createElement('div');
    const cart = document.createElement('package-cart');
    cart.setAttribute('data-package-id', '1');
    cart.setAttribute('data-book-url', '/reservar/');
    root.append(cart);
    document.body.append(root);
    await until(() => inShadow(cart, '[part~="cart"][data-state="ready"]'), 'the cart');
    return { root, cart };
  }

  it('cart lines, upgrades, the best upgrade, and the error texts of remove, upgrade, add and search', async function () {
    this.timeout(120_000);
    await primeCsrfCookie();
    const store = pageRuntime().store;
    await injectFault({ path: BEST_PATH, status: 200, body: { cod_error: '000', room: null } });
    await injectFault({ path: CART_PATH, status: 200, body: cartAnswer([]) });
    const { root, cart } = await mountCart();
    try {
      for (const { first, batch } of batches()) {
        during = `cart lines, payloads #${first}-#${first + batch.length - 1}`;
        await injectFault({ path: CART_PATH, status: 200, body: cartAnswer(batch.map((payload, index) => cartLine(payload, first + index))) });
        await store.set(refreshCartAtom);
        // This batch's lines, known by the first one's remove label (an attribute, whatever the title shows).
        const firstLabel = `Eliminar ${batch[0]!} · ${batch[0]!} del carrito`;
        const lines = await until(() => {
          const found = allInShadow(cart, '[part~="item"]');
          return found.length === batch.length && found[0]!.querySelector('[part~="remove"]')?.getAttribute('aria-label') === firstLabel && found;
        }, 'the cart lines');
        renders += 1;
        lines.forEach((line, offset) => {
          const payload = batch[offset]!;
          const where = (what: string) => `${what}, payload #${first + offset}`;
          expectText(line.querySelector('[part~="item-title"]'), payload, where('cart hotel name'));
          expectText(line.querySelector('[part~="item-package"]'), `${payload} · ${payload}`, where('cart package and option names'));
          const [room, board] = Array.from(line.querySelectorAll('dd'));
          expectText(room, payload, where('cart room name'));
          expectText(board, payload, where('cart board name'));
          expectAttribute(line.querySelector('[part~="remove"]'), 'aria-label', `Eliminar ${payload} · ${payload} del carrito`, where('remove label'));
        });

        // Every line's remove fails at once, each answer carrying one payload as its cod_error text.
        during = `remove errors, payloads #${first}-#${first + batch.length - 1}`;
        await Promise.all(batch.map((payload) => injectFault({ path: '/bookcore/shopping-cart/delete-package/', status: 200, body: { cod_error: '101', error: payload }, times: 1 })));
        for (const line of lines) line.querySelector<HTMLButtonElement>('[part~="remove"]')!.click();
        await until(() => lines.every((line) => line.querySelector('[part~="item-error"]')?.textContent), 'every remove error', 20_000);
        renders += 1;
        expectEachPayloadOnce(lines.map((line) => line.querySelector('[part~="item-error"]')?.textContent), batch, `remove errors (cod_error texts), payloads #${first}-`);
      } during = 'upgrade lists';
      await injectFault({ path: CART_PATH, status: 200, body: cartAnswer([cartLine(payloads[0]!, 'upgrades')]) });
      await store.set(refreshCartAtom);
      const line = await until(() => {
        const found = allInShadow(cart, '[part~="item"]');
        return found.length === 1 && found[0]!.querySelector('[part~="item-title"]')?.textContent === payloads[0] && found[0];
      }, 'a one-line cart');
      const offers = payloads.map((payload, index) => ({
        uuid: 'item-upgrades',
        room: { code: `R${index}`, name: payload },
        board: { code: `B${index}`, name: payload },
        price: 400 + index,
        supplement: 100 + index,
      }));
      await injectFault({ path: '/bookcore/shopping-cart/upgradable-room/json/*', status: 200, body: { cod_error: '000', rooms: offers }, times: 1 });
      line.querySelector<HTMLButtonElement>('[part~="upgrades-toggle"]')!.click();
      const upgrades = await until(() => {
        const found = Array.from(line.querySelectorAll('[part~="upgrade"]'));
        return found.length === payloads.length && found;
      }, 'every upgrade');
      renders += 1;
      upgrades.forEach((upgrade, index) => {
        const payload = payloads[index]!;
        expectText(upgrade.querySelector('[part~="upgrade-name"]'), `${payload} · ${payload}`, `upgrade room and board, payload #${index}`);
        expectAttribute(upgrade.querySelector('[part~="upgrade-button"]'), 'aria-label', `Mejorar a ${payload}, ${payload}`, `upgrade label, payload #${index}`);
      });
      expectAttribute(line.querySelector('[part~="upgrades"]'), 'aria-label', `Mejoras para ${payloads[0]!}`, 'upgrades label, payload #0');
      line.querySelector<HTMLButtonElement>('[part~="upgrades-toggle"]')!.click();
      // The best upgrade is one offer: one payload per cart read.
      for (const [index, payload] of payloads.entries()) {
        during = `best upgrade, payload #${index}`;
        const offer = { uuid: 'item-upgrades', room: { code: 'JS', name: payload }, board: { code: 'MP', name: payload }, price: 700, supplement: 400 };
        answerInPage(BEST_PATH, { body: { cod_error: '000', room: offer } });
        await store.set(refreshCartAtom);
        const expected = `${payload} (${payload}) por solo ${formatPrice(400, { currency: 'EUR', locale: 'es' })} más.`;
        const text = await until(() => {
          const found = inShadow(cart, '[part~="best-upgrade-text"]');
          return found?.textContent === expected && found;
        }, 'the best upgrade');
        renders += 1;
        expectText(text, expected, `best upgrade, payload #${index}`);
        const button = inShadow<HTMLButtonElement>(cart, '[part~="best-upgrade-button"]')!;
        expectAttribute(button, 'aria-label', `Mejorar a ${payload}, ${payload}`, `best upgrade label, payload #${index}`);
        answerInPage('/bookcore/shopping-cart/upgrade-room/', { body: { cod_error: '103', error: payload } });
        button.click();
        await until(() => inShadow(cart, '[part~="best-upgrade-error"]')?.textContent === payload, 'the upgrade error');
        expectText(inShadow(cart, '[part~="best-upgrade-error"]'), payload, `upgrade error (cod_error text), payload #${index}`);
      }
      const checkIn = inShadow<HTMLInputElement>(cart, '[part~="check-in"]')!;
      const search = inShadow<HTMLButtonElement>(cart, '[part~="search-button"]')!;
      checkIn.value = '2030-01-10';
      for (const { first, batch } of batches()) {
        during = `package options, payloads #${first}-#${first + batch.length - 1}`;
        const options = batch.map((payload, offset) => ({
          id: 1000 + first + offset,
          name: payload,
          hotel: { code: 'HMAR', name: payload },
          room: { code: 'DBL', name: payload },
          board: { code: 'AD', name: payload },
          price: 320,
          nights: 2,
        }));
        const availability = { cod_error: '000', package: { id: 1, name: 'Escapada' }, currency: 'EUR', checkIn: '2030-01-10', checkOut: '2030-01-12', options };
        await injectFault({ path: '/bookcore/packages/*', status: 200, body: availability, times: 1 });
        search.click();
        const cards = await until(() => {
          const found = allInShadow(cart, '[part~="option"]');
          return found.length === batch.length && found[0]!.querySelector('[part~="option-title"]')?.textContent === batch[0] && found;
        }, 'the options');
        renders += 1;
        cards.forEach((card, offset) => {
          const payload = batch[offset]!;
          const where = (what: string) => `${what}, payload #${first + offset}`;
          expectText(card.querySelector('[part~="option-title"]'), payload, where('option name'));
          expectText(card.querySelector('[part~="option-hotel"]'), payload, where('option hotel'));
          expectText(card.querySelector('[part~="option-room"]'), `${payload} · ${payload} · 2 noches`, where('option room and board'));
          expectAttribute(card.querySelector('[part~="add"]'), 'aria-label', `Añadir al carrito: ${payload}`, where('add label'));
        });
        during = `add errors, payloads #${first}-#${first + batch.length - 1}`;
        await Promise.all(batch.map((payload) => injectFault({ path: '/bookcore/shopping-cart/add-package/', status: 200, body: { cod_error: '101', error: payload }, times: 1 })));
        for (const card of cards) card.querySelector<HTMLButtonElement>('[part~="add"]')!.click();
        await until(() => cards.every((card) => card.querySelector('[part~="option-error"]')?.textContent), 'every add error', 20_000);
        renders += 1;
        expectEachPayloadOnce(cards.map((card) => card.querySelector('[part~="option-error"]')?.textContent), batch, `add errors (cod_error texts), payloads #${first}-`);
      }
      for (const [index, payload] of payloads.entries()) {
        during = `search error, payload #${index}`;
        answerInPage('/bookcore/packages/*', { body: { cod_error: '102', error: payload } });
        search.click();
        await until(() => inShadow(cart, '[part~="search-error"]')?.textContent === payload, 'the search error');
        renders += 1;
        expectText(inShadow(cart, '[part~="search-error"]'), payload, `search error (cod_error text), payload #${index}`);
      }
    } finally {
      root.remove();
    }
  });

  it('data attributes: data-book-url, data-currency and data-locale never become markup or a link', async function () {
    this.timeout(60_000);
    await injectFault({ path: CART_PATH, status: 200, body: cartAnswer([cartLine('Hotel', 0)]) });
    await injectFault({ path: BEST_PATH, status: 200, body: { cod_error: '000', room: null } });
    const { root, cart } = await mountCart();
    const bookLink = () => inShadow(cart, '[part~="book-now"]');
    try {
      for (const [index, payload] of payloads.entries()) {
        during = `cart attributes, payload #${index}`;
        for (const name of ['data-book-url', 'data-currency', 'data-locale']) cart.setAttribute(name, payload);
        await until(() => bookLink() === null, 'the book link to go');
        renders += 1;
        const notice = inShadow(cart, '[part~="rate-notice"]')!;
        expect(notice.textContent, `rate notice (data-currency), payload #${index}`).to.equal('');
        expect(allInShadow(cart, '[part~="item"]'), `cart still shows (data-locale), payload #${index}`).to.have.length(1);
        expect(inShadow(cart, '[part~="cart-root"] a:not([href^="/"])'), `no link but the page's own, payload #${index}`).to.equal(null);
        // A valid configuration again, so the next payload's change is seen.
        cart.setAttribute('data-book-url', '/reservar/');
        cart.setAttribute('data-currency', 'EUR');
        cart.setAttribute('data-locale', 'es_ES');
        await until(() => bookLink()?.getAttribute('href') === '/reservar/', 'the book link back');
      }
    } finally {
      root.remove();
    }
  });
});

describe('XSS: legal documents, every payload as a document of its own', () => {
  const URL_ATTRIBUTES = ['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcdoc'];

  /** An address as a browser reads its scheme: control characters and whitespace inside it do not count. */
  function schemeOf(value: string): string {
    const ignored = (char: string) => {
      const code = char.codePointAt(0)!;
      return code <= 0x20 || (code >= 0x7f && code <= 0xa0) || /\s/.test(char) || char === '\u180e' || char === '\u200b';
    };
    return Array.from(value).filter((char) => !ignored(char)).join('');
  }

  /** What must hold of a sanitised document: no script of any kind, links that open safely. */
  function expectSanitised(content: Element, where: string): void {
    expect(content.querySelectorAll('script, iframe, frame, frameset, object, embed, base, meta, link, style, form, input, button, textarea, select'), `${where}: dangerous elements`).to.have.length(0);
    for (const element of content.querySelectorAll('*')) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name, `${where}: event handler on <${element.localName}>`).to.not.match(/^on/i);
        expect(attribute.name, `${where}: style attribute on <${element.localName}>`).to.not.equal('style');
        if (URL_ATTRIBUTES.includes(attribute.name)) {
          expect(schemeOf(attribute.value), `${where}: ${attribute.name} on <${element.localName}>`).to.not.match(/^(javascript|vbscript|data:text\/html)/i);
        }
      }
      if ((element.localName === 'a' || element.localName === 'area') && (element.hasAttribute('href') || element.hasAttribute('xlink:href'))) {
        expect(element.getAttribute('target'), `${where}: link target of ${element.outerHTML}`).to.equal('_blank');
        expect((element.getAttribute('rel') ?? '').split(/\s+/), `${where}: link rel`).to.include.members(['noopener', 'noreferrer']);
        placements += 1;
      }
    }
  }

  it('runs nothing, keeps no script, handler or javascript: address, and opens links with rel="noopener noreferrer"', async function () {
    this.timeout(60_000);
    during = 'legal documents';
    const { root, panel } = await mountWidget({ 'data-active-section': 'SIGNUP' }, { icon: false });
    try {
      const signUp = await until(() => inShadow(panel, '[part~="auth-section"][data-section="SIGNUP"]'), 'SIGNUP');
      const link = signUp.querySelector<HTMLAnchorElement>('[part~="conditions-link"]')!;
      for (const [index, payload] of payloads.entries()) {
        during = `legal document, payload #${index}`;
        forgetLegalDocuments();
        const documentHtml = [
          `<h2>Condiciones ${index}</h2>`,
          '<p>Consulta <a href="https://hotel.example/condiciones">las condiciones</a> y',
          ' <a href="/legal/privacy.html" target="_self" rel="opener">la privacidad</a>.</p>',
          '<svg width="10" height="10"><a href="https://hotel.example/mapa"><text>mapa</text></a></svg>',
          payload,
        ].join('');
        answerInPage('/legal/conditions.html', { body: documentHtml, contentType: 'text/html; charset=utf-8' });
        link.click();
        const heading = await until(() => inShadow(panel, '[part~="legal-document"] :is(h3, h4, h5, h6)'), 'the legal document');
        renders += 1;
        expect(heading.textContent, `document #${index} shown`).to.equal(`Condiciones ${index}`);
        const content = heading.closest('[part~="legal-document"]')!;
        expectSanitised(content, `legal document, payload #${index}`);
        content.closest('[role="dialog"]')!.querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
        await until(() => !inShadow(panel, '[part~="legal-document"]'), 'the modal closed');
      }
    } finally {
      root.remove();
    }
  });
});
