/** Sign-up (docs/loyalty-widget.md "Sections": success → SIGNUP_SUCCESS; docs/loyalty-widget.md "Messages": a waiting account's reply shows as a warning). */
import { atom } from 'jotai/vanilla';
import { ApiError, type FormPayload } from '../api/http';
import { signUp } from '../api/loyalty';
import { returnAddress } from '../lib/return-address';
import { serverMessage, withLoader, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom, requestOptionsAtom } from './store';

/**
 * The last sign-up bookcore accepted: the address its validation mail went to, when (the resend's cooldown runs
 * from it) and the form as sent, which a resend posts again. In the page's memory only, never in storage.
 */
export interface SignUpSent {
  email: string;
  /** `Date.now()` when the mail went. */
  at: number;
  form: FormPayload;
}

/** The last accepted sign-up, which SIGNUP_SUCCESS names and resends (docs/loyalty-widget.md "Sections"). */
export const signUpSentAtom = atom<SignUpSent | null>(null);

/** Whether bookcore refused a sign-up because its account exists and waits for validation. */
function waitsForValidation(error: ApiError | Error): boolean {
  const body = error instanceof ApiError ? (error.body as { isEmailActiveError?: unknown } | undefined) : undefined;
  return error instanceof ApiError && error.status !== 200 && Boolean(body?.isEmailActiveError);
}

/**
 * Registers a member. A reply with `isEmailActiveError` (an account waiting for its validation e-mail) shows
 * as a warning, any other failure as an error (docs/loyalty-widget.md "Messages").
 */
export const signUpAtom = atom(null, async (get, set, typed: FormPayload, texts: ActionTexts): Promise<AuthOutcome> => {
  const { endpoints } = get(configAtom);
  // The page to come back to, signed in, from the validation link (docs/bookcore-contract.md "Back where the guest
  // started"); kept in the form a resend posts again.
  const form: FormPayload = { ...typed, next: returnAddress(location.href) ?? undefined };
  const outcome = await withLoader(
    get,
    set,
    () => signUp(form, endpoints.signup, get(requestOptionsAtom)),
    () => {
      set(signUpSentAtom, { email: String(form['email'] ?? ''), at: Date.now(), form });
      return 'SIGNUP_SUCCESS';
    },
    (error) => {
      const message = serverMessage(error, texts.genericError);
      return waitsForValidation(error) ? { ...message, tone: 'warning' } : message;
    },
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
});

/**
 * Sends the validation mail again: the last accepted sign-up posted once more. bookcore answers an account that
 * still waits for validation with `isEmailActiveError` and mails it again (docs/bookcore-contract.md "Loyalty"),
 * so that answer is the resend's success; any other failure shows as an error, on SIGNUP_SUCCESS.
 */
export const resendSignUpAtom = atom(null, async (get, set, texts: ActionTexts): Promise<AuthOutcome> => {
  const sent = get(signUpSentAtom);
  if (!sent) return { ok: false, error: new Error('No sign-up to send again.') };
  const { endpoints } = get(configAtom);
  const outcome = await withLoader(
    get,
    set,
    () =>
      signUp(sent.form, endpoints.signup, get(requestOptionsAtom)).catch((error: unknown) => {
        if (error instanceof Error && waitsForValidation(error)) return null;
        throw error;
      }),
    () => {
      set(signUpSentAtom, { ...sent, at: Date.now() });
      return 'SIGNUP_SUCCESS';
    },
    (error) => serverMessage(error, texts.genericError),
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
});
