/**
 * The library's entry point: importing it defines `<loyalty-icon>`, `<loyalty-panel>`, `<loyalty-tooltip>` and
 * `<package-cart>`.
 */
export { LoyaltyIconElement } from './loyalty-icon';
export { LoyaltyPanelElement } from './loyalty-panel';
export { LoyaltyTooltipElement } from './loyalty-tooltip';
export { PackageCartElement } from './package-cart';
export type { LoyaltyEventMap, LoyaltyEventName, AuthSection } from '../src/lib/events';
export type { WidgetConfig } from '../src/state/config';
