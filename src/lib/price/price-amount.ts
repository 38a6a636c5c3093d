/**
 * What counts as an amount of money, for values that arrive from the server or from attributes.
 *
 * Accepted: finite numbers, and strings written the way JavaScript and Python's `Decimal` write numbers
 * (`"1234.5"`, `"-12"`, `" 99.90 "`, `"1E+3"`, `".5"`). Rejected: localized text such as `"1.234,50"` or
 * `"1,234.50"` — whether the dot groups thousands or separates decimals cannot be known, and guessing would
 * show a price a thousand times off — as well as `""`, `"12 €"`, `"0x10"`, `"Infinity"`, NaN and ±Infinity.
 */

/** Why a value is not an amount. */
export type InvalidAmountReason =
  /** The number NaN. */
  | 'nan'
  /** ±Infinity, or a numeric string too large for a double (`"1e400"`). */
  | 'infinite'
  /** A string that is not a plain JavaScript decimal numeral. */
  | 'unparseable'
  /** Neither a number nor a string (null, undefined, an object…). */
  | 'wrong-type';

/** The outcome of {@link parsePriceAmount}. */
export type PriceAmountResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: InvalidAmountReason };

// No thousands separators, no currency, no hex, no "Infinity": only a plain decimal numeral with an optional exponent.
const NUMERAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads an amount from a number or a server string without ever producing NaN.
 *
 * @example parsePriceAmount('1234.5') // { ok: true, value: 1234.5 }
 * @example parsePriceAmount('1.234,50') // { ok: false, reason: 'unparseable' }
 */
export function parsePriceAmount(input: unknown): PriceAmountResult {
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return { ok: false, reason: 'nan' };
    if (!Number.isFinite(input)) return { ok: false, reason: 'infinite' };
    return { ok: true, value: input };
  }
  if (typeof input === 'string') {
    const text = input.trim();
    if (!NUMERAL.test(text)) return { ok: false, reason: 'unparseable' };
    const value = Number(text);
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: 'infinite' };
  }
  return { ok: false, reason: 'wrong-type' };
}
