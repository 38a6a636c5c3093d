/**
 * Resolves once the animations running in `root` (a shadow root, say the icon's with its notification's 700 ms
 * fade) have ended, or after `limitMs`, so axe and geometry checks see final colours and places. An animation
 * cancelled meanwhile (the notification hidden by a dialog, an element removed) counts as ended: its `finished`
 * rejects with an AbortError, which Firefox reports at the style flush that cancelled it.
 */
export async function animationsEnded(root: DocumentOrShadowRoot | null | undefined, limitMs = 1500): Promise<void> {
  const running = (root?.getAnimations() ?? []).map((animation) => animation.finished.catch(() => undefined));
  await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, limitMs))]);
}
