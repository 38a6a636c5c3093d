/**
 * Currencies shown without fraction digits whatever the locale (docs/commerce.md "Prices"). Some of these have minor units in
 * ISO 4217 (CNY, HKD, SGD…); hotel prices in them are quoted whole, so the widget never shows cents for them.
 */
export const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  'CLP', 'CNY', 'COP', 'HKD', 'IDR', 'INR', 'JPY', 'KRW', 'MMK', 'MYR', 'PHP', 'RUB', 'SGD', 'THB',
]);

/** Fraction digits of every other currency, and of the default format. */
export const DEFAULT_DECIMALS = 2;

/**
 * Fraction digits a price in `currency` is shown and rounded with: 0 for {@link ZERO_DECIMAL_CURRENCIES}, else 2.
 *
 * @param currency - ISO 4217 code, any case.
 */
export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.trim().toUpperCase()) ? 0 : DEFAULT_DECIMALS;
}
