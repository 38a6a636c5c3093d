import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-panel>`: the auth panel, and the element whose data attributes configure the whole widget
 * (docs/configuration.md). On a page without `<loyalty-icon>` it also shows the dropped-cart dialog.
 * Each attribute is validated on its own: a malformed value logs a warning and its default is used.
 *
 * Theming: the `::part()` names below, and the `--loyalty-*` tokens of styles/tokens.css that its stylesheets
 * use (custom-elements.json lists them with their defaults; docs/theming.md).
 *
 * @summary Sign-in, sign-up and password recovery panel.
 * @attr {string} [data-cta=""] - the icon's label; empty shows the translated "Club de fidelidad".
 * @attr {boolean} [data-is-desktop=false] - desktop layout (advantages beside the section); the tooltip shows only
 *   when false.
 * @attr {boolean} [data-is-embedded=false] - embedded mode: the booking button goes to the site root.
 * @attr {string} [data-project-code=""] - the brand; its stylesheet `/static/{code}/loyalty/loyalty.css` is linked
 *   into every loyalty element.
 * @attr {string} [data-domain=""] - http(s) origin prefixed to the stylesheet addresses; trailing slash removed.
 * @attr {string} [data-loyalty-title=""] - the programme's title (the panel's and the dialog's name).
 * @attr {boolean} [data-loyalty-active=true] - whether the programme is active.
 * @attr {AuthSection} [data-active-section="PRE_SIGNUP"] - the auth section shown first.
 * @attr {string} [data-token-password=""] - the password-recovery token (set by the password-change page).
 * @attr {string} [data-token-uid=""] - the password-recovery uid (set by the password-change page).
 * @attr {boolean} [data-render-icon=true] - whether `<loyalty-icon>` renders.
 * @attr {string} [data-google-sdk-url="https://accounts.google.com/gsi/client"] - Google Identity Services script
 *   (a path on this site or an https URL).
 * @attr {string} [data-facebook-sdk-url="https://connect.facebook.net/es_ES/sdk.js"] - Facebook JS SDK script.
 * @attr {string} [data-facebook-sdk-version="v2.11"] - the Graph API version passed to `FB.init`.
 * @attr {string} [data-csrf-cookie-name="csrftoken"] - the cookie Django keeps the anti-forgery token in (its
 *   `CSRF_COOKIE_NAME`; docs/integration.md "CSRF: where the widget finds the token").
 * @attr {string} [data-settings="/bookcore/partempresas/loyalty/settings/"] - GET: the loyalty settings.
 * @attr {string} [data-signin="/bookcore/loyalty/ajax/signin/"] - POST: e-mail sign-in.
 * @attr {string} [data-signup="/bookcore/loyalty/ajax/signup/"] - POST: e-mail sign-up.
 * @attr {string} [data-get-user="/bookcore/loyalty/ajax/user/"] - GET: the current user.
 * @attr {string} [data-password-recovery="/bookcore/loyalty/ajax/password/recovery/"] - POST: sends the
 *   password-recovery e-mail.
 * @attr {string} [data-change-password="/bookcore/loyalty/ajax/password/recovery/change/"] - POST: sets a new
 *   password.
 * @attr {string} [data-social-signin="/bookcore/partempresas/login-particular-integracion/"] - POST: social
 *   sign-in.
 * @attr {string} [data-logout="/bookcore/partempresas/ajax/logout/"] - POST: ends the session.
 * @attr {string} [data-login="/"] - page: where the password-change page sends the guest after sign-in.
 * @attr {string} [data-drop-url="/bookcore/shopping-cart/drop/"] - POST: empties the session's cart.
 * @attr {string} [data-reset-availability="/"] - page: where availability and cart pages go after sign-in or
 *   sign-out.
 * @attr {string} [data-social-check-user="/bookcore/partempresas/loyalty/social/check-user/"] - POST: whether a
 *   social identity's e-mail belongs to a member.
 * @attr {string} [data-add-package="/bookcore/shopping-cart/add-package/"] - POST: adds a package option to the
 *   cart (used by `<package-cart>`).
 * @attr {string} [data-delete-package="/bookcore/shopping-cart/delete-package/"] - POST: removes a cart line (used
 *   by `<package-cart>`).
 * @attr {string} [data-package-availability="/bookcore/packages/PACKID/availability/?entrada=CHECKIN&salida=CHECKOUT"]
 *   - GET template of a package's availability; PACKID, CHECKIN and CHECKOUT are replaced (used by
 *   `<package-cart>`).
 * @attr {string} [data-loyalty-availability="/bookcore/availability/loyalty/"] - GET: member prices for `<loyalty-price>` (docs/loyalty-price.md); `{id}/` is appended for one availability id.
 * @attr {AuthSection} section - reflects the current auth section (read-only: the panel writes it).
 * @fires loyalty-ready - the settings loaded (once per page); `detail.loggedIn`.
 * @fires loyalty-fail - the settings failed or carry no sign-in form, and every loyalty element hid itself
 *   (once per page); `detail.reason`.
 * @fires loyalty-open - a page element with the class `open-loyalty` opened auth; `detail.section`.
 * @fires loyalty-section - the panel moved to another section; `detail.section` names it.
 * @fires loyalty-close - the auth modal closed.
 * @fires loyalty-login - a member signed in (after `userLoginSuccess` on `document`); `detail.userName`.
 * @fires loyalty-logout - the member signed out.
 * @fires userLoginSuccess - dispatched on `document`, not on the element, after a login with a user name, for
 *   legacy jQuery pages; `detail.userName`.
 * @csspart panel-region - the inline panel's landmark (absent in the modal).
 * @csspart panel - the panel surface, inline or inside `dialog`; `data-section` names the section.
 * @csspart panel-loading - the loader shown while the sections load.
 * @csspart signed-out-notice - "Has cerrado sesión", once, on the page a sign-out led to, on a page without an icon.
 * @csspart panel-layout - the section beside (desktop) or above the advantages.
 * @csspart panel-content - the column holding the messages and the section.
 * @csspart panel-messages - the live regions of the panel's messages.
 * @csspart panel-message - a panel message (also `message` and `message-error`, `message-warning`,
 *   `message-info` or `message-success`).
 * @csspart message - every message region (panel messages and form errors).
 * @csspart message-error - an error message.
 * @csspart message-warning - a warning message.
 * @csspart message-info - an informative message.
 * @csspart message-success - a success message.
 * @csspart auth-section - the current section; `data-section` names it.
 * @csspart section-heading - the section's heading.
 * @csspart section-body - the section's content, kept mounted under the loader.
 * @csspart section-text - a paragraph of the section's text.
 * @csspart section-actions - a row of the section's buttons.
 * @csspart next-step - a message section's primary action (SIGNUP_SUCCESS, PASS_RECOVERY_EMAIL… to SIGNIN; PASS_RECOVERY_EXPIRED to PASS_RECOVERY; also `button`, `button-primary`).
 * @csspart close-section - "Cerrar" in the modal's SIGNUP_SUCCESS and PASS_RECOVERY_EMAIL (also `button`, `button-secondary`).
 * @csspart resend - the button that sends the mail again (PASS_RECOVERY_EMAIL, SIGNUP_SUCCESS), enabled once its short cooldown has passed (also `button`, `button-secondary`).
 * @csspart section-links - a line of links to other sections.
 * @csspart link-button - a link to another section.
 * @csspart loader-section - the LOADER section shown during requests.
 * @csspart loader - a loading indicator.
 * @csspart spinner - the loader's spinning ring.
 * @csspart form - a section's form.
 * @csspart required-note - the note explaining the required-field mark.
 * @csspart field - a form field: label, control and error.
 * @csspart field-text - a text field (also `field`; each field carries `field-<type>`).
 * @csspart field-email - an e-mail field.
 * @csspart field-password - a password field.
 * @csspart field-tel - a telephone field.
 * @csspart field-date - a date field.
 * @csspart field-number - a number field.
 * @csspart field-url - a URL field.
 * @csspart field-search - a search field.
 * @csspart field-time - a time field.
 * @csspart field-datetime-local - a date-and-time field.
 * @csspart field-month - a month field.
 * @csspart field-week - a week field.
 * @csspart field-select - a select field.
 * @csspart field-checkbox - a checkbox field.
 * @csspart label - a field's label.
 * @csspart required-mark - the asterisk of a required field.
 * @csspart input - a text-like input.
 * @csspart select - a select.
 * @csspart checkbox-control - a checkbox with its label.
 * @csspart checkbox - a checkbox.
 * @csspart field-error - a field's error message (also a consent's).
 * @csspart password-control - a password input with its show/hide button.
 * @csspart password-toggle - the button that shows or hides what the guest typed in a password field.
 * @csspart field-hint - a password's rules (the pattern's configured message), shown before any failure in the error line's place.
 * @csspart consent - a consent checkbox with its links.
 * @csspart consent-control - the consent's checkbox and label.
 * @csspart consent-checkbox - the consent's checkbox.
 * @csspart consent-label - the consent's label.
 * @csspart consent-link - a link opening a legal document.
 * @csspart conditions-link - the link to the conditions (also `consent-link`).
 * @csspart privacy-link - the link to the privacy policy (also `consent-link`).
 * @csspart consent-error - the error under a required consent left unticked (also `field-error`).
 * @csspart form-error - the form's submit error (also `message`, `message-error`).
 * @csspart submit - the form's submit button (also `button`, `button-primary`).
 * @csspart button - every button.
 * @csspart button-primary - a primary button.
 * @csspart button-secondary - a secondary button.
 * @csspart book - SIGNIN_SUCCESS's booking button.
 * @csspart sign-out - SIGNIN_SUCCESS's sign-out button.
 * @csspart sign-up-with-email - PRE_SIGNUP's e-mail registration button.
 * @csspart social - the social sign-in buttons.
 * @csspart social-loading - the buttons' place while their code and the providers' SDKs load (hidden from assistive technology).
 * @csspart social-placeholder - one button's place while its provider's SDK loads.
 * @csspart social-provider - one provider's button slot (also `social-google` or `social-facebook`).
 * @csspart social-google - Google's slot (Google draws its own button inside).
 * @csspart social-facebook - Facebook's slot.
 * @csspart social-button - the Facebook button.
 * @csspart social-mark - Facebook's mark in its button (decorative).
 * @csspart social-button-text - the Facebook button's text, beside Facebook's mark.
 * @csspart social-divider - the "o" line between the social buttons and the e-mail form or button.
 * @csspart social-divider-text - the divider's "o".
 * @csspart social-user - SOCIAL_GDPR's name and e-mail of the social user.
 * @csspart social-user-label - a label in `social-user`.
 * @csspart social-user-value - a value in `social-user`.
 * @csspart data-protection - the data-protection text.
 * @csspart advantages - the advantages block.
 * @csspart advantages-title - the advantages' title.
 * @csspart advantages-list - the list of advantages.
 * @csspart advantage - one advantage.
 * @csspart legal-document - a consent document in its dialog.
 * @csspart dialog-backdrop - a dialog's backdrop (the auth modal, a legal document, the dropped-cart dialog).
 * @csspart dialog - a dialog's surface.
 * @csspart dialog-header - a dialog's title bar; in the auth modal, which its section's heading names, the row of the logo and the close button (only the close button's corner when no logo is configured; a bar of its own on a phone's full-screen sheet).
 * @csspart panel-logo - the loyalty logo, in the panel's header (in the modal, the dialog's header); absent when none is configured.
 * @csspart panel-header - the inline panel's header row, holding the logo; absent when no logo is configured.
 * @csspart dialog-title - a dialog's title (a legal document's, the dropped-cart dialog's; the auth modal has none).
 * @csspart dialog-close - a dialog's close button.
 * @csspart dialog-body - a dialog's content.
 * @csspart dropped-cart - the dropped-cart message, when the page has no icon.
 * @csspart dropped-cart-greeting - the greeting with the member's full name.
 * @csspart dropped-cart-text - the configured text.
 * @csspart dropped-cart-ok - the OK button (also `button`, `button-primary`).
 * @csspart load-failure - shown in place of a part whose code could not be loaded (offline, or a deploy replaced it): a message and a retry.
 * @csspart load-failure-text - that message, in the guest's language.
 * @csspart load-failure-retry - its retry button (any click or key on the page also retries).
 */
export const LoyaltyPanelElement = createElementClass({ kind: 'panel', css: host });

defineElement('loyalty-panel', LoyaltyPanelElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-panel': HTMLElement;
  }
}
