import css from '../styles/loyalty-icon.css';
import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-icon>`: the button that opens the loyalty widget, with the push-style notification under it.
 * It also shows the dropped-cart dialog (it holds that role whenever an icon is on the page).
 *
 * Theming: the `::part()` names below, and the `--loyalty-*` tokens of styles/tokens.css that its stylesheets
 * use (custom-elements.json lists them with their defaults; docs/theming.md).
 *
 * @summary Loyalty call-to-action button; hidden with `<meta name="renderIcon" content="false">` or the panel's
 *   `data-render-icon="false"`.
 * @attr {number} [data-notification-delay=0] - milliseconds before the notification appears.
 * @attr {string} data-notification-section - the section the notification's text opens (e.g. `SIGNIN` when it
 * invites to sign in); default: as the icon opens it.
 * @attr {number} data-notification-hide - milliseconds the notification stays before it goes by itself (default:
 *   until closed).
 * @fires loyalty-open - the icon or the notification opened auth; `detail.section` names the section.
 * @fires loyalty-ready - the settings loaded (once per page, when no panel is on the page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed and the widget hid itself (once per page, when no panel is on the
 *   page); `detail.reason`.
 * @csspart button - the icon's button, classed `in` for a member and `out` otherwise; also the dropped-cart
 *   dialog's OK button.
 * @csspart notification - the notification bubble under the icon.
 * @csspart notification-text - the notification's text, a button that opens auth.
 * @csspart notification-close - the notification's close button.
 * @csspart signed-out-notice - "Has cerrado sesión", once, on the page a sign-out led to (a polite status region).
 * @csspart dialog-backdrop - the dropped-cart dialog's backdrop, covering the page.
 * @csspart dialog - the dropped-cart dialog's surface.
 * @csspart dialog-header - the dialog's title bar.
 * @csspart dialog-title - the dialog's title.
 * @csspart dialog-close - the dialog's close button.
 * @csspart dialog-body - the dialog's content.
 * @csspart dropped-cart - the dropped-cart message inside the dialog.
 * @csspart dropped-cart-greeting - the greeting with the member's full name.
 * @csspart dropped-cart-text - the configured text.
 * @csspart dropped-cart-ok - the OK button (also `button`, `button-primary`).
 * @csspart button-primary - a primary button: the dropped-cart dialog's OK.
 * @csspart load-failure - shown in place of a part whose code could not be loaded (offline, or a deploy replaced it): a message and a retry.
 * @csspart load-failure-text - that message, in the guest's language.
 * @csspart load-failure-retry - its retry button (any click or key on the page also retries).
 */
export const LoyaltyIconElement = createElementClass({ kind: 'icon', css: host + css });

defineElement('loyalty-icon', LoyaltyIconElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-icon': HTMLElement;
  }
}
