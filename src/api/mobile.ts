/**
 * The mobile section client (docs/bookcore-contract.md "Mobile section (/m2/ajax)", paths under `/m2/ajax`): one
 * function per GET, the five schema.org POSTs and the four auth POSTs.
 *
 * Every GET says which hotel and which language it asks about: `?hotelcode=` when a hotel code is given (without
 * one, bookcore answers for its default hotel) and `?lang=` always (Spanish, `es`, when none is given). Each answer
 * is decoded by its own liberal schema (src/api/mobile.schemas.ts).
 *
 * Schema POSTs: the legacy code passed a third argument `false` to every schema call but `home`; the contract
 * reads it as "do not cache". So `fetchHomeSchema` answers from the {@link MobileSchemaCache} it is given (per
 * payload), and the other four always ask the server. A cache belongs to whoever made it (one per
 * `createBookcoreClient` client, one per `<hotel-page>`): nothing is shared between clients, and it goes when its
 * owner goes. Only successful answers are cached, so a failed or cancelled call is simply retried by the next one.
 */
import type * as v from 'valibot';
import { SuccessResponseSchema, type SuccessResponse } from './bookcore.schemas';
import { BOOKCORE_PATHS } from './endpoints';
import { getJson, postForm, type FormPayload, type GetOptions, type RequestOptions } from './http';
import type { PasswordChangePayload, PasswordRecoveryPayload, SignInPayload } from './loyalty';
import { SessionResponseSchema, type SessionResponse } from './loyalty.schemas';
import {
  ContactResponseSchema,
  CurrentPageResponseSchema,
  DescriptionResponseSchema,
  FichaResponseSchema,
  GalleryPageResponseSchema,
  HeaderResponseSchema,
  HomeImageResponseSchema,
  ImagesResponseSchema,
  MapResponseSchema,
  MobileSchemaResponseSchema,
  MobileUserResponseSchema,
  MobilisSettingsResponseSchema,
  OffersResponseSchema,
  PhotosResponseSchema,
  RoomResponseSchema,
  RoomsResponseSchema,
  ServicesResponseSchema,
  SocialNetworksResponseSchema,
  TranslationsResponseSchema,
  type ContactResponse,
  type CurrentPageResponse,
  type DescriptionResponse,
  type FichaResponse,
  type GalleryPageResponse,
  type HeaderResponse,
  type HomeImageResponse,
  type ImagesResponse,
  type MapResponse,
  type MobileSchemaResponse,
  type MobileUserResponse,
  type MobilisSettingsResponse,
  type OffersResponse,
  type PhotosResponse,
  type RoomResponse,
  type RoomsResponse,
  type ServicesResponse,
  type SocialNetworksResponse,
  type TranslationsResponse,
} from './mobile.schemas';

const MOBILE = BOOKCORE_PATHS.mobile;

/** The language a mobile GET asks in when none is given: the widget's default. */
export const DEFAULT_MOBILE_LANGUAGE = 'es';

/** A mobile GET's options: the hotel and language it asks about, plus cancellation, timeout and retries. */
export interface MobileGetOptions extends GetOptions {
  /** The hotel (`?hotelcode=`); without it bookcore answers for its default hotel. */
  hotelCode?: string | undefined;
  /** The language (`?lang=`); default {@link DEFAULT_MOBILE_LANGUAGE}. */
  lang?: string | undefined;
}

/** The sections a schema.org document can be asked for. */
export type SchemaSection = 'home' | 'rooms' | 'services' | 'contact' | 'photos';

/** How many home documents a {@link MobileSchemaCache} keeps: the oldest goes first. */
export const MOBILE_SCHEMA_CACHE_LIMIT = 16;

/** The home schema.org documents one client has read, by payload. */
export interface MobileSchemaCache {
  /** The document kept for a payload. */
  get(key: string): MobileSchemaResponse | undefined;
  /** Keeps a document (the oldest goes past {@link MOBILE_SCHEMA_CACHE_LIMIT}). */
  set(key: string, answer: MobileSchemaResponse): void;
  /** Forgets every document, e.g. after the page's language changes. */
  clear(): void;
}

/**
 * A new, empty schema.org cache for one client.
 *
 * @returns the cache; pass it to {@link fetchHomeSchema}.
 */
export function createMobileSchemaCache(): MobileSchemaCache {
  const entries = new Map<string, MobileSchemaResponse>();
  return {
    get: (key) => entries.get(key),
    set: (key, answer) => {
      entries.delete(key);
      entries.set(key, answer);
      for (const oldest of entries.keys()) {
        if (entries.size <= MOBILE_SCHEMA_CACHE_LIMIT) break;
        entries.delete(oldest);
      }
    },
    clear: () => entries.clear(),
  };
}

