/**
 * Console warnings for integrators, always prefixed so they can be found among the page's own messages.
 *
 * @param message - what is wrong and what the widget does instead.
 */
export function warn(message: string, ...details: unknown[]): void {
  console.warn(`[loyalty-elements] ${message}`, ...details);
}
