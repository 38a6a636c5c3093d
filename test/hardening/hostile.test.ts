/**
 * Hardening: a hostile page. Storage that throws on every access from before the library loads, elements in the
 * markup before the script and others created after it, attributes and `lang` set before `define`, elements moved
 * around the DOM, and a malformed value in every data attribute. The widget must start, sign in, keep its
 * once-per-session rules for the page's life, and warn by attribute name instead of failing.
 *
 * The library is imported dynamically, after the page is made hostile: nothing of it has run before `before`.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { hasSessionFlag, takeSessionFlag } from '../../src/lib/session-flags';
import { authOpenAtom, userAtom } from '../../src/state/session';
import { configAtom, sectionAtom } from '../../src/state/store';
import { CONFIG_ATTRIBUTES, DEFAULT_CONFIG } from '../../src/state/config';
import { clearRecordedRequests, primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';
import { reportFigure } from '../support/figures';
import { pageRuntime } from '../../src/core/runtime';

const TAGS = ['loyalty-icon', 'loyalty-panel', 'loyalty-tooltip', 'package-cart'] as const;
const SETTINGS_PATH = '/bookcore/partempresas/loyalty/settings/';
const USER_PATH = '/bookcore/loyalty/ajax/user/';
const CART_PATH = '/bookcore/shopping-cart/json/';

// ---------------------------------------------------------------------------------------------------------
// Helpers.

function shadow(host: Element | null | undefined): ShadowRoot {
  expect(host, 'element present').to.be.instanceOf(HTMLElement);
  expect(host!.shadowRoot, `${host!.localName} has an open shadow root`).to.be.instanceOf(ShadowRoot);
  return host!.shadowRoot!;
}

function iconButton(icon: Element): HTMLButtonElement | null {
  return icon.shadowRoot?.querySelector<HTMLButtonElement>('[part~="button"]') ?? null;
}

function tooltipBubble(tooltip: Element): HTMLElement | null {
  return tooltip.shadowRoot?.querySelector<HTMLElement>('[part~="tooltip"]') ?? null;
}

function notificationOf(icon: Element): HTMLElement | null {
  return icon.shadowRoot?.querySelector<HTMLElement>('[part~="notification"]') ?? null;
}

function visibleSection(panel: Element, name: string): HTMLElement | null {
  return panel.shadowRoot?.querySelector<HTMLElement>(`[part~="auth-section"][data-section="${name}"]`) ?? null;
}

function control(panel: Element, name: string): HTMLInputElement | null {
  return panel.shadowRoot?.querySelector<HTMLInputElement>(`[part~="section-body"]:not([hidden]) [name="${name}"]`) ?? null;
}

function cartItems(cart: Element): NodeListOf<HTMLElement> {
  return shadow(cart).querySelectorAll<HTMLElement>('[part~="item"]');
}

async function settle(ms = 50): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => void (console.warn = original) };
}

/** Adds a package option to this session's cart on the dev bookcore, so sign-in has something to drop. */
async function addToCart(): Promise<void> {
  const token = await primeCsrfCookie();
  const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch('/bookcore/shopping-cart/add-package/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': token, 'X-Requested-With': 'XMLHttpRequest' },
    body: new URLSearchParams({ id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' }).toString(),
  });
  const body = (await response.json()) as { cod_error: string; uuid?: string };
  expect(body.cod_error, JSON.stringify(body)).to.equal('000');
}

// ---------------------------------------------------------------------------------------------------------
// The hostile page, set up before any of the library runs.

const realSession = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
const realLocal = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
let storageAccesses = 0;

function blocked(): never {
  storageAccesses += 1;
  throw new DOMException('The operation is insecure.', 'SecurityError');
}

/** Storage blocked by policy: reading `window.sessionStorage` or `window.localStorage` itself throws. */
function blockStorage(): void {
  Object.defineProperty(window, 'sessionStorage', { configurable: true, get: blocked });
  Object.defineProperty(window, 'localStorage', { configurable: true, get: blocked });
}

/** Storage that exists but throws on every use (Safari's old private mode, a full quota). */
function breakStorage(): void {
  const broken = new Proxy({} as Storage, { get: blocked, set: blocked, has: blocked, ownKeys: blocked, getOwnPropertyDescriptor: blocked });
  Object.defineProperty(window, 'sessionStorage', { configurable: true, get: () => broken });
  Object.defineProperty(window, 'localStorage', { configurable: true, get: () => broken });
}