/** A schema POST's options: cancellation and timeout, and for `home` the cache to answer from. */
export interface MobileSchemaOptions extends RequestOptions {
  /** Where `fetchHomeSchema` keeps and finds its answers; without one every call asks the server. */
  cache?: MobileSchemaCache | undefined;
}

function query(parameters: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.set(name, value);
  return `?${search.toString()}`;
}

function hotelQuery(options: MobileGetOptions | undefined, extra: Record<string, string | undefined> = {}): string {
  return query({ hotelcode: options?.hotelCode, ...extra, lang: options?.lang ?? DEFAULT_MOBILE_LANGUAGE });
}

function transport(options: MobileGetOptions | undefined): GetOptions | undefined {
  if (!options) return undefined;
  const rest: MobileGetOptions = { ...options };
  delete rest.hotelCode;
  delete rest.lang;
  return rest;
}

function getSection<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: MobileGetOptions | undefined,
): Promise<v.InferOutput<TSchema>> {
  return getJson(`${MOBILE}${path}${hotelQuery(options)}`, schema, transport(options));
}

/**
 * A hotel's card ("ficha"): its main data.
 *
 * @param hotelCode - the hotel.
 * @param options - the language, cancellation, timeout and retries.
 */
export function getFicha(hotelCode: string, options?: MobileGetOptions): Promise<FichaResponse> {
  return getSection('/ficha/', FichaResponseSchema, { ...options, hotelCode });
}

/**
 * The hotel's services.
 *
 * @param quantity - how many to list; all when absent.
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelServices(quantity?: number, options?: MobileGetOptions): Promise<ServicesResponse> {
  const search = hotelQuery(options, { quantity: quantity === undefined ? undefined : String(quantity) });
  return getJson(`${MOBILE}/hotel/services${search}`, ServicesResponseSchema, transport(options));
}

/**
 * One room of a hotel.
 *
 * @param hotelCode - the hotel.
 * @param roomCode - the room.
 * @param options - the language, cancellation, timeout and retries (the hotel is the path's).
 */
export function getHotelRoom(hotelCode: string, roomCode: string, options?: MobileGetOptions): Promise<RoomResponse> {
  const path = `${MOBILE}/hotel/${encodeURIComponent(hotelCode)}/room/${encodeURIComponent(roomCode)}`;
  return getJson(`${path}${query({ lang: options?.lang ?? DEFAULT_MOBILE_LANGUAGE })}`, RoomResponseSchema, transport(options));
}

/**
 * The images of the hotel's services.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelServiceImages(options?: MobileGetOptions): Promise<ImagesResponse> {
  return getSection('/hotel/services/images', ImagesResponseSchema, options);
}

/**
 * The header of the services section.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelServicesHeader(options?: MobileGetOptions): Promise<HeaderResponse> {
  return getSection('/hotel/services/section/header', HeaderResponseSchema, options);
}

/**
 * The hotel's map data.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelMap(options?: MobileGetOptions): Promise<MapResponse> {
  return getSection('/hotel/map', MapResponseSchema, options);
}

/**
 * The hotel's social network links.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelSocialNetworks(options?: MobileGetOptions): Promise<SocialNetworksResponse> {
  return getSection('/hotel/ssnn', SocialNetworksResponseSchema, options);
}

/**
 * The hotel's photos.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHotelPhotos(options?: MobileGetOptions): Promise<PhotosResponse> {
  return getSection('/hotel/photos', PhotosResponseSchema, options);
}

/**
 * The hotel's rooms.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getRooms(options?: MobileGetOptions): Promise<RoomsResponse> {
  return getSection('/rooms', RoomsResponseSchema, options);
}

/**
 * The header of the rooms section.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getRoomsHeader(options?: MobileGetOptions): Promise<HeaderResponse> {
  return getSection('/rooms/section/header', HeaderResponseSchema, options);
}

/**
 * The mobile pages' texts.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getTranslations(options?: MobileGetOptions): Promise<TranslationsResponse> {
  return getSection('/translations', TranslationsResponseSchema, options);
}

/**
 * The page being shown.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getCurrentPage(options?: MobileGetOptions): Promise<CurrentPageResponse> {
  return getSection('/current/page', CurrentPageResponseSchema, options);
}

/**
 * The gallery page.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getGalleryPage(options?: MobileGetOptions): Promise<GalleryPageResponse> {
  return getSection('/gallery/page', GalleryPageResponseSchema, options);
}

/**
 * The mobile site's settings.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getMobilisSettings(options?: MobileGetOptions): Promise<MobilisSettingsResponse> {
  return getSection('/mobilis/settings', MobilisSettingsResponseSchema, options);
}

/**
 * The images of each mobile section.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getMobilisSectionImages(options?: MobileGetOptions): Promise<ImagesResponse> {
  return getSection('/mobilis/section/images', ImagesResponseSchema, options);
}

/**
 * The home page's description.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHomeDescription(options?: MobileGetOptions): Promise<DescriptionResponse> {
  return getSection('/home/description', DescriptionResponseSchema, options);
}

/**
 * The home page's main image.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHomeImage(options?: MobileGetOptions): Promise<HomeImageResponse> {
  return getSection('/home/image', HomeImageResponseSchema, options);
}

/**
 * The home page's map description.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHomeMapDescription(options?: MobileGetOptions): Promise<DescriptionResponse> {
  return getSection('/home/map/description', DescriptionResponseSchema, options);
}

/**
 * The header of the home section.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getHomeSectionHeader(options?: MobileGetOptions): Promise<HeaderResponse> {
  return getSection('/home/section/header', HeaderResponseSchema, options);
}

/**
 * The current offers.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getOffers(options?: MobileGetOptions): Promise<OffersResponse> {
  return getSection('/offers', OffersResponseSchema, options);
}

/**
 * The hotel's contact data.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getContact(options?: MobileGetOptions): Promise<ContactResponse> {
  return getSection('/contact', ContactResponseSchema, options);
}

/**
 * The mobile section's view of the current user.
 *
 * @param options - the hotel, the language, cancellation, timeout and retries.
 */
