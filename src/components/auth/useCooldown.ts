import { useEffect, useState } from 'react';

/** How long a "send it again" waits after a mail went: mail takes a moment to arrive. */
export const RESEND_COOLDOWN_MS = 30_000;

/** Whole seconds left until `since + RESEND_COOLDOWN_MS`, counting down once a second; 0 when it is over. */
export function useCooldown(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const limit = RESEND_COOLDOWN_MS / 1000;
  const left = since === undefined ? 0 : Math.min(limit, Math.max(0, Math.ceil((since + RESEND_COOLDOWN_MS - now) / 1000)));
  const waiting = left > 0;
  // `now` may be older than a new `since`: the clamp to the cooldown holds until the first tick.
  useEffect(() => {
    if (since === undefined || !waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since, waiting]);
  return left;
}
