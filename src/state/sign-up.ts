/** Sign-up (docs/loyalty-widget.md "Sections": success → SIGNUP_SUCCESS; docs/loyalty-widget.md "Messages": a waiting account's reply shows as a warning). */
import { atom } from 'jotai/vanilla';
import { ApiError, type FormPayload } from '../api/http';
import { signUp } from '../api/loyalty';
import { serverMessage, withLoader, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom } from './store';

/**
 * Registers a member. A reply with `isEmailActiveError` (an account waiting for its validation e-mail) shows
 * as a warning, any other failure as an error (docs/loyalty-widget.md "Messages").
 */
export const signUpAtom = atom(null, async (get, set, form: FormPayload, texts: ActionTexts): Promise<AuthOutcome> => {
  const { endpoints } = get(configAtom);
  const outcome = await withLoader(
    get,
    set,
    () => signUp(form, endpoints.signup),
    () => 'SIGNUP_SUCCESS',
    (error) => {
      const message = serverMessage(error, texts.genericError);
      const body = error instanceof ApiError ? (error.body as { isEmailActiveError?: unknown } | undefined) : undefined;
      const warning = error instanceof ApiError && error.status !== 200 && Boolean(body?.isEmailActiveError);
      return warning ? { ...message, tone: 'warning' } : message;
    },
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
});
