/**
 * Price formatting from the generated CLDR tables, without Intl at format time.
 *
 * Every (locale, currency) pair resolves once to a {@link PriceFormat} that is cached; formatting a number is
 * then string work only: decimal rounding, grouping by three and gluing the symbol on. That is faster than a
 * reused `Intl.NumberFormat` and gives the same text in every browser whatever ICU it ships.
 *
 * Deliberate differences from Intl, kept from the widget's original formatter: integers are always grouped
 * ("1.234,50 €" where CLDR's Spanish writes "1234,50 €"), grouping is always by three (no Indian lakh
 * grouping), digits are always Latin, and the minus sign is an ASCII hyphen placed first ("-$5.00", "-5,00 €").
 */
import { warn } from '../warn';
import { ZERO_DECIMAL_CURRENCIES } from './currency-decimals';
import { roundToDigits } from './decimal-rounding';
import { CURRENCY_SYMBOLS, LANGUAGE_DEFAULT_LOCALES, LOCALE_FORMATS, SYMBOL_CURRENCIES } from './locale-formats';
import type { LocaleNumberFormat, SymbolCurrency } from './locale-formats';
import { parsePriceAmount } from './price-amount';
import type { InvalidAmountReason } from './price-amount';

/** The locale used when none is given or the given one is unknown (docs/commerce.md "Prices"). */
export const DEFAULT_PRICE_LOCALE = 'es_ES';

/** The currency used when none is given or the given one is not a currency code (docs/commerce.md "Prices"). */
export const DEFAULT_CURRENCY = 'EUR';

/** What to format with. Both fields default: locale es_ES, currency EUR. */
export interface PriceFormatOptions {
  /** ISO 4217 code in any case, e.g. `"EUR"`, `"usd"`. */
  readonly currency?: string;
  /** `es_ES`, `es-ES` or a bare language `es`; script subtags and POSIX suffixes (`.UTF-8`) are ignored. */
  readonly locale?: string;
}

/** A resolved (locale, currency) pair: everything needed to write an amount. */
export interface PriceFormat {
  /** The table locale used, `language_REGION`. */
  readonly locale: string;
  /** The ISO code used, upper case. */
  readonly currency: string;
  /** The currency symbol in that locale (CLDR), or the ISO code when CLDR has none. */
  readonly symbol: string;
  /** Group separator. */
  readonly thousands: string;
  /** Decimal separator. */
  readonly decimal: string;
  /** Fraction digits: 0 for zero-decimal currencies, else the locale's. */
  readonly decimals: number;
  /** Text before the number: the symbol and its spacing when the symbol comes first. */
  readonly prefix: string;
  /** Text after the number: the spacing and symbol when the symbol comes last. */
  readonly suffix: string;
}

/** The outcome of {@link tryFormatPrice}. */
export type FormattedPrice =
  | { readonly ok: true; readonly text: string; readonly value: number }
  | { readonly ok: false; readonly reason: InvalidAmountReason };

const NO_BREAK_SPACE = '\u00a0';

// A pair table with no eviction could grow without bound if a page fed arbitrary strings; real pages use a handful.
const CACHE_LIMIT = 256;
const priceFormats = new Map<string, PriceFormat>();
const resolvedLocales = new Map<string, string>();
const resolvedCurrencies = new Map<string, string>();

