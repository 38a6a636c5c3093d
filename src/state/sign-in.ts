/**
 * Sign-in with e-mail and password (docs/loyalty-widget.md "Sections", "After sign-in"), and what every auth action shares: the LOADER section while a
 * request runs, the turn rule of `authTurnAtom` (./session.ts), and what follows a sign-in (the cart drop, then
 * the member). The other actions live in a module each (./sign-up.ts, ./password.ts, ./sign-out.ts,
 * ./social-sign-in.ts), loading with the section that runs them.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { dropCart } from '../api/drop-cart';
import type { ApiError } from '../api/http';
import { getUser, signIn, type SignInPayload } from '../api/loyalty';
import type { SessionResponse, User } from '../api/loyalty.schemas';
import { guestText } from '../lib/api-error';
import type { AuthSection } from '../lib/events';
import { setSessionFlag } from '../lib/session-flags';
import { messageAtom, superseded, takeTurn, userAtom, type PanelMessage } from './session';
import { configAtom, sectionAtom, requestOptionsAtom } from './store';

/** The outcome of an auth action, for the component to do the host's part. */
export type AuthOutcome =
  | { ok: true; userName?: string; /** A social user went on to the SOCIAL_GDPR consent step: nobody signed in yet. */ pendingConsent?: true }
  | { ok: false; error: ApiError | Error };

/**
 * Runs a request with the LOADER section showing, and on failure puts back the section the guest was on with
 * the server's message, so nothing typed is lost. An answer that arrives after a later action started changes
 * nothing (see `authTurnAtom` in ./session.ts); `current` tells the caller whether it may still apply what follows.
 */
export async function withLoader<T>(
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
export function serverMessage(error: ApiError | Error, fallback: string): PanelMessage {
  return { tone: 'error', text: guestText(error) ?? fallback };
}

/** Texts the actions need from the caller (translated by the component). */
export interface ActionTexts {
  /** Shown when the server gave no message of its own. */
  genericError: string;
}

/**
 * Signs in with e-mail and password, then drops the cart (docs/loyalty-widget.md "After sign-in"): when items were
 * removed, the dropped-cart dialog is due after the page reloads.
 */
export const signInAtom = atom(
  null,
  async (get, set, credentials: SignInPayload, texts: ActionTexts): Promise<AuthOutcome> => {
    const { endpoints } = get(configAtom);
    const outcome = await withLoader(
      get,
      set,
      () => signIn(credentials, endpoints.signin, get(requestOptionsAtom)),
      () => 'LOADER',
      (error) => serverMessage(error, texts.genericError),
    );
    if (!outcome.ok) return { ok: false, error: outcome.error };
    const member = await signedInMember(get, outcome.result);
    if (!outcome.current()) return superseded();
    if (!member) return notSignedIn(set, 'SIGNIN', texts);
    if (!(await afterSignIn(get, set, member, outcome.current))) return superseded();
    return { ok: true, userName: outcome.result.userName ?? member.userName ?? '' };
  },
);

/**
 * The member a sign-in answer names, or, when it names none (docs/bookcore-contract.md "Loyalty" gives the answer no required field: `{success: true,
 * userName}` is enough), the current user read from bookcore, as the panel does on mount (docs/loyalty-widget.md "Start-up"). Null when
 * neither is a member: `success: false`, or no user with a `nombre`.
 */
export async function signedInMember(get: Getter, response: SessionResponse): Promise<User | null> {
  if (response.success === false) return null;
  if (response.user) return response.user;
  try {
    return await getUser(get(configAtom).endpoints.getUser, get(requestOptionsAtom));
  } catch {
    return null;
  }
}

/** An answered sign-in that left nobody signed in: back where the guest acted, with the generic message. */
export function notSignedIn(set: Setter, origin: AuthSection, texts: ActionTexts): AuthOutcome {
  set(sectionAtom, origin);
  set(messageAtom, { tone: 'error', text: texts.genericError });
  return { ok: false, error: new Error('The sign-in answered, but no member with a name is signed in.') };
}

// The member is set once the cart drop has answered: whoever follows the member (a <package-cart>) then reads
// the cart as it is after the drop. Resolves false, changing nothing, when a later action started meanwhile.
export async function afterSignIn(get: Getter, set: Setter, user: User, current: () => boolean): Promise<boolean> {
  try {
    const { deleted_elements: deleted } = await dropCart(get(configAtom).endpoints.dropUrl, get(requestOptionsAtom));
    if (deleted > 0 && current()) setSessionFlag('loyalty_dropped_cart');
  } catch {
    // The member is signed in whatever happened to the cart; a stale cart is the lesser harm.
  }
  if (!current()) return false;
  set(userAtom, user);
  set(sectionAtom, 'SIGNIN_SUCCESS');
  return true;
}
