/** Sign-out (docs/loyalty-widget.md "After sign-out"). */
import { atom } from 'jotai/vanilla';
import { dropCart } from '../api/drop-cart';
import { logout } from '../api/loyalty';
import { setSessionFlag } from '../lib/session-flags';
import { socialLogout } from '../lib/social-sdk/logout';
import { socialLoggedInAtom, userAtom } from './session';
import { serverMessage, withLoader, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom, requestOptionsAtom } from './store';

/**
 * Signs out (docs/loyalty-widget.md "After sign-out"): logout, then drop the cart, then end the provider session a social login
 * may have opened (the social logged-in flag flips back), then the caller navigates, and the page it lands on
 * confirms the sign-out (src/core/signed-out-notice.ts). A failed logout changes
 * nothing, the provider session included.
 */
export const signOutAtom = atom(null, async (get, set, texts: ActionTexts): Promise<AuthOutcome> => {
  const { endpoints } = get(configAtom);
  const outcome = await withLoader(
    get,
    set,
    async () => {
      await logout(endpoints.logout, get(requestOptionsAtom));
      await dropCart(endpoints.dropUrl, get(requestOptionsAtom)).catch(() => undefined);
      set(socialLoggedInAtom, null);
      await socialLogout();
    },
    () => {
      set(userAtom, null);
      // The page the sign-out navigates to says so, once (docs/loyalty-widget.md "After sign-in"): a flag, nothing
      // about the member.
      setSessionFlag('loyalty_signed_out');
      return 'SIGNIN';
    },
    (error) => serverMessage(error, texts.genericError),
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
});
