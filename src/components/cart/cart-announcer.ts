import { createContext } from 'react';

/**
 * What the cart's pieces use to speak and to place focus after an action: `announce` says a result politely
 * through the cart's one status region (errors have their own alert regions beside what failed); `focusLine`
 * moves focus, after the next render, to the heading of the line now at `index` (0-based), else the last line,
 * else the cart's heading (also for a negative index) — so a removed line's focus is never lost to the page.
 */
export interface CartAnnouncer {
  announce: (text: string) => void;
  focusLine: (index: number) => void;
}

/** The cart view's announcer; the default does nothing (a piece rendered without the view). */
export const CartAnnouncerContext = createContext<CartAnnouncer>({ announce: () => undefined, focusLine: () => undefined });
