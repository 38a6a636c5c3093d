/**
 * The guest's auth actions (SPEC.md §4): sign-in, sign-up, password recovery and change, sign-out and social
 * sign-in, each with the LOADER section meanwhile and the turn rule of `authTurnAtom` (./session.ts). They load
 * with the panel's sections, not with the icon's first paint.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { dropCart } from '../api/cart';
import { ApiError, type FormPayload } from '../api/http';
import {
  changePassword,
  checkSocialUser,
  logout,
  requestPasswordRecovery,
  signIn,
  signUp,
  socialSignIn,
  type PasswordChangePayload,
  type PasswordRecoveryPayload,
  type SignInPayload,
  type SocialUser,
} from '../api/loyalty';
import type { SessionResponse, User } from '../api/loyalty.schemas';
import { guestText } from '../lib/api-error';
import type { AuthSection } from '../lib/events';
import { setSessionFlag } from '../lib/session-flags';
import {
  authOpenAtom,
  messageAtom,
  pendingSocialUserAtom,
  superseded,
  takeTurn,
  userAtom,
  type PanelMessage,
} from './session';
import { configAtom, sectionAtom } from './store';

/** The outcome of an auth action, for the component to do the host's part. */
export type AuthOutcome = { ok: true; userName?: string } | { ok: false; error: ApiError | Error };

/**
 * Runs a request with the LOADER section showing, and on failure puts back the section the guest was on with
 * the server's message, so nothing typed is lost. An answer that arrives after a later action started changes
 * nothing (see `authTurnAtom` in ./session.ts); `current` tells the caller whether it may still apply what follows.
 */
async function withLoader<T>(
  get: Getter,
  set: Setter,
  request: () => Promise<T>,
  onSuccess: (result: T) => AuthSection,
  errorMessage: (error: ApiError | Error) => PanelMessage,
): Promise<({ ok: true; result: T } | { ok: false; error: ApiError | Error }) & { current: () => boolean }> {
  const current = takeTurn(get, set);
  const origin = get(sectionAtom);
  set(messageAtom, null);
  set(sectionAtom, 'LOADER');
  try {
    const result = await request();
    if (!current()) return { ...superseded(), current };
    set(sectionAtom, onSuccess(result));
    return { ok: true, result, current };
  } catch (caught) {
    if (!current()) return { ...superseded(), current };
    const error = caught instanceof Error ? caught : new Error(String(caught));
    set(sectionAtom, origin);
    set(messageAtom, errorMessage(error));
    return { ok: false, error, current };
  }
}

// Only bookcore's messages for guests are shown as they are; anything else gets the caller's translated text.
function serverMessage(error: ApiError | Error, fallback: string): PanelMessage {
  return { tone: 'error', text: guestText(error) ?? fallback };
}

/** Texts the actions need from the caller (translated by the component). */
export interface ActionTexts {
  /** Shown when the server gave no message of its own. */
  genericError: string;
}

/**
 * Signs in with e-mail and password, then drops the cart (SPEC.md §4 "After sign-in"): when items were
 * removed, the dropped-cart dialog is due after the page reloads.
 */
export const signInAtom = atom(
  null,
  async (get, set, credentials: SignInPayload, texts: ActionTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => signIn(credentials, endpoints.signin),
      () => 'LOADER',
      (error) => serverMessage(error, texts.genericError),
    );
    if (!outcome.ok) return { ok: false, error: outcome.error };
    if (!(await afterSignIn(get, set, outcome.result.user, outcome.current))) return superseded();
    return { ok: true, userName: outcome.result.userName };
  },
);

// The member is set once the cart drop has answered: whoever follows the member (a <package-cart>) then reads
// the cart as it is after the drop. Resolves false, changing nothing, when a later action started meanwhile.
async function afterSignIn(get: Getter, set: Setter, user: User, current: () => boolean): Promise<boolean> {
  try {
    const { deleted_elements: deleted } = await dropCart(get(configAtom).endpoints.dropUrl);
    if (deleted > 0 && current()) setSessionFlag('loyalty_dropped_cart');
  } catch {
    // The member is signed in whatever happened to the cart; a stale cart is the lesser harm.
  }
  if (!current()) return false;
  set(userAtom, user);
  set(sectionAtom, 'SIGNIN_SUCCESS');
  return true;
}

