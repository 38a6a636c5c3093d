// @ts-check
/**
 * The mobile section (/m2/ajax): content GETs about one hotel, schema.org JSON-LD for its pages, and auth
 * calls that behave exactly like the loyalty ones.
 */
import { toUser } from '../accounts.mjs';
import { boardOf, COD, codError, hotelByCode, localize, memberPrice, roomOf, stayPrice } from '../inventory.mjs';
import { json } from '../lib/http.mjs';
import { route } from '../lib/router.mjs';
import { HOTELS, PACKAGES } from '../seed.mjs';
import { mobilePasswordChange, passwordRecovery, signin, signup } from './loyalty.mjs';

/** @typedef {import('../context.mjs').RequestContext} RequestContext */
/** @typedef {import('../seed.mjs').Hotel} Hotel */

/** @typedef {import('../seed.mjs').Localized} Localized */

/**
 * @param {string} es
 * @param {string} en
 * @returns {Localized}
 */
const t = (es, en) => ({ es, en });

const SERVICES = [
  { code: 'wifi', name: t('Wi-Fi gratuito', 'Free Wi-Fi'), icon: '/static/img/services/wifi.svg' },
  { code: 'pool', name: t('Piscina exterior', 'Outdoor pool'), icon: '/static/img/services/pool.svg' },
  { code: 'spa', name: t('Spa y bienestar', 'Spa and wellness'), icon: '/static/img/services/spa.svg' },
  { code: 'parking', name: t('Aparcamiento', 'Parking'), icon: '/static/img/services/parking.svg' },
  { code: 'restaurant', name: t('Restaurante', 'Restaurant'), icon: '/static/img/services/restaurant.svg' },
  { code: 'gym', name: t('Gimnasio', 'Gym'), icon: '/static/img/services/gym.svg' },
  { code: 'pets', name: t('Se admiten mascotas', 'Pets welcome'), icon: '/static/img/services/pets.svg' },
];

/** The mobile pages' labels, by key, in each language the dev server speaks. */
const TRANSLATIONS = {
  book: t('Reservar', 'Book'),
  rooms: t('Habitaciones', 'Rooms'),
  services: t('Servicios', 'Services'),
  gallery: t('Galería', 'Gallery'),
  map: t('Cómo llegar', 'Getting here'),
  socialNetworks: t('Síguenos', 'Follow us'),
  contact: t('Contacto', 'Contact'),
  offers: t('Ofertas', 'Offers'),
  from: t('Desde', 'From'),
  night: t('noche', 'night'),
  nights: t('noches', 'nights'),
  seeMore: t('Ver más', 'See more'),
};

/** @param {RequestContext} ctx */
const hotelOf = (ctx) => hotelByCode(ctx.url.searchParams.get('hotelcode') ?? HOTELS[0].code);

/**
 * @param {Hotel} hotel
 * @param {string | null} lang
 */
function photosOf(hotel, lang) {
  return [
    { url: hotel.image, alt: hotel.name, category: 'hotel' },
    ...hotel.rooms.map((room) => ({ url: room.image, alt: localize(room.name, lang), category: 'rooms' })),
  ];
}

/**
 * @param {Hotel} hotel
 * @param {import('../seed.mjs').Room} room
 * @param {string | null} lang
 */
function roomDetail(hotel, room, lang) {
  const name = localize(room.name, lang);
  return {
    code: room.code,
    name,
    description: localize(
      t(
        `${name} en ${hotel.name}, con baño privado, aire acondicionado y Wi-Fi gratuito.`,
        `${name} at ${hotel.name}, with a private bathroom, air conditioning and free Wi-Fi.`,
      ),
      lang,
    ),
    image: room.image,
    size: 20 + room.rank * 8,
    maxOccupancy: room.rank + 1,
    amenities: [t('Aire acondicionado', 'Air conditioning'), t('Wi-Fi gratuito', 'Free Wi-Fi'), t('Caja fuerte', 'Safe'), t('Minibar', 'Minibar')].map(
      (amenity) => localize(amenity, lang),
    ),
    priceFrom: room.nightly,
    loyaltyPrice: memberPrice(room.nightly),
  };
}

/**
 * @param {string} title
 * @param {string} subtitle
 */
const header = (title, subtitle) => ({ title, subtitle });

/**
 * The packages with an option at this hotel, as offers: the package's nights and the cheapest such option's price.
 * @param {Hotel} hotel
 */
function offersOf(hotel) {
  return PACKAGES.flatMap((pack) => {
    const prices = pack.options
      .filter((option) => option.hotelCode === hotel.code)
      .map((option) => {
        const room = roomOf(hotel, option.roomCode);
        const board = boardOf(hotel, option.boardCode);
        return room && board ? stayPrice(room, board, pack.nights, option.extra) : undefined;
      })
      .filter((price) => price !== undefined);
    if (prices.length === 0) return [];
    const priceFrom = Math.min(...prices);
    return [{ id: pack.id, name: pack.name, nights: pack.nights, priceFrom, loyaltyPrice: memberPrice(priceFrom) }];
  });
}

