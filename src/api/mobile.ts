/**
 * The mobile section client (docs/bookcore-contract.md "Mobile section (/m2/ajax)", paths under `/m2/ajax`): one function per GET, the
 * five schema.org POSTs and the four auth POSTs.
 *
 * Schema POSTs: the legacy code passed a third argument `false` to every schema call but `home`; the contract
 * reads it as "do not cache". So `fetchHomeSchema` answers from an in-memory cache for the page's life (per
 * payload), and the other four always ask the server. Only successful answers are cached, so a failed or
 * cancelled call is simply retried by the next one.
 */
import { SuccessResponseSchema, type SuccessResponse } from './bookcore.schemas';
import { BOOKCORE_PATHS } from './endpoints';
import { getJson, postForm, type FormPayload, type GetOptions, type RequestOptions } from './http';
import type { PasswordChangePayload, PasswordRecoveryPayload, SignInPayload } from './loyalty';
import { SessionResponseSchema, type SessionResponse } from './loyalty.schemas';
import {
  MobileSchemaResponseSchema,
  MobileSectionResponseSchema,
  type MobileSchemaResponse,
  type MobileSectionResponse,
} from './mobile.schemas';

const MOBILE = BOOKCORE_PATHS.mobile;

/** The sections a schema.org document can be asked for. */
export type SchemaSection = 'home' | 'rooms' | 'services' | 'contact' | 'photos';

const schemaCache = new Map<string, MobileSchemaResponse>();

function getSection(path: string, options: GetOptions | undefined): Promise<MobileSectionResponse> {
  return getJson(`${MOBILE}${path}`, MobileSectionResponseSchema, options);
}

/**
 * A hotel's card ("ficha"): its main data.
 *
 * @param hotelCode - the hotel.
 * @param options - cancellation, timeout and retries.
 */
export function getFicha(hotelCode: string, options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection(`/ficha/?${new URLSearchParams({ hotelcode: hotelCode }).toString()}`, options);
}

/**
 * The hotel's services.
 *
 * @param quantity - how many to list; all when absent.
 * @param options - cancellation, timeout and retries.
 */
export function getHotelServices(quantity?: number, options?: GetOptions): Promise<MobileSectionResponse> {
  const query = quantity === undefined ? '' : `?${new URLSearchParams({ quantity: String(quantity) }).toString()}`;
  return getSection(`/hotel/services${query}`, options);
}

/**
 * One room of a hotel.
 *
 * @param hotelCode - the hotel.
 * @param roomCode - the room.
 * @param options - cancellation, timeout and retries.
 */
export function getHotelRoom(
  hotelCode: string,
  roomCode: string,
  options?: GetOptions,
): Promise<MobileSectionResponse> {
  return getSection(`/hotel/${encodeURIComponent(hotelCode)}/room/${encodeURIComponent(roomCode)}`, options);
}

/**
 * The images of the hotel's services.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHotelServiceImages(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/hotel/services/images', options);
}

/**
 * The header of the services section.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHotelServicesHeader(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/hotel/services/section/header', options);
}

/**
 * The hotel's map data.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHotelMap(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/hotel/map', options);
}

/**
 * The hotel's social network links.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHotelSocialNetworks(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/hotel/ssnn', options);
}

/**
 * The hotel's photos.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHotelPhotos(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/hotel/photos', options);
}

/**
 * The hotel's rooms.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getRooms(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/rooms', options);
}

/**
 * The header of the rooms section.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getRoomsHeader(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/rooms/section/header', options);
}

/**
 * The mobile pages' texts.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getTranslations(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/translations', options);
}

/**
 * The page being shown.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getCurrentPage(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/current/page', options);
}

/**
 * The gallery page.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getGalleryPage(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/gallery/page', options);
}

/**
 * The mobile site's settings.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getMobilisSettings(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/mobilis/settings', options);
}

/**
 * The images of each mobile section.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getMobilisSectionImages(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/mobilis/section/images', options);
}

/**
 * The home page's description.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHomeDescription(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/home/description', options);
}

/**
 * The home page's main image.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHomeImage(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/home/image', options);
}

/**
 * The home page's map description.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHomeMapDescription(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/home/map/description', options);
}

/**
 * The header of the home section.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getHomeSectionHeader(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/home/section/header', options);
}

/**
 * The current offers.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getOffers(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/offers', options);
}

/**
 * The hotel's contact data.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getContact(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/contact', options);
}

/**
 * The mobile section's view of the current user.
 *
 * @param options - cancellation, timeout and retries.
 */
export function getMobileUser(options?: GetOptions): Promise<MobileSectionResponse> {
  return getSection('/user', options);
}

async function fetchSchema(
  section: SchemaSection,
  payload: unknown,
  cached: boolean,
  options: RequestOptions | undefined,
): Promise<MobileSchemaResponse> {
  const serialised = JSON.stringify(payload ?? null);
  const key = `${section}\n${serialised}`;
  const hit = cached ? schemaCache.get(key) : undefined;
  if (hit) return hit;
  const answer = await postForm(`${MOBILE}/schema/${section}`, { payload: serialised }, MobileSchemaResponseSchema, options);
  if (cached) schemaCache.set(key, answer);
  return answer;
}

/**
 * The home page's schema.org document, cached for the page's life per payload.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchHomeSchema(payload: unknown, options?: RequestOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('home', payload, true, options);
}

/**
 * The rooms page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchRoomsSchema(payload: unknown, options?: RequestOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('rooms', payload, false, options);
}

/**
 * The services page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchServicesSchema(payload: unknown, options?: RequestOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('services', payload, false, options);
}

/**
 * The contact page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchContactSchema(payload: unknown, options?: RequestOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('contact', payload, false, options);
}

/**
 * The photos page's schema.org document; never cached.
 *
 * @param payload - JSON-able data the server builds the document from; posted as `payload=<JSON>`.
 * @param options - cancellation and timeout.
 */
export function fetchPhotosSchema(payload: unknown, options?: RequestOptions): Promise<MobileSchemaResponse> {
  return fetchSchema('photos', payload, false, options);
}

/** Forgets every cached schema.org document, e.g. after the page's language changes. */
export function clearMobileSchemaCache(): void {
  schemaCache.clear();
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
