/**
 * The default and project stylesheets of the page (docs/integration.md "The stylesheet addresses the elements ask for"), resolved once per page for each
 * domain and project code, whichever element or copy of the library asks first: the cache is the page's runtime's
 * (src/core/runtime.ts).
 */
import { resolveStylesheets } from '../api/stylesheets';

/** Resolved stylesheet addresses by domain and project code. */
export type StylesheetCache = Map<string, Promise<string[]>>;

/**
 * The stylesheet addresses that answered 200 for this domain and project code (the default one alone when the
 * network fails); never rejects.
 *
 * @param cache - the page's (its runtime's).
 * @param domain - the configured domain.
 * @param projectCode - the configured project code.
 */
export function pageStylesheets(cache: StylesheetCache, domain: string, projectCode: string): Promise<string[]> {
  const key = `${domain}\n${projectCode}`;
  let resolved = cache.get(key);
  if (!resolved) {
    resolved = resolveStylesheets({ domain, projectCode });
    cache.set(key, resolved);
  }
  return resolved;
}
