import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { LoyaltyPanel } from '../../src/components/LoyaltyPanel';
import { AUTH_SECTIONS, type AuthSection } from '../../src/lib/events';
import { trackLoyaltyEvent } from '../../src/lib/analytics/track';
import { DEFAULT_CONFIG, type WidgetConfig } from '../../src/state/config';
import { signOutAtom } from '../../src/state/sign-out';
import { recoverySentAtom } from '../../src/state/password';
import { signUpSentAtom } from '../../src/state/sign-up';
import { loadFacebookSdk, loadGoogleIdentity } from '../../src/lib/social-sdk';
import {
  authOpenAtom,
  goToSectionAtom,
  messageAtom,
  openAuthAtom,
  pendingSocialUserAtom,
  settingsAtom,
  socialLoggedInAtom,
  userAtom,
} from '../../src/state/session';
import { configAtom, iconCountAtom, sectionAtom, sessionCartsAtom } from '../../src/state/store';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import panelCss from '../../styles/loyalty-panel.css';
import {
  djangoCsrfRefusal,
  formFields,
  injectFault,
  mailedRecoveryToken,
  onlyRequest,
  primeCsrfCookie,
  recordedRequests,
  resetServer,
  signInThroughApi,
  standinFacebookToken,
} from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

type Store = ReturnType<typeof pageRuntime>['store'];
type StandinWindow = Window & { __standinSocialUser?: string | { google?: string; facebook?: string } };

const RECOVERY = '/bookcore/loyalty/ajax/password/recovery/';
const CHANGE = '/bookcore/loyalty/ajax/password/recovery/change/';
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
  providePageRuntime(createRuntime());
  const store = pageRuntime().store;
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
    <ElementRoot runtime={pageRuntime()} host={host}>
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

/**
 * The panel's status region, or null before the panel has rendered it: a wait reads `statusMessage(shadow)?.textContent`,
 * so it waits for the region instead of throwing when it polls before the first render.
 */
function statusMessage(shadow: ShadowRoot): HTMLElement | null {
  return shadow.querySelector<HTMLElement>('[part~="panel-message"][role="status"]');
}

/** Every section the panel announces from now on, in order. */
function recordSections(host: HTMLElement): AuthSection[] {
  const seen: AuthSection[] = [];
  host.addEventListener('loyalty-section', (event) => seen.push((event as CustomEvent<{ section: AuthSection }>).detail.section));
  return seen;
}

/** A recovery link's uid and token for Ana, as the mailbox has it. */
function tracked(): (string | undefined)[] {
  return dataLayer.map((entry) => entry.event);
}

/** What each section shows besides its heading (docs/loyalty-widget.md "Sections"). */
async function expectSectionContent(shadow: ShadowRoot, section: AuthSection, shown: HTMLElement): Promise<void> {
  const text = (part: string) => shown.querySelector(`[part~="${part}"]`)?.textContent ?? '';
  switch (section) {
    case 'SIGNIN':
      expect(control(shadow, 'email').type).to.equal('email');
      expect(control(shadow, 'password').type).to.equal('password');
      button(shadow, 'Iniciar sesión');
      button(shadow, '¿Has olvidado tu contraseña?');
      button(shadow, 'Regístrate');
      await waitUntil(() => shown.querySelector('[part~="social-facebook"] button'), 'SIGNIN social buttons', { timeout: 5000 });
      return;
    case 'SIGNIN_SUCCESS':
      expect(shown.querySelector('h2')!.textContent).to.equal('Hola, Ana García López');
      button(shadow, 'Reservar');
      button(shadow, 'Cerrar sesión');
      return;
    case 'PRE_SIGNUP':
      // Both providers through the dev server's stand-in SDKs, or e-mail registration, and the way to sign in.
      await waitUntil(
        () => shown.querySelector('[part~="social-google"] button') && shown.querySelector('[part~="social-facebook"] button'),
        'PRE_SIGNUP social buttons',
        { timeout: 5000 },
      );
      expect(shown.querySelector('[part~="social-facebook"] button')!.textContent).to.equal('Continuar con Facebook');
      expect(shown.querySelector('[part~="social-google"]')!.getAttribute('aria-label')).to.equal('Continuar con Google');
      button(shadow, 'Regístrate con tu e-mail');
      button(shadow, 'Inicia sesión');
      return;
    case 'SIGNUP': {
      await waitUntil(() => shown.querySelector('[name="politica"]'), 'policy checkbox');
      const policy = control(shadow, 'politica');
      expect(policy.type).to.equal('checkbox');
      expect(policy.required).to.equal(true);
      const label = shadow.querySelector(`label[for="${policy.id}"]`)!;
      expect(Array.from(label.querySelectorAll('a')).map((link) => link.getAttribute('href'))).to.deep.equal([
        '/legal/conditions.html',
        '/legal/privacy.html',
      ]);
      expect(control(shadow, 'newsletter').required).to.equal(false);
      expect(text('data-protection')).to.match(/^Protección de datos: /);
      for (const name of ['nombre', 'apellidos', 'email', 'password', 'pais']) control(shadow, name);
      button(shadow, 'Crear cuenta');
      return;
    }
    case 'SOCIAL_GDPR':
      expect(shown.querySelector('dl')!.textContent).to.include('Marta Ruiz').and.include('marta@example.com');
      await waitUntil(() => shown.querySelector('[name="politica"]'), 'policy checkbox');
      expect(control(shadow, 'politica').required).to.equal(true);
      control(shadow, 'recibir_newsletter');
      expect(text('data-protection')).to.match(/^Protección de datos: /);
      button(shadow, 'Confirmar');
      return;
    case 'SIGNUP_SUCCESS':
      expect(text('section-text')).to.equal('Te hemos enviado un correo para validar tu cuenta. Sigue el enlace para activarla.');
      return;
    case 'SIGNUP_VALIDATION_SUCCESS':
      expect(text('section-text')).to.equal('Tu cuenta ya está activa. Ya puedes iniciar sesión.');
      button(shadow, 'Inicia sesión');
      return;
    case 'PASS_RECOVERY':
      expect(control(shadow, 'email').value).to.equal('');
      button(shadow, 'Enviar enlace');
      return;
    case 'PASS_RECOVERY_EMAIL':
      expect(text('section-text')).to.match(/^Si hay una cuenta con ese correo/);
      return;
    case 'PASS_RECOVERY_EXPIRED':
      button(shadow, 'Solicitar un enlace nuevo');
      return;
    case 'PASS_RECOVERY_CHANGE':
      expect(control(shadow, 'password').getAttribute('autocomplete')).to.equal('new-password');
      expect(control(shadow, 'password2').getAttribute('autocomplete')).to.equal('new-password');
      button(shadow, 'Cambiar la contraseña');
      return;
    case 'PASS_RECOVERY_SUCCESS':
      // A sign-in form follows the changed password.
      expect(text('section-text')).to.equal('Ya puedes iniciar sesión con tu contraseña nueva.');
      expect(control(shadow, 'email').getAttribute('autocomplete')).to.equal('email');
      expect(control(shadow, 'password').getAttribute('autocomplete')).to.equal('current-password');
      button(shadow, 'Iniciar sesión');
      return;
    case 'LOADER':
      expectFullScreen(shown);
      return;
  }
}

