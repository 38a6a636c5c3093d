// @ts-check
/**
 * What a route handler sees of one API request: the parsed form, the session and member, and the cookies to set.
 */
import { parseForm } from './lib/body.mjs';
import { parseCookies, serializeCookie } from './lib/http.mjs';
import {
  CSRF_FIELD,
  CSRF_HEADER,
  CSRF_MAX_AGE_S,
  SESSION_COOKIE,
  csrfMatches,
  isWellFormedToken,
  newToken,
} from './sessions.mjs';

export class RequestContext {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {URL} url
   * @param {Buffer} rawBody
   * @param {import('./store.mjs').Store} store
   * @param {string} origin scheme and host the client used, for links in mails
   */
  constructor(req, url, rawBody, store, origin) {
    this.req = req;
    this.url = url;
    this.store = store;
    this.origin = origin;
    /** @type {Record<string, string>} set by the router */
    this.params = {};
    this.form = parseForm(rawBody, req.headers['content-type']);
    this.cookies = parseCookies(req.headers.cookie);
    /** @type {string[]} */
    this.setCookies = [];
    /** @type {import('./sessions.mjs').Session | null} */
    this.session = store.sessions.get(this.cookies[SESSION_COOKIE]);

    const existing = this.cookies[store.csrf.cookieName];
    // Like Django, a request's token is the cookie it came with; a new one is issued only by a view that asks
    // for it (ensureCsrfCookie) or by login and logout.
    /** @type {string | null} */
    this.csrfToken = isWellFormedToken(existing) ? existing : null;
  }

  /**
   * Django's CsrfViewMiddleware: null when the POST may pass, else the reason Django 3.2 gives. The token comes
   * from the form field `csrfmiddlewaretoken` first, else the X-CSRFToken header.
   * @returns {string | null}
   */
  csrfFailure() {
    const cookie = this.cookies[this.store.csrf.cookieName];
    if (!isWellFormedToken(cookie)) return 'CSRF cookie not set.';
    const fromForm = this.form[CSRF_FIELD];
    const given = fromForm ? fromForm : this.req.headers[CSRF_HEADER];
    return csrfMatches(cookie, given) ? null : 'CSRF token missing or incorrect.';
  }

  /**
   * Django's `ensure_csrf_cookie` / `get_token`: the view's answer carries the csrftoken cookie, a new one when
   * the request had none.
   * @returns {string} the token
   */
  ensureCsrfCookie() {
    if (!this.csrfToken) this.csrfToken = newToken();
    this.setCsrfCookie(this.csrfToken);
    return this.csrfToken;
  }

  /** Django's `rotate_token`: a new token, in the answer's cookie. */
  rotateCsrfToken() {
    this.csrfToken = newToken();
    this.setCsrfCookie(this.csrfToken);
    return this.csrfToken;
  }

  /** @param {string} token */
  setCsrfCookie(token) {
    const { cookieName, httpOnly } = this.store.csrf;
    this.setCookie(cookieName, token, { maxAge: CSRF_MAX_AGE_S, httpOnly });
  }

  /**
   * @param {string} name
   * @param {string} value
   * @param {import('./lib/http.mjs').CookieOptions} [options]
   */
  setCookie(name, value, options) {
    this.setCookies.push(serializeCookie(name, value, options));
  }

  /** @returns {import('./sessions.mjs').Session} */
  ensureSession() {
    if (!this.session) {
      this.session = this.store.sessions.create();
      this.setCookie(SESSION_COOKIE, this.session.id, { httpOnly: true });
    }
    return this.session;
  }

  get member() {
    const memberId = this.session?.memberId;
    return memberId ? this.store.accounts.findById(memberId) : null;
  }

  /**
   * Like django.contrib.auth.login: keeps the session data (the cart) under a new key and rotates the CSRF
   * token, so clients must take the new token (the answer's `csrfToken`, or the cookie) for their next POST.
   * @param {import('./accounts.mjs').Member} member
   */
  login(member) {
    const session = this.store.sessions.rotate(this.ensureSession());
    session.memberId = member.id;
    this.setCookie(SESSION_COOKIE, session.id, { httpOnly: true });
    this.rotateCsrfToken();
  }

  /**
   * Like django.contrib.auth.logout: the whole session, cart included, is flushed, and the next POST needs a new
   * token (Django's flush drops a session-stored token; this server rotates the cookie's).
   */
  logout() {
    if (this.session) this.store.sessions.destroy(this.session);
    this.session = null;
    this.setCookie(SESSION_COOKIE, '', { httpOnly: true, maxAge: 0 });
    this.rotateCsrfToken();
  }

  get lang() {
    return this.url.searchParams.get('lang');
  }
}
