/**
 * The CSRF cookie's name as the configuration reads it (`data-csrf-cookie-name`), in the first payload with the
 * attributes read (src/state/config.ts). The rest of CSRF loads later: ./csrf-state.ts with the start, ./token.ts with
 * the code that posts, ./csrf-warning.ts on a refusal.
 */

/** The cookie Django names the token by default (`CSRF_COOKIE_NAME`). */
export const DEFAULT_CSRF_COOKIE_NAME = 'csrftoken';

// A cookie name as RFC 6265 allows it (a token); anything else cannot be a cookie and is refused as a setting.
const COOKIE_NAME_SHAPE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/;

/**
 * Whether a text may name the CSRF cookie (a cookie-name token).
 *
 * @param name - the `data-csrf-cookie-name` text.
 */
export function isCookieName(name: string): boolean {
  return COOKIE_NAME_SHAPE.test(name);
}
