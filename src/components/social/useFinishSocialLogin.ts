import { useStore } from 'jotai/react';
import { useCallback } from 'react';
import type { AuthOutcome } from '../../state/session';
import { configAtom } from '../../state/store';
import { emit } from '../../lib/events';
import { destinationAfterAuth } from '../../lib/navigation';
import { warn } from '../../lib/warn';
import { useHost } from '../ElementRoot';
import { socialNavigator } from './navigator';

/**
 * The host's part after a social sign-in (SPEC.md §4 "After login with a userName"): `userLoginSuccess` on the
 * document, then `loyalty-login` on the element, then the page navigates. A failure is only logged (the store
 * already shows PRE_SIGNUP with the message). Also for the SOCIAL_GDPR step, with `confirmSocialConsentAtom`'s
 * outcome.
 *
 * @returns a function taking the outcome of `socialSignInAtom` or `confirmSocialConsentAtom`.
 */
export function useFinishSocialLogin(): (outcome: AuthOutcome) => void {
  const host = useHost();
  const store = useStore();
  return useCallback(
    (outcome: AuthOutcome) => {
      if (!outcome.ok) {
        warn('social login failed:', outcome.error.message);
        return;
      }
      if (!outcome.userName) return;
      emit(document, 'userLoginSuccess', { userName: outcome.userName });
      emit(host, 'loyalty-login', { userName: outcome.userName });
      const { endpoints } = store.get(configAtom);
      socialNavigator()(destinationAfterAuth(location.pathname, endpoints));
    },
    [host, store],
  );
}