export function getMobileUser(options?: MobileGetOptions): Promise<MobileUserResponse> {
  return getSection('/user', MobileUserResponseSchema, options);
}

async function fetchSchema(
  section: SchemaSection,
  payload: unknown,
  cache: MobileSchemaCache | undefined,
  options: MobileSchemaOptions | undefined,
): Promise<MobileSchemaResponse> {
  const serialised = JSON.stringify(payload ?? null);
  const key = `${section}\n${serialised}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const rest: MobileSchemaOptions = { ...options };
  delete rest.cache;
  const answer = await postForm(`${MOBILE}/schema/${section}`, { payload: serialised }, MobileSchemaResponseSchema, rest);
  cache?.set(key, answer);
  return answer;
}

/**
 * The home page's schema.org document, answered from `options.cache` when it holds one for this payload.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - the cache (see {@link createMobileSchemaCache}), cancellation and timeout.
 */
export function fetchHomeSchema(payload: unknown, options?: MobileSchemaOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('home', payload, options?.cache, options);
}

/**
 * The rooms page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchRoomsSchema(payload: unknown, options?: MobileSchemaOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('rooms', payload, undefined, options);
}

/**
 * The services page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchServicesSchema(payload: unknown, options?: MobileSchemaOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('services', payload, undefined, options);
}

/**
 * The contact page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchContactSchema(payload: unknown, options?: MobileSchemaOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('contact', payload, undefined, options);
}

/**
 * The photos page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchPhotosSchema(payload: unknown, options?: MobileSchemaOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('photos', payload, undefined, options);
}

/**
 * Registers a member from the mobile pages.
 *
 * @param form - field name → value.
 * @param options - cancellation and timeout.
 */
export function mobileSignUp(form: FormPayload, options?: RequestOptions): Promise<SuccessResponse> {
  return postForm(`${MOBILE}/signup`, form, SuccessResponseSchema, options);
}

/**
 * Signs in from the mobile pages.
 *
 * @param credentials - e-mail and password.
 * @param options - cancellation and timeout.
 */
export function mobileSignIn(credentials: SignInPayload, options?: RequestOptions): Promise<SessionResponse> {
  const body = { email: credentials.email, password: credentials.password };
  return postForm(`${MOBILE}/signin`, body, SessionResponseSchema, options);
}

/**
 * Asks for the password-recovery e-mail from the mobile pages.
 *
 * @param payload - e-mail and user type.
 * @param options - cancellation and timeout.
 */
export function mobileRequestPasswordRecovery(
  payload: PasswordRecoveryPayload,
  options?: RequestOptions,
): Promise<SuccessResponse> {
  const body = { email: payload.email, userType: payload.userType };
  return postForm(`${MOBILE}/password/recovery`, body, SuccessResponseSchema, options);
}

/**
 * Sets a new password from the mobile pages.
 *
 * @param payload - uid and token from the mailed link, and the new password.
 * @param options - cancellation and timeout.
 */
export function mobileChangePassword(payload: PasswordChangePayload, options?: RequestOptions): Promise<SuccessResponse> {
  const body = { uid: payload.uid, token: payload.token, password: payload.password };
  return postForm(`${MOBILE}/password/recovery/change`, body, SuccessResponseSchema, options);
}
