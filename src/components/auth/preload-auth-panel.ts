/**
 * Starts loading the auth panel's module ahead of a likely click (a pointer over the icon, or focus on it), so
 * the click finds it ready. The browser fetches a module once, so the panel's own `import()` of it when it opens
 * makes no second request. Never throws: a failed load is tried again when the panel opens.
 */
export function preloadAuthPanel(): void {
  import('./AuthPanel').catch(() => undefined);
}
