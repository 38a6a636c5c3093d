/**
 * The Django anti-forgery token: where the widget finds it, how it follows Django's rotations, and what it says
 * when Django refuses a POST for it (docs/integration.md "CSRF: where the widget finds the token").
 *
 * Django rotates the token at `login()` and `logout()`, may keep it where scripts cannot read it
 * (`CSRF_COOKIE_HTTPONLY`, `CSRF_USE_SESSIONS`) or under another name (`CSRF_COOKIE_NAME`), and sets the cookie
 * only from views that ask for it. So the token is read afresh for every POST, in this order:
 *
 * 1. the configured cookie (`data-csrf-cookie-name`, default `csrftoken`), when scripts can read it — unless a
 *    same-origin bookcore answer carried a `csrfToken` and the cookie has not changed since that answer's request
 *    went out (the answer is then newer: WebKit shows a fetch's Set-Cookie in `document.cookie` a moment late). A
 *    cookie that changed while the request was out is the browser's newest: on a visitor's first page two answers
 *    each set a new token, and the one the page handles last need not be the one the cookie kept;
 * 2. the newest `csrfToken` a same-origin bookcore answer carried (sign-in, social sign-in and logout answers
 *    carry it after Django rotated it; the settings may);
 * 3. a `csrfmiddlewaretoken` field inside `<loyalty-panel>` (the integrator's `{% csrf_token %}` in the tag);
 * 4. the `csrfmiddlewaretoken` field of the first `<form method="post">` of the page that posts to this origin.
 *
 * A field outside any form, or in a form that posts elsewhere or by GET, is never read: content planted in the
 * page (a comment, an advert) cannot choose the token every POST sends.
 */

import { readPageCookies, type CsrfState } from './csrf-state';

export { DEFAULT_CSRF_COOKIE_NAME, isCookieName } from './cookie-name';
export { createCsrfState, setCsrfCookieName, type CsrfState } from './csrf-state';
/** The hidden field Django's `{% csrf_token %}` renders. */
export const CSRF_FIELD_NAME = 'csrfmiddlewaretoken';

const FIELD_SELECTOR = `input[name="${CSRF_FIELD_NAME}"]`;
const PANEL_FIELD_SELECTOR = `loyalty-panel ${FIELD_SELECTOR}`;
// Django's tokens are 32 or 64 letters and digits; the shape is wider, but a token must be a valid header value.
const TOKEN_SHAPE = /^[\x21-\x7e]{1,512}$/;

/** Where a token was found (named in the warning of a refused POST). */
export type CsrfTokenOrigin = 'cookie' | 'answer' | 'panel field' | 'page form' | 'caller';

/** A token and where it came from. */
export interface FoundCsrfToken {
  token: string;
  origin: CsrfTokenOrigin;
}

/**
 * Takes the token a bookcore answer carried (`csrfToken`) as the newest, and writes the token POSTs now send into
 * the page's `csrfmiddlewaretoken` fields (the panel's and those of forms that post to this origin), so the host's
 * own Django forms keep working after the widget's sign-in or sign-out. Anything that is not a usable token is
 * ignored: an answer without one changes nothing.
 *
 * @param csrf - the page's anti-forgery state.
 * @param token - the answer's `csrfToken` value.
 * @param doc - the page whose fields are updated.
 * @param cookieAtRequest - the cookie's token when the answer's request went out ({@link readCsrfCookie}); absent,
 *   the cookie as it reads now.
 */
export function rememberCsrfToken(
  csrf: CsrfState,
  token: unknown,
  doc: Document | undefined = globalThis.document,
  cookieAtRequest?: string | null,
): void {
  // Older answers first (the start's, kept by ./csrf-state.ts): this one is newer than they are.
  takeOverAnsweredCsrfTokens(csrf, doc);
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return;
  // The answer wins until the cookie differs from the one its request went out with: WebKit hands a fetch's
  // Set-Cookie to `document.cookie` a moment late, so right after a rotating answer the cookie can still hold the
  // token Django just retired; a cookie that changed since (that answer's own, a parallel answer's, another tab's
  // sign-in) is newer.
  csrf.answeredToken = token;
  csrf.cookieWhenAnswered = cookieAtRequest !== undefined ? cookieAtRequest : doc ? readCookieToken(csrf, doc) : null;
  if (!doc) return;
  const current = findCsrfToken(csrf, doc)?.token ?? token;
  for (const field of pageTokenFields(doc)) field.value = current;
}

/**
 * The configured cookie's token as scripts read it now, or null (none, unreadable, or no page). The transport
 * notes it when a request goes out, for {@link rememberCsrfToken}.
 *
 * @param csrf - the page's anti-forgery state (its cookie name).
 * @param doc - the page.
 */
export function readCsrfCookie(csrf: CsrfState, doc: Document | undefined = globalThis.document): string | null {
  return doc ? readCookieToken(csrf, doc) : null;
}

/**
 * Reads the anti-forgery token in the documented order (see the module comment).
 *
 * @param csrf - the page's anti-forgery state.
 * @param doc - the page to read from; absent outside a window (a worker), where there is no token.
 * @returns the token, or null when the page carries none.
 */
export function readCsrfToken(csrf: CsrfState, doc: Document | undefined = globalThis.document): string | null {
  return findCsrfToken(csrf, doc)?.token ?? null;
}

/**
 * {@link readCsrfToken}, saying where the token came from.
 *
 * @param csrf - the page's anti-forgery state.
 * @param doc - the page to read from.
 */
