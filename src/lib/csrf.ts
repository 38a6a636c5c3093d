/**
 * The Django anti-forgery token, as the page carries it.
 *
 * Django rotates the token at sign-in, so it is read afresh for every request rather than cached: a token
 * captured at page load would be stale after the widget's own sign-in.
 */

const CSRF_COOKIE = 'csrftoken';
const CSRF_FIELD_SELECTOR = 'input[name="csrfmiddlewaretoken"]';

/** The two places of a page the token can be read from. */
export type CsrfTokenSource = Pick<Document, 'cookie' | 'querySelector'>;

/**
 * Reads the anti-forgery token: the `csrftoken` cookie first, else the hidden `csrfmiddlewaretoken` field that
 * Django's `{% csrf_token %}` renders.
 *
 * @param doc - the page to read from; absent outside a window (a worker), where there is no token.
 * @returns the token, or null when the page carries none.
 */
export function readCsrfToken(doc: CsrfTokenSource | undefined = globalThis.document): string | null {
  if (!doc) return null;
  return readCookieToken(doc) ?? readFieldToken(doc);
}

function readCookieToken(doc: CsrfTokenSource): string | null {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    // Sandboxed iframes and opaque origins throw a SecurityError on any cookie access.
    return null;
  }
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== CSRF_COOKIE) continue;
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

function readFieldToken(doc: CsrfTokenSource): string | null {
  const field = doc.querySelector<HTMLInputElement>(CSRF_FIELD_SELECTOR);
  const value = field?.value.trim();
  return value ? value : null;
}
