import { expect, fixture, html } from '@open-wc/testing';
import { animationsEnded } from '../support/animations';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { openLoyaltyListenerUsers } from '../../src/core/open-loyalty';
import { NOTIFICATION_ANIMATION_MS } from '../../src/core/notification';
import { hasSessionFlag, setSessionFlag, takeSessionFlag } from '../../src/lib/session-flags';
import { droppedCartNoticeAtom, notificationOwnerAtom, notificationTextAtom, tooltipPendingAtom } from '../../src/state/notices';
import { authOpenAtom, openAuthAtom, settingsAtom } from '../../src/state/session';
import { iconCountAtom, sectionAtom } from '../../src/state/store';
import { injectFault, recordedRequests, resetServer, signInThroughApi } from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

const SETTINGS_PATH = '/bookcore/partempresas/loyalty/settings/';
const USER_PATH = '/bookcore/loyalty/ajax/user/';

type Captured = { type: string; target: EventTarget | null; detail: unknown };

function captureEvents(...types: string[]): { events: Captured[]; stop: () => void } {
  const events: Captured[] = [];
  const listener = (event: Event) => events.push({ type: event.type, target: event.target, detail: (event as CustomEvent).detail });
  for (const type of types) document.addEventListener(type, listener);
  return { events, stop: () => types.forEach((type) => document.removeEventListener(type, listener)) };
}

async function mountAndWaitForStart(template: ReturnType<typeof html>): Promise<HTMLElement> {
  const capture = captureEvents('loyalty-ready', 'loyalty-fail');
  try {
    const root = await fixture<HTMLElement>(template);
    await waitUntil(() => capture.events.length > 0, 'the widget announced its start');
    return root;
  } finally {
    capture.stop();
  }
}

function shadow(host: Element | null): ShadowRoot {
  expect(host, 'element present').to.be.instanceOf(HTMLElement);
  return host!.shadowRoot!;
}

function iconButton(root: ParentNode, index = 0): HTMLButtonElement | null {
  const icon = root.querySelectorAll('loyalty-icon')[index];
  return icon?.shadowRoot?.querySelector<HTMLButtonElement>('[part="button"]') ?? null;
}

function tooltipOf(root: ParentNode): HTMLElement | null {
  return root.querySelector('loyalty-tooltip')?.shadowRoot?.querySelector<HTMLElement>('[part~="tooltip"]') ?? null;
}

function notificationOf(root: ParentNode): HTMLElement | null {
  return root.querySelector('loyalty-icon')?.shadowRoot?.querySelector<HTMLElement>('[part~="notification"]') ?? null;
}

function clearFlags(): void {
  takeSessionFlag('dont_show_tooltip');
  takeSessionFlag('dont_show_notification');
  takeSessionFlag('loyalty_dropped_cart');
}

/** Waits for the icons' animations (the notification's 700 ms fade), so axe sees their final colours. */
async function animationsDone(root: ParentNode): Promise<void> {
  for (const icon of root.querySelectorAll('loyalty-icon')) await animationsEnded(icon.shadowRoot);
}

async function accessible(root: HTMLElement): Promise<void> {
  await animationsDone(root);
  await expect(root).to.be.accessible();
}


/**
 * Asserts that nothing is there, naming what was found instead (chai would walk a rendered element's React
 * internals to print it, which takes minutes).
 */
function expectAbsent(found: Element | null, what: string): void {
  expect(found === null, `${what} is shown: ${found?.outerHTML.slice(0, 200) ?? ''}`).to.equal(true);
}

/** The tooltip part of a `<loyalty-tooltip>` has rendered (shown or not). */

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Replaces the store and re-creates nothing: callers mount fresh elements afterwards. */
function freshPage(): void {
  providePageRuntime(createRuntime());
}

let spacer: HTMLElement | null = null;

async function scrollPast(px: number): Promise<void> {
  spacer = document.createElement('div');
  spacer.style.height = '4000px';
  document.body.append(spacer);
  window.scrollTo(0, px);
  window.dispatchEvent(new Event('scroll'));
  await settle();
}

beforeEach(async () => {
  await resetServer();
  freshPage();
  clearFlags();
  window.scrollTo(0, 0);
  for (const meta of document.head.querySelectorAll('meta[name="renderIcon"]')) meta.remove();
});

afterEach(() => {
  spacer?.remove();
  spacer = null;
  window.scrollTo(0, 0);
});

