import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

/** How long a test waits for what it expects by default: long enough for a module's first load on a busy machine. */
export const WAIT_TIMEOUT_MS = 5000;

/**
 * How often a wait asks again, by default: 10 ms instead of open-wc's 50 ms. A wait ends up to one interval after
 * what it waits for has happened, and a big file waits hundreds of times: at 50 ms, panel.test.tsx spent seconds
 * on nothing but the gaps (docs/development.md "How often a wait asks"). Asking every 10 ms costs the page almost
 * nothing (each check reads the DOM or the store). A test must wait for what it reads, never count on a wait
 * ending a little late: the slower interval hid tests that read a region before it rendered.
 */
export const WAIT_INTERVAL_MS = 10;

/**
 * `@open-wc/testing`'s `waitUntil` with a default timeout of {@link WAIT_TIMEOUT_MS} instead of its 1 s, asking
 * every {@link WAIT_INTERVAL_MS} instead of its 50 ms. What a test waits for often needs a lazily loaded module
 * first, and on a 2-core machine running the suite a module's first fetch and transform can take longer than a
 * second, more so in Firefox and WebKit: with 1 s, a passing widget failed its test ("Timeout: Dutch label" in
 * Firefox with the CPU busy). A test that waits for something that never comes still fails, after the longer wait;
 * one that expects nothing to come says its own, shorter, timeout.
 */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_TIMEOUT_MS, interval: WAIT_INTERVAL_MS, ...options });
}