function restoreStorage(): void {
  Object.defineProperty(window, 'sessionStorage', realSession);
  Object.defineProperty(window, 'localStorage', realLocal);
}

const announced: string[] = [];
const onAnnounce = (event: Event) => announced.push(event.type);
let page: HTMLElement;
let early: { icon: HTMLElement; panel: HTMLElement; tooltip: HTMLElement; cart: HTMLElement; trigger: HTMLElement };
const navigations: string[] = [];
let restoreNavigator: () => void = () => undefined;
const results: { name: string; ok: boolean }[] = [];

before(async () => {
  await resetServer();
  await addToCart();
  await clearRecordedRequests();
  blockStorage();
  document.addEventListener('loyalty-ready', onAnnounce);
  document.addEventListener('loyalty-fail', onAnnounce);
  restoreNavigator = setPageNavigator({ assign: (url) => navigations.push(`assign ${url}`), reload: () => navigations.push('reload') });

  // The CMS template: the tags are in the markup before the script tag.
  page = document.createElement('div');
  page.innerHTML = `
    <header><loyalty-icon class="loyalty-icon"></loyalty-icon></header>
    <loyalty-tooltip data-target=".loyalty-icon"></loyalty-tooltip>
    <a href="#" class="open-loyalty" data-external-auth-section="SIGNIN">Ya soy socio</a>
    <main><loyalty-panel data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"></loyalty-panel><section id="elsewhere"></section></main>
    <aside><package-cart></package-cart></aside>`;
  document.body.append(page);
  early = {
    icon: page.querySelector('loyalty-icon')!,
    panel: page.querySelector('loyalty-panel')!,
    tooltip: page.querySelector('loyalty-tooltip')!,
    cart: page.querySelector('package-cart')!,
    trigger: page.querySelector('.open-loyalty')!,
  };
  // A framework sets properties and data before the element is defined.
  early.panel.dataset['cta'] = 'Club antes del script';
  (early.panel as unknown as Record<string, unknown>)['section'] = 'SIGNUP';
  (early.icon as unknown as Record<string, unknown>)['container'] = 'not a shadow root';

  await import('../../elements/index');
});

after(async () => {
  restoreNavigator();
  restoreStorage();
  document.removeEventListener('loyalty-ready', onAnnounce);
  document.removeEventListener('loyalty-fail', onAnnounce);
  page?.remove();
  const passed = results.filter((result) => result.ok).length;
  await reportFigure(
    'hostile-dom',
    `${passed} of ${results.length} hostile-page checks pass (blocked storage touched ${storageAccesses} times, ` +
      `early and late elements, attributes set before define, moves, malformed attributes)`,
    passed === results.length && results.length > 0,
  );
});

afterEach(function () {
  const test = this.currentTest;
  if (test) results.push({ name: test.title, ok: test.state === 'passed' });
});

// ---------------------------------------------------------------------------------------------------------

describe('a page whose sessionStorage and localStorage throw on every access', () => {
  it('really throws, from before the library ran', () => {
    expect(() => window.sessionStorage).to.throw(DOMException);
    expect(() => window.localStorage).to.throw(DOMException);
  });

  it('upgrades the elements that were in the markup before the script, and starts the widget once', async () => {
    for (const tag of TAGS) {
      const element = page.querySelector(tag)!;
      expect(element, tag).to.be.instanceOf(customElements.get(tag)!);
    }
    await waitUntil(() => announced.length > 0, 'the widget announced its start');
    await waitUntil(() => iconButton(early.icon)?.textContent === 'Club antes del script', 'icon labelled from the data set before define');
    await settle();
    expect(announced).to.deep.equal(['loyalty-ready']);
    expect(await recordedRequests(SETTINGS_PATH)).to.have.length(1);
    expect(await recordedRequests(USER_PATH)).to.have.length(1);
    expect(storageAccesses, 'the widget did try the storage').to.be.greaterThan(0);
    // The cart's code loads on demand, after the widget's start: more than waitUntil's default second on a busy machine.
    await waitUntil(() => cartItems(early.cart).length === 1, 'the early cart shows the seeded line', { timeout: 5000 });
  });

  it('shows the tooltip and the notification once, and remembers that for the page in memory', async () => {
    await waitUntil(() => tooltipBubble(early.tooltip), 'tooltip shown under the early icon');
    tooltipBubble(early.tooltip)!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
    await waitUntil(() => notificationOf(early.icon), 'notification shown once the tooltip is closed');
    expect(hasSessionFlag('dont_show_tooltip')).to.equal(true);
    expect(hasSessionFlag('dont_show_notification')).to.equal(true);

    const later = document.createElement('div');
    later.innerHTML = '<loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip>';
    page.append(later);
    early.icon.remove();
    early.tooltip.remove();
    try {
      await waitUntil(() => iconButton(later.querySelector('loyalty-icon')!), 'late icon rendered');
      await settle(150);
      expect(tooltipBubble(later.querySelector('loyalty-tooltip')!), 'no second tooltip').to.equal(null);
      expect(notificationOf(later.querySelector('loyalty-icon')!), 'no second notification').to.equal(null);
    } finally {
      later.remove();
      page.querySelector('header')!.append(early.icon);
      page.insertBefore(early.tooltip, early.trigger);
    }
  });

  it('keeps working when the storage exists but each call on it throws', async () => {
    breakStorage();
    try {
      const late = document.createElement('loyalty-tooltip');
      page.append(late);
      await settle(100);
      expect(tooltipBubble(late), 'still once per page').to.equal(null);
      late.remove();
    } finally {
      blockStorage();
    }
  });
});