describe('widget start-up', () => {
  it('makes one settings request and one user request for four elements, and announces ready once on the panel', async () => {
    const capture = captureEvents('loyalty-ready', 'loyalty-fail');
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip><loyalty-icon></loyalty-icon>
      <loyalty-panel></loyalty-panel>
    </div>`);
    await waitUntil(() => capture.events.length > 0, 'loyalty-ready');
    await settle();
    capture.stop();
    expect(await recordedRequests(SETTINGS_PATH)).to.have.length(1);
    expect(await recordedRequests(USER_PATH)).to.have.length(1);
    expect(capture.events.map(({ type }) => type)).to.deep.equal(['loyalty-ready']);
    expect(capture.events[0]!.target).to.equal(root.querySelector('loyalty-panel'));
    expect(capture.events[0]!.detail).to.deep.equal({ loggedIn: false });
    for (const element of root.querySelectorAll('loyalty-icon, loyalty-tooltip, loyalty-panel')) {
      expect((element as HTMLElement).hidden, element.localName).to.equal(false);
    }
    await accessible(root);
  });

  it('hides every loyalty element and fires loyalty-fail once when the settings fail', async () => {
    await injectFault({ path: SETTINGS_PATH, status: 500, body: { errors: 'boom' }, times: 1 });
    const capture = captureEvents('loyalty-ready', 'loyalty-fail');
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-icon></loyalty-icon><loyalty-panel></loyalty-panel><loyalty-tooltip></loyalty-tooltip>
    </div>`);
    await waitUntil(() => capture.events.length > 0, 'loyalty-fail');
    await settle();
    capture.stop();
    expect(capture.events.map(({ type }) => type)).to.deep.equal(['loyalty-fail']);
    expect(capture.events[0]!.target).to.equal(root.querySelector('loyalty-panel'));
    expect((capture.events[0]!.detail as { reason: string }).reason).to.be.a('string').and.not.equal('');
    for (const element of root.querySelectorAll('loyalty-icon, loyalty-tooltip, loyalty-panel')) {
      expect((element as HTMLElement).hidden, element.localName).to.equal(true);
    }
    await accessible(root);
  });

  it('fails on settings with an empty sign-in form, announcing on the first element when there is no panel', async () => {
    await injectFault({
      path: SETTINGS_PATH,
      status: 200,
      body: { success: true, settings: { SIGNIN: { form: [] } }, loggedIn: null },
      contentType: 'application/json',
      times: 1,
    });
    const capture = captureEvents('loyalty-fail');
    const root = await fixture<HTMLElement>(html`<div><loyalty-tooltip></loyalty-tooltip><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => capture.events.length > 0, 'loyalty-fail');
    capture.stop();
    expect(capture.events[0]!.target).to.equal(root.querySelector('loyalty-tooltip'));
    expect(root.querySelector('loyalty-icon')!.hidden).to.equal(true);
  });

  it('keeps the widget up when a field of the settings forms is unusual, showing the fields that can be used', async () => {
    await injectFault({
      path: SETTINGS_PATH,
      status: 200,
      contentType: 'application/json',
      body: {
        success: true,
        loggedIn: null,
        settings: {
          SIGNIN: {
            form: [
              // Django-ish values the form engine reads as meant: text booleans, numeric text, null for none.
              { name: 'password', label: 'Contraseña', type: 'password', required: 'True', pattern: null, order: '2' },
              { name: 'email', label: 'Correo electrónico', required: 'True', order: '1', errorPattern: null },
              { name: 'pais', label: 'País', type: 'select', required: 'False', order: 3, options: [{ options: [{ value: 'ES', label: 'España' }] }] },
              // Unusable: no name. Skipped with a warning, the rest of the form works.
              { label: 'Sin nombre', type: 'text' },
            ],
          },
          SIGNUP: { form: [{ name: 'nombre', label: 'Nombre', required: 'True', order: '1', pattern: null }] },
        },
      },
      times: 1,
    });
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    const capture = captureEvents('loyalty-ready', 'loyalty-fail');
    try {
      const root = await fixture<HTMLElement>(html`<div><loyalty-panel data-active-section="SIGNIN"></loyalty-panel></div>`);
      await waitUntil(() => capture.events.length > 0, 'the widget announced its start');
      expect(capture.events.map(({ type }) => type)).to.deep.equal(['loyalty-ready']);
      const panel = root.querySelector('loyalty-panel')!;
      expect(panel.hidden).to.equal(false);
      await waitUntil(() => panel.shadowRoot!.querySelector('[data-section="SIGNIN"] form [name="pais"]'), 'SIGNIN form rendered', { timeout: 5000 });
      const form = panel.shadowRoot!.querySelector('[data-section="SIGNIN"] form')!;
      expect(Array.from(form.querySelectorAll('input, select')).map((control) => control.getAttribute('name'))).to.deep.equal([
        'email',
        'password',
        'pais',
      ]);
      expect(form.querySelector<HTMLInputElement>('[name="email"]')!.required).to.equal(true);
      expect(form.querySelector<HTMLInputElement>('[name="email"]')!.type).to.equal('email');
      expect(form.querySelector<HTMLSelectElement>('[name="pais"]')!.required).to.equal(false);
      expect(form.querySelectorAll('optgroup')).to.have.length(0);
    } finally {
      console.warn = original;
      capture.stop();
    }
    // One warning per unusable field, however often the form renders (an integrator reads each once).
    const skipped = warnings.filter((warning) => warning.includes('skipping form field'));
    expect(skipped, skipped.join('\n')).to.have.length(1);
    expect(skipped[0]).to.contain('skipping form field #4 (no name)');
  });

  it('warns once about an unusable field, however often its form shows again', async () => {
    await injectFault({
      path: SETTINGS_PATH,
      status: 200,
      contentType: 'application/json',
      body: {
        success: true,
        loggedIn: null,
        settings: {
          SIGNIN: { form: [{ name: 'email', label: 'Correo electrónico', type: 'email', required: true }, { label: 'Sin nombre', type: 'text' }] },
          SIGNUP: { form: [{ name: 'nombre', label: 'Nombre', type: 'text', required: true }] },
        },
      },
      times: 1,
    });
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    const capture = captureEvents('loyalty-ready', 'loyalty-fail');
    try {
      const root = await fixture<HTMLElement>(html`<div><loyalty-panel data-active-section="SIGNIN"></loyalty-panel></div>`);
      await waitUntil(() => capture.events.length > 0, 'the widget announced its start');
      const panel = root.querySelector('loyalty-panel')!;
      const shown = (section: string, field: string) => panel.shadowRoot!.querySelector(`[data-section="${section}"] form [name="${field}"]`);
      await waitUntil(() => shown('SIGNIN', 'email'), 'SIGNIN form rendered', { timeout: 5000 });
      // The guest goes to the sign-up and back: the sign-in form mounts a second time, with the same settings.
      pageRuntime().store.set(sectionAtom, 'SIGNUP');
      await waitUntil(() => shown('SIGNUP', 'nombre'), 'SIGNUP form rendered', { timeout: 5000 });
      pageRuntime().store.set(sectionAtom, 'SIGNIN');
      await waitUntil(() => shown('SIGNIN', 'email'), 'SIGNIN form rendered again', { timeout: 5000 });
    } finally {
      console.warn = original;
      capture.stop();
    }
    const skipped = warnings.filter((warning) => warning.includes('skipping form field'));
    expect(skipped, skipped.join('\n')).to.have.length(1);
    expect(skipped[0]).to.contain('skipping form field #2 (no name)');
  });

  it('reports a logged-in member in loyalty-ready', async () => {
    await signInThroughApi();
    const capture = captureEvents('loyalty-ready');
    await fixture(html`<loyalty-panel></loyalty-panel>`);
    await waitUntil(() => capture.events.length > 0, 'loyalty-ready');
    capture.stop();
    expect(capture.events[0]!.detail).to.deep.equal({ loggedIn: true });
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
  });
});

describe('arriving from a mail link (docs/bookcore-contract.md "Back where the guest started")', () => {
  const ARRIVAL_EVENTS = ['loyalty-ready', 'userLoginSuccess', 'loyalty-login'];

  async function settingsAnswering(extra: Record<string, unknown>): Promise<void> {
    const real = (await (await fetch(SETTINGS_PATH)).json()) as Record<string, unknown>;
    await injectFault({ path: SETTINGS_PATH, status: 200, body: { ...real, ...extra }, times: 1 });
  }

  it('signed in by the link: says so once as after a sign-in, userLoginSuccess then loyalty-login after loyalty-ready, the icon in', async () => {
    await signInThroughApi();
    await settingsAnswering({ justSignedIn: true });
    const capture = captureEvents(...ARRIVAL_EVENTS);
    const root = await fixture<HTMLElement>(html`<div><loyalty-icon></loyalty-icon><loyalty-panel></loyalty-panel></div>`);
    await waitUntil(() => capture.events.length >= 3, 'ready and the login events');
    await settle();
    capture.stop();
    expect(capture.events.map(({ type }) => type)).to.deep.equal(ARRIVAL_EVENTS);
    expect(capture.events[1]!.detail).to.deep.equal({ userName: 'ana@example.com' });
    expect(capture.events[2]!.target).to.equal(root.querySelector('loyalty-panel'));
    expect(capture.events[2]!.detail).to.deep.equal({ userName: 'ana@example.com' });
    expect(iconButton(root)!.classList.contains('in')).to.equal(true);
  });

  it('a member page without the mark (a reload after the link) fires no login event', async () => {
    await signInThroughApi();
    const capture = captureEvents(...ARRIVAL_EVENTS);
    await fixture<HTMLElement>(html`<div><loyalty-icon></loyalty-icon><loyalty-panel></loyalty-panel></div>`);
    await waitUntil(() => capture.events.length >= 1, 'ready');
    await settle();
    capture.stop();
    expect(capture.events.map(({ type }) => type)).to.deep.equal(['loyalty-ready']);
  });

  it('a link bookcore could not sign in with: the sign-in opens with the e-mail bookcore names filled in', async () => {
    await settingsAnswering({ signInEmail: 'ana@example.com' });
    const capture = captureEvents(...ARRIVAL_EVENTS);
    const root = await fixture<HTMLElement>(html`<div><loyalty-icon></loyalty-icon><loyalty-panel></loyalty-panel></div>`);
    await waitUntil(() => capture.events.length >= 1, 'ready');
    const panel = root.querySelector('loyalty-panel')!;
    await waitUntil(
      () => panel.shadowRoot?.querySelector<HTMLInputElement>('[data-section="SIGNIN"] [name="email"]')?.value === 'ana@example.com',
      'SIGNIN open with the e-mail',
    );
    capture.stop();
    expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
    expect(capture.events.map(({ type }) => type)).to.deep.equal(['loyalty-ready']);
  });
});

describe('<loyalty-icon>', () => {
  it('is not rendered with <meta name="renderIcon" content="false">, and does not count as an icon', async () => {
    const meta = document.createElement('meta');
    meta.name = 'renderIcon';
    meta.content = 'false';
    document.head.append(meta);
    const root = await mountAndWaitForStart(html`<div><loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon></div>`);
    expect(iconButton(root)).to.equal(null);
    expect(pageRuntime().store.get(iconCountAtom)).to.equal(0);
  });

  it('is not rendered with data-render-icon="false" on the panel', async () => {
    const root = await mountAndWaitForStart(
      html`<div><loyalty-panel data-render-icon="false"></loyalty-panel><loyalty-icon></loyalty-icon></div>`,
    );
    expect(iconButton(root)).to.equal(null);
  });

  it('counts itself while connected', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-icon></loyalty-icon></div>`);
    // Each icon counts once rendered, which `loyalty-ready` (the settings loaded) does not wait for: WebKit can
    // announce the start first.
    await waitUntil(() => pageRuntime().store.get(iconCountAtom) === 2, 'both icons counted');
    root.querySelector('loyalty-icon')!.remove();
    await waitUntil(() => pageRuntime().store.get(iconCountAtom) === 1, 'one icon left');
  });

  it('is classed out for a guest and in for a member with a first name', async () => {
    const guest = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => iconButton(guest), 'icon rendered');
    expect(iconButton(guest)!.classList.contains('out')).to.equal(true);
    expect(iconButton(guest)!.classList.contains('in')).to.equal(false);
    guest.remove();

    await signInThroughApi();
    freshPage();
    const member = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => iconButton(member)?.classList.contains('in'), 'classed in');
    expect(iconButton(member)!.classList.contains('out')).to.equal(false);
    await accessible(member);
  });

  it('labels itself with the cta, or the translated fallback', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-panel data-cta="Únete"></loyalty-panel><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => iconButton(root), 'icon rendered');
    expect(iconButton(root)!.textContent).to.equal('Únete');
    root.querySelector('loyalty-panel')!.removeAttribute('data-cta');
    await waitUntil(() => iconButton(root)!.textContent === 'Club de fidelidad', 'fallback label');
  });

  it('opens auth on click, announces loyalty-open and reflects aria-expanded', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon></div>`);
    // Rendered on its own schedule, not by the time the start is announced (WebKit can be later).
    await waitUntil(() => iconButton(root), 'icon rendered');
    const button = iconButton(root)!;
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const capture = captureEvents('loyalty-open');
    button.click();
    capture.stop();
    expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
    expect(capture.events).to.have.length(1);
    expect(capture.events[0]!.target).to.equal(root.querySelector('loyalty-icon'));
    expect(capture.events[0]!.detail).to.deep.equal({ section: 'PRE_SIGNUP' });
    await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'expanded');
  });
  it('tracks open_loyalty_modal (category Loyalty) once per click on the icon', async () => {
    const dataLayer: { event?: string; eventCategory?: string; eventLabel?: string }[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    try {
      const root = await mountAndWaitForStart(html`<div><loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon></div>`);
      // loyalty-ready does not wait for the icon's render (WebKit paints it a moment later).
      await waitUntil(() => iconButton(root), 'icon rendered');
      iconButton(root)!.click();
      await waitUntil(() => dataLayer.some((entry) => entry.eventLabel === 'open_loyalty_modal'), 'tracked');
      expect(dataLayer.filter((entry) => entry.event === 'open_loyalty_modal')).to.deep.equal([
        { event: 'open_loyalty_modal', eventCategory: 'Loyalty', eventLabel: 'open_loyalty_modal' },
      ]);
    } finally {
      delete (window as { dataLayer?: unknown[] }).dataLayer;
    }
  });
});

describe('open-loyalty page elements', () => {
  it('track open_loyalty_modal (category Loyalty) when they open auth', async () => {
    const dataLayer: { event?: string; eventCategory?: string; eventLabel?: string }[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    try {
      const root = await mountAndWaitForStart(html`<div>
        <loyalty-panel data-render-icon="false"></loyalty-panel>
        <button type="button" class="open-loyalty" data-external-auth-section="SIGNIN">Entrar</button>
      </div>`);
      root.querySelector<HTMLElement>('button.open-loyalty')!.click();
      await waitUntil(() => dataLayer.some((entry) => entry.eventLabel === 'open_loyalty_modal'), 'tracked');
      expect(dataLayer.filter((entry) => entry.event === 'open_loyalty_modal')).to.deep.equal([
        { event: 'open_loyalty_modal', eventCategory: 'Loyalty', eventLabel: 'open_loyalty_modal' },
      ]);
    } finally {
      delete (window as { dataLayer?: unknown[] }).dataLayer;
    }
  });

  it('open auth at their data-external-auth-section through one page listener', async () => {
    const root = await mountAndWaitForStart(html`<div>
      <loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip>
      <button type="button" class="open-loyalty" data-external-auth-section="SIGNIN"><span>Entrar</span></button>
      <a href="#club" class="open-loyalty">Club</a>
    </div>`);
    expect(openLoyaltyListenerUsers()).to.equal(3);
    const capture = captureEvents('loyalty-open');
    root.querySelector<HTMLElement>('button.open-loyalty span')!.click();
    expect(capture.events).to.have.length(1);
    expect(capture.events[0]!.detail).to.deep.equal({ section: 'SIGNIN' });
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNIN');
    expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);

    root.querySelector<HTMLElement>('a.open-loyalty')!.click();
    capture.stop();
    expect(capture.events[1]!.detail).to.deep.equal({ section: 'PRE_SIGNUP' });
    expect(location.hash).to.equal('');
  });

  it('falls back to PRE_SIGNUP with a warning for an invalid section', async () => {
    const root = await mountAndWaitForStart(html`<div>
      <loyalty-panel></loyalty-panel>
      <button type="button" class="open-loyalty" data-external-auth-section="NOPE">Club</button>
    </div>`);
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    const capture = captureEvents('loyalty-open');
    try {
      root.querySelector<HTMLElement>('.open-loyalty')!.click();
    } finally {
      console.warn = original;
      capture.stop();
    }
    expect(capture.events[0]!.detail).to.deep.equal({ section: 'PRE_SIGNUP' });
    expect(warnings.join('\n')).to.contain('data-external-auth-section="NOPE"');
  });

  it('removes the page listener when no loyalty element is connected', async () => {
    const root = await mountAndWaitForStart(html`<div>
      <loyalty-panel></loyalty-panel>
      <button type="button" class="open-loyalty">Club</button>
    </div>`);
    const trigger = root.querySelector<HTMLElement>('.open-loyalty')!;
    root.querySelector('loyalty-panel')!.remove();
    // A removed element lets go a microtask later, unless it is back by then (a move keeps its state).
    expect(openLoyaltyListenerUsers(), 'still there within the task').to.equal(1);
    await Promise.resolve();
    expect(openLoyaltyListenerUsers()).to.equal(0);
    const capture = captureEvents('loyalty-open');
    trigger.click();
    capture.stop();
    expect(capture.events).to.have.length(0);
    expect(pageRuntime().store.get(authOpenAtom)).to.equal(false);
  });
});

describe('<loyalty-tooltip>', () => {
  it('shows the guest text under the icon once per browser session', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    const tooltip = tooltipOf(root)!;
    expect(tooltip.textContent).to.contain('Inicia sesión para ver precios exclusivos.');
    expect(tooltip.getAttribute('role')).to.equal('status');
    // The flag is written by the effect that follows the tooltip's render (a moment later in WebKit).
    await waitUntil(() => sessionStorage.getItem('dont_show_tooltip') === '1', 'the tooltip marked as shown for this session');
    const iconRect = iconButton(root)!.getBoundingClientRect();
    await waitUntil(() => tooltip.getAttribute('data-placed') === 'fixed', 'placed');
    expect(tooltip.getBoundingClientRect().top).to.be.at.least(iconRect.bottom);
    await accessible(root);
    root.remove();

    freshPage();
    const again = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    // The widget decided: the tooltip gave up its place under the icon (it is not due on this page).
    await waitUntil(() => !pageRuntime().store.get(tooltipPendingAtom), 'the tooltip gave its place up');
    expectAbsent(tooltipOf(again), 'the tooltip');
  });

  it('shows the member text for a member', async () => {
    await signInThroughApi();
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    expect(tooltipOf(root)!.textContent).to.contain('Estás viendo tus tarifas de miembro.');
  });

  it('goes on a scroll past 100 px', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    await scrollPast(60);
    expect(tooltipOf(root), 'still there at 60 px').not.to.equal(null);
    await scrollPast(150);
    await waitUntil(() => tooltipOf(root) === null, 'tooltip gone');
  });

  it('goes for good when auth opens', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    pageRuntime().store.set(openAuthAtom);
    await waitUntil(() => tooltipOf(root) === null, 'tooltip gone');
    pageRuntime().store.set(authOpenAtom, false);
    await settle();
    expect(tooltipOf(root)).to.equal(null);
  });

  it('closes with its button and with Escape', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    // Its Escape listener comes with the effects after the tooltip's first paint (WebKit paints first sooner).
    await settle();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitUntil(() => tooltipOf(root) === null, 'gone on Escape');
    root.remove();

    clearFlags();
    freshPage();
    const second = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    await waitUntil(() => tooltipOf(second), 'tooltip shown again in a new session');
    tooltipOf(second)!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
    await waitUntil(() => tooltipOf(second) === null, 'gone on close');
  });

  it('is disabled on desktop', async () => {
    const root = await mountAndWaitForStart(html`<div>
      <loyalty-panel data-is-desktop="true"></loyalty-panel><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip>
    </div>`);
    await waitUntil(() => !pageRuntime().store.get(tooltipPendingAtom), 'the tooltip gave its place up');
    // The settings are in (loyalty-ready), so a tooltip that showed would have its text by now.
    expect(pageRuntime().store.get(settingsAtom).status).to.equal('ready');
    expectAbsent(tooltipOf(root), 'the tooltip');
    expect(hasSessionFlag('dont_show_tooltip')).to.equal(false);
  });

  it('still shows once per page when sessionStorage throws', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      clearFlags();
      const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
      await waitUntil(() => tooltipOf(root), 'tooltip shown');
      root.remove();
      freshPage();
      const again = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
      // The widget decided: the tooltip gave up its place under the icon (it is not due on this page).
    await waitUntil(() => !pageRuntime().store.get(tooltipPendingAtom), 'the tooltip gave its place up');
      expectAbsent(tooltipOf(again), 'the tooltip');
    } finally {
      Object.defineProperty(window, 'sessionStorage', original);
    }
    expect(() => window.sessionStorage.getItem('x')).not.to.throw();
  });
});

describe('the notification', () => {
  it('enters and leaves in the 700 ms of docs/loyalty-widget.md "Tooltip and notification": the stylesheet\'s animations last NOTIFICATION_ANIMATION_MS', async () => {
    expect(NOTIFICATION_ANIMATION_MS).to.equal(700);
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => notificationOf(root), 'notification shown');
    const notification = notificationOf(root)!;
    const entering = getComputedStyle(notification);
    expect([entering.animationName, entering.animationDuration]).to.deep.equal(['loyalty-notice-in', `${NOTIFICATION_ANIMATION_MS / 1000}s`]);
    notification.querySelector<HTMLButtonElement>('[part~="notification-close"]')!.click();
    await waitUntil(() => notificationOf(root)?.getAttribute('data-state') === 'out', 'leaving');
    const leaving = getComputedStyle(notificationOf(root)!);
    expect([leaving.animationName, leaving.animationDuration]).to.deep.equal(['loyalty-notice-out', `${NOTIFICATION_ANIMATION_MS / 1000}s`]);
  });

  it('appears after the show delay, once per session, and tracks its view', async () => {
    const dataLayer: { eventLabel?: string }[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    try {
      const root = await mountAndWaitForStart(html`<div><loyalty-icon data-notification-delay="400"></loyalty-icon></div>`);
      expect(notificationOf(root), 'not before the delay').to.equal(null);
      await waitUntil(() => notificationOf(root), 'notification shown');
      expect(notificationOf(root)!.textContent).to.contain('Hazte miembro gratis');
      expect(hasSessionFlag('dont_show_notification')).to.equal(true);
      expect(dataLayer.map((entry) => entry.eventLabel)).to.include('view_loyalty_message');
      await accessible(root);
      root.remove();

      freshPage();
      const again = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
      // The settings are in (loyalty-ready): a notification due would be on its way now; it stays away.
      expect(pageRuntime().store.get(settingsAtom).status).to.equal('ready');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expectAbsent(notificationOf(again), 'the notification');
    } finally {
      delete (window as { dataLayer?: unknown[] }).dataLayer;
    }
  });

  it('waits while the tooltip shows in its place, and appears once the tooltip is closed', async () => {
    const root = await mountAndWaitForStart(
      html`<div><loyalty-icon class="loyalty-icon"></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`,
    );
    await waitUntil(() => tooltipOf(root), 'tooltip shown');
    await waitUntil(() => pageRuntime().store.get(notificationOwnerAtom) === root.querySelector('loyalty-icon'), 'notification part mounted');
    await settle();
    expectAbsent(notificationOf(root), 'a notification over the tooltip');
    tooltipOf(root)!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => notificationOf(root), 'notification shown after the tooltip closed');
  });

  it('closes on a scroll past 100 px', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => notificationOf(root), 'notification shown');
    await scrollPast(150);
    await waitUntil(() => notificationOf(root) === null, 'notification gone', { timeout: 3000 });
  });

  it('hides by itself after data-notification-hide', async () => {
    const root = await mountAndWaitForStart(html`<div><loyalty-icon data-notification-hide="100"></loyalty-icon></div>`);
    await waitUntil(() => notificationOf(root), 'notification shown');
    await waitUntil(() => notificationOf(root) === null, 'notification gone', { timeout: 3000 });
  });

  it('opens auth when clicked and closes with its button, tracking both', async () => {
    const dataLayer: { eventLabel?: string }[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    try {
      const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
      await waitUntil(() => notificationOf(root), 'notification shown');
      const capture = captureEvents('loyalty-open');
      notificationOf(root)!.querySelector<HTMLButtonElement>('[part~="notification-text"]')!.click();
      capture.stop();
      expect(capture.events).to.have.length(1);
      expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
      expect(dataLayer.map((entry) => entry.eventLabel)).to.include('click_loyalty_message');
      await waitUntil(() => notificationOf(root) === null, 'notification gone', { timeout: 3000 });
      root.remove();

      clearFlags();
      freshPage();
      const second = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
      await waitUntil(() => notificationOf(second), 'notification shown');
      notificationOf(second)!.querySelector<HTMLButtonElement>('[part~="notification-close"]')!.click();
      expect(dataLayer.map((entry) => entry.eventLabel)).to.include('close_loyalty_message');
      await waitUntil(() => notificationOf(second) === null, 'notification gone', { timeout: 3000 });
    } finally {
      delete (window as { dataLayer?: unknown[] }).dataLayer;
    }
  });

  it('is disabled by an empty guest text', async () => {
    await injectFault({
      path: SETTINGS_PATH,
      status: 200,
      contentType: 'application/json',
      body: {
        success: true,
        loggedIn: null,
        settings: {
          SIGNIN: { form: [{ name: 'email', label: 'Email', type: 'email', required: true, order: 1 }] },
          NOTIFICATIONS: { messages: { registered: { text: 'Hola' }, unregistered: { text: '' } } },
          TOOLTIP: { registered: { text: 'Hola' }, unregistered: { text: 'Pista para invitados' } },
        },
      },
      times: 1,
    });
    const root = await mountAndWaitForStart(
      html`<div><loyalty-icon class="loyalty-icon"></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`,
    );
    // A control loaded the same way, from the same settings, that does show: the tooltip.
    await waitUntil(() => tooltipOf(root)?.textContent?.includes('Pista para invitados'), 'tooltip shown');
    expect(pageRuntime().store.get(notificationTextAtom)).to.equal('');
    // The notification waits for the tooltip's spot: free it, then nothing may take it.
    tooltipOf(root)!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
    await waitUntil(() => tooltipOf(root) === null, 'tooltip closed');
    await settle();
    expectAbsent(notificationOf(root), 'the notification');
    expect(hasSessionFlag('dont_show_notification')).to.equal(false);
  });
});

describe('the dropped-cart dialog', () => {
  function dialogIn(host: Element | null): HTMLElement | null {
    return shadow(host).querySelector<HTMLElement>('[role="dialog"]');
  }

  it('greets the member by full name once, from the icon', async () => {
    await signInThroughApi();
    setSessionFlag('loyalty_dropped_cart');
    const root = await mountAndWaitForStart(html`<div><loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => dialogIn(root.querySelector('loyalty-icon')), 'dialog shown');
    expect(dialogIn(root.querySelector('loyalty-panel'))).to.equal(null);
    const dialog = dialogIn(root.querySelector('loyalty-icon'))!;
    expect(dialog.textContent).to.contain('Hemos vaciado tu carrito');
    expect(dialog.textContent).to.contain('Hola Ana García López');
    expect(hasSessionFlag('loyalty_dropped_cart')).to.equal(false);
    await accessible(root);
    dialog.querySelector<HTMLButtonElement>('[part~="dropped-cart-ok"]')!.click();
    await waitUntil(() => dialogIn(root.querySelector('loyalty-icon')) === null, 'dialog closed');
    root.remove();

    freshPage();
    const again = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    // The member is recognised and the start settled: the notice was decided, and it is not due again.
    await waitUntil(() => iconButton(again)?.classList.contains('in'), 'member icon rendered');
    expect(pageRuntime().store.get(droppedCartNoticeAtom)).to.equal(null);
    expectAbsent(dialogIn(again.querySelector('loyalty-icon')), 'the dropped-cart dialog');
  });

  it('shows from the panel on a page without an icon', async () => {
    await signInThroughApi();
    setSessionFlag('loyalty_dropped_cart');
    const root = await mountAndWaitForStart(html`<div><loyalty-tooltip></loyalty-tooltip><loyalty-panel></loyalty-panel></div>`);
    await waitUntil(() => dialogIn(root.querySelector('loyalty-panel')), 'dialog shown');
    expect(dialogIn(root.querySelector('loyalty-tooltip'))).to.equal(null);
  });

  it('does not show for a guest, and leaves the flag alone', async () => {
    setSessionFlag('loyalty_dropped_cart');
    const root = await mountAndWaitForStart(html`<div><loyalty-icon></loyalty-icon></div>`);
    await waitUntil(() => iconButton(root)?.classList.contains('out'), 'guest icon rendered');
    expect(pageRuntime().store.get(droppedCartNoticeAtom)).to.equal(null);
    expectAbsent(dialogIn(root.querySelector('loyalty-icon')), 'the dropped-cart dialog');
    expect(hasSessionFlag('loyalty_dropped_cart')).to.equal(true);
  });
});

