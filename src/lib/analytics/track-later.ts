/**
 * Tracking from the icon's first payload: the analytics layer (./data-layer.ts and its catalogues) loads on the
 * first event, so the icon paints without it. Events keep their order: each waits for the same module.
 */
import type { AnalyticsLabel } from './catalogues';

/**
 * Sends a loyalty event once the analytics layer has loaded (at once after the first time).
 *
 * @param label - one of SPEC.md §9's labels.
 */
export function trackLoyaltyEventLater(label: AnalyticsLabel): void {
  void import('./data-layer').then(({ trackLoyaltyEvent }) => trackLoyaltyEvent(label));
}
