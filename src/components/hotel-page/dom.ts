/**
 * The few DOM helpers `<hotel-page>` builds its markup with: text is always set as text (never parsed as HTML),
 * and links take only the schemes they name.
 */

/** Attributes of an element built by {@link element}; `undefined` and `false` leave the attribute out. */
export type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * An element with attributes and children (texts become text nodes).
 *
 * @param tag - the element's name.
 * @param attributes - its attributes (`true` for a boolean one).
 * @param children - nodes, texts, or nothing.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/**
 * An address a link may open: http(s) only (a `javascript:` or `data:` address from an answer is refused).
 *
 * @param url - the address as bookcore gave it.
 * @returns the absolute address, or undefined when it is not http(s).
 */
export function webAddress(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, document.baseURI);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
