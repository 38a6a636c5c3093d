/**
 * Built-in stylesheets as constructable stylesheets (allowed by a strict CSP, unlike inline <style>), one per
 * text and page however many elements adopt it, and the token defaults adopted once into the document. An element
 * adopts what its first paint needs when it is created (./element.ts); a part loaded later (the panel, the cart)
 * adopts its own (src/components/host/shadow-styles.ts), so its rules travel in its chunk.
 */
import tokens from '../../styles/tokens.css';

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

// How many users (a mounted component, the core's notification or tooltip) of each shadow root use each sheet: a
// sheet leaves when its last user goes, never while another part still shows with it.
const users = new WeakMap<ShadowRoot, Map<CSSStyleSheet, number>>();

/**
 * Adds sheets to a shadow root's adopted stylesheets (each once, whoever else uses it) and returns what takes
 * them out again when no other component of the root still uses them.
 */
export function adoptSheets(root: ShadowRoot, sheets: CSSStyleSheet[]): () => void {
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

const TOKENS_KEY = Symbol.for('loyalty-elements.tokens');

/**
 * Adds the token defaults to the document once per page, however many copies of the library run: the values
 * then inherit into every shadow root, under whatever the page or a brand sets.
 */
export function adoptDocumentTokens(): void {
  const page = document as Document & { [TOKENS_KEY]?: true };
  if (page[TOKENS_KEY]) return;
  page[TOKENS_KEY] = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(tokens);
  page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
}
