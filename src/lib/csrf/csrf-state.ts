/**
 * A page's anti-forgery state (docs/integration.md "CSRF: where the widget finds the token"), held by its transport
 * (src/api/transport.ts) and made with it in the start chunk: the cookie's configured name, how to ask bookcore for
 * a fresh token, and the tokens bookcore's answers carried before the code that posts was there. Everything else of
 * CSRF (finding the token, following its rotations, the page's fields, the refusals) is ./token.ts, which loads with
 * the code that posts and takes these over.
 */
import { DEFAULT_CSRF_COOKIE_NAME, isCookieName } from './cookie-name';

/** A `csrfToken` a same-origin bookcore answer carried, with the page's cookies as its request went out. */
export interface AnsweredCsrfToken {
  token: unknown;
  cookiesAtRequest: string | null;
}

/**
 * One page's anti-forgery state (docs/architecture.md "The runtime"): the cookie's configured name, how to ask
 * bookcore for a fresh token, the tokens answers carried before ./token.ts was there, the newest token an answer
 * carried and the cookie as it read then, and the refresh under way. Made with {@link createCsrfState}, held by the
 * page's transport; a test makes its own.
 */
export interface CsrfState {
  cookieName: string;
  /** The call a refused POST asks for a fresh token with (the settings call); without it, a refusal stands. */
  refresh?: (() => Promise<unknown>) | null;
  /** One request for a token however many POSTs were refused at once. */
  refreshing?: Promise<unknown> | null;
  /** Tokens the start's answers carried, waiting for ./token.ts. */
  readonly answered: AnsweredCsrfToken[];
  /** The newest token a same-origin answer carried. */
  answeredToken?: string;
  /** The cookie's token as it read when that answer's request went out (see ./token.ts). */
  cookieWhenAnswered?: string | null;
}

/** A fresh anti-forgery state: the default cookie name, no token, no refresher. */
export function createCsrfState(): CsrfState {
  // The rest is set as it happens: nothing answered, no refresher.
  return { cookieName: DEFAULT_CSRF_COOKIE_NAME, answered: [] };
}

/**
 * Sets the cookie the token is read from (`data-csrf-cookie-name`).
 *
 * @param csrf - the page's anti-forgery state.
 * @param name - Django's `CSRF_COOKIE_NAME`; an unusable name keeps the default.
 */
export function setCsrfCookieName(csrf: CsrfState, name: string): void {
  csrf.cookieName = isCookieName(name) ? name : DEFAULT_CSRF_COOKIE_NAME;
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

/** Keeps a token an answer carried until ./token.ts takes it (`takeOverAnsweredCsrfTokens`), in order. */
export function handOverCsrfToken(csrf: CsrfState, token: AnsweredCsrfToken): void {
  csrf.answered.push(token);
}
