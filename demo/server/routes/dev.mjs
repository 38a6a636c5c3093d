// @ts-check
/**
 * /__dev: switches for tests and the demo (faults, request log, mailbox, reset, clock, Django's CSRF cookie setup). No CSRF: they are not
 * part of bookcore and only ever reached over loopback.
 */
import { parseFault } from '../faults.mjs';
import { html, json, withHeaders } from '../lib/http.mjs';
import { route } from '../lib/router.mjs';
import { renderMailbox } from '../mail.mjs';

/**
 * @typedef {object} DevContext
 * @property {URL} url
 * @property {import('../store.mjs').Store} store
 * @property {unknown} body the parsed JSON body, undefined when empty
 */
/** @typedef {(ctx: DevContext) => import('../lib/http.mjs').Reply} DevHandler */

const ok = () => json({ success: true });

/** @type {DevHandler} */
function addFault({ body, store }) {
  const parsed = parseFault(body);
  if (!parsed.ok) return json({ detail: parsed.error }, 400);
  store.faults.add(parsed.fault);
  return ok();
}

/** @param {import('../store.mjs').Store} store */
const clockState = (store) => json({ offsetMs: store.clockOffsetMs, now: new Date(store.now()).toISOString() });

/** @type {DevHandler} */
function setClock({ body, store }) {
  const offsetMs = /** @type {{ offsetMs?: unknown } | undefined} */ (body)?.offsetMs;
  if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs)) return json({ detail: 'offsetMs must be a finite number' }, 400);
  store.clockOffsetMs = offsetMs;
  return clockState(store);
}

const COOKIE_NAME_SHAPE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Django's CSRF cookie settings: `{cookieName?, httpOnly?}` (CSRF_COOKIE_NAME, CSRF_COOKIE_HTTPONLY).
 * @type {DevHandler}
 */
function setCsrf({ body, store }) {
  const { cookieName, httpOnly } = /** @type {{ cookieName?: unknown, httpOnly?: unknown }} */ (body ?? {});
  if (cookieName !== undefined && (typeof cookieName !== 'string' || !COOKIE_NAME_SHAPE.test(cookieName) || cookieName === 'sessionid')) {
    return json({ detail: 'cookieName must be a cookie name other than sessionid' }, 400);
  }
  if (httpOnly !== undefined && typeof httpOnly !== 'boolean') return json({ detail: 'httpOnly must be a boolean' }, 400);
  store.csrf = { cookieName: cookieName ?? store.csrf.cookieName, httpOnly: httpOnly ?? store.csrf.httpOnly };
  return json(store.csrf);
}

/** @type {import('../lib/router.mjs').Route<DevHandler>[]} */
export const devRoutes = [
  route('POST', '/__dev/faults', addFault),
  route('GET', '/__dev/faults', ({ store }) =>
    json(store.faults.active.map(({ remaining, ...fault }) => ({ ...fault, remaining: Number.isFinite(remaining) ? remaining : null }))),
  ),
  route('DELETE', '/__dev/faults', ({ store }) => (store.faults.clear(), ok())),
  route('GET', '/__dev/requests', ({ store, url }) => json(store.requestLog.list(url.searchParams.get('path')))),
  route('DELETE', '/__dev/requests', ({ store }) => (store.requestLog.clear(), ok())),
  // The page shows what strangers typed into sign-up forms: no script may run in it, whatever escaping misses.
  route('GET', '/__dev/mailbox', ({ store }) =>
    withHeaders(html(renderMailbox(store.mailbox.mails)), { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }),
  ),
  route('GET', '/__dev/mailbox.json', ({ store }) => json(store.mailbox.mails)),
  route('DELETE', '/__dev/mailbox', ({ store }) => (store.mailbox.clear(), ok())),
  route('POST', '/__dev/reset', ({ store }) => (store.reset(), ok())),
  route('GET', '/__dev/clock', ({ store }) => clockState(store)),
  route('POST', '/__dev/clock', setClock),
  route('POST', '/__dev/csrf', setCsrf),
  route('GET', '/__dev/csrf', ({ store }) => json(store.csrf)),
];
