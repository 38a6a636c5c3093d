import type { CartItem } from '../../state/cart';

/**
 * The most cart lines `<package-cart>` shows: a hotel cart holds a handful, and a cart answer gone wrong (10,000
 * lines) took seconds to render. Beyond it the first lines in bookcore's order show and a message says how many
 * were left out; the total stays bookcore's, over every line.
 */
export const MAX_CART_ITEMS = 100;

/** The lines a cart shows and how many it leaves out. */
export interface ShownCartItems {
  /** The first {@link MAX_CART_ITEMS} lines, in bookcore's order. */
  shown: readonly CartItem[];
  /** How many lines are not shown (0 when all are). */
  leftOut: number;
}

/**
 * The lines to show of a cart's lines, at most {@link MAX_CART_ITEMS}.
 *
 * @param items - every line of the cart, in bookcore's order.
 */
export function shownCartItems(items: readonly CartItem[]): ShownCartItems {
  if (items.length <= MAX_CART_ITEMS) return { shown: items, leftOut: 0 };
  return { shown: items.slice(0, MAX_CART_ITEMS), leftOut: items.length - MAX_CART_ITEMS };
}
