import { LoyaltyPanel } from '../src/components/LoyaltyPanel';
import css from '../styles/loyalty-panel.css';
import forms from '../styles/forms.css';
import host from '../styles/host.css';
import notices from '../styles/notices.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-panel>`: the auth panel, and the element whose data attributes configure the whole widget
 * (README "Configuration"). On a page without `<loyalty-icon>` it also shows the dropped-cart dialog.
 *
 * @summary Sign-in, sign-up and password recovery panel.
 * @fires loyalty-ready - the settings loaded (once per page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed or carry no sign-in form, and every loyalty element hid itself
 *   (once per page); `detail.reason`.
 * @fires loyalty-open - a page element with the class `open-loyalty` opened auth; `detail.section`.
 * @fires loyalty-section - the panel moved to another section; `detail.section` names it.
 * @attr section - reflects the current auth section (read-only).
 * @csspart panel - the panel surface.
 * @csspart section - the current section.
 * @csspart dialog - the dropped-cart dialog when the page has no icon (see `<loyalty-icon>` for its parts).
 * @cssproperty --loyalty-color-surface - panel background.
 */
export const LoyaltyPanelElement = createElementClass({
  component: LoyaltyPanel,
  css: host + forms + css + notices,
  configures: true,
  widget: 'panel',
});

defineElement('loyalty-panel', LoyaltyPanelElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-panel': HTMLElement;
  }
}
