/**
 * A bubble placed by a target in viewport coordinates (`position: fixed`), kept in place as the page scrolls,
 * resizes or the target or bubble change size: the notification under the icon and the tooltip under its target.
 * Below the target, flipped above it when it does not fit below and fits better above, shifted inside the
 * viewport at the sides, with an arrow pointing at the target's centre. Loaded with them, never with the first
 * paint.
 */

/** The sides and alignments a bubble takes: under or over the target, centred or lined up at its right edge. */
export type Placement = 'bottom' | 'bottom-end' | 'top' | 'top-end';

/** Where the bubble goes: its top-left corner, the side it ended on and, with an arrow, the arrow's left. */
export interface FloatingPosition {
  top: number;
  left: number;
  placement: Placement;
  arrowX: number | null;
}

/** How to place a bubble: below the target centred or at its end, the gap to the target and the viewport, its arrow. */
export interface FloatingOptions {
  placement: 'bottom' | 'bottom-end';
  gap?: number;
  arrowElement?: HTMLElement;
}

/** Where the bubble goes now, from the target's box, the bubble's size and the viewport's. */
export function placeBubble(target: DOMRect, width: number, height: number, { placement, gap = 8, arrowElement }: FloatingOptions): FloatingPosition {
  const viewport = { width: document.documentElement.clientWidth || innerWidth, height: document.documentElement.clientHeight || innerHeight };
  const below = target.bottom + gap;
  const above = target.top - gap - height;
  // Flipped when it does not fit below and there is more room above.
  const flipped = below + height > viewport.height - gap && target.top - gap > viewport.height - target.bottom - gap;
  const top = flipped ? above : below;
  const aligned = placement === 'bottom-end' ? target.right - width : target.left + target.width / 2 - width / 2;
  // Shifted inside the viewport at the sides, the left edge winning on a viewport narrower than the bubble.
  const left = Math.max(gap, Math.min(aligned, viewport.width - gap - width));
  let arrowX: number | null = null;
  if (arrowElement) {
    const size = arrowElement.offsetWidth;
    arrowX = Math.max(gap, Math.min(target.left + target.width / 2 - left - size / 2, width - size - gap));
  }
  const side = flipped ? 'top' : 'bottom';
  return { top, left, placement: (placement === 'bottom-end' ? `${side}-end` : side) as Placement, arrowX };
}

/**
 * Places `bubble` by `target` and calls `onPosition` with each new position, on every scroll, resize and change
 * of either's size, at most once a frame.
 *
 * @returns a function that stops following.
 */
export function followTarget(target: Element, bubble: HTMLElement, options: FloatingOptions, onPosition: (position: FloatingPosition) => void): () => void {
  let last: FloatingPosition | null = null;
  let frame = 0;
  const update = () => {
    frame = 0;
    const next = placeBubble(target.getBoundingClientRect(), bubble.offsetWidth, bubble.offsetHeight, options);
    if (last && last.left === next.left && last.top === next.top && last.placement === next.placement && last.arrowX === next.arrowX) return;
    last = next;
    onPosition(next);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  const sizes = new ResizeObserver(schedule);
  sizes.observe(target);
  sizes.observe(bubble);
  // Any scroll, the page's or a scrolling box's around the target (captured: scroll events do not bubble).
  document.addEventListener('scroll', schedule, { capture: true, passive: true });
  addEventListener('resize', schedule, { passive: true });
  update();
  return () => {
    cancelAnimationFrame(frame);
    sizes.disconnect();
    document.removeEventListener('scroll', schedule, { capture: true });
    removeEventListener('resize', schedule);
  };
}
