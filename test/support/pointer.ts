/**
 * A guest's pointer in browser tests: a real press and release through the driver (@web/test-runner-commands), so
 * what moves between them (a layout shift, a part that suspends) makes the click miss as it would for a hand.
 */
import { sendMouse } from '@web/test-runner-commands';

/** The element's centre in viewport coordinates, rounded as the drivers take them. */
export function centre(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** A press and a release at the element's centre as measured before the press, a frame apart, as a hand does. */
export async function pressAndRelease(element: Element): Promise<void> {
  const [x, y] = centre(element);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await nextFrame();
  await sendMouse({ type: 'up' });
}
