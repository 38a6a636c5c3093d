/**
 * Chunk loads a navigation cuts short. When the page navigates away while a lazy chunk is still loading, Firefox
 * rejects the pending `import()` ("error loading dynamically imported module") in the page that is leaving, and
 * React reports the rejected lazy component as an uncaught error; Chromium and WebKit leave the load pending.
 * Nothing is lost (the next page loads its own widgets), so such a rejection is not an error: the load stays
 * pending, as it does in the other engines. A load that fails while the page stays still rejects.
 */

let leaving = false;

if (typeof window !== 'undefined') {
  // beforeunload: the navigation has started (Firefox cancels the page's loads before pagehide fires);
  // pagehide: the page is going (or into the back-forward cache); pageshow: it is back.
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * The loader, except that a failure once the page has begun to leave never settles instead of rejecting.
 *
 * @param load - a dynamic `import()` (and what follows it).
 */
export function unlessLeaving<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (leaving) return new Promise<T>(() => undefined);
      throw error;
    });
}
