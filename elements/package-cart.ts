import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<package-cart>`: a package's availability and the session's booking cart (bookcore's cart and package-availability
 * calls). It shares the loyalty widget's store, and its addresses are its own `data-add-package`,
 * `data-delete-package` and `data-package-availability`, else those of `<loyalty-panel>`, else bookcore's; it does
 * not start the widget: it works on a page without the loyalty elements. The cart is read again after every change.
 * When a member signs in or out the page reloads, a page holding a cart included (its own Django forms need the new
 * session's token), and the cart reads itself again on the new page (docs/loyalty-widget.md "After sign-in").
 *
 * Attributes are read when they change (no property API). The language follows `lang` on the element or an
 * ancestor: one of the widget's 8 languages (es, the default, en, fr, de, it, pt, ca, nl; docs/loyalty-widget.md
 * "Languages"); room and board names of upgrades are asked in it too.
 *
 * Analytics (`window.dataLayer`, category "Shopping Cart"): `add_pack`, `remove_pack` (`remove_room` for a room
 * line), `change_rate` (an upgrade, with an UpgradeRoom product) and `book_now`.
 *
 * Theming: the `::part()` names below, the page's default and project stylesheets (as the loyalty elements take
 * them: `data-project-code` on the page's `<loyalty-panel>`), and the `--loyalty-*` tokens of styles/tokens.css
 * that its stylesheets use (custom-elements.json lists them with their defaults; docs/theming.md).
 *
 * @summary Package availability and booking cart.
 * @attr {string} data-package-id - the package whose availability the guest searches (check-in, optional
 *   check-out); without it only the cart shows.
 * @attr {string} data-locale - how prices and dates are written (`es_ES`, `en-GB`, `en`…); default the nearest
 *   `lang` attribute, else `es_ES`.
 * @attr {string} data-currency - the ISO currency prices are shown in, converted with the cart's rates; default the
 *   cart's own currency. A currency without a rate keeps the cart's currency and says so.
 * @attr {string} data-book-url - where the "Book now" link goes (a path or an http(s) URL); no link without it.
 * @attr {string} data-add-package - POST: adds a package option (a path or an http(s) URL); default the panel's
 *   `data-add-package`, else `/bookcore/shopping-cart/add-package/`.
 * @attr {string} data-delete-package - POST: removes a cart line; default the panel's `data-delete-package`, else
 *   `/bookcore/shopping-cart/delete-package/`.
 * @attr {string} data-package-availability - GET template of a package's availability (PACKID, CHECKIN and CHECKOUT
 *   replaced); default the panel's `data-package-availability`, else
 *   `/bookcore/packages/PACKID/availability/?entrada=CHECKIN&salida=CHECKOUT`.
 * @csspart cart-root - everything the element shows.
 * @csspart announcement - the polite status region (visually hidden) that says search results, additions, removals and upgrades.
 * @csspart search - the package availability search.
 * @csspart search-title - the search's heading.
 * @csspart search-form - the search form.
 * @csspart field - a date field: label, input, hint and error.
 * @csspart label - a date field's label.
 * @csspart input - a date input (also `check-in` or `check-out`).
 * @csspart check-in - the check-in date input.
 * @csspart check-out - the check-out date input.
 * @csspart field-hint - a field's hint (the optional check-out).
 * @csspart field-error - a field's error message.
 * @csspart search-button - the search button (also `button`, `button-primary`).
 * @csspart search-error - the search's error message.
 * @csspart options - the options found.
 * @csspart options-title - the options' heading.
 * @csspart option-list - the list of options.
 * @csspart options-empty - the text shown when nothing is available.
 * @csspart option - one option.
 * @csspart option-image - its hotel picture.
 * @csspart option-body - its texts and button.
 * @csspart option-title - its name.
 * @csspart option-hotel - its hotel.
 * @csspart option-room - its room and board.
 * @csspart option-price - its price.
 * @csspart member-offer - to a guest, an option's or a line's member price with what joining saves, and the join action (docs/package-cart.md "Member prices").
 * @csspart member-offer-text - that offer's sentence.
 * @csspart join - the "join free" button: opens the panel at SIGNUP, headed with the member price.
 * @csspart member-price-note - to a member, "your member price" under an option's or a line's price.
 * @csspart add - its "add to cart" button.
 * @csspart option-error - its error message.
 * @csspart cart - the cart surface.
 * @csspart cart-title - the cart's heading.
 * @csspart rate-notice - the notice that a currency has no rate.
 * @csspart items-left-out - the message that the cart shows only its first 100 lines (MAX_CART_ITEMS), and how many it left out.
 * @csspart cart-error - the cart's loading error with its retry button.
 * @csspart cart-alert - the cart's loading error message (an alert region, there before the cart is read).
 * @csspart retry - the retry button.
 * @csspart empty - the text of an empty cart.
 * @csspart best-upgrade - the best room upgrade offer, inside the line it upgrades (after the lines when no line shown is that one).
 * @csspart best-upgrade-image - its room picture.
 * @csspart best-upgrade-body - its texts and button.
 * @csspart best-upgrade-title - its heading.
 * @csspart best-upgrade-text - its description and price.
 * @csspart best-upgrade-button - its button.
 * @csspart best-upgrade-error - its error message.
 * @csspart items - the list of cart lines.
 * @csspart item - one cart line.
 * @csspart item-image - its picture.
 * @csspart item-body - its texts.
 * @csspart item-title - its hotel.
 * @csspart item-package - its package.
 * @csspart item-details - its room, board, dates and occupancy.
 * @csspart item-detail-label - a label in `item-details`.
 * @csspart item-detail-value - a value in `item-details`.
 * @csspart item-price - its price.
 * @csspart item-actions - its buttons.
 * @csspart upgrades-toggle - the button showing its room upgrades.
 * @csspart remove - its remove button.
 * @csspart item-error - its error message.
 * @csspart upgrades - an item's upgrades.
 * @csspart upgrade-list - the list of upgrades.
 * @csspart upgrade - one upgrade.
 * @csspart upgrade-image - its room picture.
 * @csspart upgrade-name - its room and board.
 * @csspart upgrade-price - its price.
 * @csspart upgrade-supplement - its supplement over the current room.
 * @csspart upgrade-button - its button.
 * @csspart upgrades-empty - the text shown when there is no upgrade.
 * @csspart total - the total line.
 * @csspart total-label - the total's label.
 * @csspart total-amount - the total's amount.
 * @csspart member-pricing - under the total, when bookcore priced a member's cart at member prices.
 * @csspart book-now - the "Book now" link.
 * @csspart button - every button.
 * @csspart button-primary - a primary button.
 * @csspart button-secondary - a secondary button.
 * @csspart loader - a pending request's indicator.
 * @csspart spinner - the loader's spinning ring.
 * @csspart message - a message region.
 * @csspart message-error - an error message.
 * @csspart message-icon - an error message's mark, before its text.
 * @csspart message-warning - a warning message.
 * @csspart load-failure - shown in place of a part whose code could not be loaded (offline, or a deploy replaced it): a message and a retry.
 * @csspart load-failure-text - that message, in the guest's language.
 * @csspart load-failure-retry - its retry button (any click or key on the page also retries).
 * @cssproperty --loyalty-cart-gap - space between the cart's blocks.
 * @cssproperty --loyalty-cart-image-width - width of hotel and room pictures.
 */
export const PackageCartElement = createElementClass({ kind: 'cart', css: host });

defineElement('package-cart', PackageCartElement);

declare global {
  interface HTMLElementTagNameMap {
    'package-cart': HTMLElement;
  }
}
