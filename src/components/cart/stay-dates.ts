/** Why a date pair cannot be searched; each maps to a `cart.*` message. */
export type StayDateProblem =
  | 'checkInRequired'
  | 'checkInInvalid'
  | 'checkInPast'
  | 'checkOutInvalid'
  | 'checkOutBeforeCheckIn';

/** The problems of each date, empty when they can be searched. */
export interface StayDateErrors {
  checkIn?: StayDateProblem;
  checkOut?: StayDateProblem;
}

/** Today in the guest's calendar, `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Checks the guest's dates before any request (docs/bookcore-contract.md "Package availability"): a check-in, not before
 * today; a check-out, when given, after the check-in. ISO dates compare as strings.
 */
export function validateStayDates(checkIn: string, checkOut: string, today: string = todayIso()): StayDateErrors {
  const errors: StayDateErrors = {};
  if (checkIn === '') errors.checkIn = 'checkInRequired';
  else if (!isIsoDate(checkIn)) errors.checkIn = 'checkInInvalid';
  else if (checkIn < today) errors.checkIn = 'checkInPast';
  if (checkOut !== '') {
    if (!isIsoDate(checkOut)) errors.checkOut = 'checkOutInvalid';
    else if (errors.checkIn === undefined && checkOut <= checkIn) errors.checkOut = 'checkOutBeforeCheckIn';
  }
  return errors;
}
