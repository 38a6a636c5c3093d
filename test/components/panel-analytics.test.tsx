/**
 * The auth panel's analytics (docs/commerce.md "Analytics"), pinned one emission at a time: each label is pushed with category
 * "Loyalty" when, and only when, its moment comes, so removing an emission, or moving it where nothing happens,
 * fails here. The other emissions are pinned where their flows are tested: test/components/panel.test.tsx
 * (sign-in, sign-up, recovery), test/components/social.test.tsx, test/components/cart.test.tsx ("Shopping Cart")
 * and test/elements/widget.test.ts (icon, page elements, notification).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { ElementRoot } from '../../src/components/ElementRoot';
import { LoyaltyPanel } from '../../src/components/LoyaltyPanel';
import { Translated } from '../../src/components/Translated';
import { DEFAULT_CONFIG, type WidgetConfig } from '../../src/state/config';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { authTurnAtom, MESSAGE_DURATION_MS, pendingSocialUserAtom, settingsAtom } from '../../src/state/session';
import { configAtom, sectionAtom } from '../../src/state/store';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import panelCss from '../../styles/loyalty-panel.css';
import { injectFault, mailedRecoveryToken, recordedRequests, resetServer, standinFacebookToken } from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

type DataLayerEntry = { event?: string; eventCategory?: string; eventLabel?: string };

const CHANGE = '/bookcore/loyalty/ajax/password/recovery/change/';
const SIGNUP = '/bookcore/loyalty/ajax/signup/';
const SOCIAL_SIGNIN = '/bookcore/partempresas/login-particular-integracion/';
const SOCIAL_USER = {
  first_name: 'Marta',
  last_name: 'Ruiz',
  email: 'marta@example.com',
  name: 'Marta Ruiz',
  id: '1234',
  integration: 'facebook',
  recibir_newsletter: false,
} as const;
let restoreNavigator: () => void = () => undefined;
const roots: Root[] = [];
let dataLayer: DataLayerEntry[] = [];

async function mountPanel(
  config: Partial<WidgetConfig> = {},
  startTimeout?: number,
): Promise<{ shadow: ShadowRoot; store: ReturnType<typeof pageRuntime>['store'] }> {
  providePageRuntime(createRuntime());
  const store = pageRuntime().store;
  store.set(configAtom, { ...DEFAULT_CONFIG, googleSdkUrl: '/sdk/google-gsi.js', facebookSdkUrl: '/sdk/facebook-sdk.js', ...config });
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(hostCss + formsCss + panelCss);
  shadow.adoptedStyleSheets = [sheet];
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot runtime={pageRuntime()} host={host}>
      <Translated>
        <LoyaltyPanel />
      </Translated>
    </ElementRoot>,
  );
  await waitUntil(() => store.get(settingsAtom).status === 'ready', 'settings loaded', startTimeout === undefined ? undefined : { timeout: startTimeout });
  return { shadow, store };
}

async function showSection(shadow: ShadowRoot, section: string): Promise<void> {
  await waitUntil(() => shadow.querySelector(`[data-section="${section}"]:not([part~="panel"])`), `${section} shown`);
}

function control(shadow: ShadowRoot, name: string): HTMLInputElement {
  const element = shadow.querySelector<HTMLInputElement>(`[part~="section-body"]:not([hidden]) [name="${name}"]`);
  expect(element, `control ${name}`).to.exist;
  return element!;
}

function submitButton(shadow: ShadowRoot): HTMLButtonElement {
  const found = shadow.querySelector<HTMLButtonElement>('[part~="section-body"]:not([hidden]) [part~="submit"]');
  expect(found, 'the submit button').to.exist;
  return found!;
}

async function typeInto(input: HTMLElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

/** Resolves once the section's form has settled its submission (its promise resolved or rejected). */
async function submissionSettled(shadow: ShadowRoot): Promise<void> {
  await waitUntil(() => !shadow.querySelector('[part~="form"][aria-busy="true"]'), 'the submission settled', { timeout: 5000 });
}