/**
 * Registers a member. A reply with `isEmailActiveError` (an account waiting for its validation e-mail) shows
 * as a warning, any other failure as an error (SPEC.md §8).
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

/** Requests the password-recovery e-mail (SPEC.md §4: success → PASS_RECOVERY_EMAIL). */
export const requestRecoveryAtom = atom(
  null,
  async (get, set, payload: PasswordRecoveryPayload, texts: ActionTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => requestPasswordRecovery(payload, endpoints.passwordRecovery),
      () => 'PASS_RECOVERY_EMAIL',
      (error) => serverMessage(error, texts.genericError),
    );
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  },
);

/**
 * Changes the password with the mailed uid and token (SPEC.md §4: success → PASS_RECOVERY_SUCCESS; an expired
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

/** Signs out (SPEC.md §4 "On sign-out": logout, then drop the cart, then the caller navigates). */
export const signOutAtom = atom(null, async (get, set, texts: ActionTexts): Promise<AuthOutcome> => {
  const { endpoints } = get(configAtom);
  const outcome = await withLoader(
    get,
    set,
    async () => {
      await logout(endpoints.logout);
      await dropCart(endpoints.dropUrl).catch(() => undefined);
    },
    () => {
      set(userAtom, null);
      return 'SIGNIN';
    },
    (error) => serverMessage(error, texts.genericError),
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
});

/** Texts the social flow needs (SPEC.md §4: the configured error when the provider shares no e-mail). */
export interface SocialTexts extends ActionTexts {
  noEmail: string;
}

/**
 * Signs in a guest vouched for by a social provider (SPEC.md §4 "Social login"): a member is signed in; an
 * unknown e-mail goes to the SOCIAL_GDPR consent step; no e-mail returns to PRE_SIGNUP with the configured
 * error; a server error returns to PRE_SIGNUP. A failure to get any answer (network, timeout, an unreadable
 * reply) returns the guest to the section they acted in, with the message, so what they typed stays.
 */
export const socialSignInAtom = atom(
  null,
  async (get, set, user: SocialUser, texts: SocialTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    if (!user.email) {
      set(sectionAtom, 'PRE_SIGNUP');
      set(messageAtom, { tone: 'error', text: texts.noEmail });
      return { ok: false, error: new Error(texts.noEmail) };
    }
    const current = takeTurn(get, set);
    const origin = get(sectionAtom);
    set(messageAtom, null);
    set(sectionAtom, 'LOADER');
    try {
      const { success: registered } = await checkSocialUser(user, endpoints.socialCheckUser);
      if (!current()) return superseded();
      if (!registered) {
        set(pendingSocialUserAtom, user);
        set(sectionAtom, 'SOCIAL_GDPR');
        return { ok: true };
      }
    } catch (error) {
      return current() ? socialFailed(set, error, origin, texts) : superseded();
    }
    return confirmSocial(get, set, user, texts, origin, current);
  },
);

/** Confirms the SOCIAL_GDPR step with the newsletter choice and signs the new member in. */
export const confirmSocialConsentAtom = atom(
  null,
  async (get, set, newsletter: boolean, texts: ActionTexts): Promise<AuthOutcome> => {
    const pending = get(pendingSocialUserAtom);
    if (!pending) {
      set(sectionAtom, 'PRE_SIGNUP');
      return { ok: false, error: new Error('No social user is waiting for consent.') };
    }
    const current = takeTurn(get, set);
    const origin = get(sectionAtom);
    set(messageAtom, null);
    return confirmSocial(get, set, { ...pending, recibir_newsletter: newsletter }, texts, origin, current);
  },
);

// SPEC.md §4: a result with an error goes to PRE_SIGNUP; without a result the guest stays where they acted.
function socialFailed(set: Setter, caught: unknown, origin: AuthSection, texts: ActionTexts): AuthOutcome {
  const error = caught instanceof Error ? caught : new Error(String(caught));
  const answered = error instanceof ApiError && error.kind === 'server';
  set(sectionAtom, answered || origin === 'LOADER' ? 'PRE_SIGNUP' : origin);
  set(messageAtom, serverMessage(error, texts.genericError));
  return { ok: false, error };
}

async function confirmSocial(
  get: Getter,
  set: Setter,
  user: SocialUser,
  texts: ActionTexts,
  origin: AuthSection,
  current: () => boolean,
): Promise<AuthOutcome> {
  set(sectionAtom, 'LOADER');
  let response: SessionResponse;
  try {
    response = await socialSignIn(user, get(configAtom).endpoints.socialSignin);
  } catch (error) {
    return current() ? socialFailed(set, error, origin, texts) : superseded();
  }
  if (!current()) return superseded();
  set(pendingSocialUserAtom, null);
  if (!(await afterSignIn(get, set, response.user, current))) return superseded();
  set(authOpenAtom, false);
  return { ok: true, userName: response.userName };
}
