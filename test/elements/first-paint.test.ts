/**
 * The first paint without React, and React on intent (docs/architecture.md "React on intent"): the icon paints,
 * with its member state, before any React module is requested; the guest's first click, tap or key on a cold
 * page opens the panel; what the page did before React was there is applied. No idle prefetch in this file
 * (requestIdleCallback never calls back): React comes only for an intent or a part that must show.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { centre } from '../support/pointer';
import { waitUntil } from '../support/wait-until';
import { resetServer, signInThroughApi } from '../api/dev-server';

// Before the library loads: the page never goes idle here.
window.requestIdleCallback = (() => 0) as unknown as typeof requestIdleCallback;

/** Whether any React module (the vendored React, react-dom, or the elements' React part) was requested. */
function reactRequested(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/__vendor\/react|react-part|LoyaltyPanel|react-dom/.test(name));
}

type Session = { takeSessionFlag: (flag: 'dont_show_tooltip' | 'dont_show_notification' | 'loyalty_dropped_cart') => boolean; setSessionFlag: (flag: 'dont_show_tooltip' | 'dont_show_notification') => void };
let flags: Session;
// Gives the page a runtime of its own, so the widget starts again (docs/architecture.md "The runtime").
let freshRuntime: () => void;

before(async () => {
  await import('../../elements/index');
  flags = await import('../../src/lib/session-flags');
  // Loaded only now: the first paint holds no store (the runtime comes with the start chunk).
  const { createRuntime, providePageRuntime } = await import('../../src/core/runtime');
  freshRuntime = () => providePageRuntime(createRuntime());
});

let container: HTMLElement | undefined;

async function page(markup: string): Promise<HTMLElement> {
  // The pointer away from where the elements paint: an element appearing under a resting pointer gets pointerover.
  await sendMouse({ type: 'move', position: [window.innerWidth - 5, window.innerHeight - 5] });
  const ready = new Promise((resolve) => document.addEventListener('loyalty-ready', resolve, { once: true }));
  container = document.createElement('div');
  // Test markup of our own: no guest text.
  container.append(document.createRange().createContextualFragment(markup));
  document.body.append(container);
  await ready;
  return container;
}

function iconButton(): HTMLButtonElement | null {
  return document.querySelector('loyalty-icon')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="button"]') ?? null;
}

function openSection(): string | null {
  const panel = document.querySelector('loyalty-panel')?.shadowRoot?.querySelector('[part~="dialog"] [part~="panel"]');
  return panel?.getAttribute('data-section') ?? null;
}

const WIDGET = '<loyalty-panel data-active-section="SIGNIN"></loyalty-panel><loyalty-icon></loyalty-icon>';

describe('first paint without React', () => {
  beforeEach(async () => {
    await resetServer();
    freshRuntime();
    // The notification and the tooltip were seen this session: nothing on this page needs React by itself.
    flags.setSessionFlag('dont_show_notification');
    flags.setSessionFlag('dont_show_tooltip');
  });

  afterEach(() => {
    container?.remove();
    container = undefined;
  });

  // Each test after the first finds React loaded by the one before it: the checks of what was not requested come first.
  it('paints the tooltip, then the notification once the tooltip is closed, with no React module requested', async () => {
    flags.takeSessionFlag('dont_show_notification');
    flags.takeSessionFlag('dont_show_tooltip');
    const root = await page(`${WIDGET}<loyalty-tooltip></loyalty-tooltip>`);
    const tooltip = () => root.querySelector('loyalty-tooltip')?.shadowRoot?.querySelector<HTMLElement>('[part~="tooltip"]') ?? null;
    const notification = () => root.querySelector('loyalty-icon')?.shadowRoot?.querySelector<HTMLElement>('[part~="notification"]') ?? null;
    await waitUntil(() => tooltip()?.getAttribute('data-placed') === 'fixed', 'the tooltip shown and placed');
    expect(tooltip()!.querySelector('[part~="tooltip-text"]')!.textContent).to.contain('Inicia sesión para ver precios exclusivos.');
    expect(notification(), 'the notification waits for the tooltip').to.equal(null);
    tooltip()!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
    await waitUntil(() => notification()?.hasAttribute('data-placed') === true, 'the notification shown and placed');
    expect(notification()!.querySelector('[part~="notification-text"]')!.textContent).to.contain('Hazte miembro gratis');
    expect(reactRequested()).to.deep.equal([]);
    notification()!.querySelector<HTMLButtonElement>('[part~="notification-close"]')!.click();
    await waitUntil(() => notification() === null, 'the notification gone after its exit');
    expect(reactRequested()).to.deep.equal([]);
  });

  it('paints the icon, a returning member\'s "in" state, and a host\'s attribute change with no React module requested', async () => {
    await signInThroughApi();
    const root = await page(WIDGET);
    await waitUntil(() => iconButton()?.classList.contains('in') === true, 'the member\'s icon');
    expect(iconButton()!.textContent).to.equal('Club de fidelidad');
    root.querySelector('loyalty-panel')!.setAttribute('data-cta', 'Mi club');
    await waitUntil(() => iconButton()?.textContent === 'Mi club', 'the new call to action');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reactRequested()).to.deep.equal([]);
  });

  it('opens the panel on the first click of a cold page, at the section asked for', async () => {
    await page(WIDGET);
    expect(reactRequested(), 'cold').to.deep.equal([]);
    const [x, y] = centre(iconButton()!);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'up' });
    await waitUntil(() => openSection() === 'SIGNIN', 'the panel opened at SIGNIN');
  });
});

describe('React on intent: the keyboard and the page', () => {
  beforeEach(async () => {
    await resetServer();
    freshRuntime();
    flags.setSessionFlag('dont_show_notification');
    flags.setSessionFlag('dont_show_tooltip');
  });

  afterEach(() => {
    container?.remove();
    container = undefined;
  });

  it('opens the panel with Tab to the icon and Enter', async () => {
    await page(`<button id="before">before</button>${WIDGET}`);
    document.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => openSection() === 'SIGNIN', 'the panel opened at SIGNIN');
  });

  it('applies an open-loyalty click made before React loaded', async () => {
    const root = await page(`${WIDGET}<a href="#" class="open-loyalty" data-external-auth-section="PRE_SIGNUP">Únete</a>`);
    root.querySelector<HTMLElement>('.open-loyalty')!.click();
    await waitUntil(() => openSection() === 'PRE_SIGNUP', 'the panel opened at PRE_SIGNUP');
  });
});
