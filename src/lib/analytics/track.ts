/**
 * Tracking that never holds the widget up. The analytics layer (./data-layer.ts and its catalogues) is a chunk of
 * its own that a content blocker may refuse or a network may stall, and nothing a guest does waits for it or fails
 * with it: every part of the widget tracks through here, never by importing that chunk. An event is pushed at once
 * when the layer is in; before, it is queued, the layer is asked for, and the queue is flushed in order when it
 * arrives. A layer that cannot load drops the queued events with one console warning; each later event asks again,
 * up to {@link ANALYTICS_LOAD_ATTEMPTS} loads a page, then events are dropped without a request
 * (docs/reliability.md, "Optional parts").
 */
import { unlessLeaving } from '../page-leaving';
import { warnOnce } from '../warn';
import type { AnalyticsLabel } from './catalogues';
import type { TrackedAction } from './data-layer';

type DataLayerModule = typeof import('./data-layer');

interface QueuedEvent {
  readonly send: (layer: DataLayerModule) => void;
  readonly settle: () => void;
}

/** How many times a page asks for the analytics layer before it stops asking (a blocker answers every time alike). */
export const ANALYTICS_LOAD_ATTEMPTS = 3;
/** Events kept while the layer loads; later ones are dropped, so a stalled layer cannot grow the queue without end. */
export const MAX_QUEUED_EVENTS = 50;

let layer: DataLayerModule | undefined;
let loading = false;
let failedLoads = 0;
let queue: QueuedEvent[] = [];

// A load a navigation cuts short stays pending (the page is going): no warning for what the next page tracks.
const loadLayer = unlessLeaving(() => import('./data-layer'));

function load(): void {
  if (layer !== undefined || loading || failedLoads >= ANALYTICS_LOAD_ATTEMPTS) return;
  loading = true;
  loadLayer().then(
    (loaded) => {
      layer = loaded;
      loading = false;
      const waiting = queue;
      queue = [];
      for (const event of waiting) {
        event.send(loaded);
        event.settle();
      }
    },
    () => {
      loading = false;
      failedLoads += 1;
      const dropped = queue;
      queue = [];
      warnOnce('Analytics: the analytics part could not be loaded (blocked or offline); events are not sent.');
      for (const event of dropped) event.settle();
    },
  );
}

function track(send: (loaded: DataLayerModule) => void): Promise<void> {
  if (layer !== undefined) {
    send(layer);
    return Promise.resolve();
  }
  load();
  if (!loading || queue.length >= MAX_QUEUED_EVENTS) return Promise.resolve();
  return new Promise<void>((settle) => queue.push({ send, settle }));
}

/**
 * Starts loading the analytics layer without tracking anything, so that the first event of a part that may
 * navigate at once (the cart's booking, the welcome's links) finds it in. Never awaited.
 */
export function preloadAnalytics(): void {
  load();
}

/**
 * Pushes a loyalty widget event onto the page's `dataLayer`, at once when the analytics layer is in, else once it
 * arrives. Never await it unbounded: before a navigation, `settledWithin` (../optional-wait.ts) bounds the wait.
 *
 * @param label - one of the catalogue's labels (./catalogues.ts).
 * @returns settles once the event is pushed or dropped; never rejects (and stays pending while the layer stalls).
 */
export function trackLoyaltyEvent(label: AnalyticsLabel): Promise<void> {
  return track((loaded) => loaded.trackLoyaltyEvent(label));
}

/**
 * Pushes a booking-funnel event onto the page's `dataLayer`, like {@link trackLoyaltyEvent}.
 *
 * @param event - the action, its category and products.
 * @returns settles once the event is pushed or dropped; never rejects.
 */
export function trackAction(event: TrackedAction): Promise<void> {
  return track((loaded) => loaded.trackAction(event));
}
