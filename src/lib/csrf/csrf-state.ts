/**
 * What the start chunk knows of Django's anti-forgery token (docs/integration.md "CSRF: where the widget finds the
 * token"): the cookie's configured name, how to ask bookcore for a fresh token, and the tokens bookcore's answers
 * carried before the code that posts was there. Everything else of CSRF (finding the token, following its rotations,
 * the page's fields, the refusals) is ./token.ts, which loads with the code that posts and takes these over.
 */
import { DEFAULT_CSRF_COOKIE_NAME, isCookieName } from './cookie-name';

/** A `csrfToken` a same-origin bookcore answer carried, with the page's cookies as its request went out. */
export interface AnsweredCsrfToken {
  token: unknown;
  cookiesAtRequest: string | null;
}

let cookieName = DEFAULT_CSRF_COOKIE_NAME;
let refresher: (() => Promise<unknown>) | null = null;
const answered: AnsweredCsrfToken[] = [];

/**
 * Sets the cookie the token is read from (`data-csrf-cookie-name`).
 *
 * @param name - Django's `CSRF_COOKIE_NAME`; an unusable name keeps the default.
 */
export function setCsrfCookieName(name: string): void {
  cookieName = isCookieName(name) ? name : DEFAULT_CSRF_COOKIE_NAME;
}

/** The cookie name the token is read from (`data-csrf-cookie-name`, else the default). */
export function csrfCookieName(): string {
  return cookieName;
}

/**
 * Sets how the transport asks bookcore for the session's current anti-forgery token after Django refused a POST for
 * CSRF: a call whose answer carries `csrfToken` (the settings call) or sets the cookie. The widget's store sets it;
 * without it a refused POST fails as it is.
 *
 * @param refresh - the call, or null to stop asking.
 */
export function setCsrfRefresher(refresh: (() => Promise<unknown>) | null): void {
  refresher = refresh;
}

/** The call {@link setCsrfRefresher} set, or null. */
export function csrfRefresher(): (() => Promise<unknown>) | null {
  return refresher;
}

/**
 * The page's cookies as scripts read them now, or null (no page, or cookies it may not read). Read through
 * `Document.prototype`: `<img name="cookie">` in the page would shadow `document.cookie` (clobbering).
 */
export function readPageCookies(doc: Document | undefined = globalThis.document): string | null {
  if (!doc) return null;
  try {
    const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')?.get;
    const cookies: unknown = getter ? getter.call(doc) : doc.cookie;
    return typeof cookies === 'string' ? cookies : null;
  } catch {
    // Sandboxed iframes and opaque origins throw a SecurityError on any cookie access.
    return null;
  }
}

/** Keeps a token an answer carried until ./token.ts takes it ({@link takeAnsweredCsrfTokens}), in order. */
export function handOverCsrfToken(token: AnsweredCsrfToken): void {
  answered.push(token);
}

/** The tokens answers carried since the last call, oldest first; they are handed over once. */
export function takeAnsweredCsrfTokens(): AnsweredCsrfToken[] {
  return answered.splice(0);
}

/** Test hook (through ./token.ts): the default cookie name, no token waiting. */
export function resetCsrfSetupForTests(): void {
  cookieName = DEFAULT_CSRF_COOKIE_NAME;
  answered.length = 0;
}
