/**
 * Password managers and the browser's autofill.
 *
 * The credential inputs stay in the panel's shadow root. Chromium's autofill and password manager (one
 * renderer agent, components/autofill/content/renderer/README.md) extract forms across shadow trees: a form
 * element with no shadow-including form ancestor owns its controls, and an element's shadow-root <form> is one.
 * So the inputs need what every credential form needs: a real <form> holding them and its submit button, `name`
 * attributes, and the autocomplete tokens (e-mail `email`, `current-password` on sign-in, `new-password` on
 * sign-up). Some extensions do not look into shadow roots at all; moving the inputs to the light DOM would hand
 * them to the host page's CSS and scripts, and is not done.
 *
 * What autofill does to a value is the other half: it may set `.value` with no input event (Chrome's fill on
 * page load is only exposed to script on the first interaction; some extensions call the native setter). These
 * tests set values exactly that way — the native setter, bypassing React's value tracker, no event — and check
 * what is posted to the dev bookcore and that validation accepts it, also after focus moves through the fields
 * and after the guest types into another field (a re-render that a controlled input answers by putting its stale
 * state back).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { LoyaltyPanel } from '../../src/components/LoyaltyPanel';
import { Form, type FormSubmission } from '../../src/forms';
import type { AuthSection } from '../../src/lib/events';
import { DEFAULT_CONFIG, type WidgetConfig } from '../../src/state/config';
import { settingsAtom } from '../../src/state/session';
import { configAtom } from '../../src/state/store';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import panelCss from '../../styles/loyalty-panel.css';
import { formFields, primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';
import { reportFigure } from '../support/figures';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

const roots: Root[] = [];
let navigations: string[] = [];
let restoreNavigator: () => void = () => undefined;
let posted = 0;

const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!' };

/** The panel rendered into an open shadow root as the element does, at `section`, against the dev bookcore. */
async function mountPanel(section: AuthSection): Promise<ShadowRoot> {
  providePageRuntime(createRuntime());
  const store = pageRuntime().store;
  const config: WidgetConfig = { ...DEFAULT_CONFIG, activeSection: section, googleSdkUrl: '/sdk/google-gsi.js', facebookSdkUrl: '/sdk/facebook-sdk.js' };
  store.set(configAtom, config);
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
  await waitUntil(() => store.get(settingsAtom).status === 'ready', 'settings loaded', { timeout: 5000 });
  await waitUntil(() => shadow.querySelector(`[part~="auth-section"][data-section="${section}"] form`), `${section} form shown`, { timeout: 5000 });
  return shadow;
}

function control<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(shadow: ShadowRoot, name: string): T {
  const element = shadow.querySelector<T>(`[part~="section-body"]:not([hidden]) form [name="${name}"]`);
  expect(element, `control ${name}`).to.exist;
  return element!;
}

function submitButton(shadow: ShadowRoot): HTMLButtonElement {
  return shadow.querySelector<HTMLButtonElement>('[part~="section-body"]:not([hidden]) form button[type="submit"]')!;
}

const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;

/**
 * Fills a control the way autofill may: the prototype's setter, so React's value tracker does not see it, and no
 * input or change event.
 */
function autofill(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (element instanceof HTMLSelectElement) selectValue.call(element, value);
  else inputValue.call(element, value);
}

/** Focus passing through a control and leaving it, as when a guest tabs past an autofilled field. */
function focusAndLeave(element: HTMLElement): void {
  element.focus();
  element.blur();
}

function invalidControls(shadow: ShadowRoot): string[] {
  return Array.from(shadow.querySelectorAll('[part~="section-body"]:not([hidden]) [aria-invalid="true"]')).map((element) => element.getAttribute('name') ?? element.id);
}

