import { LoyaltyTooltip } from '../src/components/LoyaltyTooltip';
import css from '../styles/loyalty-tooltip.css';
import forms from '../styles/forms.css';
import host from '../styles/host.css';
import notices from '../styles/notices.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-tooltip>`: the once-per-session tooltip under the loyalty icon, only when the widget is not on
 * desktop (`data-is-desktop` on the panel). It goes on a scroll past 100 px, when auth opens, on its close
 * button and on Escape.
 *
 * @summary Tooltip for registered and unregistered visitors.
 * @attr data-target - CSS selector of the element the tooltip sits under (default `.loyalty-icon`, looked up in
 *   the page and then inside `<loyalty-icon>`).
 * @fires loyalty-ready - the settings loaded (once per page, when it is the first loyalty element and no panel
 *   is on the page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed and the widget hid itself (same rule); `detail.reason`.
 * @csspart tooltip - the tooltip bubble.
 * @csspart tooltip-text - its text.
 * @csspart tooltip-close - its close button.
 * @csspart tooltip-arrow - the arrow pointing at the target.
 * @cssproperty --loyalty-color-surface - tooltip background.
 * @cssproperty --loyalty-color-text - tooltip text colour.
 * @cssproperty --loyalty-shadow - tooltip shadow.
 */
export const LoyaltyTooltipElement = createElementClass({ component: LoyaltyTooltip, css: host + forms + css + notices, widget: 'tooltip' });

defineElement('loyalty-tooltip', LoyaltyTooltipElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-tooltip': HTMLElement;
  }
}
