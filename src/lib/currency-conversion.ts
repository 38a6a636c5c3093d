/**
 * Currency conversion with the backend's rate list (docs/commerce.md "Currency conversion"): every rate is against one
 * common base, so an amount converts as amount × target rate ÷ source rate.
 */
import { currencyDecimals } from './price/currency-decimals';
import { roundAmount } from './price/decimal-rounding';
import { parsePriceAmount } from './price/price-amount';

/** One entry of the backend's rate list. `tasa` may arrive as a decimal string (Django's DecimalField). */
export interface CurrencyRate {
  /** ISO 4217 code. */
  readonly codigo: string;
  /** Units of this currency per unit of the common base; must be a positive finite number. */
  readonly tasa: number | string;
}

/** Why a conversion could not use a currency's rate. */
export type CurrencyRateProblem = 'missing' | 'invalid';

/**
 * Thrown when a rate needed for a conversion is absent, or is not a positive finite number: a price that cannot
 * be converted must be handled (hidden, shown in its own currency), never shown as NaN.
 */
export class CurrencyRateError extends Error {
  /** The upper-case code whose rate is missing or invalid. */
  readonly currency: string;
  /** Missing from the list, or present with an unusable value. */
  readonly problem: CurrencyRateProblem;

  constructor(currency: string, problem: CurrencyRateProblem) {
    super(problem === 'missing' ? `No currency rate for ${currency}.` : `The currency rate for ${currency} is not a positive number.`);
    this.name = 'CurrencyRateError';
    this.currency = currency;
    this.problem = problem;
  }
}

const normalizeCode = (code: string): string => code.trim().toUpperCase();

/**
 * The rate of `currency` in `rates` (codes compared case-insensitively; the first entry wins).
 *
 * @throws {CurrencyRateError} when it is missing or not a positive finite number.
 */
export function findCurrencyRate(currency: string, rates: readonly CurrencyRate[]): number {
  const code = normalizeCode(currency);
  const entry = rates.find((rate) => normalizeCode(rate.codigo) === code);
  if (entry === undefined) throw new CurrencyRateError(code, 'missing');
  const parsed = parsePriceAmount(entry.tasa);
  if (!parsed.ok || parsed.value <= 0) throw new CurrencyRateError(code, 'invalid');
  return parsed.value;
}

/**
 * Rounds an amount to the decimals its currency is shown with (0 for JPY, CLP…, else 2), half away from zero.
 *
 * @example roundToCurrency(10.005, 'EUR') // 10.01
 */
export function roundToCurrency(amount: number, currency: string): number {
  return roundAmount(amount, currencyDecimals(currency));
}

/**
 * Converts `amount` from one currency to another: amount × rate(to) ÷ rate(from), rounded to the target
 * currency's decimals. Converting a currency to itself needs no rate.
 *
 * @param amount - a finite number, or a decimal string as the server sends it.
 * @throws {CurrencyRateError} when either rate is missing or invalid.
 * @throws {RangeError} when `amount` is not a finite amount.
 * @example convertAmount(100, 'EUR', 'USD', [{ codigo: 'EUR', tasa: 1 }, { codigo: 'USD', tasa: 1.1 }]) // 110
 */
export function convertAmount(amount: number | string, from: string, to: string, rates: readonly CurrencyRate[]): number {
  const parsed = parsePriceAmount(amount);
  if (!parsed.ok) throw new RangeError(`Cannot convert "${String(amount)}": not an amount (${parsed.reason}).`);
  if (normalizeCode(from) === normalizeCode(to)) return roundToCurrency(parsed.value, to);
  const source = findCurrencyRate(from, rates);
  const target = findCurrencyRate(to, rates);
  return roundToCurrency((parsed.value * target) / source, to);
}
