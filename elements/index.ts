/**
 * The library's entry point: importing it defines `<loyalty-icon>`, `<loyalty-panel>`, `<loyalty-tooltip>`,
 * `<package-cart>` and `<loyalty-price>`.
 */
export { LoyaltyIconElement } from './loyalty-icon';
export { LoyaltyPanelElement } from './loyalty-panel';
export { LoyaltyTooltipElement } from './loyalty-tooltip';
export { PackageCartElement } from './package-cart';
// Last: every other tag of the markup has connected, and the panel has published its addresses, when the prices ask.
export { LoyaltyPriceElement } from './loyalty-price';
export type { LoyaltyEventMap, LoyaltyEventName, AuthSection } from '../src/lib/events';
export type { WidgetConfig } from '../src/state/config';
