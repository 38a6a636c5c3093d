import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { createRoot, type Root } from 'react-dom/client';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { SocialButtons } from '../../src/components/social/SocialButtons';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import type { Destination } from '../../src/lib/navigation';
import { DEFAULT_CONFIG, readConfig } from '../../src/state/config';
import {
  authOpenAtom,
  messageAtom,
  pendingSocialUserAtom,
  settingsAtom,
  socialLoggedInAtom,
  startWidgetAtom,
  userAtom,
} from '../../src/state/session';
import { loyaltySettingsAtom } from '../../src/state/settings';
import { confirmSocialConsentAtom } from '../../src/state/social-sign-in';
import { configAtom, sectionAtom } from '../../src/state/store';
import { loadScriptOnce, ScriptLoadError } from '../../src/lib/social-sdk';
import { clearRecordedRequests, formFields, injectFault, onlyRequest, primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

const GOOGLE_SDK = '/sdk/google-gsi.js';
const FACEBOOK_SDK = '/sdk/facebook-sdk.js';
const SOCIAL_SIGNIN = '/bookcore/partempresas/login-particular-integracion/';

type Standin = 'member' | 'new' | 'no-email' | 'cancel';
type StandinWindow = Window & { __standinSocialUser?: Standin | { google?: Standin; facebook?: Standin } };

const CHECK_USER = '/bookcore/partempresas/loyalty/social/check-user/';

const roots: Root[] = [];
let navigations: Destination[] = [];
let dataLayer: { event?: string }[] = [];
let restoreNavigator: () => void = () => undefined;
let uncaught: unknown[] = [];
const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason);

/** A fresh page runtime, configured for the stand-in SDKs, with the settings loaded. */
async function startWidget(sdk: { google?: string; facebook?: string } = {}) {
  providePageRuntime(createRuntime());
  const store = pageRuntime().store;
  store.set(configAtom, { ...DEFAULT_CONFIG, googleSdkUrl: sdk.google ?? GOOGLE_SDK, facebookSdkUrl: sdk.facebook ?? FACEBOOK_SDK });
  await store.set(startWidgetAtom);
  expect(store.get(settingsAtom).status).to.equal('ready');
  return store;
}

/** Renders SocialButtons into the open shadow root of a fresh element, the way the panel renders sections. */
async function renderButtons(): Promise<{ host: HTMLElement; shadow: ShadowRoot }> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot runtime={pageRuntime()} host={host}>
      <Translated>
        <SocialButtons />
      </Translated>
    </ElementRoot>,
  );
  return { host, shadow };
}

const googleButton = (shadow: ShadowRoot) => shadow.querySelector<HTMLButtonElement>('[data-provider="google"] button');
const facebookButton = (shadow: ShadowRoot) => shadow.querySelector<HTMLButtonElement>('[data-provider="facebook"] button');

async function bothButtons(shadow: ShadowRoot) {
  await waitUntil(() => googleButton(shadow) && facebookButton(shadow), 'both social buttons rendered', { timeout: 5000 });
}

/** Records the host's part in order: the document event, then the element event. */
function recordEvents(host: HTMLElement): string[] {
  const seen: string[] = [];
  const onDocument = (event: Event) => seen.push(`${event.type}:${(event as CustomEvent<{ userName: string }>).detail.userName}`);
  document.addEventListener('userLoginSuccess', onDocument, { once: true });
  host.addEventListener('loyalty-login', onDocument, { once: true });
  return seen;
}

