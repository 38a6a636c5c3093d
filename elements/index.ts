/**
 * The library's entry point: importing it defines `<loyalty-icon>`, `<loyalty-panel>`, `<loyalty-tooltip>`,
 * `<package-cart>`, `<loyalty-price>` and `<hotel-page>` (whose code loads only on a page carrying the tag).
 */
export { LoyaltyIconElement } from './loyalty-icon';
export { LoyaltyPanelElement } from './loyalty-panel';
export { LoyaltyTooltipElement } from './loyalty-tooltip';
export { PackageCartElement } from './package-cart';
export { HotelPageElement } from './hotel-page';
// Last: every other tag of the markup has connected, and the panel has published its addresses, when the prices ask.
export { LoyaltyPriceElement } from './loyalty-price';
export type { LoyaltyEventMap, LoyaltyEventName, AuthSection } from '../src/lib/events';
export type { WidgetConfig } from '../src/state/config';
