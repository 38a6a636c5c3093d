// @ts-check
/**
 * The mobile section (/m2/ajax): content GETs about one hotel, schema.org JSON-LD for its pages, and auth
 * calls that behave exactly like the loyalty ones.
 */
import { toUser } from '../accounts.mjs';
import { COD, codError, hotelByCode, localize, roomOf } from '../inventory.mjs';
import { json } from '../lib/http.mjs';
import { route } from '../lib/router.mjs';
import { HOTELS, PACKAGES } from '../seed.mjs';
import { passwordChange, passwordRecovery, signin, signup } from './loyalty.mjs';

/** @typedef {import('../context.mjs').RequestContext} RequestContext */
/** @typedef {import('../seed.mjs').Hotel} Hotel */

const SERVICES = [
  { code: 'wifi', name: 'Wi-Fi gratuito', icon: '/static/img/services/wifi.svg' },
  { code: 'pool', name: 'Piscina exterior', icon: '/static/img/services/pool.svg' },
  { code: 'spa', name: 'Spa y bienestar', icon: '/static/img/services/spa.svg' },
  { code: 'parking', name: 'Aparcamiento', icon: '/static/img/services/parking.svg' },
  { code: 'restaurant', name: 'Restaurante', icon: '/static/img/services/restaurant.svg' },
  { code: 'gym', name: 'Gimnasio', icon: '/static/img/services/gym.svg' },
  { code: 'pets', name: 'Se admiten mascotas', icon: '/static/img/services/pets.svg' },
];

const TRANSLATIONS = {
  book: 'Reservar',
  rooms: 'Habitaciones',
  services: 'Servicios',
  gallery: 'Galería',
  contact: 'Contacto',
  offers: 'Ofertas',
  from: 'Desde',
  night: 'noche',
  nights: 'noches',
  seeMore: 'Ver más',
};

/** @param {RequestContext} ctx */
const hotelOf = (ctx) => hotelByCode(ctx.url.searchParams.get('hotelcode') ?? HOTELS[0].code);

/** @param {Hotel} hotel */
function photosOf(hotel) {
  return [
    { url: hotel.image, alt: hotel.name, category: 'hotel' },
    ...hotel.rooms.map((room) => ({ url: room.image, alt: room.name.es, category: 'rooms' })),
  ];
}

/**
 * @param {Hotel} hotel
 * @param {import('../seed.mjs').Room} room
 * @param {string | null} lang
 */
function roomDetail(hotel, room, lang) {
  return {
    code: room.code,
    name: localize(room.name, lang),
    description: `${localize(room.name, lang)} en ${hotel.name}, con baño privado, aire acondicionado y Wi-Fi gratuito.`,
    image: room.image,
    size: 20 + room.rank * 8,
    maxOccupancy: room.rank + 1,
    amenities: ['Aire acondicionado', 'Wi-Fi gratuito', 'Caja fuerte', 'Minibar'],
    priceFrom: room.nightly,
  };
}

/**
 * @param {string} title
 * @param {string} subtitle
 */
const header = (title, subtitle) => ({ title, subtitle });

/**
 * Content GETs keyed by path below /m2/ajax. Each answers for the hotel of ?hotelcode= (the first seeded hotel
 * by default).
 * @type {Record<string, (hotel: Hotel, ctx: RequestContext) => Record<string, unknown>>}
 */
const CONTENT = {
  '/ficha': (hotel) => ({
    hotel: {
      code: hotel.code,
      name: hotel.name,
      city: hotel.city,
      address: hotel.address,
      telephone: hotel.telephone,
      image: hotel.image,
      stars: 4,
      checkInTime: '15:00',
      checkOutTime: '12:00',
      description: `${hotel.name} es un hotel de cuatro estrellas en ${hotel.city}.`,
    },
  }),
  '/hotel/services': (_hotel, ctx) => {
    const quantity = Number.parseInt(ctx.url.searchParams.get('quantity') ?? '', 10);
    return { services: Number.isInteger(quantity) && quantity > 0 ? SERVICES.slice(0, quantity) : SERVICES, total: SERVICES.length };
  },
  '/hotel/services/images': () => ({ images: SERVICES.map((service) => ({ url: service.icon, alt: service.name })) }),
  '/hotel/services/section/header': (hotel) => ({ header: header('Servicios', `Todo lo que ${hotel.name} pone a tu disposición`) }),
  '/hotel/map': (hotel) => ({ map: { latitude: hotel.latitude, longitude: hotel.longitude, zoom: 15, address: hotel.address } }),
  '/hotel/ssnn': (hotel) => ({
    socialNetworks: [
      { network: 'facebook', url: `https://www.facebook.com/${hotel.code.toLowerCase()}` },
      { network: 'instagram', url: `https://www.instagram.com/${hotel.code.toLowerCase()}` },
    ],
  }),
  '/hotel/photos': (hotel) => ({ photos: photosOf(hotel) }),
  '/rooms': (hotel, ctx) => ({ rooms: hotel.rooms.map((room) => roomDetail(hotel, room, ctx.lang)) }),
  '/rooms/section/header': () => ({ header: header('Habitaciones', 'Elige la habitación perfecta para tu estancia') }),
  '/translations': () => ({ translations: TRANSLATIONS }),
  '/current/page': (hotel) => ({ page: { name: 'home', title: hotel.name, path: '/' } }),
  '/gallery/page': (hotel) => ({ gallery: { title: `Galería de ${hotel.name}`, images: photosOf(hotel) } }),
  '/mobilis/settings': (hotel) => ({
    settings: { hotelCode: hotel.code, lang: 'es', currency: 'EUR', telephone: hotel.telephone, bookingUrl: '/bookcore/availability/' },
  }),
  '/mobilis/section/images': (hotel) => ({ images: photosOf(hotel).slice(0, 3) }),
  '/home/description': (hotel) => ({
    description: { title: `Bienvenido a ${hotel.name}`, text: `Descubre ${hotel.city} desde nuestro hotel, con desayuno buffet y atención 24 horas.` },
  }),
  '/home/image': (hotel) => ({ image: { url: hotel.image, alt: hotel.name } }),
  '/home/map/description': (hotel) => ({ description: { title: 'Cómo llegar', text: hotel.address } }),
  '/home/section/header': (hotel) => ({ header: header(hotel.name, hotel.city) }),
  '/offers': () => ({ offers: PACKAGES.map((pack) => ({ id: pack.id, name: pack.name, nights: pack.nights })) }),
  '/contact': (hotel) => ({
    contact: {
      address: hotel.address,
      telephone: hotel.telephone,
      email: `reservas@${hotel.code.toLowerCase()}.example.com`,
      latitude: hotel.latitude,
      longitude: hotel.longitude,
    },
  }),
  '/user': (_hotel, ctx) => {
    const member = ctx.member;
    return { user: member ? toUser(member) : null };
  },
};

