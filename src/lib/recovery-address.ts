/**
 * The password-recovery link puts the member's uid and token in the page address (bookcore's
 * `/bookcore/password/cambiar/{uid}/{token}/`). Once the widget has read them from its attributes they come out
 * of the address bar, so they do not stay in the history, get bookmarked or shared with the page, or leave in
 * the Referer of a later request: Django's own PasswordResetConfirmView moves them out of the address the same
 * way. (The requests the page's markup makes before any script runs are the page's to protect, with
 * `<meta name="referrer" content="no-referrer">`.)
 *
 * Decision: a reload of the cleaned address (`/bookcore/password/cambiar/`) no longer carries the token; the
 * guest asks for a new link, as after the token expires.
 */

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The page address without the recovery secrets: path segments that are one of them are dropped, so are query
 * parameters whose value is one, and a fragment that contains one.
 *
 * @param href - the page's address (`location.href`).
 * @param secrets - the uid and the token; empty ones are ignored.
 * @returns the cleaned path, query and fragment, or null when the address carries no secret.
 */
export function addressWithoutSecrets(href: string, secrets: readonly string[]): string | null {
  const wanted = secrets.map((secret) => secret.trim()).filter((secret) => secret !== '');
  if (wanted.length === 0) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  let changed = false;
  const segments = url.pathname.split('/');
  const kept = segments.filter((segment) => !wanted.includes(decoded(segment)));
  if (kept.length !== segments.length) {
    url.pathname = kept.join('/') || '/';
    changed = true;
  }
  const params = [...url.searchParams];
  const keptParams = params.filter(([, value]) => !wanted.includes(value));
  if (keptParams.length !== params.length) {
    url.search = new URLSearchParams(keptParams).toString();
    changed = true;
  }
  if (wanted.some((secret) => decoded(url.hash).includes(secret))) {
    url.hash = '';
    changed = true;
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : null;
}
