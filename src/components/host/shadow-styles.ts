/**
 * Built-in stylesheets as constructable stylesheets (allowed by a strict CSP, unlike inline <style>), one per
 * text and page however many elements adopt it. An element adopts what its first paint needs when it is created
 * (elements/define.tsx); a part loaded on demand (the panel, the cart) adopts its own with
 * {@link useShadowStyles}, so its rules travel in its chunk.
 */
import { useLayoutEffect } from 'react';
import { useHost, useLayeredStyles } from '../ElementRoot';

/** The cascade layer the built-in styles sit in, so a brand's unlayered project stylesheet always wins. */
export const BUILT_IN_LAYER = 'loyalty-elements';

const sheets = new Map<string, CSSStyleSheet>();

/**
 * The one stylesheet for a text, in the built-in layer when `layered`.
 *
 * @param css - the stylesheet's text.
 * @param layered - whether to wrap it in `@layer loyalty-elements`.
 */
export function builtInSheet(css: string, layered: boolean): CSSStyleSheet {
  const text = layered ? `@layer ${BUILT_IN_LAYER} {\n${css}\n}` : css;
  let sheet = sheets.get(text);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  return sheet;
}

/**
 * Adds sheets to a shadow root's adopted stylesheets (those not there yet) and returns what takes them out again.
 */
function adopt(root: ShadowRoot, sheets: CSSStyleSheet[]): () => void {
  const added = sheets.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...added];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !added.includes(sheet));
  };
}

/**
 * Adopts stylesheets into the host's shadow root before the component's first paint, and takes them out when
 * it unmounts (unless another component of the element adopted them first).
 *
 * @param css - stylesheet texts, in cascade order.
 */
export function useShadowStyles(...css: string[]): void {
  const host = useHost();
  const layered = useLayeredStyles();
  const key = css.join('\n');
  useLayoutEffect(() => {
    const root = host.shadowRoot;
    if (!root || key.length === 0) return;
    return adopt(root, [builtInSheet(key, layered)]);
  }, [host, layered, key]);
}
