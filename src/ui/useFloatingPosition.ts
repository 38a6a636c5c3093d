import { arrow as arrowMiddleware, autoUpdate, computePosition, flip, offset, shift, type Placement } from '@floating-ui/dom';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Where a floating bubble was put: viewport coordinates (`position: fixed`) and its arrow's offset. */
export interface FloatingPosition {
  top: number;
  left: number;
  /** The side of the target the bubble ended up on, after flipping. */
  placement: Placement;
  /** The arrow's distance from the bubble's left edge, when it has an arrow. */
  arrowX: number | null;
}

/** Options of {@link useFloatingPosition}. */
export interface FloatingOptions {
  /** Where the bubble goes when it fits; it flips to the other side and shifts along when it does not. */
  placement: Placement;
  /** Space between the target and the bubble, and kept from the viewport's edges, in px. */
  gap?: number;
  /** The bubble's arrow, kept pointing at the target when the bubble shifts. */
  arrowRef?: RefObject<HTMLElement | null>;
}

/**
 * Keeps a floating bubble (the tooltip, the notification) beside its target and inside the viewport wherever
 * the target sits: Floating UI's flip and shift, re-run on scroll, resize and either element's size changes.
 * Returns null until the first placement, so the bubble can stay invisible until it is where it belongs.
 *
 * @param shown - whether the bubble is rendered (its ref set) and should be placed.
 * @param findTarget - the element to sit beside, looked up when the bubble shows (a stable callback); null
 *   leaves the bubble unplaced.
 * @param floating - the bubble, positioned `fixed` at `top: 0; left: 0` by its stylesheet.
 */
export function useFloatingPosition(
  shown: boolean,
  findTarget: () => Element | null,
  floating: RefObject<HTMLElement | null>,
  { placement, gap = 8, arrowRef }: FloatingOptions,
): FloatingPosition | null {
  const [position, setPosition] = useState<FloatingPosition | null>(null);

  useLayoutEffect(() => {
    const bubble = floating.current;
    const target = shown ? findTarget() : null;
    if (!target || !bubble) return;
    let live = true;
    const update = () => {
      const arrowElement = arrowRef?.current;
      void computePosition(target, bubble, {
        placement,
        strategy: 'fixed',
        middleware: [
          offset(gap),
          flip({ padding: gap }),
          shift({ padding: gap }),
          ...(arrowElement ? [arrowMiddleware({ element: arrowElement, padding: gap })] : []),
        ],
      }).then(({ x, y, placement: final, middlewareData }) => {
        if (!live) return;
        const arrowX = middlewareData.arrow?.x ?? null;
        setPosition((current) =>
          current && current.left === x && current.top === y && current.placement === final && current.arrowX === arrowX
            ? current
            : { left: x, top: y, placement: final, arrowX },
        );
      });
    };
    const stop = autoUpdate(target, bubble, update);
    return () => {
      live = false;
      stop();
      setPosition(null);
    };
  }, [shown, findTarget, floating, placement, gap, arrowRef]);

  return position;
}