/**
 * @param {(hotel: Hotel, ctx: RequestContext) => Record<string, unknown>} build
 */
function contentHandler(build) {
  return (/** @type {RequestContext} */ ctx) => {
    const hotel = hotelOf(ctx);
    if (!hotel) return codError(COD.NOT_FOUND, 'El hotel no existe.');
    return json({ cod_error: COD.OK, ...build(hotel, ctx) });
  };
}

/** @param {RequestContext} ctx */
function hotelRoom(ctx) {
  const hotel = hotelByCode(ctx.params.hotel);
  const room = hotel && roomOf(hotel, ctx.params.room);
  if (!hotel || !room) return codError(COD.NOT_FOUND, 'La habitación no existe.');
  return json({ cod_error: COD.OK, room: roomDetail(hotel, room, ctx.lang) });
}

/**
 * @param {Hotel} hotel
 * @param {string} origin
 */
function hotelSchema(hotel, origin) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: hotel.name,
    url: `${origin}/`,
    image: `${origin}${hotel.image}`,
    telephone: hotel.telephone,
    starRating: { '@type': 'Rating', ratingValue: 4 },
    address: { '@type': 'PostalAddress', streetAddress: hotel.address, addressLocality: hotel.city, addressCountry: 'ES' },
    geo: { '@type': 'GeoCoordinates', latitude: hotel.latitude, longitude: hotel.longitude },
  };
}

/** @type {Record<string, (hotel: Hotel, origin: string) => Record<string, unknown>>} */
const SCHEMAS = {
  home: hotelSchema,
  contact: (hotel, origin) => ({ ...hotelSchema(hotel, origin), email: `reservas@${hotel.code.toLowerCase()}.example.com` }),
  services: (hotel, origin) => ({
    ...hotelSchema(hotel, origin),
    amenityFeature: SERVICES.map((service) => ({ '@type': 'LocationFeatureSpecification', name: service.name, value: true })),
  }),
  rooms: (hotel, origin) => ({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `Habitaciones de ${hotel.name}`,
    itemListElement: hotel.rooms.map((room, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: { '@type': 'HotelRoom', name: room.name.es, image: `${origin}${room.image}`, occupancy: { '@type': 'QuantitativeValue', maxValue: room.rank + 1 } },
    })),
  }),
  photos: (hotel, origin) => ({
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name: `Galería de ${hotel.name}`,
    associatedMedia: photosOf(hotel).map((photo) => ({ '@type': 'ImageObject', contentUrl: `${origin}${photo.url}`, name: photo.alt })),
  }),
};

/** @param {RequestContext} ctx */
function schema(ctx) {
  const build = SCHEMAS[ctx.params.page];
  if (!build) return codError(COD.NOT_FOUND, 'Sección desconocida.');
  const raw = ctx.form.payload;
  if (raw === undefined) return codError(COD.INVALID_PARAMS, 'Falta el parámetro payload.');
  let payload;
  try {
    payload = JSON.parse(raw);
  } catch {
    return codError(COD.INVALID_PARAMS, 'El parámetro payload no es JSON válido.');
  }
  const requested = typeof payload?.hotelCode === 'string' ? payload.hotelCode : HOTELS[0].code;
  const hotel = hotelByCode(requested);
  if (!hotel) return codError(COD.NOT_FOUND, 'El hotel no existe.');
  return json({ cod_error: COD.OK, schema: build(hotel, ctx.origin) });
}

export const mobileRoutes = [
  ...Object.entries(CONTENT).map(([path, build]) => route('GET', `/m2/ajax${path}`, contentHandler(build))),
  route('GET', '/m2/ajax/hotel/:hotel/room/:room', hotelRoom),
  route('POST', '/m2/ajax/schema/:page', schema),
  route('POST', '/m2/ajax/signup', signup),
  route('POST', '/m2/ajax/signin', signin),
  route('POST', '/m2/ajax/password/recovery', passwordRecovery),
  route('POST', '/m2/ajax/password/recovery/change', passwordChange),
];