describe('elements created after the script', () => {
  it('render with the shared configuration and open the shared panel', async () => {
    const icon = document.createElement('loyalty-icon');
    page.append(icon);
    try {
      await waitUntil(() => iconButton(icon)?.textContent === 'Club antes del script', 'late icon labelled from the shared configuration');
      iconButton(icon)!.click();
      // The first opening loads the sections' chunk.
      await waitUntil(() => visibleSection(early.panel, 'PRE_SIGNUP'), 'the early panel opened as a modal', { timeout: 5000 });
      expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
      shadow(early.panel).querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
      await waitUntil(() => !pageRuntime().store.get(authOpenAtom), 'closed');
    } finally {
      icon.remove();
    }
  });
});

describe('attributes and lang set before define', () => {
  /**
   * Creates the tag un-upgraded (in a document without a registry), lets `prepare` give it what a template or a
   * framework gives an element before the script ran (attributes, `lang`; the elements declare no properties), then upgrades it by
   * connecting it to the page.
   */
  function upgradedLate(tag: string, prepare: (element: HTMLElement) => void): HTMLElement {
    const inert = document.implementation.createHTMLDocument('').createElement(tag);
    prepare(inert);
    expect(inert, `${tag} not upgraded yet`).not.to.be.instanceOf(customElements.get(tag)!);
    const element = document.adoptNode(inert);
    page.append(element);
    expect(element, `${tag} upgraded on connect`).to.be.instanceOf(customElements.get(tag)!);
    return element;
  }

  /** Shares the early panel's configuration again (its data-cta), as the page's own panel. */
  function republishEarlyPanel(cta = 'Club antes del script'): void {
    early.panel.setAttribute('data-cta', cta);
  }

  it('data and expandos set before define are harmless: the data configure, the expandos change nothing', () => {
    expect(pageRuntime().store.get(configAtom).cta).to.equal('Club antes del script');
    expect(early.panel.getAttribute('section'), 'the real section is reflected').to.equal(pageRuntime().store.get(sectionAtom));
    expect(early.icon.shadowRoot, 'r2wc rendered into the shadow root, not into the pre-set "container"').to.be.instanceOf(ShadowRoot);
    expect(iconButton(early.icon)).to.be.instanceOf(HTMLButtonElement);
  });

  it('<loyalty-icon> takes the lang it had before its upgrade', async () => {
    // Without a call to action the icon shows its built-in label, in its own language.
    republishEarlyPanel('');
    const icon = upgradedLate('loyalty-icon', (element) => {
      element.setAttribute('lang', 'en');
    });
    try {
      await waitUntil(() => iconButton(icon)?.textContent === 'Loyalty club', 'the late icon labelled in English', { timeout: 5000 });
      expect(iconButton(early.icon)!.textContent, 'the page\'s icon stays Spanish').to.equal('Club de fidelidad');
    } finally {
      icon.remove();
      republishEarlyPanel();
    }
  });

  it('<loyalty-panel> publishes the data attributes it had before its upgrade', async () => {
    const panel = upgradedLate('loyalty-panel', (element) => {
      element.setAttribute('data-cta', 'Club del marco');
      element.setAttribute('data-project-code', 'second-brand');
    });
    try {
      await waitUntil(() => iconButton(early.icon)?.textContent === 'Club del marco', 'the icon labelled from the late panel\'s data');
      expect(pageRuntime().store.get(configAtom).projectCode).to.equal('second-brand');
    } finally {
      panel.remove();
      // The page's own panel has the last word again.
      republishEarlyPanel();
    }
    expect(pageRuntime().store.get(configAtom).cta).to.equal('Club antes del script');
  });

  it('<loyalty-tooltip> takes the target and lang it had before its upgrade', async () => {
    const target = document.createElement('p');
    target.id = 'hostile-tooltip-target';
    target.textContent = 'target';
    page.prepend(target);
    // Once per session: the page's tooltip already showed.
    takeSessionFlag('dont_show_tooltip');
    const tooltip = upgradedLate('loyalty-tooltip', (element) => {
      element.setAttribute('data-target', '#hostile-tooltip-target');
      element.setAttribute('lang', 'en');
    });
    try {
      await waitUntil(() => tooltipBubble(tooltip)?.getAttribute('data-placed') === 'fixed', 'the tooltip placed under a target', { timeout: 5000 });
      const bubble = tooltipBubble(tooltip)!;
      expect(bubble.getAttribute('aria-label')).to.equal('Loyalty club notice');
      expect(Math.abs(bubble.getBoundingClientRect().top - (target.getBoundingClientRect().bottom + 8)), 'under the data-target element').to.be.below(1);
    } finally {
      tooltip.remove();
      target.remove();
    }
  });

  it('<package-cart> takes the lang, currency and locale it had before its upgrade', async () => {
    const cart = upgradedLate('package-cart', (element) => {
      element.setAttribute('lang', 'en');
      element.setAttribute('data-currency', 'USD');
      element.setAttribute('data-locale', 'en_US');
    });
    try {
      await waitUntil(() => cartItems(cart).length === 1, 'the late cart shows the line', { timeout: 5000 });
      expect(shadow(cart).querySelector('[part~="cart-title"]')!.textContent).to.equal('Your cart');
      expect(shadow(cart).querySelector('[part~="total-amount"]')!.textContent).to.match(/^\$\d/);
    } finally {
      cart.remove();
    }
  });
});

