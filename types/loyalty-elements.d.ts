/**
 * Framework-neutral typings of the elements' public surface: the attributes each tag reads and the events it
 * fires (custom-elements.json, from the elements' JSDoc; test/lib/manifest.node.test.mjs keeps the two in step).
 * types/react.d.ts and types/vue.d.ts build their template typings from these; Angular needs only the event
 * types (docs/integration.md "custom-elements.json and typings for frameworks").
 *
 * It also adds every `loyalty-*` event to `GlobalEventHandlersEventMap`, so `addEventListener('loyalty-login', …)`
 * on an element, an ancestor or `document` gets a typed `event.detail` (the events bubble and are composed), and
 * the tags to `HTMLElementTagNameMap`.
 */
import type { AuthSection, LoyaltyEventMap, LoyaltyEventName } from '../src/lib/events';

export type { AuthSection, LoyaltyEventMap, LoyaltyEventName };

/** The event object of a host event: a `CustomEvent` whose `detail` is that event's. */
export type LoyaltyEvent<Name extends LoyaltyEventName> = CustomEvent<LoyaltyEventMap[Name]>;

/** A boolean data attribute: `true`/`false`, `True`/`False` (Django), `1`/`0` or `yes`/`no`. */
export type BooleanAttribute = 'true' | 'false' | 'True' | 'False' | '1' | '0' | 'yes' | 'no';

/** A number of milliseconds, written as a number or as its text. */
export type MillisecondsAttribute = number | `${number}`;

/** `<loyalty-icon>`'s attributes. */
export interface LoyaltyIconAttributes {
  /** Milliseconds before the notification appears (default 0). */
  'data-notification-delay'?: MillisecondsAttribute;
  /** Milliseconds the notification stays before it goes by itself (default: until closed). */
  'data-notification-hide'?: MillisecondsAttribute;
  /** The section the notification's text opens (default: the panel's usual start); a name that is no section is ignored. */
  'data-notification-section'?: AuthSection;
}

/** `<loyalty-tooltip>`'s attributes. */
export interface LoyaltyTooltipAttributes {
  /** CSS selector of the element the tooltip sits under (default `.loyalty-icon`). */
  'data-target'?: string;
}

/**
 * `<loyalty-panel>`'s attributes: the whole widget's configuration (docs/configuration.md). Its `section`
 * attribute is left out: the panel writes it, a page only reads it.
 */
export interface LoyaltyPanelAttributes {
  /** The icon's label (default: the translated "Club de fidelidad"). */
  'data-cta'?: string;
  /** Desktop layout; the tooltip shows only when false (default false). */
  'data-is-desktop'?: BooleanAttribute;
  /** Embedded mode: the booking button goes to the site root (default false). */
  'data-is-embedded'?: BooleanAttribute;
  /** The brand: letters, digits, `-` and `_`; its stylesheet is `/static/{code}/loyalty/loyalty.css`. */
  'data-project-code'?: string;
  /** http(s) origin prefixed to the stylesheet addresses. */
  'data-domain'?: string;
  /** The programme's title. */
  'data-loyalty-title'?: string;
  /** Whether the programme is active (default true). */
  'data-loyalty-active'?: BooleanAttribute;
  /** The auth section shown first (default PRE_SIGNUP). */
  'data-active-section'?: AuthSection;
  /** The password-recovery token. */
  'data-token-password'?: string;
  /** The password-recovery uid. */
  'data-token-uid'?: string;
  /** Whether `<loyalty-icon>` renders (default true). */
  'data-render-icon'?: BooleanAttribute;
  /** Google Identity Services script: a path on this site or an https URL. */
  'data-google-sdk-url'?: string;
  /** Facebook JS SDK script: a path on this site or an https URL. */
  'data-facebook-sdk-url'?: string;
  /** Graph API version passed to `FB.init`, such as `v2.11`. */
  'data-facebook-sdk-version'?: `v${number}.${number}`;
  /** The cookie Django keeps the anti-forgery token in (its `CSRF_COOKIE_NAME`); default `csrftoken`. */
  'data-csrf-cookie-name'?: string;
  /** GET: the loyalty settings. */
  'data-settings'?: string;
  /** POST: e-mail sign-in. */
  'data-signin'?: string;
  /** POST: e-mail sign-up. */
  'data-signup'?: string;
  /** GET: the current user. */
  'data-get-user'?: string;
  /** POST: sends the password-recovery e-mail. */
  'data-password-recovery'?: string;
  /** POST: sets a new password. */
  'data-change-password'?: string;
  /** POST: social sign-in. */
  'data-social-signin'?: string;
  /** POST: ends the session. */
  'data-logout'?: string;
  /** Page: where the password-change page sends the guest after sign-in. */
  'data-login'?: string;
  /** POST: empties the session's cart. */
  'data-drop-url'?: string;
  /** Page: where availability and cart pages go after sign-in or sign-out. */
  'data-reset-availability'?: string;
  /** POST: whether a social identity's e-mail belongs to a member. */
  'data-social-check-user'?: string;
  /** POST: adds a package option to the cart. */
  'data-add-package'?: string;
  /** POST: removes a cart line. */
  'data-delete-package'?: string;
  /** GET template of a package's availability (PACKID, CHECKIN, CHECKOUT are replaced). */
  'data-package-availability'?: string;
  /** GET: member prices for `<loyalty-price>` (`{id}/` appended for one availability id). */
  'data-loyalty-availability'?: string;
}

