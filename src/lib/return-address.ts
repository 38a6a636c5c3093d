/**
 * The page a mail link brings the guest back to (docs/bookcore-contract.md "Back where the guest started"). Apart
 * from ./navigation.ts, which the panel's frame loads: only the sign-up and the recovery request need it.
 */

/** Longer than any page address a guest starts from; bookcore would refuse it anyway. */
const MAX_RETURN_ADDRESS_LENGTH = 2000;

/**
 * The page to come back to after a mail link (docs/bookcore-contract.md "Back where the guest started"), sent as
 * `next` with the sign-up and the recovery request: the page's own http(s) address without its fragment or any
 * credentials, or null (nothing sent) for another scheme, an address too long to carry, and bookcore's
 * password-change and validation pages, whose addresses are a spent link's, not a page to return to.
 *
 * @param href - `location.href`.
 */
export function returnAddress(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname.includes('bookcore/password/cambiar/') || url.pathname.includes('bookcore/loyalty/valid')) return null;
  const address = `${url.origin}${url.pathname}${url.search}`;
  return address.length > MAX_RETURN_ADDRESS_LENGTH ? null : address;
}
