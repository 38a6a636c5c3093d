/**
 * Tracking that never holds the widget up. The analytics layer (./data-layer.ts and its catalogues) is a chunk of
 * its own that a content blocker may refuse or a network may stall, and nothing a guest does waits for it or fails
 * with it: every part of the widget tracks through here, never by importing that chunk. An event is pushed at once
 * when the layer is in; before, it is queued, the layer is asked for, and the queue is flushed in order when it
 * arrives. A layer that cannot load drops the queued events with one console warning; each later event asks again,
 * up to {@link ANALYTICS_LOAD_ATTEMPTS} loads a page, then events are dropped without a request
 * (docs/reliability.md, "Optional parts"). The queue holds only what the guest did while the layer loads: a few
 * events, each a guest's action.
 */
import { warnOnce } from '../warn';
import type { AnalyticsLabel } from './catalogues';
import type { LoyaltyEventDetails, TrackedAction } from './data-layer';

type DataLayerModule = typeof import('./data-layer');

/** How many times a page asks for the analytics layer before it stops asking (a blocker answers every time alike). */
export const ANALYTICS_LOAD_ATTEMPTS = 3;

let layer: DataLayerModule | undefined;
// The load under way: the events tracked meanwhile wait on it, in the order they came (the order of its callbacks).
let loading: Promise<unknown> | undefined;
let failedLoads = 0;

/**
 * Starts loading the analytics layer without tracking anything, so that the first event of a part that may
 * navigate at once (the cart's booking, the welcome's links) finds it in. Never awaited.
 *
 * @returns the load under way, if any.
 */
export function preloadAnalytics(): Promise<unknown> | undefined {
  if (layer === undefined && loading === undefined && failedLoads < ANALYTICS_LOAD_ATTEMPTS) {
    loading = import('./data-layer').then(
      (loaded) => (layer = loaded),
      () => {
        loading = undefined;
        failedLoads += 1;
        warnOnce('Analytics blocked or offline: events dropped.');
      },
    );
  }
  return loading;
}

function track(send: (loaded: DataLayerModule) => void): Promise<void> {
  if (layer !== undefined) {
    send(layer);
    return Promise.resolve();
  }
  return Promise.resolve(preloadAnalytics()).then(() => {
    if (layer !== undefined) send(layer);
  });
}

/**
 * Pushes a loyalty widget event onto the page's `dataLayer`, at once when the analytics layer is in, else once it
 * arrives. Never await it unbounded: before a navigation, `settledWithin` (../optional-wait.ts) bounds the wait.
 *
 * @param label - one of the catalogue's labels (./catalogues.ts).
 * @param details - where the event came from (`interested_in_loyalty` from a member price, say).
 * @returns settles once the event is pushed or dropped; never rejects (and stays pending while the layer stalls).
 */
export function trackLoyaltyEvent(label: AnalyticsLabel, details?: LoyaltyEventDetails): Promise<void> {
  return track((loaded) => loaded.trackLoyaltyEvent(label, details));
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
