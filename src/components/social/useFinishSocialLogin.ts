import { useCallback } from 'react';
import { isAbortError } from '../../lib/api-error';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { settledWithin } from '../../lib/optional-wait';
import { warn } from '../../lib/warn';
import type { AuthOutcome } from '../../state/sign-in';
import { useAuthHostEffects } from '../auth/useAuthHostEffects';

/**
 * The host's part after a social sign-in from the SIGNIN or PRE_SIGNUP buttons (docs/loyalty-widget.md "Social login", "After
 * login with a userName"): `signin_sucess` is tracked, then the store's closing of the auth view is announced
 * (`loyalty-close`), `userLoginSuccess` fires on the document, `loyalty-login` on the element, and the page
 * navigates behind the full-screen loader — the panel's own effects, guard included. A failure (the store already
 * shows its message) is tracked as `signin_error` and logged; a sign-in a later action replaced is only dropped.
 * The SOCIAL_GDPR step does its own (sign-up events).
 *
 * @returns a function taking the outcome of `socialSignInAtom`.
 */
export function useFinishSocialLogin(): (outcome: AuthOutcome) => Promise<void> {
  const { afterLogin } = useAuthHostEffects();
  return useCallback(
    async (outcome: AuthOutcome) => {
      if (!outcome.ok) {
        if (isAbortError(outcome.error)) return;
        warn('social login failed:', outcome.error.message);
        void trackLoyaltyEvent('signin_error');
        return;
      }
      // An unregistered user went on to SOCIAL_GDPR: nothing to finish yet.
      if (outcome.pendingConsent) return;
      // Before the page navigates, or the event may leave with it; a stalled analytics chunk holds the guest no
      // longer than the bound.
      await settledWithin(trackLoyaltyEvent('signin_sucess'));
      afterLogin(outcome.userName ?? '', { social: true });
    },
    [afterLogin],
  );
}
