/** Password recovery and change (docs/loyalty-widget.md "Sections"). */
import { atom } from 'jotai/vanilla';
import { ApiError } from '../api/http';
import { changePassword, requestPasswordRecovery, type PasswordChangePayload, type PasswordRecoveryPayload } from '../api/loyalty';
import { returnAddress } from '../lib/return-address';
import { carriedValuesAtom, superseded } from './session';
import { afterSignIn, serverMessage, withLoader, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom, sectionAtom, requestOptionsAtom } from './store';

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
      // With the page to come back to after the change (docs/bookcore-contract.md "Back where the guest started").
      () => requestPasswordRecovery({ ...payload, next: returnAddress(location.href) ?? undefined }, endpoints.passwordRecovery, get(requestOptionsAtom)),
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
 * Changes the password with the mailed uid and token (docs/loyalty-widget.md "Sections"; an expired or used token →
 * PASS_RECOVERY_EXPIRED). A bookcore that signs the member in with the change (its answer names the member,
 * docs/bookcore-contract.md "Back where the guest started") leads on as a sign-in does: the cart drop, the member,
 * then `signedIn` for the caller's events and navigation. Otherwise PASS_RECOVERY_SUCCESS, its sign-in form starting
 * with the e-mail bookcore named, if any.
 */
export const changePasswordAtom = atom(
  null,
  async (get, set, payload: PasswordChangePayload, texts: ActionTexts): Promise<AuthOutcome & { signedIn?: true }> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => changePassword(payload, endpoints.changePassword, get(requestOptionsAtom)),
      (response) => {
        if (response.success !== false && response.user) return 'LOADER';
        if (response.email) set(carriedValuesAtom, { section: 'PASS_RECOVERY_SUCCESS', values: { email: response.email } });
        return 'PASS_RECOVERY_SUCCESS';
      },
      (error) => serverMessage(error, texts.genericError),
    );
    if (!outcome.ok) {
      if (outcome.error instanceof ApiError) {
        const body = outcome.error.body as { expired?: unknown } | undefined;
        if (body?.expired === true) set(sectionAtom, 'PASS_RECOVERY_EXPIRED');
      }
      return { ok: false, error: outcome.error };
    }
    const member = outcome.result.success !== false ? outcome.result.user : null;
    if (!member) return { ok: true };
    if (!(await afterSignIn(get, set, member, outcome.current))) return superseded();
    return { ok: true, signedIn: true, userName: outcome.result.userName ?? member.userName ?? '' };
  },
);
