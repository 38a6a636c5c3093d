/**
 * What one `<hotel-page>` reads from bookcore's mobile section (docs/hotel-page.md "Sections and their calls"): one
 * loader per call, bound to the element's hotel and language. Each call is made at most once for the element's
 * life (a second ask answers the same promise, a failure included, so a failing section never asks again), and the
 * home schema.org document is kept in the element's own cache, shared with nobody.
 *
 * The schema.org calls are POSTs, which bookcore's CSRF check refuses without the session's token. A CMS page
 * carrying only `<hotel-page>` has none (no loyalty element asked the user view for it): the first schema call then
 * runs the widget's start (its settings and user view, once per page, shared with every loyalty element), which
 * hands the token out (docs/hotel-page.md "Search engines").
 */
import type { MobileGetOptions, SchemaSection } from '../api/mobile';
import {
  createMobileSchemaCache,
  fetchContactSchema,
  fetchHomeSchema,
  fetchPhotosSchema,
  fetchRoomsSchema,
  fetchServicesSchema,
  getContact,
  getHomeDescription,
  getHomeImage,
  getHomeMapDescription,
  getHomeSectionHeader,
  getHotelMap,
  getHotelPhotos,
  getHotelRoom,
  getHotelServiceImages,
  getHotelServices,
  getHotelServicesHeader,
  getHotelSocialNetworks,
  getOffers,
  getRooms,
  getRoomsHeader,
  getTranslations,
} from '../api/mobile';
import type { MobileSchemaResponse } from '../api/mobile.schemas';
import { readCsrfToken } from '../lib/csrf/token';
import { startRequestsSettledAtom, startUnderWayAtom } from './session';
import type { Transport } from '../api/transport';
import type { Store } from './store';

export type {
  ContactResponse,
  DescriptionResponse,
  HeaderResponse,
  HomeImageResponse,
  ImagesResponse,
  MapResponse,
  MobileImage,
  MobileOffer,
  MobileRoom,
  MobileService,
  OffersResponse,
  PhotosResponse,
  RoomResponse,
  RoomsResponse,
  ServicesResponse,
  SocialNetworksResponse,
  TranslationsResponse,
} from '../api/mobile.schemas';
export type { SchemaSection } from '../api/mobile';

/** Which hotel, in which language. */
export interface HotelPageSubject {
  /** The hotel's code (`data-hotel-code`). */
  readonly hotelCode: string;
  /** The language the page speaks (its `lang`). */
  readonly lang: string;
}

const SCHEMA_CALLS: Record<SchemaSection, typeof fetchRoomsSchema> = {
  home: fetchHomeSchema,
  rooms: fetchRoomsSchema,
  services: fetchServicesSchema,
  contact: fetchContactSchema,
  photos: fetchPhotosSchema,
};

/** How long the schema.org POSTs wait for the user view's cookie to show in `document.cookie`. */
const COOKIE_WAIT_MS = 1000;
const COOKIE_POLL_MS = 25;

/**
 * Resolves once the page can read a CSRF token, or after {@link COOKIE_WAIT_MS}. The user view sets the token
 * only in its cookie, and WebKit hands a fetch's Set-Cookie to `document.cookie` a moment after the answer: a POST
 * sent at once would go without the token and be refused.
 */
function cookieShown(transport: Transport): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => (readCsrfToken(transport.csrf) || Date.now() - started >= COOKIE_WAIT_MS ? resolve() : setTimeout(check, COOKIE_POLL_MS));
    check();
  });
}

/**
 * The loaders of one `<hotel-page>`.
 *
 * @param subject - the hotel and language every call names.
 * @param runtime - the page's store and transport (its runtime, src/core/runtime.ts): its start hands out the
 *   token, and the transport carries the calls.
 * @returns one function per call; each asks bookcore once and answers the same promise afterwards.
 */
export function createHotelPageData({ hotelCode, lang }: HotelPageSubject, { store, transport }: { store: Store; transport: Transport }) {
  const options: MobileGetOptions = { hotelCode, lang, transport };
  const calls = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, call: () => Promise<T>): Promise<T> => {
    let pending = calls.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = call();
      // A failure is answered to whoever asks; marked handled so that an unasked-for one is no unhandled rejection.
      pending.catch(() => undefined);
      calls.set(key, pending);
    }
    return pending;
  };
  const schemaCache = createMobileSchemaCache();
  // Without a token, the widget's start hands one out (its user view, once per page, whichever element asks
  // first): the POSTs wait for both of its requests, so no other first-visit answer sets a new cookie after them.
  // A token readable and no start under way: the POSTs go at once. While the start is under way they wait for both
  // of its answers, a token readable or not: on a first visit each may set a new cookie, and a POST sent between
  // them would carry the first while the second replaces it in the browser (Django refuses it).
  const token = () =>
    readCsrfToken(transport.csrf) && !store.get(startUnderWayAtom)
      ? Promise.resolve()
      : once('csrf', () => store.set(startRequestsSettledAtom).then(() => cookieShown(transport)));
  return {
    hotelCode,
    lang,
    translations: () => once('translations', () => getTranslations(options)),
    homeHeader: () => once('home/header', () => getHomeSectionHeader(options)),
    homeImage: () => once('home/image', () => getHomeImage(options)),
    homeDescription: () => once('home/description', () => getHomeDescription(options)),
    homeMapDescription: () => once('home/map/description', () => getHomeMapDescription(options)),
    rooms: () => once('rooms', () => getRooms(options)),
    roomsHeader: () => once('rooms/header', () => getRoomsHeader(options)),
    room: (roomCode: string) => once(`room/${roomCode}`, () => getHotelRoom(hotelCode, roomCode, { lang, transport })),
    services: (quantity?: number) => once(`services/${quantity ?? 'all'}`, () => getHotelServices(quantity, options)),
    serviceImages: () => once('services/images', () => getHotelServiceImages(options)),
    servicesHeader: () => once('services/header', () => getHotelServicesHeader(options)),
    photos: () => once('photos', () => getHotelPhotos(options)),
    map: () => once('map', () => getHotelMap(options)),
    socialNetworks: () => once('ssnn', () => getHotelSocialNetworks(options)),
    offers: () => once('offers', () => getOffers(options)),
    contact: () => once('contact', () => getContact(options)),
    schema: (section: SchemaSection): Promise<MobileSchemaResponse> =>
      once(`schema/${section}`, () => token().then(() => SCHEMA_CALLS[section]({ hotelCode, lang }, { cache: schemaCache, transport }))),
  };
}

/** The loaders of one `<hotel-page>`. */
export type HotelPageData = ReturnType<typeof createHotelPageData>;
