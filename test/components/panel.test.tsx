import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { LoyaltyPanel } from '../../src/components/LoyaltyPanel';
import { AUTH_SECTIONS, type AuthSection } from '../../src/lib/events';
import { DEFAULT_CONFIG, type WidgetConfig } from '../../src/state/config';
import { authOpenAtom, messageAtom, openAuthAtom, pendingSocialUserAtom, settingsAtom, userAtom } from '../../src/state/session';
import { configAtom, getLoyaltyStore, iconCountAtom, resetLoyaltyStoreForTests, sectionAtom } from '../../src/state/store';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import panelCss from '../../styles/loyalty-panel.css';
import { formFields, injectFault, mailbox, onlyRequest, primeCsrfCookie, resetServer } from '../api/dev-server';

type Store = ReturnType<typeof getLoyaltyStore>;
type Navigation = { kind: 'assign'; url: string } | { kind: 'reload' };

const roots: Root[] = [];
let navigations: Navigation[] = [];
let restoreNavigator: () => void = () => undefined;
let dataLayer: { event?: string }[] = [];
const pagePath = location.pathname;

/** A fresh store configured like a page, the panel rendered into an open shadow root as the element does. */
async function mountPanel(
  config: Partial<WidgetConfig> = {},
  options: { messageDurationMs?: number; icon?: boolean } = {},
): Promise<{ host: HTMLElement; shadow: ShadowRoot; store: Store }> {
  resetLoyaltyStoreForTests();
  const store = getLoyaltyStore();
  store.set(configAtom, {
    ...DEFAULT_CONFIG,
    googleSdkUrl: '/sdk/google-gsi.js',
    facebookSdkUrl: '/sdk/facebook-sdk.js',
    ...config,
  });
  if (options.icon) store.set(iconCountAtom, 1);
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(hostCss + formsCss + panelCss);
  shadow.adoptedStyleSheets = [sheet];
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot host={host}>
      <Translated>
        <LoyaltyPanel messageDurationMs={options.messageDurationMs} />
      </Translated>
    </ElementRoot>,
  );
  await waitUntil(() => store.get(settingsAtom).status === 'ready', 'settings loaded');
  return { host, shadow, store };
}

async function showSection(shadow: ShadowRoot, section: AuthSection): Promise<HTMLElement> {
  await waitUntil(() => shadow.querySelector(`[data-section="${section}"]:not([part~="panel"])`), `${section} shown`);
  return shadow.querySelector<HTMLElement>(`[data-section="${section}"]:not([part~="panel"])`)!;
}

function heading(shadow: ShadowRoot): string {
  return shadow.querySelector('[part~="section-body"]:not([hidden]) h2')?.textContent ?? '';
}

function control<T extends HTMLElement = HTMLInputElement>(shadow: ShadowRoot, name: string): T {
  const element = shadow.querySelector<T>(`[part~="section-body"]:not([hidden]) [name="${name}"]`);
  expect(element, `control ${name}`).to.exist;
  return element!;
}

function button(shadow: ShadowRoot, text: string): HTMLButtonElement {
  const found = Array.from(shadow.querySelectorAll('button')).find((candidate) => candidate.textContent?.trim() === text);
  expect(found, `button "${text}"`).to.exist;
  return found!;
}