export function findCsrfToken(csrf: CsrfState, doc: Document | undefined = globalThis.document): FoundCsrfToken | null {
  takeOverAnsweredCsrfTokens(csrf, doc);
  const fromCookie = doc ? readCookieToken(csrf, doc) : null;
  const { answeredToken } = csrf;
  if (answeredToken && fromCookie === csrf.cookieWhenAnswered) return { token: answeredToken, origin: 'answer' };
  if (fromCookie) return { token: fromCookie, origin: 'cookie' };
  if (answeredToken) return { token: answeredToken, origin: 'answer' };
  if (!doc) return null;
  const fromPanel = fieldValue(doc.querySelector<HTMLInputElement>(PANEL_FIELD_SELECTOR));
  if (fromPanel) return { token: fromPanel, origin: 'panel field' };
  for (const field of formTokenFields(doc)) {
    const value = fieldValue(field);
    if (value) return { token: value, origin: 'page form' };
  }
  return null;
}

/**
 * The response header a bookcore with its own `CSRF_FAILURE_VIEW` sets on that view's 403 (any value; the reason
 * Django passed the view is a good one) to say "refused for CSRF, nothing ran" (docs/integration.md "Which 403 is a
 * CSRF refusal").
 */
export const CSRF_FAILURE_HEADER = 'X-CSRF-Failure';

// The parts of django.views.csrf.csrf_failure's page that no setting changes: its template is inline in Django
// (3.2) or a file of Django's own (4.0 on), and only `title`, `main` and the help texts go through translation,
// so these hold in every language, DEBUG or not.
const DJANGO_FAILURE_PAGE_MARKS: readonly string[] = [
  '<meta name="robots" content="NONE,NOARCHIVE">',
  '<title>403 Forbidden</title>',
  '<div id="summary">',
  '<span>(403)</span></h1>',
];
// Django REST framework's SessionAuthentication runs Django's CSRF check before the view, and answers with this
// untranslated prefix in `detail`.
const REST_FRAMEWORK_REFUSAL = /^\s*\{[\s\S]*"detail"\s*:\s*"CSRF Failed: /;

/**
 * Whether a 403 answer is Django's CSRF middleware refusing the POST before any view ran (so it may be sent again),
 * and not a view's own 403, whatever its body says about CSRF: Django's stock failure page (`csrf_failure`, DEBUG or
 * not, any language), an answer carrying {@link CSRF_FAILURE_HEADER}, or Django REST framework's `"CSRF Failed: …"`.
 *
 * @param status - the HTTP status.
 * @param body - the answer's text.
 * @param headers - the answer's headers.
 */
export function isCsrfRefusal(status: number, body: string, headers?: Headers): boolean {
  if (status !== 403) return false;
  if (headers?.has(CSRF_FAILURE_HEADER)) return true;
  return DJANGO_FAILURE_PAGE_MARKS.every((mark) => body.includes(mark)) || REST_FRAMEWORK_REFUSAL.test(body);
}

/**
 * Takes over the tokens the first payload's requests (the widget's start) received before this module was there
 * (./csrf-state.ts), as {@link rememberCsrfToken} would have taken them then, the page's fields included.
 *
 * @param csrf - the page's anti-forgery state.
 * @param doc - the page whose fields are updated.
 */
export function takeOverAnsweredCsrfTokens(csrf: CsrfState, doc: Document | undefined = globalThis.document): void {
  for (const { token, cookiesAtRequest } of csrf.answered.splice(0)) {
    rememberCsrfToken(csrf, token, doc, cookiesAtRequest === null ? null : tokenInCookies(csrf, cookiesAtRequest));
  }
}

function readCookieToken(csrf: CsrfState, doc: Document): string | null {
  const cookies = readPageCookies(doc);
  return cookies === null ? null : tokenInCookies(csrf, cookies);
}

/**
 * The configured cookie's token in a `document.cookie` text (the cookies a request went out with), or null.
 *
 * @param csrf - the page's anti-forgery state (its cookie name).
 * @param cookies - the page's cookies as scripts read them.
 */
export function tokenInCookies(csrf: CsrfState, cookies: string): string | null {
  const { cookieName } = csrf;
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== cookieName) continue;
    const value = decodeCookieValue(pair.slice(separator + 1).trim());
    if (value) return value;
  }
  return null;
}

function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A cookie written by hand may hold a lone "%"; Django would compare it verbatim too.
    return raw;
  }
}

function fieldValue(field: HTMLInputElement | null | undefined): string | null {
  const value = field?.value.trim();
  return value ? value : null;
}

/** The token fields of the page's forms that post to this origin, in document order. */
function formTokenFields(doc: Document): HTMLInputElement[] {
  const origin = doc.defaultView?.location.origin;
  const fields: HTMLInputElement[] = [];
  // Attributes, not `form.method`/`form.action`: a field named "action" in the form would shadow those.
  for (const form of Array.from(doc.querySelectorAll('form'))) {
    if ((form.getAttribute('method') ?? '').trim().toLowerCase() !== 'post' || !postsTo(form, origin)) continue;
    // The form's own field, not a field of a form nested by a careless template.
    const field = Array.from(form.querySelectorAll<HTMLInputElement>(FIELD_SELECTOR)).find((input) => input.form === form);
    if (field) fields.push(field);
  }
  return fields;
}

/** Every field the widget may write the token into: the panel's and those of this origin's POST forms. */
function pageTokenFields(doc: Document): HTMLInputElement[] {
  return [...Array.from(doc.querySelectorAll<HTMLInputElement>(PANEL_FIELD_SELECTOR)), ...formTokenFields(doc)];
}

function postsTo(form: HTMLFormElement, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    // No action, or an empty one, posts to the page itself.
    return new URL(form.getAttribute('action') ?? '', form.ownerDocument.baseURI).origin === origin;
  } catch {
    return false;
  }
}
