/**
 * The loyalty session: settings, the current member, the auth view and the panel's requests (docs/loyalty-widget.md "Start-up", "Sections").
 *
 * Action atoms call the API and update the store; they return what happened so components can do the host's
 * part (events, navigation), since nothing here touches the DOM.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import type { SocialIntegration, SocialUser } from '../api/loyalty';
import type { User } from '../api/loyalty.schemas';
import { getStartSettings, getStartUser, type StartSettings } from '../api/widget-start';
import type { AuthSection } from '../lib/events';
import { takeSessionFlag } from '../lib/session-flags';
import { configAtom, sectionAtom, requestOptionsAtom } from './store';

/**
 * Where the settings request stands. One value, never a set of booleans. Ready, it holds the answer as the start read
 * it (src/api/widget-start.ts); the panel reads it decoded in full (`loyaltySettingsAtom`, ./settings.ts).
 */
export type SettingsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; answer: StartSettings['answer'] }
  | { status: 'failed'; reason: string };

/** Settings of the page's one settings request. */
export const settingsAtom = atom<SettingsState>({ status: 'idle' });

/** The signed-in member, or null for an anonymous visitor. */
export const userAtom = atom<User | null>(null);

/**
 * The member a mail link signed in on the way to this page (the settings' `justSignedIn`, docs/bookcore-contract.md
 * "Back where the guest started"), whose sign-in the page announces once; null otherwise.
 */
export const signedInByLinkAtom = atom<User | null>(null);

/** Whether the auth view (modal or inline) is showing. */
export const authOpenAtom = atom(false);

/** A panel message, shown for {@link MESSAGE_DURATION_MS} (docs/loyalty-widget.md "Messages"). */
export type PanelMessage = { tone: 'error' | 'warning' | 'success'; text: string };

/** How long a panel message stays (docs/loyalty-widget.md "Messages"). */
export const MESSAGE_DURATION_MS = 10_000;

/** The panel's current message, or null. */
export const messageAtom = atom<PanelMessage | null>(null);

/**
 * The member price, formatted, that the guest's join action (`<loyalty-price>`'s, the cart's) opened the panel with
 * (SIGNUP's heading says "join free and pay it"); null when the panel was opened any other way.
 */
export const joinOfferAtom = atom<string | null>(null);

/** The social user waiting on the SOCIAL_GDPR consent step. */
export const pendingSocialUserAtom = atom<SocialUser | null>(null);

/**
 * The social component's logged-in flag (docs/loyalty-widget.md "Social login": a logged-in flag that flips on login or logout when
 * changeStateOnClick is set"). The widget always behaves as with changeStateOnClick set: the flag names the
 * provider the visitor logged in with once its SDK vouched for them; the sign-out flips it back.
 */
export const socialLoggedInAtom = atom<SocialIntegration | null>(null);

/** Whether the visitor counts as a member for the icon and texts (docs/loyalty-widget.md "Member and guest"). */
export const isMemberAtom = atom((get) => Boolean(get(userAtom)?.nombre));

/**
 * A member's full name, the one rule of every greeting (SIGNIN_SUCCESS, the dropped-cart dialog): first name and
 * surname, each falling back to `info_personal`'s.
 */
export function memberFullName(user: Pick<User, 'nombre' | 'apellidos' | 'info_personal'>): string {
  const first = user.nombre || user.info_personal?.nombre || '';
  const last = user.apellidos || user.info_personal?.apellidos || '';
  return [first, last].filter(Boolean).join(' ');
}

/**
 * Values a section's form starts with, carried by the link that led there: the e-mail typed on SIGNIN goes to
 * PASS_RECOVERY with the forgot-password link. A form that can send what it starts with sends it on load (docs/loyalty-widget.md
 * docs/forms-and-consent.md "`<Form>`"), so the section takes the values when it mounts, once.
 */
export const carriedValuesAtom = atom<{ section: AuthSection; values: Readonly<Record<string, string>> } | null>(null);

// The start's promise, so a second caller waits for the same requests instead of making new ones.
const startAtom = atom<Promise<void> | null>(null);

// Settles once both of the start's requests have (the start itself may be done from the settings alone).
const startRequestsAtom = atom<Promise<void> | null>(null);

/** Whether the start's requests are out, not both answered yet (a first visit's answers may each set a CSRF cookie). */
export const startUnderWayAtom = atom(false);

/**
 * Starts the widget if no element has, and resolves once both of its requests have answered or failed: until
 * then a first visit's answers may each still set a new CSRF cookie, so a POST waits for this one (docs/integration.md
 * "CSRF: where the widget finds the token").
 */
export const startRequestsSettledAtom = atom(null, (get, set): Promise<void> => {
  void set(startWidgetAtom);
  return get(startRequestsAtom) ?? Promise.resolve();
});

/**
 * Counts the guest's auth actions (sign-in, sign-out, sign-up, recovery, social). Answers can arrive in any
 * order; each one is applied only while no later action has started, so the widget ends as the guest's last
 * action left it: a sign-in answered after a later sign-out, or the page's start answered after any action,
 * changes nothing.
 */
export const authTurnAtom = atom(0);

/** Starts an action's turn; the returned function tells whether it is still the newest. */
export function takeTurn(get: Getter, set: Setter): () => boolean {
  const turn = get(authTurnAtom) + 1;
  set(authTurnAtom, turn);
  return () => get(authTurnAtom) === turn;
}