describe('elements moved around the DOM', () => {
  it('an open panel keeps its section and stays open when moved', async () => {
    early.trigger.click();
    await waitUntil(() => visibleSection(early.panel, 'SIGNIN'), 'SIGNIN opened by the open-loyalty link');
    page.querySelector('#elsewhere')!.append(early.panel);
    try {
      await waitUntil(() => visibleSection(early.panel, 'SIGNIN'), 'SIGNIN shows again after the move');
      expect(early.panel.getAttribute('section')).to.equal('SIGNIN');
      expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
      expect(document.body.classList.contains('open-modal')).to.equal(true);
    } finally {
      page.querySelector('main')!.prepend(early.panel);
    }
    await waitUntil(() => visibleSection(early.panel, 'SIGNIN'), 'and again after moving back');
  });

  it('what the guest typed survives a move of the panel', async () => {
    await waitUntil(() => control(early.panel, 'email'), 'e-mail field');
    control(early.panel, 'email')!.focus();
    await sendKeys({ type: 'ana@example.com' });
    expect(control(early.panel, 'email')!.value).to.equal('ana@example.com');
    page.querySelector('#elsewhere')!.append(early.panel);
    try {
      await waitUntil(() => control(early.panel, 'email'), 'e-mail field after the move');
      expect(control(early.panel, 'email')!.value).to.equal('ana@example.com');
    } finally {
      page.querySelector('main')!.prepend(early.panel);
      await waitUntil(() => control(early.panel, 'email'), 'e-mail field after moving back');
    }
  });

  it('a cart shows its lines right after a move, without asking the server again', async () => {
    await waitUntil(() => cartItems(early.cart).length === 1, 'cart line shown');
    const before = (await recordedRequests(CART_PATH)).length;
    page.querySelector('header')!.append(early.cart);
    try {
      await waitUntil(() => cartItems(early.cart).length === 1, 'cart line shown after the move');
      await settle();
      expect((await recordedRequests(CART_PATH)).length, 'no new cart request').to.equal(before);
    } finally {
      page.querySelector('aside')!.append(early.cart);
    }
  });
});