function isSymbolCurrency(code: string): code is SymbolCurrency {
  return (SYMBOL_CURRENCIES as readonly string[]).includes(code);
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

function lookUpLocale(input: string): string | undefined {
  // "es_ES.UTF-8" and "ca_ES@euro" are POSIX spellings of the same locale.
  const [tag = ''] = input.trim().split(/[.@]/);
  const [languageText = '', ...subtags] = tag.split(/[-_]/);
  const language = languageText.toLowerCase();
  const region = subtags.find((subtag) => /^(?:[A-Za-z]{2}|\d{3})$/.test(subtag))?.toUpperCase();
  if (region !== undefined) {
    const key = `${language}_${region}`;
    if (Object.hasOwn(LOCALE_FORMATS, key)) return key;
  }
  // A region the table lacks still has its language's separators, which beats Spanish for a French reader.
  return Object.hasOwn(LANGUAGE_DEFAULT_LOCALES, language) ? LANGUAGE_DEFAULT_LOCALES[language] : undefined;
}

/**
 * The table locale for a locale name: `es_ES`, `es-ES`, `es-es` and `es` all give `es_ES`; a region the table
 * lacks falls back to the language (`fr_XX` → `fr_FR`). An unknown language gives {@link DEFAULT_PRICE_LOCALE}
 * with one console warning per distinct name. An empty or missing name gives the default silently.
 */
export function resolvePriceLocale(locale: string | undefined): string {
  if (locale === undefined || locale.trim() === '') return DEFAULT_PRICE_LOCALE;
  const cached = resolvedLocales.get(locale);
  if (cached !== undefined) return cached;
  const found = lookUpLocale(locale);
  if (found === undefined) warn(`Unknown price locale "${locale}": prices use ${DEFAULT_PRICE_LOCALE}.`);
  return remember(resolvedLocales, locale, found ?? DEFAULT_PRICE_LOCALE);
}

/**
 * The upper-case ISO code for a currency name. Any three-letter code is accepted (one without a symbol table
 * shows as its code, as CLDR does); anything else gives {@link DEFAULT_CURRENCY} with one warning per name.
 */
export function resolveCurrency(currency: string | undefined): string {
  if (currency === undefined || currency.trim() === '') return DEFAULT_CURRENCY;
  const cached = resolvedCurrencies.get(currency);
  if (cached !== undefined) return cached;
  const code = currency.trim().toUpperCase();
  const valid = /^[A-Z]{3}$/.test(code);
  if (!valid) warn(`"${currency}" is not a currency code: prices use ${DEFAULT_CURRENCY}.`);
  return remember(resolvedCurrencies, currency, valid ? code : DEFAULT_CURRENCY);
}

/**
 * The currency symbol CLDR gives `currency` in `locale`: `currencySymbol('USD', 'en_US')` is `"$"`,
 * `currencySymbol('USD', 'es_ES')` is `"US$"`. A currency outside the docs/commerce.md "Prices" list shows as its code.
 */
export function currencySymbol(currency: string, locale?: string): string {
  const code = resolveCurrency(currency);
  if (!isSymbolCurrency(code)) return code;
  const symbols = CURRENCY_SYMBOLS[code];
  return symbols.byLocale[resolvePriceLocale(locale)] ?? symbols.symbol;
}

/**
 * The number format of a locale (docs/commerce.md "Prices"), after the same resolution as
 * {@link resolvePriceLocale}.
 */
export function localeNumberFormat(locale?: string): LocaleNumberFormat {
  // The default locale is generated into the table, and the generator refuses a table without it.
  return LOCALE_FORMATS[resolvePriceLocale(locale)] as LocaleNumberFormat;
}

/**
 * Resolves and caches the format of a (locale, currency) pair. Call it once and pass the result to
 * {@link formatPriceWith} in hot loops; {@link formatPrice} does the same through the cache.
 */
export function priceFormat(options: PriceFormatOptions = {}): PriceFormat {
  const cacheKey = `${options.locale ?? ''}|${options.currency ?? ''}`;
  const cached = priceFormats.get(cacheKey);
  if (cached !== undefined) return cached;
  const locale = resolvePriceLocale(options.locale);
  const currency = resolveCurrency(options.currency);
  const numbers = localeNumberFormat(locale);
  const symbol = currencySymbol(currency, locale);
  const gap = numbers.symbolSpacing ? NO_BREAK_SPACE : '';
  return remember(priceFormats, cacheKey, {
    locale,
    currency,
    symbol,
    thousands: numbers.thousands,
    decimal: numbers.decimal,
    decimals: ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : numbers.decimals,
    prefix: numbers.symbolPosition === 'begin' ? symbol + gap : '',
    suffix: numbers.symbolPosition === 'end' ? gap + symbol : '',
  });
}

function groupThousands(integer: string, separator: string): string {
  const length = integer.length;
  if (length <= 3) return integer;
  let end = length % 3 || 3;
  let grouped = integer.slice(0, end);
  for (; end < length; end += 3) grouped += separator + integer.slice(end, end + 3);
  return grouped;
}

/** The number part only ("1.234,50"), for a finite amount. */
function writeNumber(value: number, format: PriceFormat): { text: string; negative: boolean } {
  const { integer, fraction } = roundToDigits(value < 0 ? -value : value, format.decimals);
  const grouped = groupThousands(integer, format.thousands);
  const text = format.decimals > 0 ? grouped + format.decimal + fraction : grouped;
  // An amount that rounds to zero is shown unsigned: "-0,00 €" reads as a debt of nothing.
  const negative = value < 0 && /[1-9]/.test(integer + fraction);
  return { text, negative };
}

/**
 * Formats a finite number with an already resolved {@link PriceFormat}: the fastest path, no lookups.
 * Non-finite input gives `""` (use {@link tryFormatPrice} to tell why).
 */
export function formatPriceWith(amount: number, format: PriceFormat): string {
  if (!Number.isFinite(amount)) return '';
  const { text, negative } = writeNumber(amount, format);
  return (negative ? '-' : '') + format.prefix + text + format.suffix;
}

/**
 * Formats an amount of money, reporting instead of hiding an amount that is not one.
 *
 * @param amount - a number, or a server string such as `"1234.5"` (see `parsePriceAmount` for what is accepted).
 * @example tryFormatPrice('1.234,50') // { ok: false, reason: 'unparseable' }
 */
export function tryFormatPrice(amount: unknown, options?: PriceFormatOptions): FormattedPrice {
  const parsed = parsePriceAmount(amount);
  if (!parsed.ok) return parsed;
  return { ok: true, text: formatPriceWith(parsed.value, priceFormat(options)), value: parsed.value };
}

const warnedAmounts = new Set<string>();

/**
 * Formats an amount of money for display: `formatPrice(1234.5)` is `"1.234,50 €"` (es_ES, EUR, with a no-break
 * space), `formatPrice(1234.5, { currency: 'USD', locale: 'en-US' })` is `"$1,234.50"`,
 * `formatPrice(1234.5, { currency: 'JPY', locale: 'ja' })` is `"￥1,235"`.
 *
 * An amount that is not one (NaN, ±Infinity, `"1.234,50"`, null) gives `""` — never "NaN €" on screen — and one
 * console warning per distinct value. Huge amounts are written out in full, never in exponent notation.
 */
export function formatPrice(amount: number | string, options?: PriceFormatOptions): string {
  if (typeof amount === 'number' && Number.isFinite(amount)) return formatPriceWith(amount, priceFormat(options));
  const result = tryFormatPrice(amount, options);
  if (result.ok) return result.text;
  const shown = String(amount);
  if (!warnedAmounts.has(shown)) {
    if (warnedAmounts.size >= CACHE_LIMIT) warnedAmounts.clear();
    warnedAmounts.add(shown);
    warn(`Price "${shown}" is not an amount (${result.reason}): nothing is shown.`);
  }
  return '';
}

/** The number without its symbol, in the locale's separators and the currency's decimals: `"1.234,50"`. */
export function formatAmount(amount: number, options?: PriceFormatOptions): string {
  if (!Number.isFinite(amount)) return '';
  const { text, negative } = writeNumber(amount, priceFormat(options));
  return negative ? `-${text}` : text;
}
