import { useMemo } from 'react';
import { CurrencyRateError, convertAmount, findCurrencyRate, type CurrencyRate } from '../../lib/currency-conversion';
import { formatPrice } from '../../lib/price/format-price';

/** Writes the cart's amounts in the guest's currency. */
export interface CartPrices {
  /** The currency amounts are shown in. */
  currency: string;
  /** Converts an amount in `from` to {@link CartPrices.currency}. */
  convert(amount: number | undefined, from: string): number;
  /** The converted amount, written for the locale; '' for an amount bookcore did not give. */
  format(amount: number | undefined, from: string): string;
  /** Set when the wanted currency has no usable rate: prices fall back to the cart's currency. */
  missingRate: { currency: string; fallback: string } | null;
}

/**
 * Prices in the page's currency: converted with the cart's rates when it differs from the cart's (docs/commerce.md "Prices"
 * "Currency rate"). A currency without a usable rate never shows NaN: prices stay in the cart's currency and
 * `missingRate` says why.
 *
 * @param wanted - the page's currency (`data-currency`); empty for the cart's own.
 * @param base - the cart's currency.
 * @param rates - the cart's rates.
 * @param locale - the page's locale.
 */
export function useCartPrices(wanted: string, base: string, rates: readonly CurrencyRate[], locale: string): CartPrices {
  return useMemo(() => {
    let currency = wanted || base;
    let missingRate: CartPrices['missingRate'] = null;
    if (currency !== base) {
      try {
        findCurrencyRate(currency, rates);
        findCurrencyRate(base, rates);
      } catch (error) {
        if (!(error instanceof CurrencyRateError)) throw error;
        missingRate = { currency, fallback: base };
        currency = base;
      }
    }
    const convert = (amount: number | undefined, from: string): number => {
      // An amount that is no finite number (`1e999` parses as Infinity), or none at all, has no conversion: NaN, as an unknown rate.
      if (amount === undefined || !Number.isFinite(amount)) return Number.NaN;
      try {
        return convertAmount(amount, from, currency, rates);
      } catch (error) {
        if (error instanceof CurrencyRateError) return Number.NaN;
        throw error;
      }
    };
    const format = (amount: number | undefined, from: string): string => {
      // '' for an amount that is missing or no finite number: the caller shows its "price unavailable" text for that line.
      if (amount === undefined || !Number.isFinite(amount)) return '';
      const converted = convert(amount, from);
      // An amount in a currency the rates do not know is written as it came rather than as NaN.
      return Number.isNaN(converted) ? formatPrice(amount, { currency: from, locale }) : formatPrice(converted, { currency, locale });
    };
    return { currency, convert, format, missingRate };
  }, [wanted, base, rates, locale]);
}

/**
 * The price analytics reports: in the currency shown, or the cart's when it cannot be converted; 0 when bookcore
 * gave none.
 */
export function analyticsPrice(prices: CartPrices, amount: number | undefined, from: string): number {
  if (amount === undefined) return 0;
  const converted = prices.convert(amount, from);
  return Number.isNaN(converted) ? amount : converted;
}
