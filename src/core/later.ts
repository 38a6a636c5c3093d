/**
 * The one way a part of the widget loads later (docs/architecture.md "React on intent"): a loader shared by every
 * caller, its load started at most once at a time (a failed load is tried again by the next caller), started by a
 * guest's intent (the pointer coming over, focus, a touch) or when the page is idle.
 */

/** A load started at most once at a time: every caller shares it; after a failure the next caller tries again. */
export function later<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** The events that say a guest is reaching for something: the pointer over it, focus in it, a touch on it. */
export const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Calls `prefetch` when a guest reaches for `target` (or, with `matches`, for a part of it that matches).
 *
 * @returns a function that stops listening.
 */
export function onIntent(target: EventTarget, prefetch: () => void, matches: (event: Event) => boolean = () => true): () => void {
  const listener = (event: Event) => {
    if (matches(event)) prefetch();
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, listener, { capture: true });
  };
}

/** How long an idle prefetch waits at most for an idle callback, once the page has settled ({@link QUIET_MS}). */
export const IDLE_TIMEOUT_MS = 5_000;

/**
 * How long the page must go without a request ending, after its load, before an idle prefetch may start: the
 * page's own images, fonts and scripts (and the widget's start) come first, and a part fetched "when
 * idle" never competes with them for the network or the main thread of a slow phone.
 */
export const QUIET_MS = 3_000;

/** The latest an idle prefetch waits for the page to settle after its load, on a page that never goes quiet. */
export const SETTLE_LIMIT_MS = 10_000;

type Connection = { saveData?: boolean; effectiveType?: string };

/** Whether the guest's connection asks to be spared: Save-Data, or a 2G connection. */
export function sparesData(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Calls `then` once the page has gone {@link QUIET_MS} without a request ending (Resource Timing, so the page's own
 * requests count as much as the widget's), or {@link SETTLE_LIMIT_MS} after it was called at the latest.
 */
function whenSettled(then: () => void): void {
  const calledAt = performance.now();
  let lastActivity = calledAt;
  // Entries come as requests end, each with its end: one that started before the call counts when it ends.
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lastActivity = Math.max(lastActivity, (entry as PerformanceResourceTiming).responseEnd);
  });
  observer.observe({ type: 'resource' });
  const check = () => {
    const wait = Math.min(lastActivity + QUIET_MS, calledAt + SETTLE_LIMIT_MS) - performance.now();
    if (wait > 0) setTimeout(check, wait);
    else {
      observer.disconnect();
      then();
    }
  };
  setTimeout(check, QUIET_MS);
}

/**
 * Calls `prefetch` once the page has loaded, then settled (no request ended for {@link QUIET_MS}), and
 * is idle (an idle callback, at most {@link IDLE_TIMEOUT_MS} later), unless the connection asks to be spared
 * ({@link sparesData}). A guest's intent ({@link onIntent}) never waits for this.
 */
export function whenIdle(prefetch: () => void): void {
  if (sparesData()) return;
  const schedule = () =>
    whenSettled(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => prefetch(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(prefetch, 1_000);
    });
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
}
