/**
 * The console warning for a POST Django refused for CSRF, in a chunk of its own: its texts are needed only on a
 * refusal, so the first payload does not carry them (src/api/http.ts imports it then).
 */
import type { CsrfState, FoundCsrfToken } from './token';
import { warnOnce } from '../warn';

/** The documentation section every CSRF warning points to. */
export const CSRF_README_SECTION = 'docs/integration.md "CSRF: where the widget finds the token"';

/**
 * Logs one console warning (per page) for a POST Django refused for CSRF, naming the likely cause and the
 * documentation section to read.
 *
 * @param csrf - the page's anti-forgery state (the cookie name it reads).
 * @param url - the refused address.
 * @param sent - the token the POST carried, or null when the widget found none.
 */
export function warnCsrfRefusal(csrf: CsrfState, url: string, sent: FoundCsrfToken | null): void {
  const cause = sent
    ? `the token it sent (from the ${sent.origin}) is not the session's: likely stale, as Django rotates it at ` +
      'login() and logout(). Have the sign-in, social sign-in and logout answers carry csrfToken ' +
      '(get_token(request) after login()/logout()), or, when CSRF_COOKIE_NAME is not "csrftoken", set ' +
      'data-csrf-cookie-name on <loyalty-panel>.'
    : 'the widget found no token to send. Django keeps it where scripts cannot read it (CSRF_COOKIE_HTTPONLY, ' +
      `CSRF_USE_SESSIONS) or under another name (CSRF_COOKIE_NAME; the widget reads "${csrf.cookieName}"), or no view ` +
      'set it (decorate the settings and user views with ensure_csrf_cookie, or have the answers carry csrfToken).';
  warnOnce(`POST ${url} was refused for CSRF (403): ${cause} Read ${CSRF_README_SECTION}.`);
}

