import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-tooltip>`: the once-per-session tooltip under the loyalty icon, only when the widget is not on
 * desktop (`data-is-desktop` on the panel). It goes on a scroll past 100 px, when auth opens, on its close
 * button and on Escape. On a page with neither an icon nor a panel it also shows the dropped-cart dialog.
 *
 * Theming: the `::part()` names below, and the `--loyalty-*` tokens of styles/tokens.css that its stylesheets
 * use (custom-elements.json lists them with their defaults; docs/theming.md).
 *
 * @summary Tooltip for registered and unregistered visitors.
 * @attr {string} [data-target=".loyalty-icon"] - CSS selector of the element the tooltip sits under, looked up in
 *   the page and then inside `<loyalty-icon>`.
 * @fires loyalty-ready - the settings loaded (once per page, when it is the first loyalty element and no panel
 *   is on the page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed and the widget hid itself (same rule); `detail.reason`.
 * @csspart tooltip - the tooltip bubble.
 * @csspart tooltip-text - its text.
 * @csspart tooltip-close - its close button.
 * @csspart tooltip-arrow - the arrow pointing at the target.
 * @csspart dialog-backdrop - the dropped-cart dialog's backdrop (see `<loyalty-icon>`).
 * @csspart dialog - the dropped-cart dialog's surface.
 * @csspart dialog-header - the dialog's title bar.
 * @csspart dialog-title - the dialog's title.
 * @csspart dialog-close - the dialog's close button.
 * @csspart dialog-body - the dialog's content.
 * @csspart dropped-cart - the dropped-cart message inside the dialog.
 * @csspart dropped-cart-greeting - the greeting with the member's full name.
 * @csspart dropped-cart-text - the configured text.
 * @csspart dropped-cart-ok - the OK button (also `button`, `button-primary`).
 * @csspart button - the dropped-cart dialog's OK button.
 * @csspart button-primary - a primary button: the dropped-cart dialog's OK.
 * @csspart load-failure - shown in place of a part whose code could not be loaded (offline, or a deploy replaced it): a message and a retry.
 * @csspart load-failure-text - that message, in the guest's language.
 * @csspart load-failure-retry - its retry button (any click or key on the page also retries).
 * @csspart signed-out-notice - "Has cerrado sesión", once, on the page a sign-out led to, on a page with neither icon nor panel.
 */
export const LoyaltyTooltipElement = createElementClass({ kind: 'tooltip', css: host });

defineElement('loyalty-tooltip', LoyaltyTooltipElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-tooltip': HTMLElement;
  }
}
