/**
 * The first click after a prefetch (docs/architecture.md "React on intent"): the guest's intent fetches everything
 * the panel's first render needs — its frame, the auth panel with SIGNIN and the texts in the panel's language —
 * so the click shows the form at once, usable in the panel's first frame, with no part suspending on the way.
 * No idle prefetch in this file (requestIdleCallback never calls back): the prefetch is the pointer's arrival.
 */
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { centre } from '../support/pointer';
import { waitUntil } from '../support/wait-until';
import { resetServer } from '../api/dev-server';

// Before the library loads: the page never goes idle here.
window.requestIdleCallback = (() => 0) as unknown as typeof requestIdleCallback;

type Session = { setSessionFlag: (flag: 'dont_show_tooltip' | 'dont_show_notification') => void };

before(async () => {
  await import('../../elements/index');
  await resetServer();
  const flags: Session = await import('../../src/lib/session-flags');
  // Nothing on this page needs React by itself.
  flags.setSessionFlag('dont_show_notification');
  flags.setSessionFlag('dont_show_tooltip');
});

/** The modules the page requested whose path matches. */
function requested(pattern: RegExp): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => pattern.test(path));
}

function iconButton(): HTMLButtonElement | null {
  return document.querySelector('loyalty-icon')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="button"]') ?? null;
}

/** SIGNIN's first input once it is usable: visible, enabled, not inert. */
function usableInput(): HTMLInputElement | null {
  const input = document.querySelector('loyalty-panel')?.shadowRoot?.querySelector<HTMLInputElement>('[part~="dialog"] input:not([type="hidden"])') ?? null;
  if (!input || input.disabled || input.closest('[inert]') || input.getClientRects().length === 0) return null;
  return getComputedStyle(input).visibility === 'visible' ? input : null;
}

/** How many animation frames pass from the guest's click on the page until `done` holds. */
function framesFromClickUntil(done: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    addEventListener(
      'click',
      () => {
        let frames = 0;
        const tick = () => {
          frames += 1;
          if (done()) resolve(frames);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { capture: true, once: true },
    );
  });
}

let container: HTMLElement | undefined;
// Gives the page a runtime of its own, so the widget starts again (docs/architecture.md "The runtime").
let freshRuntime: () => void;

before(async () => {
  // Loaded only now: the first paint holds no store (the runtime comes with the start chunk).
  const { createRuntime, providePageRuntime } = await import('../../src/core/runtime');
  freshRuntime = () => providePageRuntime(createRuntime());
});

afterEach(() => {
  container?.remove();
  container = undefined;
  freshRuntime();
});

/** The panel and the icon in a container of the page, in `lang`; resolves once the icon has painted. */
async function page(lang: string): Promise<void> {
  // The pointer away from where the elements paint: an element appearing under a resting pointer gets pointerover.
  await sendMouse({ type: 'move', position: [window.innerWidth - 5, window.innerHeight - 5] });
  const ready = new Promise((resolve) => document.addEventListener('loyalty-ready', resolve, { once: true }));
  container = document.createElement('div');
  container.lang = lang;
  // Test markup of our own: no guest text.
  container.append(document.createRange().createContextualFragment('<loyalty-panel data-active-section="SIGNIN"></loyalty-panel><loyalty-icon></loyalty-icon>'));
  document.body.append(container);
  await ready;
  await waitUntil(() => iconButton(), 'the icon painted');
}

// The first test finds nothing of React loaded; the second finds the panel's code loaded by the first.
describe('the first click after the prefetch', () => {
  it('shows SIGNIN usable in the first frames after the click: nothing suspends on the way', async function () {
    this.timeout(20_000);
    await page('es');
    const [x, y] = centre(iconButton()!);
    await sendMouse({ type: 'move', position: [x, y] });
    await waitUntil(
      () => ['components/LoyaltyPanel', 'components/auth/AuthPanel', 'components/TranslatedRoot'].every((name) => requested(new RegExp(`/src/${name}\\.tsx$`)).length > 0),
      'the intent prefetches the panel, the auth panel with SIGNIN, i18next',
    );
    // The prefetch the intent started, to its end: the same loads, shared, so this waits for them and asks for nothing more.
    const { preloadPanel } = await import('../../src/components/react-part');
    await preloadPanel();

    const frames = framesFromClickUntil(() => usableInput() !== null);
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'up' });
    // React holds a revealed Suspense boundary back for up to 300 ms (18 frames at 60 Hz) after it showed its
    // fallback: with everything prefetched, nothing suspends and the panel renders at once.
    expect(await frames, 'animation frames from the click to SIGNIN usable').to.be.at.most(3);
    expect(usableInput()!.closest('form'), 'in its form').to.not.equal(null);
  });

  it('fetches the texts in the panel\'s language on the guest\'s intent, with the panel', async function () {
    this.timeout(20_000);
    // A French page: its texts are a chunk of their own.
    await page('fr');
    expect(requested(/\/src\/i18n\/fr\.ts$/), 'French not fetched before the intent').to.deep.equal([]);
    const [x, y] = centre(iconButton()!);
    await sendMouse({ type: 'move', position: [x, y] });
    await waitUntil(() => requested(/\/src\/i18n\/fr\.ts$/).length > 0, 'the intent fetches the French texts');
  });
});