describe('SocialButtons with the stand-in SDKs', () => {
  beforeEach(async () => {
    await resetServer();
    // A previous test's session cookie would make the visitor a member.
    const token = await primeCsrfCookie();
    await fetch('/bookcore/partempresas/ajax/logout/', { method: 'POST', headers: { 'X-CSRFToken': token } });
    await clearRecordedRequests();
    navigations = [];
    restoreNavigator = setPageNavigator({
      assign: (url) => navigations.push({ kind: 'assign', url }),
      reload: () => navigations.push({ kind: 'reload' }),
    });
    uncaught = [];
    dataLayer = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });

  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
    restoreNavigator();
    delete (window as StandinWindow).__standinSocialUser;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    expect(uncaught, 'uncaught errors').to.deep.equal([]);
  });

  it('reads the SDK addresses and version from the element, refusing plain http and other sites', () => {
    const attributes: Record<string, string> = {
      'data-google-sdk-url': '/sdk/google-gsi.js',
      'data-facebook-sdk-url': 'http://evil.example/sdk.js',
      'data-facebook-sdk-version': 'v3.2',
    };
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const config = readConfig((name) => attributes[name] ?? null);
      expect(config.googleSdkUrl).to.equal('/sdk/google-gsi.js');
      expect(config.facebookSdkUrl).to.equal('https://connect.facebook.net/es_ES/sdk.js');
      expect(config.facebookSdkVersion).to.equal('v3.2');
    } finally {
      console.warn = warn;
    }
    expect(DEFAULT_CONFIG.googleSdkUrl).to.equal('https://accounts.google.com/gsi/client');
    expect(DEFAULT_CONFIG.facebookSdkVersion).to.equal('v2.11');
  });

  it('renders both providers with the configured texts', async () => {
    await startWidget();
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    expect(facebookButton(shadow)!.textContent).to.equal('Continuar con Facebook');
    expect(shadow.querySelector('[data-provider="google"]')!.getAttribute('aria-label')).to.equal('Continuar con Google');
    expect(googleButton(shadow)!.textContent).to.equal('Continuar con Google');
  });

  it('signs in an existing member with Google, fires the events in order, then navigates', async () => {
    (window as StandinWindow).__standinSocialUser = 'member';
    const store = await startWidget();
    store.set(authOpenAtom, true);
    const { host, shadow } = await renderButtons();
    await bothButtons(shadow);
    const events = recordEvents(host);
    const closed: string[] = [];
    host.addEventListener('loyalty-close', () => closed.push(`loyalty-close after ${events.length} login events`), { once: true });
    googleButton(shadow)!.click();
    await waitUntil(() => navigations.length === 1, 'navigated after the social login', { timeout: 5000 });
    expect(closed).to.deep.equal(['loyalty-close after 0 login events']);
    expect(events).to.deep.equal(['userLoginSuccess:ana@example.com', 'loyalty-login:ana@example.com']);
    expect(store.get(userAtom)?.email).to.equal('ana@example.com');
    // The auth view closed; the full-screen loader shows until the page navigates (docs/loyalty-widget.md).
    expect(store.get(sectionAtom)).to.equal('LOADER');
    expect(store.get(authOpenAtom)).to.equal(false);
    expect(dataLayer.map((entry) => entry.event)).to.deep.equal(['signin_sucess']);
    expect(store.get(socialLoggedInAtom)).to.equal('google');
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
    const fields = formFields(await onlyRequest(SOCIAL_SIGNIN));
    expect(fields['tipo_integracion']).to.equal('google');
    expect(fields['email']).to.equal('ana@example.com');
    const [header, , signature] = fields['id_token']!.split('.');
    expect(JSON.parse(atob(header!.replace(/-/g, '+').replace(/_/g, '/')))).to.include({ alg: 'RS256', kid: 'standin' });
    expect(signature).to.have.length.above(300);
    expect(formFields(await onlyRequest(CHECK_USER))['id_token']).to.equal(fields['id_token']);
  });

  it('signs in an existing member with Facebook, fires the events in order, then navigates', async () => {
    (window as StandinWindow).__standinSocialUser = { facebook: 'member' };
    const store = await startWidget();
    const { host, shadow } = await renderButtons();
    await bothButtons(shadow);
    const events = recordEvents(host);
    facebookButton(shadow)!.click();
    await waitUntil(() => navigations.length === 1, 'navigated after the social login', { timeout: 5000 });
    expect(events).to.deep.equal(['userLoginSuccess:ana@example.com', 'loyalty-login:ana@example.com']);
    expect(store.get(userAtom)?.email).to.equal('ana@example.com');
    const fields = formFields(await onlyRequest(SOCIAL_SIGNIN));
    expect(fields['tipo_integracion']).to.equal('facebook');
    expect(fields['id']).to.equal('200000000000001');
    // What bookcore verifies (docs/bookcore-contract.md "Social sign-in: what bookcore must verify"): the access token FB.login gave, an RS256 JWT for this app and this id.
    const [header, claims, signature] = fields['access_token']!.split('.');
    expect(JSON.parse(atob(header!.replace(/-/g, '+').replace(/_/g, '/')))).to.include({ alg: 'RS256', kid: 'standin' });
    expect(JSON.parse(atob(claims!.replace(/-/g, '+').replace(/_/g, '/')))).to.include({ app_id: '100000000000001', user_id: '200000000000001' });
    expect(signature).to.have.length.above(300);
    const check = formFields(await onlyRequest(CHECK_USER));
    expect(check).to.include({ tipo_integracion: 'facebook', id: '200000000000001', access_token: fields['access_token'] });
  });

  it('takes a new Google user to SOCIAL_GDPR with the decoded profile, and the consent signs them in', async () => {
    const store = await startWidget();
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    googleButton(shadow)!.click();
    await waitUntil(() => store.get(sectionAtom) === 'SOCIAL_GDPR', 'SOCIAL_GDPR shown', { timeout: 5000 });
    const pending = store.get(pendingSocialUserAtom)!;
    expect(pending).to.include({
      first_name: 'Lucía',
      last_name: 'Gómez',
      name: 'Lucía Gómez',
      email: 'lucia.gomez@example.com',
      integration: 'google',
      recibir_newsletter: false,
    });
    expect(pending.id_token).to.be.a('string').and.not.equal('');
    expect(navigations).to.deep.equal([]);
    const outcome = await store.set(confirmSocialConsentAtom, true, { genericError: 'x' });
    expect(outcome).to.deep.equal({ ok: true, userName: 'lucia.gomez@example.com' });
    const fields = formFields(await onlyRequest(SOCIAL_SIGNIN));
    expect(fields['recibir_newsletter']).to.equal('true');
    expect(fields['tipo_integracion']).to.equal('google');
  });

  it('takes a new Facebook user to SOCIAL_GDPR', async () => {
    const store = await startWidget();
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    facebookButton(shadow)!.click();
    await waitUntil(() => store.get(sectionAtom) === 'SOCIAL_GDPR', 'SOCIAL_GDPR shown', { timeout: 5000 });
    expect(store.get(pendingSocialUserAtom)).to.include({
      email: 'marc.puig@example.com',
      first_name: 'Marc',
      id: '200000000000002',
      integration: 'facebook',
    });
  });

  for (const provider of ['google', 'facebook'] as const) {
    it(`returns a ${provider} user without an e-mail to PRE_SIGNUP with the configured error`, async () => {
      (window as StandinWindow).__standinSocialUser = 'no-email';
      const store = await startWidget();
      const settings = store.get(loyaltySettingsAtom);
      const configured = settings.status === 'ready' ? settings.settings.ERRORS?.socialNoEmail : undefined;
      expect(configured).to.be.a('string').and.not.equal('');
      store.set(sectionAtom, 'SIGNIN');
      const { shadow } = await renderButtons();
      await bothButtons(shadow);
      (provider === 'google' ? googleButton(shadow) : facebookButton(shadow))!.click();
      await waitUntil(() => store.get(messageAtom) !== null, 'error shown', { timeout: 5000 });
      expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
      expect(store.get(messageAtom)).to.deep.equal({ tone: 'error', text: configured });
      expect(store.get(pendingSocialUserAtom)).to.equal(null);
    });
  }

  it('returns to PRE_SIGNUP with bookcore\'s message when bookcore answers an error, tracking signin_error', async () => {
    (window as StandinWindow).__standinSocialUser = 'member';
    const store = await startWidget();
    store.set(sectionAtom, 'SIGNIN');
    await injectFault({ path: CHECK_USER, status: 400, body: { errors: { __all__: ['Esta cuenta está bloqueada.'] } }, times: 1 });
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    facebookButton(shadow)!.click();
    await waitUntil(() => store.get(messageAtom) !== null, 'message shown', { timeout: 5000 });
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
    expect(store.get(messageAtom)).to.deep.equal({ tone: 'error', text: 'Esta cuenta está bloqueada.' });
    await waitUntil(() => dataLayer.length > 0, 'tracked');
    expect(dataLayer.map((entry) => entry.event)).to.deep.equal(['signin_error']);
    expect(store.get(userAtom)).to.equal(null);
    expect(navigations).to.deep.equal([]);
  });

  it('keeps the guest where they acted, with a message, when the bookcore call gets no answer', async () => {
    (window as StandinWindow).__standinSocialUser = 'member';
    const store = await startWidget();
    store.set(sectionAtom, 'SIGNIN');
    // Every time: the browser retries a request whose reused connection was reset.
    await injectFault({ path: CHECK_USER, drop: true });
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      facebookButton(shadow)!.click();
      await waitUntil(() => store.get(messageAtom) !== null, 'message shown', { timeout: 5000 });
    } finally {
      console.warn = warn;
    }
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(store.get(messageAtom)).to.deep.equal({
      tone: 'error',
      text: 'No se ha podido iniciar sesión con la red social. Inténtalo de nuevo.',
    });
    await waitUntil(() => dataLayer.length > 0, 'tracked');
    expect(dataLayer.map((entry) => entry.event)).to.deep.equal(['signin_error']);
    expect(navigations).to.deep.equal([]);
  });

  it('only logs a failure of the provider itself: no message, no section change, no request, nothing tracked', async () => {
    (window as StandinWindow).__standinSocialUser = 'member';
    const store = await startWidget();
    store.set(sectionAtom, 'SIGNIN');
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    const sdk = window.FB!;
    const { api } = sdk;
    sdk.api = (_path, _params, callback) => setTimeout(() => callback({ id: '', error: { message: 'Graph API is down' } }), 10);
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      facebookButton(shadow)!.click();
      await waitUntil(() => warnings.some((args) => args.join(' ').includes('Graph API is down')), 'failure logged', { timeout: 5000 });
      await waitUntil(() => !facebookButton(shadow)!.disabled, 'button usable again');
    } finally {
      sdk.api = api;
      console.warn = warn;
    }
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(store.get(messageAtom)).to.equal(null);
    expect(dataLayer).to.deep.equal([]);
    expect(await recordedRequests(CHECK_USER)).to.have.length(0);
    expect(navigations).to.deep.equal([]);
  });

  it('does not treat a social sign-in answered without a name as logged in', async () => {
    (window as StandinWindow).__standinSocialUser = 'member';
    const store = await startWidget();
    store.set(authOpenAtom, true);
    await injectFault({
      path: SOCIAL_SIGNIN,
      status: 200,
      body: { success: true, userName: 'ana@example.com', user: { userName: 'ana@example.com', nombre: '', apellidos: '' } },
      times: 1,
    });
    const { host, shadow } = await renderButtons();
    await bothButtons(shadow);
    const events = recordEvents(host);
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      googleButton(shadow)!.click();
      await waitUntil(() => store.get(messageAtom) !== null, 'message shown', { timeout: 5000 });
    } finally {
      console.warn = warn;
    }
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(authOpenAtom)).to.equal(true);
    await waitUntil(() => dataLayer.length > 0, 'tracked');
    expect(dataLayer.map((entry) => entry.event)).to.deep.equal(['signin_error']);
    expect(events).to.deep.equal([]);
    expect(navigations).to.deep.equal([]);
  });

  it('does nothing when the visitor cancels the Facebook dialog', async () => {
    (window as StandinWindow).__standinSocialUser = 'cancel';
    const store = await startWidget();
    const { shadow } = await renderButtons();
    await bothButtons(shadow);
    facebookButton(shadow)!.click();
    await waitUntil(() => !facebookButton(shadow)!.disabled, 'button usable again', { timeout: 5000 });
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
    expect(store.get(messageAtom)).to.equal(null);
    expect(navigations).to.deep.equal([]);
  });

  it('hides the button of a blocked SDK and keeps the other one, only logging', async () => {
    const saved = { google: window.google };
    delete window.google;
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await startWidget({ google: '/sdk/blocked-gsi.js' });
      const { shadow } = await renderButtons();
      await waitUntil(() => facebookButton(shadow), 'facebook button rendered', { timeout: 5000 });
      await waitUntil(() => warnings.some((args) => String(args[0]).includes('Google SDK is unavailable')), 'failure logged', {
        timeout: 5000,
      });
      expect(shadow.querySelector('[data-provider="google"]')).to.equal(null);
    } finally {
      console.warn = warn;
      window.google = saved.google;
    }
  });

  it('shows no button for a provider without a client id', async () => {
    const store = await startWidget();
    const state = store.get(settingsAtom);
    if (state.status !== 'ready') throw new Error('settings not ready');
    // The answer as the start read it, Google's part taken out.
    const socialLogin = { ...(state.answer['socialLogin'] as Record<string, unknown>) };
    delete socialLogin['google'];
    store.set(settingsAtom, { ...state, answer: { ...state.answer, socialLogin } });
    const { shadow } = await renderButtons();
    await waitUntil(() => facebookButton(shadow), 'facebook button rendered', { timeout: 5000 });
    expect(shadow.querySelector('[data-provider="google"]')).to.equal(null);
  });

  it('loads each SDK script once however many SocialButtons mount', async () => {
    await startWidget();
    const first = await renderButtons();
    const second = await renderButtons();
    await bothButtons(first.shadow);
    await bothButtons(second.shadow);
    expect(document.querySelectorAll(`script[src$="${GOOGLE_SDK}"]`)).to.have.length(1);
    expect(document.querySelectorAll(`script[src$="${FACEBOOK_SDK}"]`)).to.have.length(1);
  });

  it('passes axe', async () => {
    await startWidget();
    const { host, shadow } = await renderButtons();
    await bothButtons(shadow);
    await expect(host).to.be.accessible();
  });
});

describe('social SDK loading and the stand-in route', () => {
  beforeEach(resetServer);
  afterEach(resetServer);

  it('serves the stand-in scripts as JavaScript and nothing else under /sdk', async () => {
    for (const path of [GOOGLE_SDK, FACEBOOK_SDK]) {
      const response = await fetch(path);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/javascript/);
    }
    expect((await fetch('/sdk/other.js')).status).to.equal(404);
  });

  it('gives up on a script that never answers after its timeout, once for every caller', async () => {
    await injectFault({ path: '/sdk/hanging.js', hang: true });
    const first = loadScriptOnce('/sdk/hanging.js', { timeoutMs: 200 });
    const second = loadScriptOnce('/sdk/hanging.js', { timeoutMs: 200 });
    expect(second).to.equal(first);
    const error = await first.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(ScriptLoadError);
    expect(document.querySelectorAll('script[src$="/sdk/hanging.js"]')).to.have.length(1);
  });
});