/** What a superseded action ends in: an abort, which callers treat as "nothing to show". */
export function superseded(): { ok: false; error: Error } {
  return { ok: false, error: new DOMException('A later sign-in or sign-out replaced this action.', 'AbortError') };
}

/**
 * Starts the widget once per page (docs/loyalty-widget.md "Start-up"): the settings and the current user are requested
 * in parallel, once, whichever element asks first.
 */
export const startWidgetAtom = atom(null, (get, set): Promise<void> => {
  const running = get(startAtom);
  if (running) return running;
  const { endpoints, activeSection } = get(configAtom);
  // The page's chosen first section (the password-change page's PASS_RECOVERY_CHANGE, say); a returning
  // member moves on to SIGNIN_SUCCESS once the settings say so.
  set(sectionAtom, entrySection(activeSection));
  set(settingsAtom, { status: 'loading' });
  const startTurn = get(authTurnAtom);
  const user = getStartUser(endpoints.getUser, get(requestOptionsAtom)).catch(() => null);
  const started = getStartSettings(endpoints.settings, get(requestOptionsAtom)).then(
    async (response) => {
      const refusal = startRefusal(response);
      if (refusal) {
        set(settingsAtom, { status: 'failed', reason: refusal });
        return;
      }
      set(settingsAtom, { status: 'ready', answer: response.answer });
      const member = response.loggedIn ?? (await user);
      // The session as the page loaded; a sign-in or sign-out since then knows better.
      if (get(authTurnAtom) !== startTurn) return;
      if (member) {
        signedIn(set, member);
        if (response.justSignedIn) set(signedInByLinkAtom, member);
      } else if (response.signInEmail) {
        // A mail link bookcore could not sign in with: the sign-in, open, starting with the e-mail it named.
        set(carriedValuesAtom, { section: 'SIGNIN', values: { email: response.signInEmail } });
        set(openAuthAtom, 'SIGNIN');
      }
    },
    (error: unknown) => {
      set(settingsAtom, { status: 'failed', reason: error instanceof Error ? error.message : String(error) });
    },
  );
  set(startAtom, started);
  set(startUnderWayAtom, true);
  set(
    startRequestsAtom,
    Promise.allSettled([started, user]).then(() => {
      set(startUnderWayAtom, false);
    }),
  );
  return started;
});

/**
 * Why a decoded settings answer hides the widget (docs/loyalty-widget.md "Start-up"), or null when it does not: only `success: false`
 * and a missing or empty `SIGNIN.form` do. Every other part of the settings is optional.
 */
function startRefusal(response: StartSettings): string | null {
  if (response.success === false) return 'The settings answered success: false.';
  if (!response.signInForm) return 'The settings carry no sign-in form (SIGNIN.form is missing).';
  if (response.signInForm.length === 0) return 'The settings carry no sign-in form (SIGNIN.form is empty).';
  return null;
}

function signedIn(set: Setter, user: User): void {
  set(userAtom, user);
  set(sectionAtom, 'SIGNIN_SUCCESS');
}

// LOADER, the full-screen loader, stands for a request in flight: a page cannot start or open the panel on it.
function entrySection(section: AuthSection): AuthSection {
  return section === 'LOADER' ? 'PRE_SIGNUP' : section;
}

/**
 * Opens the auth view at a section (docs/loyalty-widget.md "Modal or inline": reopening resets SOCIAL_GDPR to PRE_SIGNUP; a member sees
 * SIGNIN_SUCCESS).
 */
export const openAuthAtom = atom(null, (get, set, section?: AuthSection) => {
  const current = get(sectionAtom);
  const member = get(isMemberAtom);
  let next: AuthSection = section ? entrySection(section) : current;
  if (member && (next === 'SIGNIN' || next === 'PRE_SIGNUP' || next === 'SIGNUP')) next = 'SIGNIN_SUCCESS';
  if (next === 'SOCIAL_GDPR' && !get(pendingSocialUserAtom)) next = 'PRE_SIGNUP';
  if (!member && next === 'SIGNIN_SUCCESS') next = 'SIGNIN';
  // A message (a sign-in refusal, say) stays across a close and reopen at the same section: only a link or a new
  // action clears it (docs/loyalty-widget.md "Messages"); opening elsewhere starts clean.
  if (next !== current) set(messageAtom, null);
  set(sectionAtom, next);
  set(authOpenAtom, true);
  return next;
});

/** Closes the auth view. */
export const closeAuthAtom = atom(null, (get, set) => {
  set(authOpenAtom, false);
  if (get(sectionAtom) === 'SOCIAL_GDPR') set(sectionAtom, 'PRE_SIGNUP');
});

/**
 * Moves the panel to a section from a link, clearing the message (docs/loyalty-widget.md "Messages"), with the values the
 * section's form starts with, if any ({@link carriedValuesAtom}).
 */
export const goToSectionAtom = atom(null, (_get, set, section: AuthSection, values?: Readonly<Record<string, string>>) => {
  set(messageAtom, null);
  set(carriedValuesAtom, values ? { section, values } : null);
  set(sectionAtom, section);
});

/** Whether the dropped-cart dialog is due; reading it clears it (docs/loyalty-widget.md "After sign-in"). */
export function takeDroppedCartNotice(): boolean {
  return takeSessionFlag('loyalty_dropped_cart');
}
