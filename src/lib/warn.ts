/**
 * Console warnings for integrators, always prefixed so they can be found among the page's own messages.
 *
 * @param message - what is wrong and what the widget does instead.
 */
export function warn(message: string, ...details: unknown[]): void {
  console.warn(`[loyalty-elements] ${message}`, ...details);
}

const warnedOnce = new Set<string>();

/**
 * {@link warn}, but each distinct message once per page: for attributes read again on every render or change,
 * where one typo would otherwise flood the console.
 *
 * @param message - what is wrong and what the widget does instead.
 */
export function warnOnce(message: string, ...details: unknown[]): void {
  if (warnedOnce.has(message)) return;
  warnedOnce.add(message);
  warn(message, ...details);
}
