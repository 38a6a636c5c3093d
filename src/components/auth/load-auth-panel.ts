/**
 * The auth panel's module, loaded once: when the panel first opens, or a moment earlier when the guest shows the
 * intent (a pointer over the icon, or focus on it), so the click finds it ready. A failed load is forgotten, so
 * the next attempt tries again.
 */
let loading: Promise<typeof import('./AuthPanel')> | undefined;

/** Loads the auth panel's module (one request however often it is called). */
export function loadAuthPanel(): Promise<typeof import('./AuthPanel')> {
  loading ??= import('./AuthPanel').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the auth panel ahead of a likely click; never throws. */
export function preloadAuthPanel(): void {
  loadAuthPanel().catch(() => undefined);
}
