/**
 * Built-in stylesheets as constructable stylesheets (allowed by a strict CSP, unlike inline <style>), one per
 * text and page however many elements adopt it. An element adopts what its first paint needs when it is created
 * (src/core/element.ts); a part loaded on demand (the panel, the cart) adopts its own with
 * {@link useShadowStyles}, so its rules travel in its chunk.
 */
import { useLayoutEffect } from 'react';
import { builtInSheet } from '../../core/stylesheets';
import { useHost, useLayeredStyles } from '../ElementRoot';

export { BUILT_IN_LAYER, builtInSheet } from '../../core/stylesheets';

// How many mounted components of each shadow root use each sheet: a sheet leaves when its last user unmounts.
const users = new WeakMap<ShadowRoot, Map<CSSStyleSheet, number>>();

/**
 * Adds sheets to a shadow root's adopted stylesheets (each once, whoever else uses it) and returns what takes
 * them out again when no other component of the root still uses them.
 */
function adopt(root: ShadowRoot, sheets: CSSStyleSheet[]): () => void {
  let counts = users.get(root);
  if (!counts) {
    counts = new Map();
    users.set(root, counts);
  }
  const used = counts;
  for (const sheet of sheets) used.set(sheet, (used.get(sheet) ?? 0) + 1);
  const missing = sheets.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
  return () => {
    const unused = sheets.filter((sheet) => {
      const count = (used.get(sheet) ?? 1) - 1;
      if (count > 0) used.set(sheet, count);
      else used.delete(sheet);
      return count <= 0;
    });
    if (unused.length) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !unused.includes(sheet));
  };
}

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
    return adopt(
      root,
      key.split('\u0000').map((text) => builtInSheet(text, layered)),
    );
  }, [host, layered, key]);
}
