import { PackageCart } from '../src/components/PackageCart';
import forms from '../styles/forms.css';
import host from '../styles/host.css';
import css from '../styles/package-cart.css';
import { createElementClass, defineElement } from './define';

/**
 * `<package-cart>`: a package's availability and the session's booking cart (SPEC.md §7 "Cart", "Package
 * availability"). It shares the loyalty widget's store and configuration (`data-add-package`,
 * `data-delete-package`, `data-package-availability` on `<loyalty-panel>`) but does not start the widget: it
 * works on a page without the loyalty elements. The cart is read again after every change and whenever a member
 * signs in or out, without a page reload.
 *
 * Attributes (read when they change, no property API):
 * - `data-package-id` — the package whose availability the guest searches (check-in, optional check-out);
 *   without it only the cart shows.
 * - `data-locale` — how prices and dates are written (`es_ES`, `en-GB`, `en`…); default the nearest `lang`
 *   attribute, else `es_ES`.
 * - `data-currency` — the ISO currency prices are shown in, converted with the cart's rates; default the cart's
 *   own currency. A currency without a rate keeps the cart's currency and says so.
 * - `data-book-url` — where the "Book now" link goes (a path or an http(s) URL); no link without it.
 * - `lang` (on the element or an ancestor) — the language, `es` (default) or `en`; room and board names of
 *   upgrades are asked in it too.
 *
 * Analytics (`window.dataLayer`, category "Shopping Cart"): `add_pack`, `remove_pack` (`remove_room` for a room
 * line), `change_rate` (an upgrade, with an UpgradeRoom product) and `book_now`.
 *
 * @summary Package availability and booking cart.
 * @csspart cart-root - everything the element shows.
 * @csspart search - the package availability search; `search-title`, `search-form`, `search-button`, `search-error`.
 * @csspart field - a date field; `label`, `input` (also `check-in` / `check-out`), `field-hint`, `field-error`.
 * @csspart options - the options found; `options-title`, `option-list`, `options-empty`.
 * @csspart option - one option; `option-image`, `option-body`, `option-title`, `option-hotel`, `option-room`, `option-price`, `add`, `option-error`.
 * @csspart cart - the cart surface; `cart-title`, `rate-notice`, `cart-error`, `retry`, `empty`.
 * @csspart best-upgrade - the best room upgrade offer; `best-upgrade-image`, `best-upgrade-title`, `best-upgrade-text`, `best-upgrade-button`, `best-upgrade-error`.
 * @csspart items - the list of cart lines.
 * @csspart item - one cart line; `item-image`, `item-body`, `item-title`, `item-package`, `item-details`, `item-price`, `item-actions`, `upgrades-toggle`, `remove`, `item-error`.
 * @csspart upgrades - an item's upgrades; `upgrade-list`, `upgrade`, `upgrade-image`, `upgrade-name`, `upgrade-price`, `upgrade-supplement`, `upgrade-button`, `upgrades-empty`.
 * @csspart total - the total line; `total-label`, `total-amount`.
 * @csspart book-now - the "Book now" link.
 * @csspart button - every button, with `button-primary` or `button-secondary`.
 * @csspart loader - a pending request's spinner (`spinner`).
 * @csspart message - a message region, with `message-error` / `message-warning`.
 * @cssproperty --loyalty-cart-gap - space between the cart's blocks; default `calc(var(--loyalty-space) * 2)`.
 * @cssproperty --loyalty-cart-image-width - width of hotel and room pictures; default `9rem`.
 * @cssproperty --loyalty-color-surface - card background.
 * @cssproperty --loyalty-color-border - card borders.
 * @cssproperty --loyalty-color-primary - buttons and links.
 */
export const PackageCartElement = createElementClass({ component: PackageCart, css: host + forms + css });

defineElement('package-cart', PackageCartElement);

declare global {
  interface HTMLElementTagNameMap {
    'package-cart': HTMLElement;
  }
}
