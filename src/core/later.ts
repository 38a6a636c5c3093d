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

/** How long after the page's load an idle prefetch waits at most for an idle moment. */
export const IDLE_TIMEOUT_MS = 5_000;

type Connection = { saveData?: boolean; effectiveType?: string };

/** Whether the guest's connection asks to be spared: Save-Data, or a 2G connection. */
export function sparesData(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Calls `prefetch` once the page has loaded and is idle (an idle callback, at most {@link IDLE_TIMEOUT_MS} later),
 * unless the connection asks to be spared ({@link sparesData}).
 */
export function whenIdle(prefetch: () => void): void {
  if (sparesData()) return;
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => prefetch(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(prefetch, 1_000);
  };
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
}
