/**
 * The analytics vocabulary of docs/commerce.md "Analytics". Tag-manager triggers match these strings, so they are kept verbatim,
 * spelling included ("signin_sucess", "pass_recovery_sucesss").
 */

/** Loyalty widget labels, plus the virtual 3D item visit. */
export const ANALYTICS_LABELS = [
  'open_loyalty_modal',
  'navigate_to_loyalty_page',
  'view_ok_message',
  'validate_form',
  'view_email_message',
  'view_welcome_message',
  'view_form_recovery_password',
  'view_loyalty_message',
  'click_loyalty_message',
  'close_loyalty_message',
  'interested_in_loyalty',
  'signin_sucess',
  'signin_error',
  'signout',
  'signup_error',
  'signup_success',
  'signup_validation_success',
  'pass_recovery_email',
  'pass_recovery_change',
  'pass_recovery_sucesss',
  // docs/commerce.md "Analytics" tracks a virtual 3D item visit without naming its label; this name follows the others.
  'visit_virtual_3d_item',
] as const;

/** One of {@link ANALYTICS_LABELS}. */
export type AnalyticsLabel = (typeof ANALYTICS_LABELS)[number];

/** Event categories. */
export const ANALYTICS_CATEGORIES = [
  'scroll',
  'Availability search',
  'Package search',
  'Shopping Cart',
  'Confirmation-form',
  'Loyalty',
  'Gallery',
] as const;

/** One of {@link ANALYTICS_CATEGORIES}. */
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];

/** Booking-funnel actions. */
export const ANALYTICS_ACTIONS = [
  'add_room',
  'remove_room',
  'add_pack',
  'remove_pack',
  'add_supplements',
  'book_supplements',
  'remove_supplements',
  'rooms_tab',
  'packages_tab',
  'view_gallery_room',
  'see_more_link',
  'change_rate',
  'best_price',
  'validate_form',
  'book_now',
  'confirm_booking',
] as const;

/** One of {@link ANALYTICS_ACTIONS}. */
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/** Narrows a runtime string (from markup, from a host page) to a catalogue member. */
export function isInCatalogue<T extends string>(catalogue: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (catalogue as readonly string[]).includes(value);
}
