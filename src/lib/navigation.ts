/**
 * Where the page goes after the widget's actions (docs/loyalty-widget.md "After sign-in"), and the guard every navigation
 * passes: only this site's addresses or addresses the page configured, never `javascript:` or another site an
 * attacker slipped into a setting.
 */

/** What to do with the page: go to an address or reload it. */
export type Destination = { kind: 'assign'; url: string } | { kind: 'reload' };

/** The configured addresses navigation may use. */
export interface NavigationAddresses {
  /** Where availability and cart pages go after sign-in or sign-out; empty for the site root. */
  resetAvailability: string;
  /** Where the password-change page goes after sign-in or sign-out; empty for the site root. */
  login: string;
}

/**
 * Where to go after a sign-in or sign-out (docs/loyalty-widget.md "After sign-in"): bookcore's availability and
 * cart pages go to the reset-availability address (or the root), the password-change page to the login address
 * (or the root), and every other page reloads, a page holding a `<package-cart>` included: its address is loaded
 * again by GET (src/components/auth/pageNavigator.ts), never the form that rendered it sent again. The reload is what
 * keeps the host's own Django forms working: their `csrfmiddlewaretoken` was rendered for the session that just
 * ended (docs/loyalty-widget.md "After sign-in").
 *
 * @param pathname - `location.pathname`.
 * @param addresses - the configured addresses.
 */
export function destinationAfterAuth(pathname: string, addresses: NavigationAddresses): Destination {
  if (pathname.includes('bookcore/availability') || pathname.includes('bookcore/shopping-cart')) {
    return { kind: 'assign', url: addresses.resetAvailability || '/' };
  }
  if (pathname.includes('bookcore/password/cambiar/')) return { kind: 'assign', url: addresses.login || '/' };
  return { kind: 'reload' };
}

/**
 * The availability page for tomorrow (the `dispo` callback case of docs/loyalty-widget.md "Booking button").
 *
 * @param projectCode - the brand's project code.
 * @param today - the current date (injected for tests).
 */
export function availabilityForTomorrow(projectCode: string, today: Date = new Date()): string {
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const date = [tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  const query = new URLSearchParams({ entrada: date });
  if (projectCode) query.set('project', projectCode);
  return `/bookcore/availability/?${query.toString()}`;
}

/**
 * Whether the page may be sent to `url`: an http(s) address on the page's own origin, or exactly one of the
 * addresses the page configured.
 *
 * @param url - the destination, relative or absolute.
 * @param origin - `location.origin`.
 * @param configured - addresses the page set in its attributes.
 */
export function isAllowedDestination(url: string, origin: string, configured: readonly string[] = []): boolean {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.origin === origin) return true;
  return configured.some((address) => {
    try {
      return new URL(address, origin).href === target.href;
    } catch {
      return false;
    }
  });
}

