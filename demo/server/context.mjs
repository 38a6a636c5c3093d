// @ts-check
/**
 * What a route handler sees of one API request: the parsed form, the session and member, and the cookies to set.
 */
import { parseForm } from './lib/body.mjs';
import { parseCookies, serializeCookie } from './lib/http.mjs';
import {
  CSRF_COOKIE,
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

    const existing = this.cookies[CSRF_COOKIE];
    this.csrfToken = isWellFormedToken(existing) ? existing : this.issueCsrfToken();
  }

  /** True when the X-CSRFToken header equals the csrftoken cookie the request came with. */
  csrfValid() {
    return csrfMatches(this.cookies[CSRF_COOKIE], this.req.headers[CSRF_HEADER]);
  }

  issueCsrfToken() {
    const token = newToken();
    this.setCookie(CSRF_COOKIE, token, { maxAge: CSRF_MAX_AGE_S });
    return token;
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
   * token, so clients must read the csrftoken cookie before every POST rather than cache it.
   * @param {import('./accounts.mjs').Member} member
   */
  login(member) {
    const session = this.store.sessions.rotate(this.ensureSession());
    session.memberId = member.id;
    this.setCookie(SESSION_COOKIE, session.id, { httpOnly: true });
    this.csrfToken = this.issueCsrfToken();
  }

  /** Like django.contrib.auth.logout: the whole session, cart included, is flushed. */
  logout() {
    if (this.session) this.store.sessions.destroy(this.session);
    this.session = null;
    this.setCookie(SESSION_COOKIE, '', { httpOnly: true, maxAge: 0 });
  }

  get lang() {
    return this.url.searchParams.get('lang');
  }
}
