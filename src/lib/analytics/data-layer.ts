/**
 * A typed layer over the tag manager's `window.dataLayer`.
 *
 * "Installed" means the page has a `dataLayer` with a `push` method (an array, as the Google Tag Manager and
 * gtag.js snippets create before their script loads). Pushes made before the container script arrives are queued
 * in that array and replayed by GTM, so a `dataLayer` is all the widget needs. The widget never creates
 * `dataLayer` itself: that would hide a page that forgot its tag manager and grow an array nobody reads. Without
 * one, the first event logs "… not installed" once per tracker and every event is dropped (returns `false`).
 *
 * Nothing here touches the page until an event is tracked, so importing this module is free of side effects,
 * in Node as in a browser.
 */
import { warn } from '../warn';
import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, ANALYTICS_LABELS, isInCatalogue } from './catalogues';
import type { AnalyticsAction, AnalyticsCategory, AnalyticsLabel } from './catalogues';
import type { ActionProducts } from './products';

/** A booking-funnel event: the products allowed depend on the action. */
export type TrackedAction = {
  readonly [Action in AnalyticsAction]: {
    readonly category: AnalyticsCategory;
    readonly action: Action;
    /** Free text for the report, e.g. the tab or the rate name. */
    readonly label?: string;
    readonly products?: readonly ActionProducts[Action][];
  };
}[AnalyticsAction];

/** What is pushed onto `dataLayer`: `event` is what GTM triggers match. */
export interface DataLayerEvent {
  /** The label or action name. */
  readonly event: string;
  readonly eventCategory: AnalyticsCategory;
  readonly eventAction?: AnalyticsAction;
  readonly eventLabel?: string;
  /** Where a loyalty event came from (`loyalty-price`, `package-cart`): docs/commerce.md "Analytics". */
  readonly loyaltyOrigin?: string;
  readonly ecommerce?: { readonly products: readonly object[] };
}

/** What a loyalty event may carry besides its label. */
export interface LoyaltyEventDetails {
  /** Where it came from: the element whose action the guest took (`loyalty-price`, `package-cart`). */
  readonly origin?: string;
}

/** Where `dataLayer` is looked up: `globalThis` in a page, a plain object in tests. */
export interface AnalyticsScope {
  dataLayer?: unknown;
}

/** Tracks events onto one scope's `dataLayer`; each returns whether the event was pushed. */
export interface AnalyticsTracker {
  /** A loyalty widget event (category "Loyalty"), with where it came from when known. */
  trackLoyalty(label: AnalyticsLabel, details?: LoyaltyEventDetails): boolean;
  /** A booking-funnel event with its products. */
  trackAction(event: TrackedAction): boolean;
  /** A visit to a virtual 3D tour item (category "Gallery"), labelled with the item's name. */
  trackVirtual3dVisit(itemName: string): boolean;
}

interface DataLayer {
  push(entry: DataLayerEvent): unknown;
}

function isDataLayer(value: unknown): value is DataLayer {
  return typeof value === 'object' && value !== null && typeof (value as { push?: unknown }).push === 'function';
}

/**
 * A tracker over `scope.dataLayer`, looked up at each event so a tag manager installed after the widget still
 * receives later events. Runtime strings are checked against the catalogues too, for callers outside TypeScript:
 * an unknown label, action or category logs "… is not defined" and is dropped.
 */
export function createAnalyticsTracker(scope: AnalyticsScope = globalThis as AnalyticsScope): AnalyticsTracker {
  let warnedMissing = false;

  function push(entry: DataLayerEvent): boolean {
    const dataLayer = scope.dataLayer;
    if (!isDataLayer(dataLayer)) {
      if (!warnedMissing) warn('Analytics: the tag manager is not installed (no window.dataLayer); events are not sent.');
      warnedMissing = true;
      return false;
    }
    dataLayer.push(entry);
    return true;
  }

  function undefinedEvent(kind: string, name: unknown): false {
    warn(`Analytics ${kind} "${String(name)}" is not defined.`);
    return false;
  }

  return {
    trackLoyalty(label, details) {
      if (!isInCatalogue(ANALYTICS_LABELS, label)) return undefinedEvent('label', label);
      const origin = details?.origin;
      return push({ event: label, eventCategory: 'Loyalty', eventLabel: label, ...(origin ? { loyaltyOrigin: origin } : {}) });
    },
    trackAction(event) {
      if (!isInCatalogue(ANALYTICS_ACTIONS, event.action)) return undefinedEvent('action', event.action);
      if (!isInCatalogue(ANALYTICS_CATEGORIES, event.category)) return undefinedEvent('category', event.category);
      return push({
        event: event.action,
        eventCategory: event.category,
        eventAction: event.action,
        ...(event.label === undefined ? {} : { eventLabel: event.label }),
        ...(event.products === undefined ? {} : { ecommerce: { products: [...event.products] } }),
      });
    },
    trackVirtual3dVisit(itemName) {
      return push({ event: 'visit_virtual_3d_item', eventCategory: 'Gallery', eventLabel: itemName });
    },
  };
}

let pageTracker: AnalyticsTracker | undefined;

// Created on first use, never at import, so importing the module reads nothing from the page.
function tracker(): AnalyticsTracker {
  pageTracker ??= createAnalyticsTracker();
  return pageTracker;
}

/**
 * Pushes a loyalty widget event onto the page's `dataLayer`.
 *
 * @example trackLoyaltyEvent('open_loyalty_modal') // dataLayer gets { event: 'open_loyalty_modal', eventCategory: 'Loyalty', eventLabel: 'open_loyalty_modal' }
 * @example trackLoyaltyEvent('interested_in_loyalty', { origin: 'loyalty-price' }) // … and loyaltyOrigin: 'loyalty-price'
 */
export function trackLoyaltyEvent(label: AnalyticsLabel, details?: LoyaltyEventDetails): boolean {
  return tracker().trackLoyalty(label, details);
}

/**
 * Pushes a booking-funnel event onto the page's `dataLayer`, products under `ecommerce.products`.
 *
 * @example trackAction({ category: 'Shopping Cart', action: 'add_pack', products: [{ packageId: 'P1', packageName: 'Spa', optionId: 'O1', optionName: 'Two nights' }] })
 */
export function trackAction(event: TrackedAction): boolean {
  return tracker().trackAction(event);
}

/** Pushes a virtual 3D tour item visit onto the page's `dataLayer`. */
export function trackVirtual3dVisit(itemName: string): boolean {
  return tracker().trackVirtual3dVisit(itemName);
}
