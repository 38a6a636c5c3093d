import { LoyaltyIcon } from '../src/components/LoyaltyIcon';
import css from '../styles/loyalty-icon.css';
import forms from '../styles/forms.css';
import host from '../styles/host.css';
import notices from '../styles/notices.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-icon>`: the button that opens the loyalty widget, with the push-style notification under it.
 * It also shows the dropped-cart dialog (it holds that role whenever an icon is on the page).
 *
 * @summary Loyalty call-to-action button; hidden with `<meta name="renderIcon" content="false">` or the panel's
 *   `data-render-icon="false"`.
 * @attr data-notification-delay - milliseconds before the notification appears (default 0).
 * @attr data-notification-hide - milliseconds the notification stays before it goes by itself (default: until
 *   closed).
 * @fires loyalty-open - the icon or the notification opened auth; `detail.section` names the section.
 * @fires loyalty-ready - the settings loaded (once per page, when no panel is on the page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed and the widget hid itself (once per page, when no panel is on the
 *   page); `detail.reason`.
 * @csspart button - the button; it carries the class `in` for a member, `out` otherwise.
 * @csspart notification - the notification bubble.
 * @csspart notification-text - the notification's text, a button that opens auth.
 * @csspart notification-close - the notification's close button.
 * @csspart dialog - the dropped-cart dialog (also `dialog-backdrop`, `dialog-title`, `dialog-close`,
 *   `dialog-body`, `dropped-cart`, `dropped-cart-greeting`, `dropped-cart-text`, `dropped-cart-ok`).
 * @cssproperty --loyalty-color-primary - button background.
 * @cssproperty --loyalty-color-on-primary - button text colour.
 * @cssproperty --loyalty-color-surface - notification background.
 * @cssproperty --loyalty-shadow - notification shadow.
 */
export const LoyaltyIconElement = createElementClass({ component: LoyaltyIcon, css: host + forms + css + notices, widget: 'icon' });

defineElement('loyalty-icon', LoyaltyIconElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-icon': HTMLElement;
  }
}
