/**
 * Which loyalty stylesheets a page should adopt (docs/integration.md "The stylesheet addresses the elements ask for"): the default one and the project's
 * brand sheet. Adding them to shadow roots is the elements layer's job; this only decides the addresses.
 */
import { warn } from '../lib/warn';

/** Where the stylesheets live. */
export type StylesheetLocation = {
  /** Origin serving the static files, e.g. `https://hotel.example/`; this site when empty or absent. */
  domain?: string | undefined;
  /** The brand whose sheet is layered over the default one; none when empty or absent. */
  projectCode?: string | undefined;
};

/** The `fetch` the check uses; a parameter so that callers can route it (or tests can replace it). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

// A stylesheet check that hangs must not hold up the widget's first paint for the whole transport timeout.
const CHECK_TIMEOUT_MS = 10_000;

/**
 * The default stylesheet address.
 *
 * @param domain - the static files' origin; this site when empty.
 */
export function defaultStylesheetUrl(domain = ''): string {
  return `${trimDomain(domain)}/static/builds/loyalty/loyalty.css`;
}

/**
 * A brand's stylesheet address.
 *
 * @param domain - the static files' origin; this site when empty.
 * @param projectCode - the brand.
 */
export function projectStylesheetUrl(domain: string, projectCode: string): string {
  return `${trimDomain(domain)}/static/${encodeURIComponent(projectCode)}/loyalty/loyalty.css`;
}

/**
 * Checks the default and the project stylesheet and lists those to adopt, default first so the brand's rules
 * win. A sheet is kept only when it answers 200; a 404 (or any other status) is reported with a warning naming
 * the address. When a check fails at the network level the default sheet is adopted regardless: without it the
 * widget would be unstyled, and the browser will load it from its own `<link>` once the network is back.
 *
 * @param location - domain and project code.
 * @param fetchImpl - the fetch to check with.
 * @returns the stylesheet addresses; never rejects.
 */
export async function resolveStylesheets(
  location: StylesheetLocation,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<string[]> {
  const domain = location.domain ?? '';
  const defaultUrl = defaultStylesheetUrl(domain);
  const candidates = [defaultUrl];
  if (location.projectCode) candidates.push(projectStylesheetUrl(domain, location.projectCode));

  const outcomes = await Promise.all(candidates.map((url) => checkStylesheet(url, fetchImpl)));
  const adopted = candidates.filter((_, index) => outcomes[index] === 'available');
  if (outcomes.includes('unreachable') && !adopted.includes(defaultUrl)) adopted.unshift(defaultUrl);
  return adopted;
}

type CheckOutcome = 'available' | 'missing' | 'unreachable';

async function checkStylesheet(url: string, fetchImpl: FetchLike): Promise<CheckOutcome> {
  try {
    const response = await fetchImpl(url, { method: 'GET', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    // The status decides; the body is read in the background all the same: left unread, the request stayed open
    // until the timeout above (10 s in Chromium), so the page's network never went quiet meanwhile. Read, it can
    // also serve the `<link>` that adopts the sheet from the browser's cache.
    response.arrayBuffer().catch(() => undefined);
    if (response.status === 200) return 'available';
    warn(
      response.status === 404
        ? `stylesheet not found (404): ${url}; it is not adopted.`
        : `stylesheet answered ${response.status}: ${url}; it is not adopted.`,
    );
    return 'missing';
  } catch (error) {
    warn(`stylesheet check failed: ${url}; adopting the default stylesheet.`, error);
    return 'unreachable';
  }
}

function trimDomain(domain: string): string {
  return domain.trim().replace(/\/+$/, '');
}
