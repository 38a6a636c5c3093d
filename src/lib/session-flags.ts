/**
 * Once-per-session flags in sessionStorage, with an in-memory fallback for pages where storage throws
 * (Safari private mode, sandboxed iframes, storage disabled by policy): there the flags last for the page's
 * life instead of the tab's, and nothing else changes.
 *
 * Only flags are stored, never personal data: the value is always "1".
 */

/** The flag keys the widget uses (docs/loyalty-widget.md "Tooltip and notification", "After sign-in"). */
export type SessionFlag = 'dont_show_tooltip' | 'dont_show_notification' | 'loyalty_dropped_cart' | 'loyalty_signed_out';

const memory = new Set<SessionFlag>();

function storage(): Storage | null {
  try {
    // Reading the property itself throws where storage is blocked.
    const store = globalThis.sessionStorage;
    return store ?? null;
  } catch {
    return null;
  }
}

/** Whether a flag is set in this browser session. */
export function hasSessionFlag(flag: SessionFlag): boolean {
  try {
    const store = storage();
    if (store && store.getItem(flag) !== null) return true;
  } catch {
    // A throwing getItem is the same as no storage: fall through to memory.
  }
  return memory.has(flag);
}

/** Sets a flag for this browser session. */
export function setSessionFlag(flag: SessionFlag): void {
  memory.add(flag);
  try {
    storage()?.setItem(flag, '1');
  } catch {
    // Quota or policy: the memory copy keeps the rule for this page.
  }
}

/**
 * Reads and clears a flag in one step, so the thing it guards happens once.
 *
 * @returns whether it was set.
 */
export function takeSessionFlag(flag: SessionFlag): boolean {
  const wasSet = hasSessionFlag(flag);
  memory.delete(flag);
  try {
    storage()?.removeItem(flag);
  } catch {
    // Nothing to clear where storage is blocked.
  }
  return wasSet;
}
