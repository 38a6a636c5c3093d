/**
 * The social component's logged-in flag (SPEC.md §4: "a logged-in flag that flips on login or logout when
 * changeStateOnClick is set"). The widget always behaves as with changeStateOnClick set: the flag names the
 * provider the visitor logged in with once its SDK vouched for them, and {@link socialLogoutAtom} flips it back.
 */
import { atom } from 'jotai/vanilla';
import type { SocialIntegration } from '../../api/loyalty';
import { socialLogout } from '../../lib/social-sdk';

/** The provider whose SDK session is open, or null. */
export const socialLoggedInAtom = atom<SocialIntegration | null>(null);

/** Ends the provider session (for the panel's sign-out) and clears the flag. Never throws. */
export const socialLogoutAtom = atom(null, async (_get, set) => {
  set(socialLoggedInAtom, null);
  await socialLogout();
});
