import { LoyaltyTooltip } from '../src/components/LoyaltyTooltip';
import css from '../styles/loyalty-tooltip.css';
import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-tooltip>`: the once-per-session tooltip under the loyalty icon.
 *
 * @summary Tooltip for registered and unregistered visitors.
 * @csspart tooltip - the tooltip bubble.
 */
export const LoyaltyTooltipElement = createElementClass({ component: LoyaltyTooltip, css: host + css });

defineElement('loyalty-tooltip', LoyaltyTooltipElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-tooltip': HTMLElement;
  }
}