describe('autofill: credential forms password managers recognise, and values set without events', () => {
  beforeEach(async () => {
    await resetServer();
    const token = await primeCsrfCookie();
    await fetch('/bookcore/partempresas/ajax/logout/', { method: 'POST', headers: { 'X-CSRFToken': token } });
    sessionStorage.clear();
    navigations = [];
    restoreNavigator = setPageNavigator({
      assign: (url) => navigations.push(url),
      reload: () => navigations.push('reload'),
    });
  });

  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
    restoreNavigator();
  });

  after(async () => {
    await reportFigure('autofill', `${posted} of 4 forms posted the values autofill set without events (sign-in ×2, sign-up ×2), validation accepting them`, posted === 4);
  });

  it('SIGNIN and SIGNUP are real forms: named inputs with the credential autocomplete tokens, and a submit button', async () => {
    for (const [section, password] of [
      ['SIGNIN', 'current-password'],
      ['SIGNUP', 'new-password'],
    ] as const) {
      const shadow = await mountPanel(section);
      const email = control(shadow, 'email');
      const secret = control(shadow, 'password');
      const form = email.form;
      expect(form, `${section}: the e-mail input belongs to a form`).to.be.instanceOf(HTMLFormElement);
      expect(secret.form, `${section}: so does the password`).to.equal(form);
      expect(submitButton(shadow).form, `${section}: with its submit button`).to.equal(form);
      expect([email.type, email.name, email.getAttribute('autocomplete')], section).to.deep.equal(['email', 'email', 'email']);
      expect([secret.type, secret.name, secret.getAttribute('autocomplete')], section).to.deep.equal(['password', 'password', password]);
      for (const root of roots.splice(0)) root.unmount();
    }
  });

  it('SIGNIN: posts e-mail and password that autofill set without events', async () => {
    const shadow = await mountPanel('SIGNIN');
    autofill(control(shadow, 'email'), MEMBER.email);
    autofill(control(shadow, 'password'), MEMBER.password);
    submitButton(shadow).click();
    await waitUntil(() => navigations.length > 0, 'signed in and navigated', { timeout: 5000 });
    const requests = await recordedRequests('/bookcore/loyalty/ajax/signin/');
    expect(requests.map(formFields)).to.deep.equal([MEMBER]);
    expect(invalidControls(shadow)).to.deep.equal([]);
    posted += 1;
  });

  it('SIGNIN: keeps autofilled values when focus passes through the fields, and Enter posts them', async () => {
    const shadow = await mountPanel('SIGNIN');
    const email = control(shadow, 'email');
    const password = control(shadow, 'password');
    autofill(email, MEMBER.email);
    autofill(password, MEMBER.password);
    // Leaving a field validates it (a re-render): no "required" error, and the values are still there.
    focusAndLeave(email);
    focusAndLeave(password);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidControls(shadow), 'validation accepts the autofilled values').to.deep.equal([]);
    expect([email.value, password.value]).to.deep.equal([MEMBER.email, MEMBER.password]);
    password.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => navigations.length > 0, 'signed in and navigated', { timeout: 5000 });
    const requests = await recordedRequests('/bookcore/loyalty/ajax/signin/');
    expect(requests.map(formFields)).to.deep.equal([MEMBER]);
    posted += 1;
  });

  it('SIGNUP: posts autofilled name, e-mail, new password and country, also after typing in another field', async () => {
    const shadow = await mountPanel('SIGNUP');
    const values = { nombre: 'Eva', apellidos: 'Núñez Gil', email: 'eva.autofill@example.com', password: 'Segura-2026!' };
    autofill(control(shadow, 'nombre'), values.nombre);
    autofill(control(shadow, 'apellidos'), values.apellidos);
    autofill(control(shadow, 'email'), values.email);
    autofill(control<HTMLSelectElement>(shadow, 'pais'), 'PT');
    // The guest types the new password themselves: input events, a re-render of the whole form.
    control(shadow, 'password').focus();
    await sendKeys({ type: values.password });
    control<HTMLInputElement>(shadow, 'politica').click();
    submitButton(shadow).click();
    await waitUntil(() => shadow.querySelector('[data-section="SIGNUP_SUCCESS"]'), 'SIGNUP_SUCCESS', { timeout: 5000 });
    const requests = await recordedRequests('/bookcore/loyalty/ajax/signup/');
    expect(requests).to.have.length(1);
    expect(formFields(requests[0]!)).to.include({ ...values, pais: 'PT', politica: 'true' });
    posted += 1;
  });

  it('a form that submits on mount (PASS_RECOVERY) does not send what autofill put in before it ran', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const shadow = host.attachShadow({ mode: 'open' });
    const root = createRoot(shadow);
    roots.push(root);
    const submitted: FormSubmission[] = [];
    // Runs after the form's inputs exist and before its mount effect: where the browser's fill on page load lands.
    function AutofillBeforeEffects() {
      useLayoutEffect(() => autofill(shadow.querySelector<HTMLInputElement>('input[name="email"]')!, MEMBER.email), []);
      return null;
    }
    root.render(
      <ElementRoot runtime={pageRuntime()} host={host}>
        <Translated>
          <Form
            fields={[{ name: 'email', label: 'Correo electrónico', type: 'email', required: true, order: 1 }]}
            submitOnMount
            onSubmit={async (payload) => void submitted.push(payload)}
          />
          <AutofillBeforeEffects />
        </Translated>
      </ElementRoot>,
    );
    await waitUntil(() => shadow.querySelector('form'), 'form rendered');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(submitted, 'nothing sent on mount: the configured value was empty').to.deep.equal([]);
    expect(shadow.querySelector<HTMLInputElement>('input[name="email"]')!.value, 'the autofilled value stays').to.equal(MEMBER.email);
    // The guest's own submit sends it.
    shadow.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => submitted.length === 1, 'submitted by the guest');
    expect(submitted).to.deep.equal([{ email: MEMBER.email }]);
  });

  it('SIGNUP: every field autofilled at once (password included) is accepted and posted', async () => {
    const shadow = await mountPanel('SIGNUP');
    const values = { nombre: 'Iker', apellidos: 'Sainz', email: 'iker.autofill@example.com', password: 'Generada-Por-El-Gestor-9' };
    for (const [name, value] of Object.entries(values)) autofill(control(shadow, name), value);
    control<HTMLInputElement>(shadow, 'politica').click();
    submitButton(shadow).click();
    await waitUntil(() => shadow.querySelector('[data-section="SIGNUP_SUCCESS"]'), 'SIGNUP_SUCCESS', { timeout: 5000 });
    const requests = await recordedRequests('/bookcore/loyalty/ajax/signup/');
    expect(requests).to.have.length(1);
    expect(formFields(requests[0]!)).to.include({ ...values, pais: 'ES', politica: 'true' });
    posted += 1;
  });
});