describe('malformed data attributes', () => {
  /** A malformed value for each configuration attribute whose text is not free. */
  const MALFORMED: Record<string, string> = {
    'data-is-desktop': 'maybe',
    'data-is-embedded': 'sí',
    'data-project-code': '../evil',
    'data-domain': 'ftp://files.example',
    'data-loyalty-active': 'perhaps',
    'data-active-section': 'NOWHERE',
    'data-render-icon': 'visible',
    'data-google-sdk-url': 'http://accounts.google.com/gsi/client',
    'data-facebook-sdk-url': 'javascript:alert(1)',
    'data-facebook-sdk-version': 'latest',
    'data-csrf-cookie-name': 'csrf token; path=/',
    'data-settings': '//evil.example/settings/',
    'data-signin': 'javascript:alert(1)',
    'data-signup': '/\\evil.example/signup/',
    'data-get-user': ' ',
    'data-password-recovery': 'mailto:a@example.com',
    'data-change-password': 'data:text/html,x',
    'data-social-signin': '/\t/evil.example/',
    'data-logout': 'https://',
    'data-login': 'javascript:void 0',
    'data-drop-url': '//evil.example/drop/',
    'data-reset-availability': 'vbscript:x',
    'data-social-check-user': 'file:///etc/passwd',
    'data-add-package': 'about:blank',
    'data-delete-package': 'blob:https://evil.example/x',
    'data-package-availability': '',
    'data-loyalty-availability': '//evil.example/availability/',
  };
  /** Free text: every value is a valid one. */
  const FREE_TEXT = ['data-cta', 'data-loyalty-title', 'data-token-password', 'data-token-uid'];

  it('covers every configuration attribute', () => {
    expect([...Object.keys(MALFORMED), ...FREE_TEXT].sort()).to.deep.equal([...CONFIG_ATTRIBUTES].sort());
  });

  it('each configuration attribute warns by name and falls back, and the widget keeps working', async () => {
    const capture = captureWarnings();
    try {
      for (const [attribute, value] of Object.entries(MALFORMED)) early.panel.setAttribute(attribute, value);
    } finally {
      capture.restore();
    }
    try {
      for (const attribute of Object.keys(MALFORMED)) {
        expect(capture.warnings.some((warning) => warning.includes(`${attribute}=`)), `a warning names ${attribute}`).to.equal(true);
      }
      const config = pageRuntime().store.get(configAtom);
      expect({ ...config, cta: '' }).to.deep.equal({ ...DEFAULT_CONFIG, cta: '' });
      // Still works: the icon opens the panel.
      iconButton(early.icon)!.click();
      await waitUntil(() => pageRuntime().store.get(authOpenAtom), 'opened');
      await waitUntil(() => shadow(early.panel).querySelector('[part~="auth-section"]'), 'a section shows');
      shadow(early.panel).querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
      await waitUntil(() => !pageRuntime().store.get(authOpenAtom), 'closed');
    } finally {
      const quiet = captureWarnings();
      for (const attribute of Object.keys(MALFORMED)) early.panel.removeAttribute(attribute);
      quiet.restore();
    }
  });

  it('the icon, tooltip, cart and open-loyalty attributes warn by name and fall back', async () => {
    const capture = captureWarnings();
    const holder = document.createElement('div');
    holder.innerHTML = `
      <package-cart data-book-url="javascript:alert(1)" data-locale="%%" data-currency="euros!"></package-cart>
      <a href="#" class="open-loyalty" data-external-auth-section="NOWHERE">x</a>`;
    try {
      page.append(holder);
      const cart = holder.querySelector('package-cart')!;
      await waitUntil(() => shadow(cart).querySelector('[part~="cart"]'), 'cart still renders');
      await waitUntil(() => cartItems(cart).length === 1, 'cart line still shows');
      holder.querySelector<HTMLElement>('.open-loyalty')!.click();
      await waitUntil(() => pageRuntime().store.get(authOpenAtom), 'opened at the fallback section');
      expect(pageRuntime().store.get(sectionAtom)).to.equal('PRE_SIGNUP');
      shadow(early.panel).querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
      await waitUntil(() => !pageRuntime().store.get(authOpenAtom), 'closed');
      expect(shadow(cart).querySelector('[part~="book-now"]'), 'no book-now link from a javascript: address').to.equal(null);
      expect(shadow(cart).textContent, 'prices written in the fallback locale').to.match(/\d,\d{2}\s?€/);
    } finally {
      holder.remove();
      capture.restore();
    }
    for (const attribute of ['data-book-url', 'data-locale', 'data-currency', 'data-external-auth-section']) {
      expect(capture.warnings.some((warning) => warning.includes(`${attribute}=`)), `a warning names ${attribute}: ${capture.warnings.join(' | ')}`).to.equal(true);
    }
  });
});

