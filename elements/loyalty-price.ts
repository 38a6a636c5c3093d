import { connectLoyaltyPrice, PRICE_ATTRIBUTES } from '../src/core/price-place';
import { adoptDocumentTokens, builtInSheet } from '../src/core/stylesheets';
import css from '../styles/loyalty-price.css';
import { defineElement } from './define';

/** Each element's part it draws into, and what undoes its connection (not properties: attributes configure it). */
const connections = new WeakMap<HTMLElement, { container: HTMLElement; disconnect: (() => void) | undefined }>();

/** The element's open shadow root with its styles, and the part it draws into, kept while it loads. */
function attachPriceRoot(host: HTMLElement): HTMLElement {
  adoptDocumentTokens();
  const root = host.attachShadow({ mode: 'open' });
  // In the built-in layer, so the page's default and project stylesheets win at equal specificity.
  root.adoptedStyleSheets = [builtInSheet(css, true)];
  const container = document.createElement('div');
  container.setAttribute('part', 'price');
  root.append(container);
  return container;
}

/**
 * `<loyalty-price>`: a hotel's member price, for a CMS editor to place beside the hotel's price on any page
 * (docs/loyalty-price.md). To a guest it shows the member price beside the public one with the saving, a "join
 * free" action that opens the panel at SIGNUP headed with that price, and a sign-in link; to a member, their
 * member price. With no member price, or when bookcore fails, it shows nothing (a console warning says why). One
 * loyalty availability request serves every tag of the page. Plain DOM, no React: it paints with the icon.
 *
 * Theming: the `::part()` names below, its custom properties, the `--loyalty-*` tokens and the project
 * stylesheet (docs/theming.md).
 *
 * @summary A hotel's member price, with a "join free" action for guests.
 * @attr {string} data-hotel-code - the hotel whose member price is shown, as bookcore's loyalty availability names it (`HSIE`).
 * @attr {string} data-availability-id - bookcore's availability id, where it is not the hotel code; when every tag of the page names the same one, the page asks for that id alone.
 * @attr {string} data-currency - the currency to show (`USD`), converted with the rates of bookcore's answer; default: bookcore's.
 * @attr {string} data-locale - how amounts are written (`en-US`); default: the nearest `lang`, else `es_ES`.
 * @csspart price - the element's content; `data-state` is `loading`, `guest`, `member` or `empty`.
 * @csspart offer - the line with the prices.
 * @csspart sentence - the offer as one sentence, for screen readers only.
 * @csspart public-price - the public price, struck through (a guest's view).
 * @csspart member-price - the member price.
 * @csspart saving - what a member saves (a guest's view).
 * @csspart member-label - "your member price" (a member's view).
 * @csspart actions - the join action and the sign-in link (a guest's view).
 * @csspart join - the "join free" button: opens the panel at SIGNUP, headed with the member price.
 * @csspart member-prompt - the text before the sign-in link.
 * @csspart sign-in - the sign-in link: opens the panel at SIGNIN.
 * @cssprop [--loyalty-price-block-size=5.5em] - the room the element keeps while loading and once shown, so the page does not move.
 * @cssprop [--loyalty-price-member-color=var(--loyalty-color-primary)] - the member price's colour.
 */
export class LoyaltyPriceElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return [...PRICE_ATTRIBUTES];
  }

  constructor() {
    super();
    connections.set(this, { container: attachPriceRoot(this), disconnect: undefined });
  }

  connectedCallback(): void {
    const connection = connections.get(this)!;
    connection.disconnect ??= connectLoyaltyPrice(this, connection.container);
  }

  disconnectedCallback(): void {
    const connection = connections.get(this)!;
    connection.disconnect?.();
    connection.disconnect = undefined;
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    const connection = connections.get(this)!;
    if (previous === next || !connection.disconnect) return;
    connection.disconnect();
    connection.disconnect = connectLoyaltyPrice(this, connection.container);
  }
}

defineElement('loyalty-price', LoyaltyPriceElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-price': HTMLElement;
  }
}
