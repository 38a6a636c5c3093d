/**
 * Tracking from the icon's first payload: the analytics layer (./data-layer.ts and its catalogues) loads on the
 * first event, so the icon paints without it. Events keep their order: each waits for the same module.
 */
import type { AnalyticsLabel } from './catalogues';

/**
 * Sends a loyalty event once the analytics layer has loaded (at once after the first time). Await it before
 * navigating away, or an event that is the page's first may be lost with the page.
 *
 * @param label - one of the labels of docs/commerce.md "Analytics".
 * @returns settles once the event is in the dataLayer, or the layer could not load (never rejects).
 */
export function trackLoyaltyEventLater(label: AnalyticsLabel): Promise<void> {
  return import('./data-layer').then(
    ({ trackLoyaltyEvent }) => {
      trackLoyaltyEvent(label);
    },
    () => undefined,
  );
}