describe('malformed attributes of the once-per-page notices', () => {
  it('the tooltip warns about its target by name and still shows, where it stands', async () => {
    const capture = captureWarnings();
    const tooltip = document.createElement('loyalty-tooltip');
    tooltip.setAttribute('data-target', '][');
    early.tooltip.remove();
    takeSessionFlag('dont_show_tooltip');
    try {
      page.append(tooltip);
      await waitUntil(() => tooltipBubble(tooltip), 'tooltip shown despite its malformed target');
      tooltipBubble(tooltip)!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
      await waitUntil(() => !tooltipBubble(tooltip), 'closed');
    } finally {
      tooltip.remove();
      page.insertBefore(early.tooltip, early.trigger);
      capture.restore();
    }
    expect(capture.warnings.some((warning) => warning.includes('data-target=')), `a warning names data-target: ${capture.warnings.join(' | ')}`).to.equal(true);
  });

  it('the icon warns by name and shows its notification at once, until closed', async () => {
    const capture = captureWarnings();
    const icon = document.createElement('loyalty-icon');
    icon.setAttribute('data-notification-delay', 'soon');
    icon.setAttribute('data-notification-hide', '-5');
    // The notification shows under the first icon, once per page: make this icon the only one, and due again.
    early.icon.remove();
    takeSessionFlag('dont_show_notification');
    try {
      page.append(icon);
      await waitUntil(() => notificationOf(icon), 'notification shown under the icon with malformed timings');
      await settle(200);
      expect(notificationOf(icon), 'no auto-hide from a malformed value').not.to.equal(null);
    } finally {
      icon.remove();
      page.querySelector('header')!.append(early.icon);
      capture.restore();
    }
    for (const attribute of ['data-notification-delay', 'data-notification-hide']) {
      expect(capture.warnings.some((warning) => warning.includes(`${attribute}=`)), `a warning names ${attribute}: ${capture.warnings.join(' | ')}`).to.equal(true);
    }
  });
});

describe('signing in on the hostile page', () => {
  it('signs in, fires userLoginSuccess and loyalty-login, keeps the dropped-cart flag in memory and reloads (the page has a cart: docs/loyalty-widget.md "After sign-in")', async () => {
    const order: string[] = [];
    const onLogin = (event: Event) => order.push(`${event.type}:${(event as CustomEvent<{ userName: string }>).detail.userName}`);
    document.addEventListener('userLoginSuccess', onLogin);
    document.addEventListener('loyalty-login', onLogin);
    try {
      early.trigger.click();
      await waitUntil(() => control(early.panel, 'email') && control(early.panel, 'password'), 'sign-in form');
      const email = control(early.panel, 'email')!;
      email.select();
      email.focus();
      await sendKeys({ type: 'ana@example.com' });
      control(early.panel, 'password')!.focus();
      await sendKeys({ type: 'Loyalty2026!' });
      const submit = Array.from(shadow(early.panel).querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Iniciar sesión');
      submit!.click();
      await waitUntil(() => order.length === 2, 'signed in', { timeout: 5000 });
    } finally {
      document.removeEventListener('userLoginSuccess', onLogin);
      document.removeEventListener('loyalty-login', onLogin);
    }
    expect(order).to.deep.equal(['userLoginSuccess:ana@example.com', 'loyalty-login:ana@example.com']);
    expect(pageRuntime().store.get(userAtom)?.nombre).to.equal('Ana');
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
    // The page holds a <package-cart>, and reloads all the same (docs/loyalty-widget.md "After sign-in": its Django forms need the new token);
    // the dialog is due on the reloaded page, from the flag the blocked storage kept in memory.
    await waitUntil(() => navigations.length > 0, 'the reload', { timeout: 5000 });
    expect(navigations).to.deep.equal(['reload']);
    expect(hasSessionFlag('loyalty_dropped_cart'), 'the flag is due for the next page').to.equal(true);
    expect(() => window.sessionStorage, 'storage still blocked').to.throw(DOMException);
  });
});
