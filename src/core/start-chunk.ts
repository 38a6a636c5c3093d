/**
 * The start chunk (./element-wiring.ts, docs/architecture.md "React on intent"): everything the core does beyond
 * painting (the store, the widget's start with its requests, the page's stylesheets, the `open-loyalty` listener,
 * `<loyalty-price>`'s start, the notices, the React part's mounting). The first chunk paints the icon and asks for
 * it right after the first frame that can show the icon, or at once when something needs it sooner: a guest reaching
 * for or pressing the icon, a click on an `open-loyalty` element, a configuration attribute changed. What happens
 * before it arrives is kept: each connected element waits in {@link awaitStart}, and a click on an `open-loyalty`
 * element is held (its default prevented) and handed over when it has.
 */
import { warn } from '../lib/warn';
import { later } from './later';

/** The class that makes a page element open the widget. */
export const OPEN_LOYALTY_CLASS = 'open-loyalty';

/** What the start chunk gives the first chunk. */
export type StartChunk = typeof import('./element-wiring');

/** Something connected that waits for the start chunk: an element, a `<loyalty-price>`. */
export interface AwaitingStart {
  wire(chunk: StartChunk): void;
}

const awaiting = new Set<AwaitingStart>();
const heldTriggers: Element[] = [];
const load = later(() => import('./element-wiring'));
let loaded = false;
let holding = false;
let scheduled = false;
let failures = 0;
/** How many times a failed load is tried again by itself (a guest's intent or click tries it again too). */
const RETRIES = 3;

/**
 * The `open-loyalty` element a click landed in: the page's own, or one inside an element's open shadow root
 * (`<loyalty-price>`'s join action), which the click's target, retargeted to the host, would hide.
 */
export function openLoyaltyTrigger(event: Event): Element | null {
  for (const node of event.composedPath()) {
    if (node instanceof Element && node.classList.contains(OPEN_LOYALTY_CLASS)) return node;
  }
  return null;
}

/** Loads the start chunk now (once), then wires every element waiting for it and hands it the held clicks. */
export function startNow(): void {
  load().then(
    (chunk) => {
      loaded = true;
      failures = 0;
      for (const client of [...awaiting]) {
        awaiting.delete(client);
        client.wire(chunk);
      }
      if (holding) document.removeEventListener('click', holdClick);
      holding = false;
      // After the start the wiring queued has put the page's first section in: the click then picks its own.
      const held = heldTriggers.splice(0);
      if (held.length > 0) queueMicrotask(() => {
        for (const trigger of held) chunk.openFromTrigger(trigger);
      });
    },
    (error: unknown) => {
      warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
      // The widget cannot open now: a held click on a link goes where the link goes, as without the widget.
      for (const trigger of heldTriggers.splice(0)) followTrigger(trigger);
      // Asked again at a fresh address (src/lib/fresh-import.ts): a few times by itself, then on the guest's next
      // reach for the icon or click.
      failures += 1;
      if (failures <= RETRIES) setTimeout(startNow, 1_000 * 2 ** (failures - 1));
    },
  );
}

/**
 * Waits for the start chunk, asked for after the first frame (or at once when it is already in).
 *
 * @returns a function that stops waiting (on disconnect before it arrived).
 */
export function awaitStart(client: AwaitingStart): () => void {
  awaiting.add(client);
  if (loaded) startNow();
  else startAfterFirstFrame();
  return () => awaiting.delete(client);
}

/** The triggers whose click is being replayed by {@link followTrigger}: neither held nor opened again. */
const following = new WeakSet<Element>();

/**
 * Replays a click on an `open-loyalty` element whose default was prevented, when the widget cannot open after all
 * (its start chunk could not be loaded, its settings failed): a link, or a trigger inside one, goes where the link
 * goes, as without the widget. Any other trigger has nothing to follow.
 */
export function followTrigger(trigger: Element): void {
  if (!(trigger instanceof HTMLElement) || !trigger.closest('a[href]')) return;
  following.add(trigger);
  try {
    trigger.click();
  } finally {
    following.delete(trigger);
  }
}

/** Whether `trigger`'s click is one {@link followTrigger} replays. */
export function isFollowed(trigger: Element): boolean {
  return following.has(trigger);
}

/**
 * Holds the page's `open-loyalty` clicks until the start chunk is in: the default prevented at once (a link stays
 * on the page), the widget opened when it arrives.
 */
export function holdOpenLoyaltyClicks(): void {
  if (loaded || holding) return;
  holding = true;
  document.addEventListener('click', holdClick);
}

function holdClick(event: MouseEvent): void {
  const trigger = openLoyaltyTrigger(event);
  if (!trigger || following.has(trigger)) return;
  event.preventDefault();
  heldTriggers.push(trigger);
  startNow();
}

/**
 * After the first frame: a frame, then a task, so the icon painted at connect is on screen before the request
 * starts. A page loaded in the background has no frames: there it starts at once.
 */
function startAfterFirstFrame(): void {
  if (scheduled) return;
  scheduled = true;
  if (document.visibilityState === 'hidden') {
    setTimeout(startNow);
    return;
  }
  requestAnimationFrame(() => setTimeout(startNow));
  document.addEventListener('visibilitychange', startNow, { once: true });
}