/**
 * Content GETs keyed by path below /m2/ajax. Each answers for the hotel of ?hotelcode= (the first seeded hotel
 * by default), in the language of ?lang= (English for `en…`, Spanish otherwise).
 * @type {Record<string, (hotel: Hotel, ctx: RequestContext) => Record<string, unknown>>}
 */
const CONTENT = {
  '/ficha': (hotel, ctx) => ({
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
      description: localize(t(`${hotel.name} es un hotel de cuatro estrellas en ${hotel.city}.`, `${hotel.name} is a four-star hotel in ${hotel.city}.`), ctx.lang),
    },
  }),
  '/hotel/services': (_hotel, ctx) => {
    const quantity = Number.parseInt(ctx.url.searchParams.get('quantity') ?? '', 10);
    const services = SERVICES.map((service) => ({ ...service, name: localize(service.name, ctx.lang) }));
    return { services: Number.isInteger(quantity) && quantity > 0 ? services.slice(0, quantity) : services, total: SERVICES.length };
  },
  '/hotel/services/images': (_hotel, ctx) => ({ images: SERVICES.map((service) => ({ url: service.icon, alt: localize(service.name, ctx.lang) })) }),
  '/hotel/services/section/header': (hotel, ctx) => ({
    header: header(localize(TRANSLATIONS.services, ctx.lang), localize(t(`Todo lo que ${hotel.name} pone a tu disposición`, `Everything ${hotel.name} offers you`), ctx.lang)),
  }),
  '/hotel/map': (hotel) => ({ map: { latitude: hotel.latitude, longitude: hotel.longitude, zoom: 15, address: hotel.address } }),
  '/hotel/ssnn': (hotel) => ({
    socialNetworks: [
      { network: 'facebook', url: `https://www.facebook.com/${hotel.code.toLowerCase()}` },
      { network: 'instagram', url: `https://www.instagram.com/${hotel.code.toLowerCase()}` },
    ],
  }),
  '/hotel/photos': (hotel, ctx) => ({ photos: photosOf(hotel, ctx.lang) }),
  '/rooms': (hotel, ctx) => ({ rooms: hotel.rooms.map((room) => roomDetail(hotel, room, ctx.lang)) }),
  '/rooms/section/header': (_hotel, ctx) => ({
    header: header(localize(TRANSLATIONS.rooms, ctx.lang), localize(t('Elige la habitación perfecta para tu estancia', 'Choose the perfect room for your stay'), ctx.lang)),
  }),
  '/translations': (_hotel, ctx) => ({
    translations: Object.fromEntries(Object.entries(TRANSLATIONS).map(([key, text]) => [key, localize(text, ctx.lang)])),
  }),
  '/current/page': (hotel) => ({ page: { name: 'home', title: hotel.name, path: '/' } }),
  '/gallery/page': (hotel, ctx) => ({
    gallery: { title: localize(t(`Galería de ${hotel.name}`, `${hotel.name} gallery`), ctx.lang), images: photosOf(hotel, ctx.lang) },
  }),
  '/mobilis/settings': (hotel, ctx) => ({
    settings: {
      hotelCode: hotel.code,
      lang: ctx.lang?.toLowerCase().startsWith('en') ? 'en' : 'es',
      currency: 'EUR',
      telephone: hotel.telephone,
      bookingUrl: '/bookcore/availability/',
    },
  }),
  '/mobilis/section/images': (hotel, ctx) => ({ images: photosOf(hotel, ctx.lang).slice(0, 3) }),
  '/home/description': (hotel, ctx) => ({
    description: {
      title: localize(t(`Bienvenido a ${hotel.name}`, `Welcome to ${hotel.name}`), ctx.lang),
      text: localize(
        t(`Descubre ${hotel.city} desde nuestro hotel, con desayuno buffet y atención 24 horas.`, `Discover ${hotel.city} from our hotel, with a buffet breakfast and a 24-hour front desk.`),
        ctx.lang,
      ),
    },
  }),
  '/home/image': (hotel) => ({ image: { url: hotel.image, alt: hotel.name } }),
  '/home/map/description': (hotel, ctx) => ({ description: { title: localize(TRANSLATIONS.map, ctx.lang), text: hotel.address } }),
  '/home/section/header': (hotel) => ({ header: header(hotel.name, hotel.city) }),
  '/offers': (hotel) => ({ offers: offersOf(hotel) }),
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
    amenityFeature: SERVICES.map((service) => ({ '@type': 'LocationFeatureSpecification', name: service.name.es, value: true })),
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
    associatedMedia: photosOf(hotel, 'es').map((photo) => ({ '@type': 'ImageObject', contentUrl: `${origin}${photo.url}`, name: photo.alt })),
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
  route('POST', '/m2/ajax/password/recovery/change', mobilePasswordChange),
];
