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
 * @fires loyalty-close - the auth modal closed.
 * @fires loyalty-login - a member signed in (after `userLoginSuccess` on `document`); `detail.userName`.
 * @fires loyalty-logout - the member signed out.
 * @csspart panel - the panel surface (`panel-region` inline; inside `dialog` as a modal).
 * @csspart panel-layout - the section beside or above the advantages (`panel-content`, `advantages`).
 * @csspart auth-section - the current section (`section-heading`, `section-body`, `section-actions`,
 *   `section-links`, `link-button`, `loader-section`).
 * @csspart panel-messages - the live regions of the panel's messages (`panel-message`, `message-error`,
 *   `message-warning`, `message-success`).
 * @csspart form - a section's form (`field`, `label`, `input`, `select`, `checkbox`, `field-error`,
 *   `required-mark`, `consent`, `consent-label`, `consent-error`, `submit`, `form-error`).
 * @csspart social - the social buttons (`social-button`, `social-google`, `social-facebook`).
 * @csspart advantages - the advantages block (`advantages-logo`, `advantages-title`, `advantages-list`,
 *   `advantage`).
 * @csspart legal-document - a consent document in its dialog.
 * @csspart dialog - the dropped-cart dialog when the page has no icon (see `<loyalty-icon>` for its parts).
 * @cssproperty --loyalty-color-surface - panel background.
 * @cssproperty --loyalty-color-primary - buttons, links and focus ring.
 * @cssproperty --loyalty-color-error - error messages and invalid fields.
 * @cssproperty --loyalty-color-warning - warning messages.
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