async function typeInto(input: HTMLElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

function alertText(shadow: ShadowRoot): string {
  return shadow.querySelector('[part~="panel-message"][role="alert"]')?.textContent ?? '';
}

function statusMessage(shadow: ShadowRoot): HTMLElement {
  return shadow.querySelector<HTMLElement>('[part~="panel-message"][role="status"]')!;
}

function tracked(): (string | undefined)[] {
  return dataLayer.map((entry) => entry.event);
}

async function signOutOfServer(): Promise<void> {
  const token = await primeCsrfCookie();
  await fetch('/bookcore/partempresas/ajax/logout/', { method: 'POST', headers: { 'X-CSRFToken': token } });
}

describe('<loyalty-panel> auth sections', () => {
  beforeEach(async () => {
    await resetServer();
    await signOutOfServer();
    sessionStorage.clear();
    navigations = [];
    restoreNavigator = setPageNavigator({
      assign: (url) => navigations.push({ kind: 'assign', url }),
      reload: () => navigations.push({ kind: 'reload' }),
    });
    dataLayer = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
    document.body.classList.remove('open-modal');
  });

  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
    restoreNavigator();
    history.replaceState(null, '', pagePath);
    document.querySelectorAll('meta[name="loyaltyCallbackCase"]').forEach((meta) => meta.remove());
  });

  for (const section of AUTH_SECTIONS) {
    it(`renders ${section} with a heading or label, axe clean`, async () => {
      const { shadow, store, host } = await mountPanel();
      if (section === 'SIGNIN_SUCCESS') {
        store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García López' });
      }
      if (section === 'SOCIAL_GDPR') {
        store.set(pendingSocialUserAtom, {
          first_name: 'Marta',
          last_name: 'Ruiz',
          email: 'marta@example.com',
          name: 'Marta Ruiz',
          id: '1',
          integration: 'facebook',
          recibir_newsletter: false,
        });
      }
      store.set(sectionAtom, section);
      const shown = await showSection(shadow, section);
      if (section === 'LOADER') {
        expect(shown.querySelector('[role="status"]')?.textContent).to.equal('Un momento, por favor…');
      } else {
        expect(shown.querySelector('h2')?.textContent).to.not.equal('');
        expect(shown.getAttribute('aria-labelledby')).to.equal(shown.querySelector('h2')!.id);
      }
      expect(host.getAttribute('section')).to.equal(section);
      await expect(host).to.be.accessible();
    });
  }

  it('shows the configured sections contents: SIGNIN with social buttons, form and links; advantages', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN', loyaltyTitle: 'Club Mar' });
    await showSection(shadow, 'SIGNIN');
    expect(heading(shadow)).to.equal('Inicia sesión');
    expect(control(shadow, 'email').getAttribute('autocomplete')).to.equal('email');
    expect(control(shadow, 'password').getAttribute('autocomplete')).to.equal('current-password');
    button(shadow, '¿Has olvidado tu contraseña?');
    button(shadow, 'Regístrate');
    await waitUntil(() => shadow.querySelector('[part~="social"] button'), 'social buttons');
    const advantages = shadow.querySelector('[part~="advantages"]')!;
    expect(advantages.querySelector('h3')?.textContent).to.equal('Ventajas de ser miembro');
    expect(advantages.querySelectorAll('li')).to.have.length(4);
    const logo = advantages.querySelector('img')!;
    expect(logo.getAttribute('src')).to.equal('/static/img/loyalty-logo.svg');
    expect(logo.alt).to.equal('Club Mar');
    expect(shadow.querySelector('[part~="panel-layout"]')?.getAttribute('data-layout')).to.equal('below');
    store.set(configAtom, { ...store.get(configAtom), isDesktop: true });
    await waitUntil(() => shadow.querySelector('[part~="panel-layout"]')?.getAttribute('data-layout') === 'beside');
  });

  it('greets the member by first name and surname in SIGNIN_SUCCESS', async () => {
    const { shadow, store } = await mountPanel();
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García López' });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    expect(heading(shadow)).to.equal('Hola, Ana García López');
    button(shadow, 'Reservar');
    button(shadow, 'Cerrar sesión');
    expect(tracked()).to.include('view_welcome_message');
  });

  it('returns SIGNIN_SUCCESS without a member to SIGNIN', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN_SUCCESS' });
    await showSection(shadow, 'SIGNIN');
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
  });

  it('moves between SIGNIN, PRE_SIGNUP, SIGNUP and PASS_RECOVERY by links, each clearing the message', async () => {
    const { shadow, store } = await mountPanel();
    await showSection(shadow, 'PRE_SIGNUP');
    const steps: [string, AuthSection][] = [
      ['Inicia sesión', 'SIGNIN'],
      ['¿Has olvidado tu contraseña?', 'PASS_RECOVERY'],
      ['Inicia sesión', 'SIGNIN'],
      ['Regístrate', 'PRE_SIGNUP'],
      ['Regístrate con tu correo electrónico', 'SIGNUP'],
      ['Inicia sesión', 'SIGNIN'],
    ];
    for (const [label, next] of steps) {
      store.set(messageAtom, { tone: 'error', text: 'Algo salió mal' });
      await waitUntil(() => alertText(shadow) === 'Algo salió mal', 'message shown');
      button(shadow, label).click();
      await showSection(shadow, next);
      expect(store.get(messageAtom), `message after ${label}`).to.equal(null);
      expect(alertText(shadow)).to.equal('');
    }
  });

  it('moves focus to the new section heading', async () => {
    const { shadow } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    const link = button(shadow, '¿Has olvidado tu contraseña?');
    link.focus();
    link.click();
    const section = await showSection(shadow, 'PASS_RECOVERY');
    await waitUntil(() => shadow.activeElement === section.querySelector('h2'), 'heading focused');
  });

  it('does not take focus from the page when a section changes while the guest is elsewhere', async () => {
    const outside = await fixture<HTMLInputElement>(html`<input aria-label="Buscar" />`);
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    outside.focus();
    store.set(sectionAtom, 'PRE_SIGNUP');
    await showSection(shadow, 'PRE_SIGNUP');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).to.equal(outside);
  });

  it('signs in: userLoginSuccess on document, then loyalty-login, then reloads a plain page', async () => {
    const { shadow, store, host } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    const order: string[] = [];
    const onDocument = (event: Event) => order.push(`document:${(event as CustomEvent<{ userName: string }>).detail.userName}`);
    const onHost = (event: Event) => order.push(`host:${(event as CustomEvent<{ userName: string }>).detail.userName}`);
    document.addEventListener('userLoginSuccess', onDocument);
    host.addEventListener('loyalty-login', onHost);
    try {
      await typeInto(control(shadow, 'email'), 'ana@example.com');
      await typeInto(control(shadow, 'password'), 'Loyalty2026!');
      button(shadow, 'Iniciar sesión').click();
      await waitUntil(() => navigations.length > 0, 'navigated', { timeout: 5000 });
    } finally {
      document.removeEventListener('userLoginSuccess', onDocument);
      host.removeEventListener('loyalty-login', onHost);
    }
    expect(order).to.deep.equal(['document:ana@example.com', 'host:ana@example.com']);
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
    expect(store.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
    expect(store.get(userAtom)?.nombre).to.equal('Ana');
    expect(tracked()).to.include('signin_sucess');
  });

  it('after sign-in on an availability page goes to the reset-availability address', async () => {
    history.replaceState(null, '', '/bookcore/availability/?entrada=2026-12-01');
    const { shadow } = await mountPanel({ activeSection: 'SIGNIN', endpoints: { ...DEFAULT_CONFIG.endpoints, resetAvailability: '/hotel/' } });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => navigations.length > 0, 'navigated', { timeout: 5000 });
    expect(navigations).to.deep.equal([{ kind: 'assign', url: '/hotel/' }]);
  });

  it('reloads instead of going to an address that is neither this site nor configured', async () => {
    history.replaceState(null, '', '/bookcore/password/cambiar/abc/def/');
    const { shadow } = await mountPanel({
      activeSection: 'SIGNIN',
      endpoints: { ...DEFAULT_CONFIG.endpoints, login: 'https://login.example/' },
    });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => navigations.length > 0, 'navigated', { timeout: 5000 });
    // A configured absolute address is allowed.
    expect(navigations).to.deep.equal([{ kind: 'assign', url: 'https://login.example/' }]);
  });

  it('keeps the typed values and shows the server message on a wrong password', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'wrong-password');
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => alertText(shadow) !== '', 'error shown', { timeout: 5000 });
    expect(store.get(messageAtom)?.tone).to.equal('error');
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    expect(control(shadow, 'password').value).to.equal('wrong-password');
    expect(tracked()).to.include('signin_error');
    expect(navigations).to.deep.equal([]);
  });

  it('shows LOADER during the request', async () => {
    await injectFault({ path: '/bookcore/loyalty/ajax/signin/', delayMs: 800, times: 1 });
    const { shadow, host } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    button(shadow, 'Iniciar sesión').click();
    const loader = await showSection(shadow, 'LOADER');
    expect(host.getAttribute('section')).to.equal('LOADER');
    await waitUntil(() => shadow.activeElement === loader, 'loader focused');
    await waitUntil(() => navigations.length > 0, 'navigated', { timeout: 5000 });
  });

  it('signs up into SIGNUP_SUCCESS, sending the policy and newsletter ticks', async () => {
    const { shadow } = await mountPanel({ activeSection: 'SIGNUP' });
    await showSection(shadow, 'SIGNUP');
    expect(control(shadow, 'password').getAttribute('autocomplete')).to.equal('new-password');
    await typeInto(control(shadow, 'nombre'), 'Eva');
    await typeInto(control(shadow, 'apellidos'), 'Núñez');
    await typeInto(control(shadow, 'email'), 'eva@example.com');
    await typeInto(control(shadow, 'password'), 'Segura2026!');
    button(shadow, 'Crear cuenta').click();
    // The policy tick is required.
    await waitUntil(() => shadow.textContent?.includes('Debes aceptar las condiciones'), 'policy error');
    expect(shadow.querySelector('[data-section="SIGNUP"]')).to.exist;
    control(shadow, 'politica').click();
    control(shadow, 'newsletter').click();
    button(shadow, 'Crear cuenta').click();
    await showSection(shadow, 'SIGNUP_SUCCESS');
    const request = formFields(await onlyRequest('/bookcore/loyalty/ajax/signup/'));
    expect(request).to.include({ nombre: 'Eva', email: 'eva@example.com', politica: 'true', newsletter: 'true', pais: 'ES' });
    expect(tracked()).to.include.members(['validate_form', 'signup_success', 'view_ok_message']);
  });

  it('shows an unvalidated account as a warning', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNUP' });
    await showSection(shadow, 'SIGNUP');
    await typeInto(control(shadow, 'nombre'), 'Luis');
    await typeInto(control(shadow, 'apellidos'), 'Pérez');
    await typeInto(control(shadow, 'email'), 'luis@example.com');
    await typeInto(control(shadow, 'password'), 'Segura2026!');
    control(shadow, 'politica').click();
    button(shadow, 'Crear cuenta').click();
    await waitUntil(() => store.get(messageAtom) !== null, 'message', { timeout: 5000 });
    expect(store.get(messageAtom)?.tone).to.equal('warning');
    const status = statusMessage(shadow);
    expect(status.getAttribute('part')).to.include('message-warning');
    expect(status.textContent).to.equal(store.get(messageAtom)?.text);
    expect(alertText(shadow)).to.equal('');
    expect(control(shadow, 'email').value).to.equal('luis@example.com');
    expect(tracked()).to.include('signup_error');
  });

  it('clears a message after its duration', async () => {
    const { shadow, store } = await mountPanel({}, { messageDurationMs: 200 });
    store.set(messageAtom, { tone: 'error', text: 'Algo salió mal' });
    await waitUntil(() => alertText(shadow) === 'Algo salió mal', 'message shown');
    await waitUntil(() => store.get(messageAtom) === null, 'message cleared', { timeout: 2000 });
    expect(alertText(shadow)).to.equal('');
  });

  it('requests the recovery mail as a loyalty user and moves to PASS_RECOVERY_EMAIL', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY' });
    await showSection(shadow, 'PASS_RECOVERY');
    // submitOnMount with nothing typed yet sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    button(shadow, 'Enviar enlace').click();
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(formFields(await onlyRequest('/bookcore/loyalty/ajax/password/recovery/'))).to.deep.equal({
      email: 'ana@example.com',
      userType: 'loyalty',
    });
    expect(tracked()).to.include.members(['view_form_recovery_password', 'pass_recovery_email', 'view_email_message']);
  });

  it('refuses mismatched new passwords with the configured error', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: 'MQ', tokenPassword: 'abc' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Otra2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await waitUntil(() => shadow.querySelector('[part~="form-error"]')?.textContent === 'Las contraseñas no coinciden.', 'configured error');
  });

  it('refuses a change without uid and token with the configured token error', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await waitUntil(
      () => shadow.querySelector('[part~="form-error"]')?.textContent?.startsWith('El enlace para cambiar la contraseña no es válido'),
      'token error',
    );
  });

  it('changes the password with the mailed token into PASS_RECOVERY_SUCCESS, then signs in there', async () => {
    const token = await primeCsrfCookie();
    await fetch('/bookcore/loyalty/ajax/password/recovery/', {
      method: 'POST',
      headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40example.com&userType=loyalty',
    });
    const link = (await mailbox()).find((mail) => mail.kind === 'recovery')!.links[0]!;
    const [uid, secret] = new URL(link).pathname.split('/').filter(Boolean).slice(-2);
    const { shadow, store } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: uid!, tokenPassword: secret! });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await showSection(shadow, 'PASS_RECOVERY_SUCCESS');
    expect(tracked()).to.include.members(['pass_recovery_change', 'pass_recovery_sucesss']);
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => store.get(sectionAtom) === 'SIGNIN_SUCCESS', 'signed in', { timeout: 5000 });
  });

  it('shows PASS_RECOVERY_EXPIRED for a spent token, with a link back to PASS_RECOVERY', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: 'MQ', tokenPassword: 'x' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await injectFault({
      path: '/bookcore/loyalty/ajax/password/recovery/change/',
      status: 400,
      body: JSON.stringify({ errors: { token: ['Caducado'] }, expired: true }),
      contentType: 'application/json',
      times: 1,
    });
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await showSection(shadow, 'PASS_RECOVERY_EXPIRED');
    button(shadow, 'Solicitar un enlace nuevo').click();
    await showSection(shadow, 'PASS_RECOVERY');
  });

  it('signs out: loyalty-logout, back to SIGNIN, reload', async () => {
    const token = await primeCsrfCookie();
    await fetch('/bookcore/loyalty/ajax/signin/', {
      method: 'POST',
      headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40example.com&password=Loyalty2026!',
    });
    const { shadow, store, host } = await mountPanel();
    await showSection(shadow, 'SIGNIN_SUCCESS');
    const loggedOut = oneEvent(host, 'loyalty-logout');
    button(shadow, 'Cerrar sesión').click();
    await loggedOut;
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
    expect(tracked()).to.include('signout');
  });

  it('books: embedded mode goes to the site root', async () => {
    const { shadow, store } = await mountPanel({ isEmbedded: true });
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    button(shadow, 'Reservar').click();
    expect(navigations).to.deep.equal([{ kind: 'assign', url: '/' }]);
  });

  it('books: the dispo callback case goes to tomorrow’s availability', async () => {
    const meta = document.createElement('meta');
    meta.name = 'loyaltyCallbackCase';
    meta.content = 'dispo';
    document.head.append(meta);
    const { shadow, store } = await mountPanel({ projectCode: 'mar' });
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    button(shadow, 'Reservar').click();
    expect(navigations).to.have.length(1);
    const target = navigations[0] as { kind: 'assign'; url: string };
    expect(target.kind).to.equal('assign');
    expect(target.url).to.match(/^\/bookcore\/availability\/\?entrada=\d{4}-\d{2}-\d{2}&project=mar$/);
  });

  it('books: otherwise closes the modal', async () => {
    const { shadow, store, host } = await mountPanel({}, { icon: true });
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(openAuthAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    await waitUntil(() => document.body.classList.contains('open-modal'), 'body class');
    const closed = oneEvent(host, 'loyalty-close');
    button(shadow, 'Reservar').click();
    await closed;
    expect(store.get(authOpenAtom)).to.equal(false);
    await waitUntil(() => !shadow.querySelector('[role="dialog"]'), 'dialog gone');
    expect(document.body.classList.contains('open-modal')).to.equal(false);
    expect(navigations).to.deep.equal([]);
  });

  it('as a modal: hidden until opened, Escape closes with loyalty-close, body class follows', async () => {
    const { shadow, store, host } = await mountPanel({}, { icon: true });
    expect(shadow.querySelector('[role="dialog"]')).to.equal(null);
    expect(document.body.classList.contains('open-modal')).to.equal(false);
    store.set(openAuthAtom, 'SIGNIN');
    await waitUntil(() => shadow.querySelector('[role="dialog"]'), 'dialog open');
    await showSection(shadow, 'SIGNIN');
    expect(document.body.classList.contains('open-modal')).to.equal(true);
    await waitUntil(() => shadow.activeElement?.getAttribute('part') === 'dialog-close', 'close button focused');
    await expect(host).to.be.accessible();
    const closed = oneEvent(host, 'loyalty-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(store.get(authOpenAtom)).to.equal(false);
    await waitUntil(() => !shadow.querySelector('[role="dialog"]'), 'dialog closed');
    expect(document.body.classList.contains('open-modal')).to.equal(false);
  });

  it('as a modal: the close button closes, and reopening resets SOCIAL_GDPR to PRE_SIGNUP', async () => {
    const { shadow, store, host } = await mountPanel({}, { icon: true });
    store.set(openAuthAtom, 'PRE_SIGNUP');
    await showSection(shadow, 'PRE_SIGNUP');
    store.set(sectionAtom, 'SOCIAL_GDPR');
    await showSection(shadow, 'SOCIAL_GDPR');
    const closed = oneEvent(host, 'loyalty-close');
    shadow.querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
    await closed;
    store.set(openAuthAtom);
    await showSection(shadow, 'PRE_SIGNUP');
  });

  it('confirms SOCIAL_GDPR only with the policy ticked, sends the newsletter choice and logs the member in', async () => {
    const { shadow, store, host } = await mountPanel();
    store.set(pendingSocialUserAtom, {
      first_name: 'Marta',
      last_name: 'Ruiz',
      email: 'marta@example.com',
      name: 'Marta Ruiz',
      id: '1234',
      integration: 'facebook',
      recibir_newsletter: false,
    });
    store.set(sectionAtom, 'SOCIAL_GDPR');
    const section = await showSection(shadow, 'SOCIAL_GDPR');
    expect(section.querySelector('dl')?.textContent).to.include('Marta Ruiz').and.include('marta@example.com');
    button(shadow, 'Confirmar').click();
    await waitUntil(() => shadow.textContent?.includes('Debes aceptar las condiciones'), 'policy error');
    control(shadow, 'politica').click();
    control(shadow, 'recibir_newsletter').click();
    const loggedIn = oneEvent(host, 'loyalty-login');
    button(shadow, 'Confirmar').click();
    expect((await loggedIn).detail).to.deep.equal({ userName: 'marta@example.com' });
    expect(formFields(await onlyRequest('/bookcore/partempresas/login-particular-integracion/'))).to.include({
      email: 'marta@example.com',
      recibir_newsletter: 'true',
      tipo_integracion: 'facebook',
    });
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
  });

  it('inline: always shown, without a dialog', async () => {
    const { shadow, store } = await mountPanel();
    expect(store.get(authOpenAtom)).to.equal(false);
    await showSection(shadow, 'PRE_SIGNUP');
    expect(shadow.querySelector('[role="dialog"]')).to.equal(null);
    expect(shadow.querySelector('[part~="panel-region"]')?.getAttribute('aria-label')).to.equal('Club de fidelidad');
  });
});