describe('project stylesheets', () => {
  const links = (element: Element) =>
    Array.from(shadow(element).querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => new URL(link.href).pathname);

  it('adds the default and the brand stylesheet to every shadow root, after the built-in sheet', async () => {
    const root = await mountAndWaitForStart(html`<div>
      <loyalty-icon></loyalty-icon><loyalty-panel data-project-code="demo-brand"></loyalty-panel><loyalty-tooltip></loyalty-tooltip>
    </div>`);
    const elements = Array.from(root.querySelectorAll('loyalty-icon, loyalty-panel, loyalty-tooltip'));
    await waitUntil(() => elements.every((element) => links(element).includes('/static/demo-brand/loyalty/loyalty.css')), 'brand links');
    for (const element of elements) {
      expect(links(element), element.localName).to.deep.equal([
        '/static/builds/loyalty/loyalty.css',
        '/static/demo-brand/loyalty/loyalty.css',
      ]);
      const adopted = Array.from(shadow(element).adoptedStyleSheets[0]!.cssRules);
      expect(adopted[0], 'built-in sheet is layered').to.be.instanceOf(CSSLayerBlockRule);
    }
  });

  it('leaves out an unknown brand with a 404 warning', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      const root = await mountAndWaitForStart(html`<div>
        <loyalty-icon></loyalty-icon><loyalty-panel data-project-code="no-such-brand"></loyalty-panel>
      </div>`);
      await waitUntil(() => warnings.some((text) => text.includes('404')), '404 logged');
      const icon = root.querySelector('loyalty-icon')!;
      await waitUntil(() => links(icon).length > 0, 'default link');
      for (const element of root.querySelectorAll('loyalty-icon, loyalty-panel')) {
        expect(links(element), element.localName).to.deep.equal(['/static/builds/loyalty/loyalty.css']);
      }
      await accessible(root);
    } finally {
      console.warn = original;
    }
    expect(warnings.join('\n')).to.contain('/static/no-such-brand/loyalty/loyalty.css');
  });
});
