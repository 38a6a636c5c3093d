/**
 * The page's runtime (docs/architecture.md "The runtime"): what is page-wide, made once and passed to what needs it.
 * It holds the jotai store with every atom's state, and the transport (./../api/transport.ts) with all of the page's
 * CSRF state, through which every request of the store's actions goes. The element code makes it when the first
 * element needs it (src/core/element-wiring.ts, in the start chunk: nothing of it is in the first paint), React
 * parts receive its store through their `Provider`, and core modules take it as a parameter.
 *
 * Two copies of the library on one page (the ES module and the classic script, say) share one runtime: it is kept
 * on `globalThis` under one registered symbol, the only page-global the widget's state goes through.
 */
import type { Transport, TransportSettings } from '../api/transport';
import { createLoyaltyStore, type Store } from '../state/store';
import type { StylesheetCache } from '../state/stylesheets';

/** What is page-wide: the store, the transport its requests go through, the page's resolved stylesheets. */
export interface Runtime {
  readonly store: Store;
  readonly transport: Transport;
  readonly stylesheets: StylesheetCache;
}

/**
 * Makes a runtime, independent of any other: its own store, its own transport and CSRF state.
 *
 * @param timings - the transport's default timings (tests shorten them).
 */
export function createRuntime(timings?: TransportSettings): Runtime {
  return { ...createLoyaltyStore(timings), stylesheets: new Map() };
}

const RUNTIME_KEY = Symbol.for('loyalty-elements.runtime');
type RuntimeHolder = typeof globalThis & { [RUNTIME_KEY]?: Runtime };

/** The page's runtime, made by the first element (of either copy of the library) that needs it. */
export function pageRuntime(): Runtime {
  return ((globalThis as RuntimeHolder)[RUNTIME_KEY] ??= createRuntime());
}

/**
 * Gives the page a runtime of its own making (a test's, with its own timings), before elements use one; elements
 * connected with an earlier runtime keep it, so re-create them afterwards.
 *
 * @param runtime - the page's runtime from now on.
 */
export function providePageRuntime(runtime: Runtime): void {
  (globalThis as RuntimeHolder)[RUNTIME_KEY] = runtime;
}
