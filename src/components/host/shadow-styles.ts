/**
 * Built-in stylesheets as constructable stylesheets (allowed by a strict CSP, unlike inline <style>), one per
 * text and page however many elements adopt it. An element adopts what its first paint needs when it is created
 * (src/core/element.ts); a part loaded on demand (the panel, the cart) adopts its own with
 * {@link useShadowStyles}, so its rules travel in its chunk.
 */
import { useLayoutEffect } from 'react';
import { adoptSheets, builtInSheet } from '../../core/stylesheets';
import { useHost, useLayeredStyles } from '../ElementRoot';

export { BUILT_IN_LAYER, builtInSheet } from '../../core/stylesheets';

/**
 * Adopts stylesheets into the host's shadow root before the component's first paint, one constructable sheet per
 * text shared by every component that asks for it (never the same rules twice), and takes each out when the last
 * component using it unmounts.
 *
 * @param css - stylesheet texts, in cascade order.
 */
export function useShadowStyles(...css: string[]): void {
  const host = useHost();
  const layered = useLayeredStyles();
  const key = css.join('\u0000');
  useLayoutEffect(() => {
    const root = host.shadowRoot;
    if (!root || key.length === 0) return;
    return adoptSheets(
      root,
      key.split('\u0000').map((text) => builtInSheet(text, layered)),
    );
  }, [host, layered, key]);
}
