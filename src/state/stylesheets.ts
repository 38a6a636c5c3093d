/**
 * The default and project stylesheets of the page (docs/integration.md "The stylesheet addresses the elements ask for"), resolved once per page for each
 * domain and project code, whichever element or copy of the library asks first.
 */
import { resolveStylesheets } from '../api/stylesheets';

const CACHE_KEY = Symbol.for('loyalty-elements.stylesheets');

type Holder = typeof globalThis & { [CACHE_KEY]?: Map<string, Promise<string[]>> };

/**
 * The stylesheet addresses that answered 200 for this domain and project code (the default one alone when the
 * network fails); never rejects.
 */
export function pageStylesheets(domain: string, projectCode: string): Promise<string[]> {
  const holder = globalThis as Holder;
  const cache = (holder[CACHE_KEY] ??= new Map());
  const key = `${domain}\n${projectCode}`;
  let resolved = cache.get(key);
  if (!resolved) {
    resolved = resolveStylesheets({ domain, projectCode });
    cache.set(key, resolved);
  }
  return resolved;
}