/** The LOADER section covers the whole viewport (docs/loyalty-widget.md "Sections": a full-screen loader). */
function expectFullScreen(loader: HTMLElement): void {
  expect(getComputedStyle(loader).position).to.equal('fixed');
  const box = loader.getBoundingClientRect();
  const viewport = document.documentElement;
  expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, viewport.clientWidth, viewport.clientHeight]);
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
    delete (window as StandinWindow).__standinSocialUser;
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
      await expectSectionContent(shadow, section, shown);
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
    // The logo heads the panel (docs/theming.md "Layout"), not the advantages.
    expect(advantages.querySelector('img'), 'no logo in the advantages').to.equal(null);
    const logo = shadow.querySelector<HTMLImageElement>('[part~="panel-header"] [part~="panel-logo"]')!;
    // Through the image CDN's logo preset (docs/commerce.md "CDN images"): 800×100 fitted, and the 400×50 rendition for phones.
    expect(logo.getAttribute('src')).to.equal('/static/img/loyalty-logo.svg?w=800&h=100&fit=max&q=60');
    expect(logo.getAttribute('srcset')).to.contain('/static/img/loyalty-logo.svg?w=400&h=50&fit=max&q=60 400w');
    expect(logo.getAttribute('srcset')).to.contain(' 800w');
    expect(logo.getAttribute('sizes')).to.be.a('string').and.not.equal('');
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
    // Tracked through the analytics chunk, a moment after the section shows.
    await waitUntil(() => tracked().includes('view_welcome_message'), 'view_welcome_message tracked');
  });

  it('never starts or opens on LOADER, which only stands for a request in flight (it would cover the page)', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'LOADER' }, { icon: true });
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
    store.set(openAuthAtom, 'LOADER');
    await showSection(shadow, 'PRE_SIGNUP');
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
    expect(shadow.querySelector('[part~="loader-section"]')).to.equal(null);
  });

  it('greets with the info_personal name where the first name or surname is empty, as the dropped-cart dialog does', async () => {
    const { shadow, store } = await mountPanel();
    store.set(userAtom, {
      userName: 'ana@example.com',
      nombre: 'Ana',
      apellidos: '',
      info_personal: { nombre: 'Ana María', apellidos: 'García López' },
    });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    expect(heading(shadow)).to.equal('Hola, Ana García López');
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
      ['Regístrate con tu e-mail', 'SIGNUP'],
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

  it('tracks interested_in_loyalty when the guest chooses to sign up with e-mail', async () => {
    const { shadow } = await mountPanel();
    await showSection(shadow, 'PRE_SIGNUP');
    expect(tracked()).to.not.include('interested_in_loyalty');
    button(shadow, 'Regístrate con tu e-mail').click();
    await showSection(shadow, 'SIGNUP');
    await waitUntil(() => tracked().includes('interested_in_loyalty'), 'interested_in_loyalty tracked');
    expect(dataLayer.find((entry) => entry.event === 'interested_in_loyalty')).to.deep.equal({
      event: 'interested_in_loyalty',
      eventCategory: 'Loyalty',
      eventLabel: 'interested_in_loyalty',
    });
  });

  it('moves focus to the new section’s first field, or its primary action, never its heading', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    const link = button(shadow, '¿Has olvidado tu contraseña?');
    link.focus();
    link.click();
    const section = await showSection(shadow, 'PASS_RECOVERY');
    await waitUntil(() => shadow.activeElement === section.querySelector('input[name="email"]'), 'e-mail field focused');
    store.set(sectionAtom, 'PASS_RECOVERY_EXPIRED');
    const expired = await showSection(shadow, 'PASS_RECOVERY_EXPIRED');
    await waitUntil(() => shadow.activeElement === expired.querySelector('[part~="next-step"]'), 'primary action focused');
    expect(shadow.activeElement?.localName).to.equal('button');
  });

  // Focus moves as the section appears, not a moment later: a field the guest focuses as soon as it shows keeps
  // the focus (the keystrokes typed into it are not lost to the heading).
  for (const { name, from, to, act } of [
    {
      name: 'a section loaded with the panel',
      from: 'PASS_RECOVERY_CHANGE' as const,
      to: 'PASS_RECOVERY_SUCCESS' as const,
      act: async (shadow: ShadowRoot) => {
        // A bookcore that does not sign in with the change (the smallest answer): PASS_RECOVERY_SUCCESS follows.
        await injectFault({ path: CHANGE, status: 200, body: { success: true }, times: 1 });
        await typeInto(control(shadow, 'password'), 'Nueva2026!');
        await typeInto(control(shadow, 'password2'), 'Nueva2026!');
        button(shadow, 'Cambiar la contraseña').click();
      },
    },
    {
      name: 'a section loaded on first use',
      from: 'SIGNIN' as const,
      to: 'PASS_RECOVERY' as const,
      act: async (shadow: ShadowRoot) => {
        const link = button(shadow, '¿Has olvidado tu contraseña?');
        link.focus();
        link.click();
      },
    },
  ]) {
    it(`a field the guest focuses the moment ${name} shows keeps the focus`, async () => {
      const { uid, token } = await mailedRecoveryToken();
      const { shadow } = await mountPanel({ activeSection: from, tokenUID: uid, tokenPassword: token });
      await showSection(shadow, from);
      let focused: HTMLElement | null = null;
      // Runs right after the commit that puts the new section's e-mail field in the page, before anything later.
      const observer = new MutationObserver(() => {
        const field = shadow.querySelector<HTMLElement>(`[data-section="${to}"] [name="email"]`);
        if (field && !focused) {
          focused = field;
          field.focus();
        }
      });
      observer.observe(shadow, { childList: true, subtree: true });
      try {
        await act(shadow);
        await showSection(shadow, to);
        await waitUntil(() => focused, 'the e-mail field appeared');
      } finally {
        observer.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Compared as names: a failing comparison of two elements would make the runner serialise React's fibers.
      const describeElement = (element: Element | null) => (element ? `${element.localName}[${element.getAttribute('name') ?? element.getAttribute('part') ?? ''}]` : 'nothing');
      expect(describeElement(shadow.activeElement)).to.equal(describeElement(focused));
    });
  }

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

  it('a sign-in a later action replaced is not tracked as signin_error', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    await injectFault({ path: '/bookcore/loyalty/ajax/signin/', delayMs: 600, status: 500, body: { errors: 'caído' }, times: 1 });
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => shadow.querySelector('form[aria-busy="true"]'), 'sign-in under way');
    // A sign-out takes the next turn while the sign-in waits for its (failing) answer.
    await store.set(signOutAtom, { genericError: 'x' });
    await waitUntil(() => !shadow.querySelector('form[aria-busy="true"]'), 'sign-in answered', { timeout: 5000 });
    // Tracking is queued in order: once this one is in, a signin_error the form had queued would be too.
    await trackLoyaltyEvent('interested_in_loyalty');
    expect(tracked()).to.include('interested_in_loyalty').and.not.include('signin_error');
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
    await waitUntil(() => tracked().includes('signin_error'), 'signin_error tracked');
    expect(navigations).to.deep.equal([]);
  });

  it('a refused sign-in marks both fields invalid with the server text beside them, moves nothing and focuses the password', async function () {
    // Two typings, a sign-in, an axe run and a third typing: more than the default in a loaded WebKit.
    this.timeout(30000);
    const { shadow } = await mountPanel({ activeSection: 'SIGNIN' });
    const section = await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'wrong-password');
    // Every box of the section, by a name that survives re-rendering, before and after the refusal.
    const boxes = () =>
      Array.from(section.querySelectorAll<HTMLElement>('h2, label, input, button, [part~="field"]')).map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.localName}[${element.getAttribute('name') ?? element.getAttribute('data-name') ?? element.textContent?.trim().slice(0, 20) ?? ''}] ${Math.round(box.top)},${Math.round(box.left)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      });
    const before = boxes();
    const submit = button(shadow, 'Iniciar sesión');
    submit.focus();
    submit.click();
    await waitUntil(() => alertText(shadow) !== '', 'error shown', { timeout: 5000 });
    await waitUntil(() => control(shadow, 'password').getAttribute('aria-invalid') === 'true', 'password marked invalid');
    expect(control(shadow, 'email').getAttribute('aria-invalid')).to.equal('true');
    const password = control(shadow, 'password');
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    const description = describedBy ? shadow.getElementById(describedBy)?.textContent ?? '' : '';
    expect(description, 'the server text beside the fields').to.equal(alertText(shadow));
    expect(shadow.activeElement?.getAttribute('name'), 'focus in the password field').to.equal('password');
    expect(boxes()).to.deep.equal(before);
    await expect(section).to.be.accessible();
    // Typing again takes the marks away.
    await typeInto(password, 'x');
    await waitUntil(() => !password.hasAttribute('aria-invalid'), 'marks gone');
    expect(control(shadow, 'email').hasAttribute('aria-invalid')).to.equal(false);
  });

  it("a sign-in Django refuses for CSRF is sent again with the token the settings answer now carries, and signs in", async () => {
    const { shadow } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    // Django now keeps its token under another cookie name the page was not configured for: a real CSRF refusal,
    // which the settings answer's csrfToken (read again after it) mends.
    const switched = await fetch('/__dev/csrf', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cookieName: 'other_csrftoken' }) });
    expect(switched.ok).to.equal(true);
    const settingsBefore = (await recordedRequests('/bookcore/partempresas/loyalty/settings/')).length;
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    button(shadow, 'Iniciar sesión').click();
    await waitUntil(() => navigations.length > 0, 'navigated after the sign-in', { timeout: 5000 });
    expect((await recordedRequests('/bookcore/loyalty/ajax/signin/')).map((request) => request.status)).to.deep.equal([403, 200]);
    expect((await recordedRequests('/bookcore/partempresas/loyalty/settings/')).length - settingsBefore, 'the settings asked once').to.equal(1);
  });

  it("a sign-in Django refuses for CSRF for good (its HTML 403): the widget's message, everything typed kept, one warning", async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    // Refused whatever token it carries: the settings give the same one, so it is not sent again.
    await injectFault(await djangoCsrfRefusal('/bookcore/loyalty/ajax/signin/', 2));
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
    const warnings: string[] = [];
    const realWarn = console.warn;
    console.warn = (message: unknown) => void warnings.push(String(message));
    try {
      button(shadow, 'Iniciar sesión').click();
      await waitUntil(() => alertText(shadow) !== '', 'error shown', { timeout: 5000 });
    } finally {
      console.warn = realWarn;
    }
    expect(alertText(shadow)).to.equal('No se ha podido completar la operación. Inténtalo de nuevo.');
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    expect(control(shadow, 'password').value).to.equal('Loyalty2026!');
    expect(warnings.filter((warning) => warning.includes('refused for CSRF'))).to.have.length(1);
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
    expect(loader.getAttribute('part')).to.equal('loader-section');
    expect(loader.querySelector('[role="status"]')?.textContent).to.equal('Un momento, por favor…');
    expectFullScreen(loader);
    // The section under it stays mounted with what was typed, hidden and busy.
    const body = shadow.querySelector<HTMLElement>('[part~="section-body"]')!;
    expect(body.hidden).to.equal(true);
    expect(body.getAttribute('aria-busy')).to.equal('true');
    expect(body.querySelector<HTMLInputElement>('[name="email"]')!.value).to.equal('ana@example.com');
    await waitUntil(() => shadow.activeElement === loader.querySelector('[role="status"]'), 'loader status focused');
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

  it('sends the page the sign-up started from as next (its address without the fragment), for the validation link to return to', async () => {
    history.replaceState(null, '', '/hoteles/mar-azul/?noches=2#habitaciones');
    const { shadow } = await mountPanel({ activeSection: 'SIGNUP' });
    await showSection(shadow, 'SIGNUP');
    await typeInto(control(shadow, 'nombre'), 'Eva');
    await typeInto(control(shadow, 'apellidos'), 'Núñez');
    await typeInto(control(shadow, 'email'), 'eva@example.com');
    await typeInto(control(shadow, 'password'), 'Segura2026!');
    control(shadow, 'politica').click();
    button(shadow, 'Crear cuenta').click();
    await showSection(shadow, 'SIGNUP_SUCCESS');
    const request = formFields(await onlyRequest('/bookcore/loyalty/ajax/signup/'));
    expect(request['next']).to.equal(`${location.origin}/hoteles/mar-azul/?noches=2`);
  });

  it('sends no next from bookcore\'s password-change page, whose address is no page to come back to', async () => {
    history.replaceState(null, '', '/bookcore/password/cambiar/');
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY' });
    await showSection(shadow, 'PASS_RECOVERY');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    button(shadow, 'Enviar enlace').click();
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(formFields(await onlyRequest(RECOVERY))).to.deep.equal({ email: 'ana@example.com', userType: 'loyalty' });
  });

  it('SIGNUP_SUCCESS names the address, resends the validation mail after a cooldown, lets the guest correct it, and offers no sign-in as its primary action', async function () {
    this.timeout(30000);
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNUP' });
    await showSection(shadow, 'SIGNUP');
    await typeInto(control(shadow, 'nombre'), 'Eva');
    await typeInto(control(shadow, 'apellidos'), 'Núñez');
    await typeInto(control(shadow, 'email'), 'eva.resend@example.com');
    await typeInto(control(shadow, 'password'), 'Segura2026!');
    control(shadow, 'politica').click();
    button(shadow, 'Crear cuenta').click();
    const success = await showSection(shadow, 'SIGNUP_SUCCESS');
    expect(success.textContent).to.include('eva.resend@example.com');
    const primary = success.querySelector<HTMLButtonElement>('[part~="button-primary"]');
    expect(primary?.textContent?.trim(), 'the primary action').to.not.equal('Inicia sesión');
    await expect(success).to.be.accessible();

    const resend = () => shadow.querySelector<HTMLButtonElement>('[data-section="SIGNUP_SUCCESS"] [part~="resend"]')!;
    expect(resend().disabled, 'resend waits').to.equal(true);
    const sent = store.get(signUpSentAtom)!;
    store.set(signUpSentAtom, { ...sent, at: Date.now() - 120_000 });
    await waitUntil(() => !resend().disabled, 'resend offered after the cooldown');
    resend().click();
    await waitUntil(async () => (await recordedRequests('/bookcore/loyalty/ajax/signup/')).length === 2, 'sent again');
    await showSection(shadow, 'SIGNUP_SUCCESS');
    await waitUntil(() => resend().disabled, 'a new cooldown');
    // bookcore answers an account waiting for validation with isEmailActiveError, and mails it again: no error.
    expect(alertText(shadow)).to.equal('');

    button(shadow, '¿No es tu correo? Corrígelo').click();
    await showSection(shadow, 'SIGNUP');
    expect(control(shadow, 'email').value).to.equal('eva.resend@example.com');
    expect(control(shadow, 'nombre').value).to.equal('Eva');
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
    // Rendered a moment after the store holds it, and tracked through the analytics chunk.
    await waitUntil(() => statusMessage(shadow)?.textContent === store.get(messageAtom)?.text, 'the message rendered');
    const status = statusMessage(shadow)!;
    expect(status.getAttribute('part')).to.include('message-warning');
    expect(status.textContent).to.equal(store.get(messageAtom)?.text);
    expect(alertText(shadow)).to.equal('');
    expect(control(shadow, 'email').value).to.equal('luis@example.com');
    await waitUntil(() => tracked().includes('signup_error'), 'signup_error tracked');
  });

  it('clears a message after its duration', async () => {
    const { shadow, store } = await mountPanel({}, { messageDurationMs: 200 });
    store.set(messageAtom, { tone: 'success', text: 'Hecho' });
    await waitUntil(() => statusMessage(shadow)?.textContent === 'Hecho', 'message shown');
    await waitUntil(() => store.get(messageAtom) === null, 'message cleared', { timeout: 2000 });
    await waitUntil(() => statusMessage(shadow)?.textContent === '', 'message gone from the status region');
  });

  it('keeps a message while the guest works in the panel, and lets it go once they leave', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' }, { messageDurationMs: 100 });
    await showSection(shadow, 'SIGNIN');
    control(shadow, 'email').focus();
    store.set(messageAtom, { tone: 'success', text: 'Hecho' });
    await waitUntil(() => statusMessage(shadow)?.textContent === 'Hecho', 'message shown');
    // Five times its duration with focus in the form: still there (WCAG 2.2.1).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statusMessage(shadow)!.textContent).to.equal('Hecho');
    control(shadow, 'email').blur();
    await waitUntil(() => statusMessage(shadow)?.textContent === '', 'message gone once focus left', { timeout: 2000 });
  });

  it('keeps an error past its duration until the guest’s next action (WCAG 3.3.1)', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' }, { messageDurationMs: 100 });
    await showSection(shadow, 'SIGNIN');
    store.set(messageAtom, { tone: 'error', text: 'Contraseña incorrecta' });
    await waitUntil(() => alertText(shadow) === 'Contraseña incorrecta', 'error shown');
    // Five times its duration.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alertText(shadow), 'still there after its duration').to.equal('Contraseña incorrecta');
    await typeInto(control(shadow, 'password'), 'x');
    await waitUntil(() => alertText(shadow) === '', 'gone on the next action', { timeout: 2000 });
  });

  it('requests the recovery mail as a loyalty user and moves to PASS_RECOVERY_EMAIL', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY' });
    await showSection(shadow, 'PASS_RECOVERY');
    // Nothing typed yet: nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    button(shadow, 'Enviar enlace').click();
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(formFields(await onlyRequest('/bookcore/loyalty/ajax/password/recovery/'))).to.deep.equal({
      email: 'ana@example.com',
      userType: 'loyalty',
      // The page it started from, for the change to return to (docs/bookcore-contract.md "Back where the guest started").
      next: location.href.split('#')[0],
    });
    expect(tracked()).to.include.members(['view_form_recovery_password', 'pass_recovery_email', 'view_email_message']);
  });

  it('the forgot-password link carries the typed e-mail to check: sent on the button only, then named, resent after a cooldown, and correctable', async function () {
    this.timeout(30000);
    const { shadow, store, host } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    button(shadow, '¿Has olvidado tu contraseña?').click();
    const recovery = await showSection(shadow, 'PASS_RECOVERY');
    // Shown to check and correct, not sent by itself.
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.get(sectionAtom)).to.equal('PASS_RECOVERY');
    expect(await recordedRequests(RECOVERY)).to.have.length(0);
    await expect(recovery).to.be.accessible();
    const sections = recordSections(host);
    await injectFault({ path: RECOVERY, delayMs: 300, times: 1 });
    button(shadow, 'Enviar enlace').click();
    const sent = await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(sections).to.deep.equal(['LOADER', 'PASS_RECOVERY_EMAIL']);
    expect(formFields(await onlyRequest(RECOVERY))).to.deep.equal({ email: 'ana@example.com', userType: 'loyalty', next: location.href.split('#')[0] });
    expect(tracked()).to.include('pass_recovery_email');
    expect(sent.textContent).to.include('ana@example.com');
    await expect(sent).to.be.accessible();

    // Resend waits for its cooldown, then sends to the same address.
    const resend = () => sent.isConnected ? sent.querySelector<HTMLButtonElement>('[part~="resend"]')! : shadow.querySelector<HTMLButtonElement>('[data-section="PASS_RECOVERY_EMAIL"] [part~="resend"]')!;
    expect(resend().disabled, 'resend waits').to.equal(true);
    const { email } = store.get(recoverySentAtom)!;
    store.set(recoverySentAtom, { email, at: Date.now() - 120_000 });
    await waitUntil(() => !resend().disabled, 'resend offered after the cooldown');
    resend().click();
    await waitUntil(async () => (await recordedRequests(RECOVERY)).length === 2, 'sent again');
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    await waitUntil(() => resend().disabled, 'a new cooldown');

    // The wrong address: back to PASS_RECOVERY with it to correct.
    button(shadow, '¿No es tu correo? Corrígelo').click();
    await showSection(shadow, 'PASS_RECOVERY');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    expect(await recordedRequests(RECOVERY)).to.have.length(2);
  });

  it('the forgot-password link without a typed e-mail leaves PASS_RECOVERY waiting for one', async () => {
    const { shadow, store } = await mountPanel({ activeSection: 'SIGNIN' });
    await showSection(shadow, 'SIGNIN');
    await typeInto(control(shadow, 'email'), '   ');
    button(shadow, '¿Has olvidado tu contraseña?').click();
    await showSection(shadow, 'PASS_RECOVERY');
    expect(control(shadow, 'email').value).to.equal('');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.get(sectionAtom)).to.equal('PASS_RECOVERY');
    // Nothing shown either: the guest has not asked for anything yet.
    expect(shadow.querySelector('[part~="field-error"]')?.textContent).to.equal('');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    button(shadow, 'Enviar enlace').click();
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(await recordedRequests(RECOVERY)).to.have.length(1);
  });

  it('a member opening PASS_RECOVERY finds their address in the field, sent only when they ask', async () => {
    const { shadow, store } = await mountPanel({}, { icon: true });
    store.set(userAtom, { userName: 'ana@example.com', email: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(openAuthAtom, 'PASS_RECOVERY');
    await showSection(shadow, 'PASS_RECOVERY');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await recordedRequests(RECOVERY)).to.have.length(0);
    button(shadow, 'Enviar enlace').click();
    await showSection(shadow, 'PASS_RECOVERY_EMAIL');
    expect(formFields(await onlyRequest(RECOVERY))).to.deep.equal({ email: 'ana@example.com', userType: 'loyalty', next: location.href.split('#')[0] });
  });

  it('PASS_RECOVERY_CHANGE with its values carried changes the password on load, once', async () => {
    const { uid, token } = await mailedRecoveryToken();
    const { shadow, store, host } = await mountPanel({ activeSection: 'SIGNIN', tokenUID: uid, tokenPassword: token });
    await showSection(shadow, 'SIGNIN');
    const sections = recordSections(host);
    store.set(goToSectionAtom, 'PASS_RECOVERY_CHANGE', { password: 'Nueva2026!', password2: 'Nueva2026!' });
    // The dev bookcore signs the member in with the change.
    await showSection(shadow, 'SIGNIN_SUCCESS');
    await waitUntil(() => navigations.length > 0, 'navigated');
    expect(sections).to.deep.equal(['PASS_RECOVERY_CHANGE', 'LOADER', 'SIGNIN_SUCCESS']);
    expect(formFields(await onlyRequest(CHANGE))).to.deep.equal({ uid, token, password: 'Nueva2026!' });
    expect(tracked()).to.include.members(['pass_recovery_change', 'pass_recovery_sucesss']);
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

  it('a change bookcore answers with the member signed in acts as a sign-in: userLoginSuccess and loyalty-login once, then the login address', async () => {
    const { uid, token } = await mailedRecoveryToken();
    history.replaceState(null, '', '/bookcore/password/cambiar/');
    const { shadow, store, host } = await mountPanel({
      activeSection: 'PASS_RECOVERY_CHANGE',
      tokenUID: uid,
      tokenPassword: token,
      endpoints: { ...DEFAULT_CONFIG.endpoints, login: '/hoteles/mar-azul/' },
    });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    const events: string[] = [];
    const record = (event: Event) => events.push(`${event.type}:${JSON.stringify((event as CustomEvent).detail)}`);
    document.addEventListener('userLoginSuccess', record);
    host.addEventListener('loyalty-login', record);
    try {
      await typeInto(control(shadow, 'password'), 'Nueva2026!');
      await typeInto(control(shadow, 'password2'), 'Nueva2026!');
      button(shadow, 'Cambiar la contraseña').click();
      await waitUntil(() => navigations.length > 0, 'navigated', { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      document.removeEventListener('userLoginSuccess', record);
      host.removeEventListener('loyalty-login', record);
    }
    expect(events).to.deep.equal(['userLoginSuccess:{"userName":"ana@example.com"}', 'loyalty-login:{"userName":"ana@example.com"}']);
    expect(navigations).to.deep.equal([{ kind: 'assign', url: '/hoteles/mar-azul/' }]);
    expect(store.get(userAtom)?.nombre).to.equal('Ana');
    expect(tracked()).to.include.members(['pass_recovery_change', 'pass_recovery_sucesss']);
  });

  it('a change bookcore answers without signing in leads to PASS_RECOVERY_SUCCESS with the e-mail it names filled in', async () => {
    const { shadow } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: 'MQ', tokenPassword: 'abc-def' });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    await injectFault({ path: CHANGE, status: 200, body: { success: true, email: 'ana@example.com' }, times: 1 });
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await showSection(shadow, 'PASS_RECOVERY_SUCCESS');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    expect(navigations).to.deep.equal([]);
  });

  it('changes the password with the mailed token into PASS_RECOVERY_SUCCESS (a bookcore that does not sign in), then signs in there', async () => {
    const { uid, token } = await mailedRecoveryToken();
    const { shadow, store } = await mountPanel({ activeSection: 'PASS_RECOVERY_CHANGE', tokenUID: uid, tokenPassword: token });
    await showSection(shadow, 'PASS_RECOVERY_CHANGE');
    // The smallest answer of docs/bookcore-contract.md "Loyalty": nobody signed in.
    await injectFault({ path: CHANGE, status: 200, body: { success: true }, times: 1 });
    await typeInto(control(shadow, 'password'), 'Nueva2026!');
    await typeInto(control(shadow, 'password2'), 'Nueva2026!');
    button(shadow, 'Cambiar la contraseña').click();
    await showSection(shadow, 'PASS_RECOVERY_SUCCESS');
    expect(tracked()).to.include.members(['pass_recovery_change', 'pass_recovery_sucesss']);
    // The injected answer stood in for the change: the password is still the seed's.
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'Loyalty2026!');
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
    await signInThroughApi();
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

  it('signs out of the social provider too, after the logout and before navigating, and resets the social flag', async () => {
    await signInThroughApi();
    const { shadow, store, host } = await mountPanel();
    await showSection(shadow, 'SIGNIN_SUCCESS');
    // The member came in with Facebook, and Google's SDK is on the page too (the stand-ins).
    const google = await loadGoogleIdentity('/sdk/google-gsi.js');
    const facebook = await loadFacebookSdk('/sdk/facebook-sdk.js', '100000000000001', 'v2.11');
    (window as StandinWindow).__standinSocialUser = 'member';
    await new Promise<void>((resolve) => facebook.login(() => resolve(), { scope: 'public_profile,email' }));
    store.set(socialLoggedInAtom, 'facebook');
    const order: string[] = [];
    const { disableAutoSelect } = google;
    const { logout } = facebook;
    google.disableAutoSelect = () => {
      order.push('google.disableAutoSelect');
      disableAutoSelect.call(google);
    };
    facebook.logout = (callback) => {
      order.push('FB.logout');
      logout.call(facebook, callback);
    };
    restoreNavigator();
    restoreNavigator = setPageNavigator({ assign: () => order.push('navigate'), reload: () => order.push('navigate') });
    const logoutsBefore = (await recordedRequests('/bookcore/partempresas/ajax/logout/')).length;
    try {
      const loggedOut = oneEvent(host, 'loyalty-logout');
      button(shadow, 'Cerrar sesión').click();
      await loggedOut;
    } finally {
      google.disableAutoSelect = disableAutoSelect;
      facebook.logout = logout;
    }
    expect(order).to.deep.equal(['google.disableAutoSelect', 'FB.logout', 'navigate']);
    expect(store.get(socialLoggedInAtom)).to.equal(null);
    const status = await new Promise<string>((resolve) => facebook.getLoginStatus((response) => resolve(response.status)));
    expect(status).to.equal('unknown');
    expect(await recordedRequests('/bookcore/partempresas/ajax/logout/')).to.have.length(logoutsBefore + 1);
  });

  it('keeps the social session when the logout fails', async () => {
    await signInThroughApi();
    const { shadow, store } = await mountPanel();
    await showSection(shadow, 'SIGNIN_SUCCESS');
    store.set(socialLoggedInAtom, 'google');
    await injectFault({ path: '/bookcore/partempresas/ajax/logout/', status: 500, times: 1 });
    button(shadow, 'Cerrar sesión').click();
    await waitUntil(() => alertText(shadow) !== '', 'error shown', { timeout: 5000 });
    expect(store.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
    expect(store.get(socialLoggedInAtom)).to.equal('google');
    expect(navigations).to.deep.equal([]);
  });

  it('a member signing in with a social provider: the modal closes with loyalty-close, the full-screen loader shows, then login and navigation', async () => {
    const { shadow, store, host } = await mountPanel({}, { icon: true });
    store.set(openAuthAtom, 'PRE_SIGNUP');
    const facebookButton = () => shadow.querySelector<HTMLButtonElement>('[part~="social-facebook"] button');
    await waitUntil(facebookButton, 'Facebook button', { timeout: 5000 });
    (window as StandinWindow).__standinSocialUser = { facebook: 'member' };
    const order: string[] = [];
    const onHost = (event: Event) => order.push(event.type);
    const onDocument = (event: Event) => order.push(`${event.type}:${(event as CustomEvent<{ userName: string }>).detail.userName}`);
    host.addEventListener('loyalty-close', onHost);
    host.addEventListener('loyalty-login', onHost);
    document.addEventListener('userLoginSuccess', onDocument);
    restoreNavigator();
    restoreNavigator = setPageNavigator({
      assign: () => order.push('navigate'),
      reload: () => order.push(`navigate after ${tracked().filter((event) => event?.startsWith('signin')).join()}`),
    });
    try {
      facebookButton()!.click();
      await waitUntil(() => order.some((entry) => entry.startsWith('navigate')), 'navigated', { timeout: 5000 });
    } finally {
      host.removeEventListener('loyalty-close', onHost);
      host.removeEventListener('loyalty-login', onHost);
      document.removeEventListener('userLoginSuccess', onDocument);
    }
    expect(order).to.deep.equal(['loyalty-close', 'userLoginSuccess:ana@example.com', 'loyalty-login', 'navigate after signin_sucess']);
    expect(store.get(authOpenAtom)).to.equal(false);
    expect(store.get(userAtom)?.nombre).to.equal('Ana');
    expect(store.get(sectionAtom)).to.equal('LOADER');
    expect(host.getAttribute('section')).to.equal('LOADER');
    await waitUntil(() => !shadow.querySelector('[role="dialog"]'), 'modal closed');
    expect(document.body.classList.contains('open-modal')).to.equal(false);
    // The loader stays over the page until it navigates away.
    const loader = shadow.querySelector<HTMLElement>('[part~="loader-section"]')!;
    expect(loader.querySelector('[role="status"]')?.textContent).to.equal('Un momento, por favor…');
    expectFullScreen(loader);
  });

  it('books: embedded mode goes to the site root', async () => {
    const { shadow, store } = await mountPanel({ isEmbedded: true });
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    button(shadow, 'Reservar').click();
    expect(navigations).to.deep.equal([{ kind: 'assign', url: '/' }]);
    expect(tracked()).to.include('navigate_to_loyalty_page');
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

  it('books: an inline panel (no modal to close) goes to the site root, as embedded mode does', async () => {
    const { shadow, store } = await mountPanel();
    store.set(userAtom, { userName: 'ana@example.com', nombre: 'Ana', apellidos: 'García' });
    store.set(sectionAtom, 'SIGNIN_SUCCESS');
    await showSection(shadow, 'SIGNIN_SUCCESS');
    button(shadow, 'Reservar').click();
    expect(navigations, 'a visible effect: the page goes to the root').to.deep.equal([{ kind: 'assign', url: '/' }]);
    expect(tracked()).to.include('navigate_to_loyalty_page');
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
    expect(tracked()).to.include('navigate_to_loyalty_page');
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
      access_token: await standinFacebookToken('1234', 'marta@example.com'),
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
    const order: string[] = [];
    const onHost = (event: Event) => order.push(event.type);
    host.addEventListener('loyalty-close', onHost);
    const loggedIn = oneEvent(host, 'loyalty-login');
    button(shadow, 'Confirmar').click();
    try {
      expect((await loggedIn).detail).to.deep.equal({ userName: 'marta@example.com' });
    } finally {
      host.removeEventListener('loyalty-close', onHost);
    }
    expect(formFields(await onlyRequest('/bookcore/partempresas/login-particular-integracion/'))).to.include({
      email: 'marta@example.com',
      recibir_newsletter: 'true',
      tipo_integracion: 'facebook',
    });
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
    // A signed-in social user, as from the buttons (docs/loyalty-widget.md): the view closes once, the full-screen loader shows.
    expect(order).to.deep.equal(['loyalty-close']);
    expect(store.get(authOpenAtom)).to.equal(false);
    expect(store.get(sectionAtom)).to.equal('LOADER');
  });

  it('a sign-in on a page whose <package-cart> follows the session reloads it too (docs/loyalty-widget.md "After sign-in")', async () => {
    const { shadow, store, host } = await mountPanel({}, { icon: true });
    store.set(sessionCartsAtom, 1);
    store.set(openAuthAtom, 'PRE_SIGNUP');
    const facebookButton = () => shadow.querySelector<HTMLButtonElement>('[part~="social-facebook"] button');
    await waitUntil(facebookButton, 'Facebook button', { timeout: 5000 });
    (window as StandinWindow).__standinSocialUser = { facebook: 'member' };
    const loggedIn = oneEvent(host, 'loyalty-login');
    facebookButton()!.click();
    await loggedIn;
    expect(navigations).to.deep.equal([{ kind: 'reload' }]);
    expect(store.get(authOpenAtom)).to.equal(false);
    expect(store.get(sectionAtom)).to.equal('LOADER');
  });

  it('inline: always shown, without a dialog', async () => {
    const { shadow, store } = await mountPanel();
    expect(store.get(authOpenAtom)).to.equal(false);
    await showSection(shadow, 'PRE_SIGNUP');
    expect(shadow.querySelector('[role="dialog"]')).to.equal(null);
    expect(shadow.querySelector('[part~="panel-region"]')?.getAttribute('aria-label')).to.equal('Club de fidelidad');
  });
});