function labels(): (string | undefined)[] {
  return dataLayer.map((entry) => entry.eventLabel);
}

/** The one entry pushed for a label: a Loyalty event named after it. */
function expectLoyaltyEvent(label: string): void {
  const entries = dataLayer.filter((entry) => entry.eventLabel === label);
  expect(entries, label).to.have.length(1);
  expect(entries[0]).to.deep.equal({ event: label, eventCategory: 'Loyalty', eventLabel: label });
}

describe('auth panel analytics', () => {
  // The panel's lazily loaded parts, fetched once before the tests (the dev server compiles each on first request).
  before(async () => {
    await Promise.all([
      import('../../src/components/auth/AuthPanel'),
      import('../../src/components/auth/PasswordChangeSection'),
      import('../../src/components/auth/SignUpSection'),
      import('../../src/components/auth/MessageSections'),
      import('../../src/lib/analytics/data-layer'),
    ]);
    // A first panel, so the tests do not wait for the dev server's first compile of the widget's modules; not a
    // test of the panel's speed (`npm run bench` measures that).
    await mountPanel({}, 10_000);
    for (const root of roots.splice(0)) root.unmount();
  });

  beforeEach(async () => {
    await resetServer();
    sessionStorage.clear();
    dataLayer = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
    // A signed-in social user reloads the page: recorded, not done.
    restoreNavigator = setPageNavigator({ assign: () => undefined, reload: () => undefined });
  });

  afterEach(() => {
    restoreNavigator();
    for (const root of roots.splice(0)) root.unmount();
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it('pins docs/loyalty-widget.md "Messages": a panel message stays 10 s', () => {
    expect(MESSAGE_DURATION_MS).to.equal(10_000);
  });

  it('tracks pass_recovery_change only when a change is sent: not for mismatched passwords', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: 'MQ', tokenPassword: 'abc' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Otra2026!');
    submitButton(shadow).click();
    await waitUntil(() => shadow.querySelector('[part~="form-error"]')?.textContent === 'Las contraseñas no coinciden.', 'configured error');
    await submissionSettled(shadow);
    expect(await recordedRequests(CHANGE)).to.have.length(0);
    expect(labels()).to.not.include('pass_recovery_change');
  });

  it('tracks pass_recovery_change only when a change is sent: not without uid and token', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    submitButton(shadow).click();
    await waitUntil(() => shadow.querySelector('[part~="form-error"]')?.textContent?.startsWith('El enlace'), 'token error');
    await submissionSettled(shadow);
    expect(await recordedRequests(CHANGE)).to.have.length(0);
    expect(labels()).to.not.include('pass_recovery_change');
  });

  it('tracks pass_recovery_change once when the change is sent, and view_form_recovery_password for its section', async () => {
    const { uid, token } = await mailedRecoveryToken();
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: uid, tokenPassword: token });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await waitUntil(() => labels().includes('view_form_recovery_password'), 'the section view tracked');
    expectLoyaltyEvent('view_form_recovery_password');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    submitButton(shadow).click();
    // The dev bookcore signs the member in with the change.
    await showSection(shadow, 'SIGNIN_SUCCESS');
    expect(await recordedRequests(CHANGE)).to.have.length(1);
    expectLoyaltyEvent('pass_recovery_change');
    expectLoyaltyEvent('pass_recovery_sucesss');
  });

  it('tracks signup_validation_success when the validation page shows SIGNUP_VALIDATION_SUCCESS', async () => {
    const { shadow } = await mountPanel({ activeSection: 'SIGNUP_VALIDATION_SUCCESS' });
    await showSection(shadow, 'SIGNUP_VALIDATION_SUCCESS');
    await waitUntil(() => labels().includes('signup_validation_success'), 'tracked');
    expectLoyaltyEvent('signup_validation_success');
  });

  it('does not track signup_error for a sign-up a later action replaced', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNUP' });
    await showSection(shadow, 'SIGNUP');
    await typeInto(control(shadow, 'nombre'), 'Eva');
    await typeInto(control(shadow, 'apellidos'), 'Ruiz');
    await typeInto(control(shadow, 'email'), 'eva@example.com');
    await typeInto(control(shadow, 'password'), 'Segura2026!');
    control(shadow, 'politica').click();
    // The server answers late, and with a failure: had the sign-up not been replaced, that is a signup_error.
    await injectFault({ path: SIGNUP, method: 'POST', status: 500, body: '{"errors": "Fallo"}', contentType: 'application/json', delayMs: 400, times: 1 });
    submitButton(shadow).click();
    await waitUntil(() => labels().includes('validate_form'), 'the sign-up went out');
    await waitUntil(async () => (await recordedRequests(SIGNUP)).length === 1, 'the server has the sign-up');
    // A later auth action (a sign-in or sign-out elsewhere on the page) takes the turn.
    store.set(authTurnAtom, store.get(authTurnAtom) + 1);
    await submissionSettled(shadow);
    expect(labels()).to.not.include('signup_error');
    expect(labels()).to.not.include('signup_success');
    // The same failure, not replaced, is one signup_error.
    store.set(sectionAtom, 'SIGNUP');
    await showSection(shadow, 'SIGNUP');
    // SIGNUP's node may still be the one the loader hid: wait for its form to show again (WebKit paints it later).
    await waitUntil(() => shadow.querySelector('[part~="section-body"]:not([hidden]) [part~="submit"]'), 'the sign-up form shown again');
    await injectFault({ path: SIGNUP, method: 'POST', status: 500, body: '{"errors": "Fallo"}', contentType: 'application/json', times: 1 });
    submitButton(shadow).click();
    await waitUntil(() => labels().includes('signup_error'), 'signup_error tracked');
    await submissionSettled(shadow);
    expectLoyaltyEvent('signup_error');
  });

  it('tracks signup_success when the SOCIAL_GDPR consent signs a new social user in', async () => {
    const { shadow, store } = await mountPanel();
    // The dev bookcore verifies the provider's token, as bookcore must (docs/bookcore-contract.md "Social sign-in: what bookcore must verify"): Facebook's, signed by the stand-in.
    store.set(pendingSocialUserAtom, { ...SOCIAL_USER, access_token: await standinFacebookToken(SOCIAL_USER.id, SOCIAL_USER.email) });
    store.set(sectionAtom, 'SOCIAL_GDPR');
    await showSection(shadow, 'SOCIAL_GDPR');
    control(shadow, 'politica').click();
    submitButton(shadow).click();
    await waitUntil(() => labels().includes('signup_success'), 'signup_success tracked', { timeout: 5000 });
    expectLoyaltyEvent('signup_success');
    expect(labels()).to.not.include('signup_error');
    expect(await recordedRequests(SOCIAL_SIGNIN)).to.have.length(1);
  });

  it('tracks signup_error when bookcore refuses the SOCIAL_GDPR consent', async () => {
    const { shadow, store } = await mountPanel();
    store.set(pendingSocialUserAtom, { ...SOCIAL_USER });
    store.set(sectionAtom, 'SOCIAL_GDPR');
    await showSection(shadow, 'SOCIAL_GDPR');
    control(shadow, 'politica').click();
    await injectFault({ path: SOCIAL_SIGNIN, method: 'POST', status: 400, body: '{"errors": "Rechazado"}', contentType: 'application/json', times: 1 });
    submitButton(shadow).click();
    await waitUntil(() => labels().includes('signup_error'), 'signup_error tracked', { timeout: 5000 });
    await submissionSettled(shadow);
    expectLoyaltyEvent('signup_error');
    expect(labels()).to.not.include('signup_success');
  });
});
