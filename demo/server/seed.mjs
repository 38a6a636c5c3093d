// @ts-check
/**
 * The seeded world of the dev server: hotels with rooms and boards, packages with options, currency rates and
 * members. Prices are per room and night in EUR so every answer can be recomputed by a test.
 */

/** @typedef {{ es: string, en: string }} Localized */
/** @typedef {{ code: string, name: Localized, rank: number, nightly: number, image: string }} Room */
/** @typedef {{ code: string, name: Localized, nightly: number }} Board */
/** @typedef {{ code: string, name: string, city: string, cityCode: string, image: string, address: string, telephone: string, latitude: number, longitude: number, rooms: Room[], boards: Board[] }} Hotel */
/** @typedef {{ id: number, name: string, hotelCode: string, roomCode: string, boardCode: string, extra: number }} PackageOption */
/** @typedef {{ id: number, name: string, nights: number, options: PackageOption[] }} Package */

/**
 * @param {string} es
 * @param {string} en
 * @returns {Localized}
 */
const t = (es, en) => ({ es, en });

/**
 * @param {string} hotel
 * @param {string} code
 * @param {Localized} name
 * @param {number} rank
 * @param {number} nightly
 * @returns {Room}
 */
const room = (hotel, code, name, rank, nightly) => ({
  code,
  name,
  rank,
  nightly,
  image: `/static/img/rooms/${hotel.toLowerCase()}-${code.toLowerCase()}.svg`,
});

const BOARDS = {
  SA: { code: 'SA', name: t('Solo alojamiento', 'Room only'), nightly: 0 },
  AD: { code: 'AD', name: t('Alojamiento y desayuno', 'Bed and breakfast'), nightly: 15 },
  MP: { code: 'MP', name: t('Media pensión', 'Half board'), nightly: 35 },
  PC: { code: 'PC', name: t('Pensión completa', 'Full board'), nightly: 55 },
};

/** @type {readonly Hotel[]} */
export const HOTELS = Object.freeze([
  {
    code: 'HMAR',
    name: 'Hotel Mar Azul',
    city: 'Málaga',
    cityCode: 'AGP',
    image: '/static/img/hotels/hmar.svg',
    address: 'Paseo Marítimo Pablo Ruiz Picasso 12, 29016 Málaga',
    telephone: '+34 952 000 101',
    latitude: 36.7196,
    longitude: -4.4014,
    rooms: [
      room('HMAR', 'DBL', t('Habitación Doble Estándar', 'Standard Double Room'), 1, 95),
      room('HMAR', 'DBLS', t('Doble Superior Vista Mar', 'Superior Double Sea View'), 2, 125),
      room('HMAR', 'JS', t('Junior Suite', 'Junior Suite'), 3, 180),
    ],
    boards: [BOARDS.SA, BOARDS.AD, BOARDS.MP],
  },
  {
    code: 'HSIE',
    name: 'Sierra Nevada Lodge',
    city: 'Granada',
    cityCode: 'GRX',
    image: '/static/img/hotels/hsie.svg',
    address: 'Plaza de Andalucía 3, 18196 Sierra Nevada, Granada',
    telephone: '+34 958 000 202',
    latitude: 37.0958,
    longitude: -3.3986,
    rooms: [
      room('HSIE', 'EST', t('Habitación Estándar', 'Standard Room'), 1, 80),
      room('HSIE', 'SUP', t('Habitación Superior', 'Superior Room'), 2, 105),
      room('HSIE', 'FAM', t('Habitación Familiar', 'Family Room'), 3, 140),
    ],
    boards: [BOARDS.AD, BOARDS.MP, BOARDS.PC],
  },
  {
    code: 'HURB',
    name: 'Urban Madrid Centro',
    city: 'Madrid',
    cityCode: 'MAD',
    image: '/static/img/hotels/hurb.svg',
    address: 'Calle de Alcalá 45, 28014 Madrid',
    telephone: '+34 910 000 303',
    latitude: 40.4189,
    longitude: -3.6969,
    rooms: [
      room('HURB', 'DBL', t('Habitación Doble', 'Double Room'), 1, 110),
      room('HURB', 'EXE', t('Habitación Ejecutiva', 'Executive Room'), 2, 150),
      room('HURB', 'SUI', t('Suite Gran Vía', 'Gran Vía Suite'), 3, 240),
    ],
    boards: [BOARDS.SA, BOARDS.AD],
  },
]);

/** @type {readonly Package[]} */
export const PACKAGES = Object.freeze([
  {
    id: 1,
    name: 'Escapada romántica',
    nights: 2,
    options: [
      { id: 11, name: 'Doble Superior con cava y desayuno', hotelCode: 'HMAR', roomCode: 'DBLS', boardCode: 'AD', extra: 40 },
      { id: 12, name: 'Ejecutiva en el centro con desayuno', hotelCode: 'HURB', roomCode: 'EXE', boardCode: 'AD', extra: 40 },
    ],
  },
  {
    id: 2,
    name: 'Aventura en la nieve',
    nights: 3,
    options: [
      { id: 21, name: 'Estándar con media pensión y forfait', hotelCode: 'HSIE', roomCode: 'EST', boardCode: 'MP', extra: 120 },
      { id: 22, name: 'Familiar con pensión completa y forfait', hotelCode: 'HSIE', roomCode: 'FAM', boardCode: 'PC', extra: 200 },
    ],
  },
  {
    id: 3,
    name: 'Ciudad y playa',
    nights: 4,
    options: [
      { id: 31, name: 'Playa: Doble con desayuno', hotelCode: 'HMAR', roomCode: 'DBL', boardCode: 'AD', extra: 0 },
      { id: 32, name: 'Ciudad: Doble solo alojamiento', hotelCode: 'HURB', roomCode: 'DBL', boardCode: 'SA', extra: 0 },
      { id: 33, name: 'Montaña: Superior con desayuno', hotelCode: 'HSIE', roomCode: 'SUP', boardCode: 'AD', extra: 0 },
    ],
  },
]);

/** Rates against EUR: amount × target rate ÷ source rate (docs/commerce.md "Currency conversion"). */
export const RATES = Object.freeze([
  { codigo: 'EUR', tasa: 1 },
  { codigo: 'USD', tasa: 1.08 },
  { codigo: 'GBP', tasa: 0.85 },
  { codigo: 'MXN', tasa: 18.9 },
  { codigo: 'CLP', tasa: 1010 },
]);

export const CURRENCY = 'EUR';

/**
 * @typedef {object} SeedMember
 * @property {string} email
 * @property {string} password
 * @property {string} nombre
 * @property {string} apellidos
 * @property {boolean} active
 */

/** @type {readonly SeedMember[]} */
export const SEED_MEMBERS = Object.freeze([
  { email: 'ana@example.com', password: 'Loyalty2026!', nombre: 'Ana', apellidos: 'García López', active: true },
  // Signed up but never clicked the validation link: exercises the "inactive account" paths.
  { email: 'luis@example.com', password: 'Loyalty2026!', nombre: 'Luis', apellidos: 'Pérez Sanz', active: false },
]);
