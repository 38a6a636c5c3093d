// @ts-check
/**
 * Small HTTP helpers shared by every route: replies as plain values, cookies, escaping.
 * Handlers return a Reply instead of writing to the response so the pipeline can add cookies and
 * headers in one place.
 */

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {string | Buffer} [body]
 */

/**
 * @param {unknown} data
 * @param {number} [status]
 * @returns {Reply}
 */
export function json(data, status = 200) {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(data) };
}

/**
 * @param {string} markup
 * @param {number} [status]
 * @returns {Reply}
 */
export function html(markup, status = 200) {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: markup };
}

/**
 * @param {string} body
 * @param {number} [status]
 * @returns {Reply}
 */
export function text(body, status = 200) {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
}

/**
 * @param {string} location
 * @returns {Reply}
 */
export function redirect(location) {
  return { status: 302, headers: { location }, body: '' };
}

/**
 * @param {Reply} reply
 * @param {Record<string, string>} headers added to, or replacing, the reply's own
 * @returns {Reply}
 */
export function withHeaders(reply, headers) {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

/** @returns {Reply} */
export function notFoundJson() {
  return json({ detail: 'Not found.' }, 404);
}

/**
 * @param {string[]} allowed
 * @returns {Reply}
 */
export function methodNotAllowed(allowed) {
  return withHeaders(json({ detail: 'Method not allowed.' }, 405), { allow: allowed.join(', ') });
}

/**
 * Writes a reply. Dev server answers are never cached: tests and the demo change state between requests.
 * @param {import('node:http').ServerResponse} res
 * @param {Reply} reply
 * @param {string[]} [cookies] serialized Set-Cookie values
 */
export function writeReply(res, reply, cookies = []) {
  if (res.headersSent || res.destroyed) return;
  res.statusCode = reply.status;
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.end(reply.body ?? '');
}

/**
 * @param {unknown} value
 * @returns {string}
 */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * @param {string | undefined} header
 * @returns {Record<string, string>}
 */
export function parseCookies(header) {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    // Like browsers and Django, the first occurrence of a name wins.
    if (!name || name in cookies) continue;
    cookies[name] = safeDecode(pair.slice(separator + 1).trim());
  }
  return cookies;
}

/**
 * @param {string} value
 * @returns {string}
 */
function safeDecode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * @typedef {object} CookieOptions
 * @property {boolean} [httpOnly]
 * @property {number} [maxAge] seconds; 0 deletes the cookie
 */

/**
 * @param {string} name
 * @param {string} value
 * @param {CookieOptions} [options]
 * @returns {string}
 */
export function serializeCookie(name, value, options = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

/**
 * The media type of a Content-Type header, lower-cased and without parameters.
 * @param {string | undefined} header
 * @returns {string | null}
 */
export function mediaType(header) {
  if (!header) return null;
  return header.split(';')[0].trim().toLowerCase() || null;
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
