// @ts-check
/**
 * Lookups, prices and stay validation over the seeded hotels and packages, shared by the cart and the
 * package availability routes.
 */
import { json } from './lib/http.mjs';
import { HOTELS, PACKAGES } from './seed.mjs';

/** cod_error values (see docs/bookcore-contract.md). */
export const COD = Object.freeze({
  OK: '000',
  NO_AVAILABILITY: '101',
  INVALID_DATES: '102',
  NOT_FOUND: '103',
  INVALID_PARAMS: '104',
});

const MAX_NIGHTS = 30;
const BOOKING_WINDOW_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Business failures answer 200, like the legacy bookcore views: clients look at cod_error, not the status.
 * @param {string} code
 * @param {string} error
 */
export function codError(code, error) {
  return json({ cod_error: code, error });
}

/**
 * @param {import('./seed.mjs').Localized} text
 * @param {string | null} [lang]
 * @returns {string}
 */
export function localize(text, lang) {
  return lang?.toLowerCase().startsWith('en') ? text.en : text.es;
}

/** @param {string} code */
export function hotelByCode(code) {
  return HOTELS.find((hotel) => hotel.code === code) ?? null;
}

/**
 * @param {import('./seed.mjs').Hotel} hotel
 * @param {string} code
 */
export function roomOf(hotel, code) {
  return hotel.rooms.find((candidate) => candidate.code === code) ?? null;
}

/**
 * @param {import('./seed.mjs').Hotel} hotel
 * @param {string} code
 */
export function boardOf(hotel, code) {
  return hotel.boards.find((candidate) => candidate.code === code) ?? null;
}

/** @param {string} id as posted or found in a path */
export function packageById(id) {
  return PACKAGES.find((candidate) => String(candidate.id) === id) ?? null;
}

/** @param {string} id */
export function optionById(id) {
  for (const pack of PACKAGES) {
    const option = pack.options.find((candidate) => String(candidate.id) === id);
    if (option) return { pack, option };
  }
  return null;
}

/** @param {number} amount */
export function roundMoney(amount) {
  return Math.round(amount * 100) / 100;
}

/** What members save: their price is this much below the public one (docs/bookcore-contract.md "Member prices"). */
export const LOYALTY_DISCOUNT = 0.1;

/**
 * The member price of a public amount.
 * @param {number} amount
 */
export function memberPrice(amount) {
  return roundMoney(amount * (1 - LOYALTY_DISCOUNT));
}

/**
 * What a visitor pays for a public amount: the member price when a member is signed in.
 * @param {number} amount
 * @param {boolean} isMember
 */
export function chargedPrice(amount, isMember) {
  return isMember ? memberPrice(amount) : amount;
}

/**
 * @param {import('./seed.mjs').Room} room
 * @param {import('./seed.mjs').Board} board
 * @param {number} nights
 * @param {number} extra package supplement for the whole stay
 */
export function stayPrice(room, board, nights, extra) {
  return roundMoney((room.nightly + board.nightly) * nights + extra);
}

/**
 * @typedef {{ ok: true, checkIn: string, checkOut: string, nights: number } | { ok: false, code: string, error: string }} StayResult
 */

/**
 * Validates a stay. An empty check-out means the package's own length.
 * "Today" is the UTC date of the server clock, which tests can move.
 * @param {string | undefined} checkIn
 * @param {string | undefined} checkOut
 * @param {number} defaultNights
 * @param {number} nowMs
 * @returns {StayResult}
 */
export function parseStay(checkIn, checkOut, defaultNights, nowMs) {
  if (!checkIn) return invalidDates('Indica la fecha de entrada.');
  const start = parseIsoDate(checkIn);
  if (start === null) return invalidDates('La fecha de entrada no es válida (formato AAAA-MM-DD).');
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  if (start < today) return invalidDates('La fecha de entrada no puede ser anterior a hoy.');

  const end = checkOut ? parseIsoDate(checkOut) : start + defaultNights * DAY_MS;
  if (end === null) return invalidDates('La fecha de salida no es válida (formato AAAA-MM-DD).');
  if (end <= start) return invalidDates('La fecha de salida debe ser posterior a la de entrada.');
  const nights = Math.round((end - start) / DAY_MS);
  if (nights > MAX_NIGHTS) return invalidDates(`La estancia no puede superar ${MAX_NIGHTS} noches.`);

  if (start > today + BOOKING_WINDOW_DAYS * DAY_MS) {
    return { ok: false, code: COD.NO_AVAILABILITY, error: 'No hay disponibilidad para las fechas seleccionadas.' };
  }
  return { ok: true, checkIn: formatIsoDate(start), checkOut: formatIsoDate(end), nights };
}

/**
 * @param {string} error
 * @returns {StayResult}
 */
function invalidDates(error) {
  return { ok: false, code: COD.INVALID_DATES, error };
}

/**
 * Strict YYYY-MM-DD that names a real calendar day, as UTC midnight in ms.
 * @param {string} value
 * @returns {number | null}
 */
function parseIsoDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? ms : null;
}

/** @param {number} ms */
function formatIsoDate(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}
