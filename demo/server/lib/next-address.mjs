// @ts-check
/**
 * The page a mail link sends the guest back to (docs/bookcore-contract.md "Back where the guest started"): only
 * an address on the site that asked, as a path, never another host (an open redirect would let a phishing mail
 * borrow the hotel's domain), a protocol-relative `//host`, a backslash browsers read as a slash, or a
 * `javascript:` address.
 */

const MAX_NEXT_LENGTH = 2048;

/**
 * The path and query of `next` when it is an http(s) address on `origin` (absolute or a path starting with one
 * `/`), without its fragment; null for anything else.
 * @param {unknown} next what the widget posted, or what the link carries
 * @param {string} origin scheme and host of the request (`http://127.0.0.1:8000`)
 * @returns {string | null}
 */
export function safeNext(next, origin) {
  if (typeof next !== 'string' || next === '' || next.length > MAX_NEXT_LENGTH) return null;
  // Browsers read `\` as `/` and drop tabs and newlines: `/\evil`, `/<tab>/evil` would leave the site.
  if (next.includes('\\') || [...next].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (next.startsWith('//')) return null;
  let url;
  try {
    url = new URL(next, `${origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== new URL(origin).origin || url.username || url.password) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * A mail link with the guest's page as `?next=`, when there is one.
 * @param {string} link
 * @param {string | null} next a path {@link safeNext} accepted
 */
export function withNext(link, next) {
  return next ? `${link}?${new URLSearchParams({ next }).toString()}` : link;
}