/** `<package-cart>`'s attributes (its language follows `lang`, a global attribute). */
export interface PackageCartAttributes {
  /** The package whose availability the guest searches; without it only the cart shows. */
  'data-package-id'?: string;
  /** How prices and dates are written (`es_ES`, `en-GB`, `en`…). */
  'data-locale'?: string;
  /** The ISO currency prices are shown in, such as `EUR` or `USD`. */
  'data-currency'?: string;
  /** Where the "Book now" link goes (a path or an http(s) URL). */
  'data-book-url'?: string;
  /** POST: adds a package option; default the panel's `data-add-package`, else bookcore's. */
  'data-add-package'?: string;
  /** POST: removes a cart line; default the panel's `data-delete-package`, else bookcore's. */
  'data-delete-package'?: string;
  /** GET template (PACKID, CHECKIN, CHECKOUT); default the panel's `data-package-availability`, else bookcore's. */
  'data-package-availability'?: string;
}

/** `<loyalty-price>`'s attributes (its language follows `lang`, a global attribute). */
export interface LoyaltyPriceAttributes {
  /** The hotel whose member price is shown, as bookcore's loyalty availability names it. */
  'data-hotel-code'?: string;
  /** Bookcore's availability id, where it is not the hotel code. */
  'data-availability-id'?: string;
  /** The ISO currency prices are shown in, converted with the answer's rates; default bookcore's. */
  'data-currency'?: string;
  /** How amounts are written (`es_ES`, `en-US`…); default the nearest `lang`. */
  'data-locale'?: string;
}

/** `<hotel-page>`'s attributes (its language follows `lang`, a global attribute); read when it connects. */
export interface HotelPageAttributes {
  /** The hotel (`HSIE`); required: without it nothing shows. */
  'data-hotel-code': string;
  /** How many services show before "see more"; default 4. */
  'data-services-quantity'?: string | number;
  /** The image CDN's address template (`{url}`, `{path}`, `{origin}`, `{w}`, `{h}`, `{fit}`, `{q}`). */
  'data-image-cdn'?: string;
  /** Where relative image addresses are resolved (a CDN origin). */
  'data-image-base'?: string;
}

/** The events `<loyalty-icon>` fires, by name. */
export interface LoyaltyIconEvents {
  'loyalty-open': LoyaltyEvent<'loyalty-open'>;
  'loyalty-ready': LoyaltyEvent<'loyalty-ready'>;
  'loyalty-fail': LoyaltyEvent<'loyalty-fail'>;
}

/** The events `<loyalty-tooltip>` fires, by name. */
export interface LoyaltyTooltipEvents {
  'loyalty-ready': LoyaltyEvent<'loyalty-ready'>;
  'loyalty-fail': LoyaltyEvent<'loyalty-fail'>;
}

/** The events `<loyalty-panel>` fires, by name (`userLoginSuccess` goes to `document`, not to the panel). */
export interface LoyaltyPanelEvents {
  'loyalty-ready': LoyaltyEvent<'loyalty-ready'>;
  'loyalty-fail': LoyaltyEvent<'loyalty-fail'>;
  'loyalty-open': LoyaltyEvent<'loyalty-open'>;
  'loyalty-section': LoyaltyEvent<'loyalty-section'>;
  'loyalty-close': LoyaltyEvent<'loyalty-close'>;
  'loyalty-login': LoyaltyEvent<'loyalty-login'>;
  'loyalty-logout': LoyaltyEvent<'loyalty-logout'>;
}

/** `<package-cart>` fires no events. */
export type PackageCartEvents = Record<never, never>;

/** `<loyalty-price>` fires no events (its actions open the panel, which fires `loyalty-open`). */
export type LoyaltyPriceEvents = Record<never, never>;

/** `<hotel-page>` fires no events. */
export type HotelPageEvents = Record<never, never>;

/** Each tag's attributes and events, for the framework typings. */
export interface LoyaltyElementTypes {
  'loyalty-icon': { attributes: LoyaltyIconAttributes; events: LoyaltyIconEvents };
  'loyalty-panel': { attributes: LoyaltyPanelAttributes; events: LoyaltyPanelEvents };
  'loyalty-tooltip': { attributes: LoyaltyTooltipAttributes; events: LoyaltyTooltipEvents };
  'package-cart': { attributes: PackageCartAttributes; events: PackageCartEvents };
  'loyalty-price': { attributes: LoyaltyPriceAttributes; events: LoyaltyPriceEvents };

  'hotel-page': { attributes: HotelPageAttributes; events: HotelPageEvents };
}

/** Every `loyalty-*` event, as heard on the element, an ancestor or `document`. */
export type LoyaltyHostEvents = {
  [Name in Exclude<LoyaltyEventName, 'userLoginSuccess'>]: LoyaltyEvent<Name>;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging into the DOM's map
  interface GlobalEventHandlersEventMap extends LoyaltyHostEvents {}

  // The same entries as elements/*.ts declare, for pages that load the script from a CDN and only include these
  // typings; TypeScript merges identical declarations.
  interface HTMLElementTagNameMap {
    'loyalty-icon': HTMLElement;
    'loyalty-panel': HTMLElement;
    'loyalty-tooltip': HTMLElement;
    'package-cart': HTMLElement;
    'loyalty-price': HTMLElement;
    'hotel-page': HTMLElement;
  }
}
