import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

/** How long a test waits for what it expects by default: long enough for a module's first load on a busy machine. */
export const WAIT_TIMEOUT_MS = 5000;

/**
 * `@open-wc/testing`'s `waitUntil` with a default of {@link WAIT_TIMEOUT_MS} instead of its 1 s. What a test waits for
 * often needs a lazily loaded module first, and on a 2-core machine running the suite a module's first fetch and
 * transform can take longer than a second, more so in Firefox and WebKit: with 1 s, a passing widget failed its test
 * ("Timeout: Dutch label" in Firefox with the CPU busy). A test that waits for something that never comes still
 * fails, after the longer wait; one that expects nothing to come says its own, shorter, timeout.
 */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_TIMEOUT_MS, ...options });
}
