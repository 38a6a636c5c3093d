/**
 * The bound on waiting for an optional part. Analytics and the CSRF warning's texts are chunks of their own that a
 * content blocker may refuse or a network may stall; nothing a guest does fails with them, so a guest's action
 * that waits for one (sign-in keeps its `signin_sucess` event from leaving with the page; a refused POST says its
 * warning before the refusal reaches the form) waits at most this long, then goes on without it
 * (docs/reliability.md, "Optional parts").
 */

/** The longest a guest's action waits for an optional part before going on without it. */
export const OPTIONAL_WAIT_MS = 1_000;

/**
 * Resolves once `promise` settles or `ms` have passed, whichever comes first; never rejects (its value means nothing).
 *
 * @param promise - the optional work (its outcome is ignored).
 * @param ms - the bound; {@link OPTIONAL_WAIT_MS} unless a caller has reason for another.
 */
export function settledWithin(promise: Promise<unknown>, ms: number = OPTIONAL_WAIT_MS): Promise<unknown> {
  return Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}
