/**
 * Rounding done on decimal digits rather than on binary floating point, shared by price formatting and currency
 * conversion so that a converted amount and its displayed text always agree.
 *
 * Rounding is half away from zero on the shortest decimal that reads back as the same number (what `String(x)`
 * prints): `1.005` is rounded as the 1.005 a person typed, giving 1.01, where `Math.round(1.005 * 100)` gives 1.00.
 * Intl.NumberFormat rounds the same way, so switching to it would not change a price.
 */

/** An unsigned amount split into its rounded integer and fraction digits. */
export interface RoundedDigits {
  /** Integer digits, no leading zeros except a lone "0". */
  readonly integer: string;
  /** Exactly the requested number of fraction digits. */
  readonly fraction: string;
}

/** `"1.2345e+25"` → `"12345000000000000000000000"`; `"1.5e-7"` → `"0.00000015"`. */
function expandExponent(text: string): string {
  const [mantissa = '0', exponentText = '0'] = text.split('e');
  const exponent = Number(exponentText);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const pointAt = (dot < 0 ? mantissa.length : dot) + exponent;
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return digits + '0'.repeat(pointAt - digits.length);
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/** Adds one unit in the last place of a string of decimal digits. */
function incrementDigits(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits.charCodeAt(index) === 57 /* 9 */) index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, index) + String.fromCharCode(digits.charCodeAt(index) + 1) + '0'.repeat(digits.length - index - 1);
}

/**
 * Rounds a finite, non-negative number to `decimals` fraction digits, half away from zero.
 *
 * @param value - finite and ≥ 0; callers strip the sign first.
 * @param decimals - 0 or more fraction digits.
 */
export function roundToDigits(value: number, decimals: number): RoundedDigits {
  let text = String(value);
  // Above 1e21 and below 1e-6 JavaScript prints exponents; a price never should.
  if (text.includes('e')) text = expandExponent(text);
  const dot = text.indexOf('.');
  const integer = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  if (fraction.length <= decimals) {
    return { integer, fraction: decimals === fraction.length ? fraction : fraction + '0'.repeat(decimals - fraction.length) };
  }
  const kept = fraction.slice(0, decimals);
  if (fraction.charCodeAt(decimals) < 53 /* 5 */) return { integer, fraction: kept };
  const carried = incrementDigits(integer + kept);
  const integerLength = carried.length - decimals;
  return { integer: carried.slice(0, integerLength), fraction: carried.slice(integerLength) };
}

/**
 * Rounds a finite number to `decimals` fraction digits, half away from zero, as a number.
 * Negative zero comes back as 0 so that it never prints as "-0".
 */
export function roundAmount(value: number, decimals: number): number {
  const { integer, fraction } = roundToDigits(Math.abs(value), decimals);
  const magnitude = Number(fraction ? `${integer}.${fraction}` : integer);
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}
