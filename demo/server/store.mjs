// @ts-check
/**
 * All mutable state of one bookcore instance, with the clock tests can move. reset() brings it back to the seed.
 */
import { Accounts } from './accounts.mjs';
import { Faults } from './faults.mjs';
import { Mailbox } from './mail.mjs';
import { RequestLog } from './request-log.mjs';
import { SEED_MEMBERS } from './seed.mjs';
import { CSRF_COOKIE, Sessions } from './sessions.mjs';

/** Django's defaults: the token in a `csrftoken` cookie scripts can read. */
const DEFAULT_CSRF_SETUP = Object.freeze({ cookieName: CSRF_COOKIE, httpOnly: false });

export class Store {
  /** @param {{ tokenTtlMs: number, requestLogLimit: number }} config */
  constructor(config) {
    this.clockOffsetMs = 0;
    /** Django's CSRF_COOKIE_NAME and CSRF_COOKIE_HTTPONLY, switchable by /__dev/csrf. */
    this.csrf = { ...DEFAULT_CSRF_SETUP };
    /** The server clock; every expiry and "today" reads it. */
    this.now = () => Date.now() + this.clockOffsetMs;
    this.accounts = new Accounts(this.now, config.tokenTtlMs);
    this.sessions = new Sessions();
    this.mailbox = new Mailbox(this.now);
    this.faults = new Faults();
    this.requestLog = new RequestLog(config.requestLogLimit);
    /** @type {Set<import('node:http').ServerResponse>} */
    this.hanging = new Set();
    this.reset();
  }

  reset() {
    this.clockOffsetMs = 0;
    this.csrf = { ...DEFAULT_CSRF_SETUP };
    this.accounts.reset(SEED_MEMBERS);
    this.sessions.clear();
    this.mailbox.clear();
    this.faults.clear();
    this.requestLog.clear();
    // A hung request would otherwise outlive the test that set it up.
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }
}
