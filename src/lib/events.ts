/**
 * The host events the elements fire, and the one helper that fires them.
 *
 * Every event is a `CustomEvent` that bubbles and crosses shadow boundaries (`composed`), so a page can listen
 * on the element, on an ancestor or on `document`. Names are kebab-case `loyalty-*`, except `userLoginSuccess`,
 * which legacy jQuery pages already listen for on `document`.
 */

/** Auth panel sections, in the order docs/loyalty-widget.md "Sections" lists them. */
export const AUTH_SECTIONS = [
  'SIGNIN',
  'SIGNIN_SUCCESS',
  'PRE_SIGNUP',
  'SIGNUP',
  'SOCIAL_GDPR',
  'SIGNUP_SUCCESS',
  'SIGNUP_VALIDATION_SUCCESS',
  'PASS_RECOVERY',
  'PASS_RECOVERY_EMAIL',
  'PASS_RECOVERY_EXPIRED',
  'PASS_RECOVERY_CHANGE',
  'PASS_RECOVERY_SUCCESS',
  'LOADER',
] as const;

/** One auth panel section. */
export type AuthSection = (typeof AUTH_SECTIONS)[number];

/** Event name → `detail` type, for every event the elements dispatch. */
export interface LoyaltyEventMap {
  /** Settings loaded and the widget is usable. */
  'loyalty-ready': { loggedIn: boolean };
  /** Settings failed or carried no sign-in form: the widget hid itself. */
  'loyalty-fail': { reason: string };
  /** The auth view opened, at this section. */
  'loyalty-open': { section: AuthSection };
  /** The auth view closed. */
  'loyalty-close': Record<string, never>;
  /** A member signed in. */
  'loyalty-login': { userName: string };
  /** The member signed out. */
  'loyalty-logout': Record<string, never>;
  /** The auth panel moved to another section. */
  'loyalty-section': { section: AuthSection };
  /** Legacy name kept for jQuery pages: dispatched on `document` after a login with a userName. */
  userLoginSuccess: { userName: string };
}

/** Any event name of {@link LoyaltyEventMap}. */
export type LoyaltyEventName = keyof LoyaltyEventMap;

/**
 * Dispatches a typed host event from `target`.
 *
 * @returns `false` when a listener called `preventDefault()` on a cancelable event.
 */
export function emit<Name extends LoyaltyEventName>(
  target: EventTarget,
  name: Name,
  detail: LoyaltyEventMap[Name],
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

declare global {
  interface DocumentEventMap {
    userLoginSuccess: CustomEvent<LoyaltyEventMap['userLoginSuccess']>;
  }
}
