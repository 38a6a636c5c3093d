/**
 * A legal document's own headings, put under the dialog that shows it: the dialog's title is the view's `h2`, so the
 * document's highest heading becomes an `h3` and the others keep their distance from it (an `h1`, `h2`, `h4`
 * document reads `h3`, `h4`, `h6`), `h6` the floor. A document whose headings start at `h3` or lower is left as is.
 * Screen-reader users then meet one heading tree per view instead of two top-level ones.
 */

const HEADING = /^h([1-6])$/;

/**
 * Renames the fragment's headings in place, keeping their attributes and children.
 *
 * @param fragment - the document's nodes, already sanitised.
 * @param top - the level the highest heading takes.
 */
export function nestHeadings(fragment: DocumentFragment, top: number): void {
  const headings = Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levels = headings.map((heading) => Number(HEADING.exec(heading.localName)?.[1] ?? 6));
  if (levels.length === 0) return;
  const shift = top - Math.min(...levels);
  if (shift <= 0) return;
  headings.forEach((heading, index) => {
    const nested = heading.ownerDocument.createElement(`h${Math.min(6, levels[index]! + shift)}`);
    for (const { name, value } of Array.from(heading.attributes)) nested.setAttribute(name, value);
    nested.append(...Array.from(heading.childNodes));
    heading.replaceWith(nested);
  });
}
