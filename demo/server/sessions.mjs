// @ts-check
/**
 * Django-like CSRF and sessions. The csrftoken cookie is readable by scripts (the widget copies it, or the newest
 * `csrfToken` of an answer, into the X-CSRFToken header); the sessionid cookie is HttpOnly and is the only key to
 * the member and the cart.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_COOKIE = 'csrftoken';
export const SESSION_COOKIE = 'sessionid';
export const CSRF_HEADER = 'x-csrftoken';
/** The form field Django's `{% csrf_token %}` renders, which CsrfViewMiddleware reads before the header. */
export const CSRF_FIELD = 'csrfmiddlewaretoken';
export const CSRF_MAX_AGE_S = 365 * 24 * 60 * 60;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * @typedef {object} CartItemRecord
 * @property {string} uuid
 * @property {number} optionId
 * @property {string} hotelCode
 * @property {string} roomCode
 * @property {string} boardCode
 * @property {string} checkIn
 * @property {string} checkOut
 * @property {number} nights
 * @property {number} extra package supplement for the stay, kept so upgrades reprice consistently
 * @property {number} price
 */

/**
 * @typedef {object} Session
 * @property {string} id
 * @property {number | null} memberId
 * @property {CartItemRecord[]} cart
 * @property {boolean} [signedInByLink] a validation link signed the member in; the next settings answer says so once
 */

export function newToken() {
  return randomBytes(24).toString('base64url');
}

/**
 * A cookie value we would have issued; anything else is replaced, as Django does with malformed tokens.
 * @param {string | undefined} value
 * @returns {value is string}
 */
export function isWellFormedToken(value) {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

/**
 * @param {string | undefined} cookieToken
 * @param {string | string[] | undefined} headerToken
 */
export function csrfMatches(cookieToken, headerToken) {
  if (!isWellFormedToken(cookieToken) || typeof headerToken !== 'string') return false;
  const expected = Buffer.from(cookieToken);
  const given = Buffer.from(headerToken);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class Sessions {
  constructor() {
    /** @type {Map<string, Session>} */
    this.byId = new Map();
  }

  clear() {
    this.byId.clear();
  }

  /** @param {string | undefined} id */
  get(id) {
    return (isWellFormedToken(id) && this.byId.get(id)) || null;
  }

  /** @returns {Session} */
  create() {
    const session = { id: newToken(), memberId: null, cart: [] };
    this.byId.set(session.id, session);
    return session;
  }

  /**
   * New key, same data: done at sign-in against session fixation (Django's cycle_key).
   * @param {Session} session
   */
  rotate(session) {
    this.byId.delete(session.id);
    session.id = newToken();
    this.byId.set(session.id, session);
    return session;
  }

  /** @param {Session} session */
  destroy(session) {
    this.byId.delete(session.id);
  }
}
