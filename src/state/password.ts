/** Password recovery and change (docs/loyalty-widget.md "Sections"). */
import { atom } from 'jotai/vanilla';
import { ApiError } from '../api/http';
import { changePassword, requestPasswordRecovery, type PasswordChangePayload, type PasswordRecoveryPayload } from '../api/loyalty';
import { serverMessage, withLoader, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom, sectionAtom } from './store';

/** Where the last recovery mail was asked for, and when (the resend's cooldown runs from it); in memory only. */
export interface RecoverySent {
  email: string;
  /** `Date.now()` when bookcore accepted the request. */
  at: number;
}

/** The last recovery mail bookcore accepted, which PASS_RECOVERY_EMAIL names (docs/loyalty-widget.md "Sections"). */
export const recoverySentAtom = atom<RecoverySent | null>(null);

/**
 * Requests the password-recovery e-mail (docs/loyalty-widget.md "Sections": success → PASS_RECOVERY_EMAIL, which
 * names the address from `recoverySentAtom`).
 */
export const requestRecoveryAtom = atom(
  null,
  async (get, set, payload: PasswordRecoveryPayload, texts: ActionTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => requestPasswordRecovery(payload, endpoints.passwordRecovery),
      () => {
        set(recoverySentAtom, { email: payload.email, at: Date.now() });
        return 'PASS_RECOVERY_EMAIL';
      },
      (error) => serverMessage(error, texts.genericError),
    );
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  },
);

/**
 * Changes the password with the mailed uid and token (docs/loyalty-widget.md "Sections": success → PASS_RECOVERY_SUCCESS; an expired
 * or used token → PASS_RECOVERY_EXPIRED).
 */
export const changePasswordAtom = atom(
  null,
  async (get, set, payload: PasswordChangePayload, texts: ActionTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => changePassword(payload, endpoints.changePassword),
      () => 'PASS_RECOVERY_SUCCESS',
      (error) => serverMessage(error, texts.genericError),
    );
    if (!outcome.ok && outcome.error instanceof ApiError) {
      const body = outcome.error.body as { expired?: unknown } | undefined;
      if (body?.expired === true) set(sectionAtom, 'PASS_RECOVERY_EXPIRED');
    }
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  },
);
