/** Social sign-in and its consent step (docs/loyalty-widget.md "Social login"). */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { ApiError } from '../api/http';
import { checkSocialUser, socialSignIn, type SocialUser } from '../api/loyalty';
import type { SessionResponse } from '../api/loyalty.schemas';
import type { AuthSection } from '../lib/events';
import { authOpenAtom, messageAtom, pendingSocialUserAtom, superseded, takeTurn } from './session';
import { afterSignIn, notSignedIn, serverMessage, signedInMember, type ActionTexts, type AuthOutcome } from './sign-in';
import { configAtom, sectionAtom, requestOptionsAtom } from './store';

/** Texts the social flow needs (docs/loyalty-widget.md "Social login": the configured error when the provider shares no e-mail). */
export interface SocialTexts extends ActionTexts {
  noEmail: string;
}

/**
 * Signs in a guest vouched for by a social provider (docs/loyalty-widget.md "Social login"): a member with a name is signed
 * in and the auth view closes (the host shows the full-screen LOADER while the page navigates away); an unknown e-mail goes to
 * the SOCIAL_GDPR consent step; no e-mail returns to PRE_SIGNUP with the configured error; an error answered by
 * bookcore (`errors`) returns to PRE_SIGNUP with its message. A request that gets no usable answer (network,
 * timeout, an HTTP error page, an unreadable reply) returns the guest to the section they acted in, with the
 * message, as every other panel request does, so what they typed stays. (The provider's own failures never get
 * here: the social buttons only log them.)
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
      const { success } = await checkSocialUser(user, endpoints.socialCheckUser, get(requestOptionsAtom));
      const registered = success === true;
      if (!current()) return superseded();
      if (!registered) {
        set(pendingSocialUserAtom, user);
        set(sectionAtom, 'SOCIAL_GDPR');
        return { ok: true, pendingConsent: true };
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

// docs/loyalty-widget.md "Social login": a result with an error goes to PRE_SIGNUP; without a result the guest stays where they acted.
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
    response = await socialSignIn(user, get(configAtom).endpoints.socialSignin, get(requestOptionsAtom));
  } catch (error) {
    return current() ? socialFailed(set, error, origin, texts) : superseded();
  }
  if (!current()) return superseded();
  set(pendingSocialUserAtom, null);
  // Only a user with a name counts as logged in (docs/loyalty-widget.md "Member and guest"), as everywhere else in the widget: an answer
  // without one is an answered failure.
  const member = await signedInMember(get, response);
  if (!current()) return superseded();
  if (!member) return notSignedIn(set, 'PRE_SIGNUP', texts);
  if (!(await afterSignIn(get, set, member, current))) return superseded();
  // The auth view closes; the host shows the full-screen loader if the page then navigates away.
  set(authOpenAtom, false);
  return { ok: true, userName: response.userName ?? member.userName ?? '' };
}
