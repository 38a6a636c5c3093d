/**
 * A chunk that failed to load is fetched again, in every engine, and runs once. Firefox and WebKit keep a module
 * whose fetch failed for the page's whole life (the HTML standard's module map did until whatwg/html#10327; Chromium
 * fetches again): every later `import()` of it fails at once, so after a moment offline the widget's retries could
 * not recover there without a reload.
 *
 * The build renders each `import()` of a chunk as a call of {@link importChunk} with the chunk's absolute address
 * (rollup.config.mjs, `freshImports`). After a failure, the next import of that chunk asks for it at a fresh
 * address (`?retry=n`), one no engine has seen fail. One address per chunk is in use at a time, and a chunk that
 * loaded keeps its address.
 *
 * A chunk that other chunks import (the React part's chunk, `shell`, holds React and is imported by every React
 * chunk loaded after it) must be the same module for all of them, whatever address it loaded at. So the build also
 * turns each static import between chunks loaded later into an `await` of {@link importChunk} at the top of the
 * importing chunk: it resolves through the same table, to the module already loaded (`shell-….js?retry=1` after a
 * failure), and never names the address that failed. Only the chunks the page loads first (the entry and the core,
 * without which nothing runs) keep their static imports. A chunk whose import failed because a chunk it imports
 * failed is itself failed (its evaluation threw) and moves to a fresh address too, so the next try loads the two
 * again and nothing twice: one copy of React, of the store, of every chunk.
 *
 * The function is shared through the global symbol registry, so every chunk of the build, and a second copy of the
 * library on the page, use one table.
 */

/** The key under which the build's chunks find {@link importChunk}. */
export const IMPORT_CHUNK_KEY = Symbol.for('loyalty-elements.import');

/** Each chunk's address in use after a failure, by the address it was built with. */
const freshAddresses = new Map<string, string>();

/** Each address's import, loading or loaded: one `import()` per address while it has not failed. */
const imports = new Map<string, Promise<unknown>>();

/**
 * Imports a chunk by its absolute address, at a fresh address after it failed to load.
 *
 * Every caller of an address shares one `import()`: WebKit resolves a second `import()` of a module whose top-level
 * `await` is still pending with `undefined` instead of its namespace (seen in WebKitGTK 2.50: the React part's
 * chunk, awaiting a chunk it imports, asked for by a prefetch and by the click at once, gave the click `undefined`,
 * and the panel never opened).
 *
 * @param address - the chunk's absolute URL, as built.
 */
export function importChunk(address: string): Promise<unknown> {
  const current = freshAddresses.get(address) ?? address;
  let loading = imports.get(current);
  if (!loading) {
    loading = import(/* @vite-ignore */ current).catch((error: unknown) => {
      imports.delete(current);
      const fresh = new URL(address);
      const attempt = Number(new URL(current).searchParams.get('retry') ?? 0) + 1;
      fresh.searchParams.set('retry', String(attempt));
      freshAddresses.set(address, fresh.href);
      throw error;
    });
    imports.set(current, loading);
  }
  return loading;
}

const registry = globalThis as typeof globalThis & { [IMPORT_CHUNK_KEY]?: typeof importChunk };
registry[IMPORT_CHUNK_KEY] ??= importChunk;
