/**
 * `<loyalty-price>`'s content, drawn with plain DOM once bookcore has answered (docs/loyalty-price.md "What it
 * shows"). A chunk of its own: the price formatting, the currency conversion and the texts of the 8 languages
 * travel here, not in what a page loads before the icon.
 */
import { fillPriceText, PRICE_TEXTS } from '../i18n/price-texts';
import type { Language } from '../i18n/languages';
import { CurrencyRateError, convertAmount, roundToCurrency } from '../lib/currency-conversion';
import { formatPrice } from '../lib/price/format-price';
import type { MemberPriceQuote } from '../state/member-prices';
import { OPEN_LOYALTY_CLASS } from './open-loyalty';
import { builtInSheet } from './stylesheets';
import css from '../../styles/loyalty-price-view.css';

/**
 * The drawn price's styles, in the built-in layer as the element's own, so a brand's project stylesheet wins.
 * `<hotel-page>` adopts them into its root before its prices are in it (src/components/hotel-page/member-prices.ts).
 *
 * @param root - the shadow root the price is drawn in.
 */
export function adoptMemberPriceStyles(root: Node): void {
  if (!(root instanceof ShadowRoot)) return;
  const sheet = builtInSheet(css, true);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** How the price is written and for whom. */
export interface PriceViewOptions {
  /** Whether a member is signed in. */
  member: boolean;
  /** The element's language. */
  language: Language;
  /** The locale amounts are written in (`data-locale`, else the page's `lang`). */
  locale: string;
  /** The currency to show (`data-currency`); empty for bookcore's. */
  currency: string;
  /** Where a join is tracked from (`data-loyalty-origin`); `loyalty-price` unless said. */
  origin?: string;
  /** Whether a guest is offered the join and sign-in actions (a page with a panel to open); true unless said. */
  actions?: boolean;
  /** The part name of the line holding the prices; `offer` unless said (`<hotel-page>` has offers of its own). */
  part?: string;
  /**
   * Whether the public price stands beside the drawing already (`<hotel-page>`'s rooms and offers): then a guest sees
   * "for members", the member price and the saving, not the public price struck through a second time.
   */
  publicShown?: boolean;
}

/** The answer's prices in the page's currency, or in bookcore's when the rates cannot convert them. */
function pricesIn(quote: MemberPriceQuote, wanted: string): { price: number; loyaltyPrice: number; currency: string } {
  const currency = wanted || quote.currency;
  try {
    return {
      price: convertAmount(quote.price, quote.currency, currency, quote.rates),
      loyaltyPrice: convertAmount(quote.loyaltyPrice, quote.currency, currency, quote.rates),
      currency,
    };
  } catch (error) {
    if (!(error instanceof CurrencyRateError)) throw error;
    return { price: quote.price, loyaltyPrice: quote.loyaltyPrice, currency: quote.currency };
  }
}

function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, part: string, text = ''): HTMLElementTagNameMap[Tag] {
  const created = document.createElement(tag);
  created.setAttribute('part', part);
  if (text) created.textContent = text;
  return created;
}

/** A button that opens the panel through the page-wide `open-loyalty` route, at a section. */
function openButton(part: string, text: string, section: 'SIGNUP' | 'SIGNIN', origin: string): HTMLButtonElement {
  const button = element('button', part, text);
  button.type = 'button';
  button.className = OPEN_LOYALTY_CLASS;
  button.setAttribute('data-external-auth-section', section);
  button.setAttribute('data-loyalty-origin', origin);
  return button;
}

/**
 * Draws the price into the element's container: to a guest the public price, the member price and the saving
 * (one sentence for screen readers), the join action and the sign-in link (unless `options.actions` is false); to
 * a member their price. `<loyalty-price>` and `<hotel-page>`'s rooms and offers draw with it.
 */
export function renderMemberPrice(container: HTMLElement, quote: MemberPriceQuote, options: PriceViewOptions): void {
  adoptMemberPriceStyles(container.getRootNode());
  const texts = PRICE_TEXTS[options.language];
  const { price, loyaltyPrice, currency } = pricesIn(quote, options.currency);
  const format = (amount: number) => formatPrice(amount, { currency, locale: options.locale });
  const memberText = format(loyaltyPrice);
  const offer = element('p', options.part ?? 'offer');
  if (options.member) {
    offer.append(element('span', 'member-label', texts.yourPrice), ' ', element('strong', 'member-price', memberText));
    container.replaceChildren(offer);
    container.dataset['state'] = 'member';
    return;
  }
  const values = { public: format(price), member: memberText, saving: format(roundToCurrency(price - loyaltyPrice, currency)) };
  // A screen reader reads the offer as one sentence; the struck-through number and its neighbours are for the eye.
  const sentence = element('span', 'sentence', fillPriceText(texts.sentence, values));
  sentence.className = 'visually-hidden';
  const seen = document.createElement('span');
  seen.setAttribute('aria-hidden', 'true');
  seen.append(
    options.publicShown ? element('span', 'member-label', texts.forMembers) : element('s', 'public-price', values.public),
    ' ',
    element('strong', 'member-price', values.member),
    ' ',
    element('span', 'saving', fillPriceText(texts.saving, values)),
  );
  offer.append(sentence, seen);
  if (options.actions === false) {
    container.replaceChildren(offer);
    container.dataset['state'] = 'guest';
    return;
  }
  const origin = options.origin ?? 'loyalty-price';
  const join = openButton('join', texts.join, 'SIGNUP', origin);
  join.setAttribute('data-join-price', memberText);
  const actions = element('p', 'actions');
  actions.append(join, ' ', element('span', 'member-prompt', texts.memberPrompt), ' ', openButton('sign-in', texts.signIn, 'SIGNIN', origin));
  container.replaceChildren(offer, actions);
  container.dataset['state'] = 'guest';
}
