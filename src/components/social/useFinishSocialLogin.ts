import { useCallback } from 'react';
import { warn } from '../../lib/warn';
import type { AuthOutcome } from '../../state/sign-in';
import { useAuthHostEffects } from '../auth/useAuthHostEffects';

/**
 * The host's part after a social sign-in (SPEC.md §4 "After login with a userName"): `userLoginSuccess` on the
 * document, then `loyalty-login` on the element, then the page navigates — the panel's own effects, guard
 * included. A failure is only logged (the store
 * already shows PRE_SIGNUP with the message). Also for the SOCIAL_GDPR step, with `confirmSocialConsentAtom`'s
 * outcome.
 *
 * @returns a function taking the outcome of `socialSignInAtom` or `confirmSocialConsentAtom`.
 */
export function useFinishSocialLogin(): (outcome: AuthOutcome) => void {
  const { afterLogin } = useAuthHostEffects();
  return useCallback(
    (outcome: AuthOutcome) => {
      if (!outcome.ok) {
        warn('social login failed:', outcome.error.message);
        return;
      }
      if (outcome.userName) afterLogin(outcome.userName);
    },
    [afterLogin],
  );
}
