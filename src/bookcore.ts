/**
 * `loyalty-elements/bookcore`: typed clients for every bookcore call the widget knows (docs/bookcore-contract.md), for host
 * pages and Node scripts: loyalty, cart, package availability and the mobile section (`/m2/ajax`). Each call goes
 * through the widget's own transport (credentials, the anti-forgery header on POSTs, the `errors`/`cod_error`
 * response check, GET retries, timeouts) and decodes its answer with the widget's valibot schema, which keeps any
 * field it does not name.
 *
 * Side-effect free: importing it defines no element, reads no global and needs no DOM (it runs in Node). In a page
 * the addresses are relative to it and a POST to the page's origin carries the page's `csrftoken`; in Node pass a
 * `baseUrl`, a `csrfToken` and a `fetch` that keeps the session's cookies.
 *
 * @packageDocumentation
 */
import { BOOKCORE_PATHS, DEFAULT_ENDPOINTS, type Endpoints } from './api/endpoints';
import type { FormPayload, GetOptions, RequestOptions } from './api/http';
import { createTransport } from './api/transport';
import {
  changePassword,
  checkSocialUser,
  getLoyaltyAvailability,
  getSettings,
  getUser,
  logout,
  requestPasswordRecovery,
  setCookie,
  signIn,
  signUp,
  socialSignIn,
  type PasswordChangePayload,
  type PasswordRecoveryPayload,
  type SignInPayload,
  type SocialIntegration,
  type SocialUser,
} from './api/loyalty';
import {
  addPackage,
  deletePackage,
  getBestUpgradableRoom,
  getCart,
  getUpgradableRooms,
  upgradeRoom,
  type AddPackagePayload,
  type UpgradeRoomPayload,
} from './api/cart';
import { dropCart, DropCartResponseSchema, type DropCartResponse } from './api/drop-cart';
import { buildPackageAvailabilityUrl, getPackageAvailability, type PackageAvailabilityParams } from './api/packages';
import * as mobile from './api/mobile';
import { SuccessResponseSchema, CodAcknowledgementSchema, type CodAcknowledgement, type SuccessResponse } from './api/bookcore.schemas';
import {
  CurrentUserSchema,
  LoyaltyAvailabilityResponseSchema,
  SessionResponseSchema,
  SettingsResponseSchema,
  type CurrentUser,
  type LoyaltyAvailabilityResponse,
  type SessionResponse,
  type SettingsResponse,
} from './api/loyalty.schemas';
import {
  AddPackageResponseSchema,
  BestUpgradableRoomResponseSchema,
  CartSchema,
  UpgradableRoomsResponseSchema,
  type AddPackageResponse,
  type BestUpgradableRoomResponse,
  type Cart,
  type UpgradableRoomsResponse,
} from './api/cart.schemas';
import { PackageAvailabilityResponseSchema, type PackageAvailabilityResponse } from './api/packages.schemas';
import {
  MobileSchemaResponseSchema,
  MobileSectionResponseSchema,
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
  type MobileSectionResponse,
  type MobileUserResponse,
  type MobilisSettingsResponse,
  type OffersResponse,
  type PhotosResponse,
  type RoomResponse,
  type RoomsResponse,
  type ServicesResponse,
  type SocialNetworksResponse,
  type TranslationsResponse,
} from './api/mobile.schemas';
import type { MobileGetOptions } from './api/mobile';

export { ApiError, isAbortError, checkResponse } from './api/http';
export type { ApiErrorKind, FormPayload, GetOptions, RequestOptions } from './api/http';
export { BOOKCORE_PATHS, DEFAULT_ENDPOINTS, buildPackageAvailabilityUrl };
export type {
  AddPackagePayload,
  AddPackageResponse,
  BestUpgradableRoomResponse,
  Cart,
  CodAcknowledgement,
  CurrentUser,
  DropCartResponse,
  Endpoints,
  LoyaltyAvailabilityResponse,
  MobileGetOptions,
  MobileSchemaResponse,
  MobileSectionResponse,
  PackageAvailabilityParams,
  PackageAvailabilityResponse,
  PasswordChangePayload,
  PasswordRecoveryPayload,
  SessionResponse,
  SettingsResponse,
  SignInPayload,
  SocialIntegration,
  SocialUser,
  SuccessResponse,
  UpgradableRoomsResponse,
  UpgradeRoomPayload,
};

/**
 * The valibot schema each kind of answer is decoded with (loose objects: fields they do not name are kept), for
 * a caller that reads bookcore some other way and wants the same checks.
 */
export const BOOKCORE_SCHEMAS = Object.freeze({
  /** `{success}`: sign-up, logout, recovery, change, check-user, set-cookie and the mobile auth POSTs. */
  success: SuccessResponseSchema,
  /** A sign-in (e-mail, social or mobile): `user` and `userName`. */
  session: SessionResponseSchema,
  /** The current user; every field absent for an anonymous visitor. */
  currentUser: CurrentUserSchema,
  /** The loyalty settings, `loggedIn` and the social client ids. */
  settings: SettingsResponseSchema,
  /** Loyalty prices. */
  loyaltyAvailability: LoyaltyAvailabilityResponseSchema,
  /** The session's cart. */
  cart: CartSchema,
  /** The answer of dropping the cart: `deleted_elements`. */
  dropCart: DropCartResponseSchema,
  /** The answer of adding a package: the new line's `uuid`. */
  addPackage: AddPackageResponseSchema,
  /** `{cod_error}`: deleting a package, upgrading a room. */
  acknowledgement: CodAcknowledgementSchema,
  /** The best room upgrade, `room` null when there is none. */
  bestUpgradableRoom: BestUpgradableRoomResponseSchema,
  /** Every room upgrade of one cart line. */
  upgradableRooms: UpgradableRoomsResponseSchema,
  /** A package's options for some dates. */
  packageAvailability: PackageAvailabilityResponseSchema,
  /** A mobile section GET: `cod_error` and the section's free-form fields. */
  mobileSection: MobileSectionResponseSchema,
  /** A mobile schema.org POST: the JSON-LD in `schema`. */
  mobileSchema: MobileSchemaResponseSchema,
});

/** How a {@link BookcoreClient} reaches bookcore. Every field is optional in a page; Node needs `baseUrl`. */
export interface BookcoreClientOptions {
  /**
   * The server's address (`https://hotel.example`); every address is resolved against it. Absent in a page:
   * addresses are relative to the page. Required in Node, which has no page to be relative to.
   */
  baseUrl?: string | URL | undefined;
  /**
   * The anti-forgery token POSTs send in `X-CSRFToken`: a text, or a function read before every POST (Django
   * rotates the token at sign-in). Absent: the page's `csrftoken` cookie or hidden field when the server is the
   * page's origin, none otherwise (a page's token is never handed to another origin).
   */
  csrfToken?: string | (() => string | null | undefined) | undefined;
  /** The `fetch` to send with (Node: one that keeps the session's cookies); default the global one. */
  fetch?: typeof fetch | undefined;
  /** The configurable addresses (docs/bookcore-contract.md: settings, sign-in, social sign-in, check-user, add and delete package, package availability…); the rest keep {@link DEFAULT_ENDPOINTS}. */
  endpoints?: Partial<Endpoints> | undefined;
}

/** The loyalty calls. */
export interface LoyaltyClient {
  /** GET the settings address: the widget's texts and forms, `loggedIn` and the social client ids. */
  getSettings(options?: GetOptions): Promise<SettingsResponse>;
  /** GET the user address: the member, or no fields when anonymous. */
  getUser(options?: GetOptions): Promise<CurrentUser>;
  /** POST the sign-in address: `email`, `password`. */
  signIn(credentials: SignInPayload, options?: RequestOptions): Promise<SessionResponse>;
  /** POST the sign-up address with the form's fields. */
  signUp(form: FormPayload, options?: RequestOptions): Promise<SuccessResponse>;
  /** POST the logout address. */
  logout(options?: RequestOptions): Promise<SuccessResponse>;
  /** POST the recovery address: `email`, `userType`. */
  requestPasswordRecovery(payload: PasswordRecoveryPayload, options?: RequestOptions): Promise<SuccessResponse>;
  /** POST the change address: `uid`, `token`, `password`. */
  changePassword(payload: PasswordChangePayload, options?: RequestOptions): Promise<SuccessResponse>;
  /** POST the social sign-in address: the social fields plus `tipo_integracion`. */
  socialSignIn(user: SocialUser, options?: RequestOptions): Promise<SessionResponse>;
  /** POST the social check-user address: whether the identity's e-mail is a member's (`success`). */
  checkSocialUser(user: Parameters<typeof checkSocialUser>[0], options?: RequestOptions): Promise<SuccessResponse>;
  /** GET `/bookcore/availability/loyalty/`, followed by `{id}/` when an id is given. */
  getAvailability(id?: string | number, options?: GetOptions): Promise<LoyaltyAvailabilityResponse>;
  /** POST the set-cookie address with the payload as given (`{name, value}` for bookcore), error-checked. */
  setCookie(payload: FormPayload, options?: RequestOptions): Promise<SuccessResponse>;
}

/** The cart calls. */
export interface CartClient {
  /** POST the drop address, no body: `deleted_elements`. */
  drop(options?: RequestOptions): Promise<DropCartResponse>;
  /** GET `/bookcore/shopping-cart/json/`, `?lang=` when a language is given. */
  get(lang?: string, options?: GetOptions): Promise<Cart>;
  /** POST the add-package address: `id_opc`, `codhotel`, `entrada`, `salida`, `codpromo`. */
  addPackage(payload: AddPackagePayload, options?: RequestOptions): Promise<AddPackageResponse>;
  /** POST the delete-package address: `uuid`. */
  deletePackage(payload: { uuid: string }, options?: RequestOptions): Promise<CodAcknowledgement>;
  /** GET `/bookcore/shopping-cart/best-upgradable-room/`, optional `?lang=`. */
  getBestUpgradableRoom(lang?: string, options?: GetOptions): Promise<BestUpgradableRoomResponse>;
  /** GET `/bookcore/shopping-cart/upgradable-room/json/{id}/`, optional `?lang=`. */
  getUpgradableRooms(id: string | number, lang?: string, options?: GetOptions): Promise<UpgradableRoomsResponse>;
  /** POST `/bookcore/shopping-cart/upgrade-room/`: `uuid`, `room_code`, `board_code`. */
  upgradeRoom(payload: UpgradeRoomPayload, options?: RequestOptions): Promise<CodAcknowledgement>;
}

/** The package availability call. */
export interface PackagesClient {
  /** GET the availability template with PACKID, CHECKIN and CHECKOUT replaced (URL-encoded). */
  getAvailability(params: PackageAvailabilityParams, options?: GetOptions): Promise<PackageAvailabilityResponse>;
}

type MobileGet<TAnswer> = (options?: MobileGetOptions) => Promise<TAnswer>;
type MobileSchemaPost = (payload: unknown, options?: RequestOptions) => Promise<MobileSchemaResponse>;

/**
 * The mobile section's calls (`/m2/ajax`). Every GET takes the hotel (`hotelCode`, sent as `?hotelcode=`; bookcore's
 * default hotel without it) and the language (`lang`, sent as `?lang=`, default `es`) in its options.
 */
export interface MobileClient {
  /** GET `/ficha/?hotelcode=`. */
  getFicha(hotelCode: string, options?: MobileGetOptions): Promise<FichaResponse>;
  /** GET `/hotel/services`, `?quantity=` when given. */
  getHotelServices(quantity?: number, options?: MobileGetOptions): Promise<ServicesResponse>;
  /** GET `/hotel/{hotelCode}/room/{roomCode}`. */
  getHotelRoom(hotelCode: string, roomCode: string, options?: MobileGetOptions): Promise<RoomResponse>;
  /** GET `/hotel/services/images`. */
  getHotelServiceImages: MobileGet<ImagesResponse>;
  /** GET `/hotel/services/section/header`. */
  getHotelServicesHeader: MobileGet<HeaderResponse>;
  /** GET `/hotel/map`. */
  getHotelMap: MobileGet<MapResponse>;
  /** GET `/hotel/ssnn`. */
  getHotelSocialNetworks: MobileGet<SocialNetworksResponse>;
  /** GET `/hotel/photos`. */
  getHotelPhotos: MobileGet<PhotosResponse>;
  /** GET `/rooms`. */
  getRooms: MobileGet<RoomsResponse>;
  /** GET `/rooms/section/header`. */
  getRoomsHeader: MobileGet<HeaderResponse>;
  /** GET `/translations`. */
  getTranslations: MobileGet<TranslationsResponse>;
  /** GET `/current/page`. */
  getCurrentPage: MobileGet<CurrentPageResponse>;
  /** GET `/gallery/page`. */
  getGalleryPage: MobileGet<GalleryPageResponse>;
  /** GET `/mobilis/settings`. */
  getMobilisSettings: MobileGet<MobilisSettingsResponse>;
  /** GET `/mobilis/section/images`. */
  getMobilisSectionImages: MobileGet<ImagesResponse>;
  /** GET `/home/description`. */
  getHomeDescription: MobileGet<DescriptionResponse>;
  /** GET `/home/image`. */
  getHomeImage: MobileGet<HomeImageResponse>;
  /** GET `/home/map/description`. */
  getHomeMapDescription: MobileGet<DescriptionResponse>;
  /** GET `/home/section/header`. */
  getHomeSectionHeader: MobileGet<HeaderResponse>;
  /** GET `/offers`. */
  getOffers: MobileGet<OffersResponse>;
  /** GET `/contact`. */
  getContact: MobileGet<ContactResponse>;
  /** GET `/user`. */
  getUser: MobileGet<MobileUserResponse>;
  /** POST `/schema/home` with `payload=<JSON>`; the answer is kept by this client (per payload), never shared with another. */
  fetchHomeSchema: MobileSchemaPost;
  /** POST `/schema/rooms`; never kept. */
  fetchRoomsSchema: MobileSchemaPost;
  /** POST `/schema/services`; never kept. */
  fetchServicesSchema: MobileSchemaPost;
  /** POST `/schema/contact`; never kept. */
  fetchContactSchema: MobileSchemaPost;
  /** POST `/schema/photos`; never kept. */
  fetchPhotosSchema: MobileSchemaPost;
  /** POST `/signup` with the form's fields. */
  signUp(form: FormPayload, options?: RequestOptions): Promise<SuccessResponse>;
  /** POST `/signin`: `email`, `password`. */
  signIn(credentials: SignInPayload, options?: RequestOptions): Promise<SessionResponse>;
  /** POST `/password/recovery`: `email`, `userType`. */
  requestPasswordRecovery(payload: PasswordRecoveryPayload, options?: RequestOptions): Promise<SuccessResponse>;
  /** POST `/password/recovery/change`: `uid`, `token`, `password`. */
  changePassword(payload: PasswordChangePayload, options?: RequestOptions): Promise<SuccessResponse>;
}

/** The decoded answer of one mobile call: `MobileAnswer<'getRooms'>` is `/rooms`' answer, `rooms` a list of rooms. */
export type MobileAnswer<TCall extends keyof MobileClient> = Awaited<ReturnType<MobileClient[TCall]>>;

/** Every bookcore call, bound to one server. */
export interface BookcoreClient {
  /** The addresses this client uses: the configured ones over {@link DEFAULT_ENDPOINTS}. */
  readonly endpoints: Readonly<Endpoints>;
  readonly loyalty: LoyaltyClient;
  readonly cart: CartClient;
  readonly packages: PackagesClient;
  readonly mobile: MobileClient;
}

/**
 * Makes a client for one bookcore server.
 *
 * @param options - where the server is, how to authenticate POSTs, and the configured addresses.
 * @returns the loyalty, cart, package and mobile calls.
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) address, or an endpoint is not text.
 */
export function createBookcoreClient(options: BookcoreClientOptions = {}): BookcoreClient {
  const endpoints: Readonly<Endpoints> = Object.freeze({ ...DEFAULT_ENDPOINTS, ...definedEndpoints(options.endpoints) });
  const base = options.baseUrl === undefined ? undefined : absoluteBase(options.baseUrl);
  const sendFetch = options.fetch;
  const baseFetch: typeof fetch | undefined =
    base === undefined
      ? sendFetch
      : (input, init) => {
          const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, base).href;
          return sendFetch ? sendFetch(url, init) : fetch(url, init);
        };
  const configuredToken = options.csrfToken;
  // Without a configured token, a base on another origin than the page's gets none: the transport's own check
  // sees only the relative address, which it would take for the page's origin.
  const pageTokenAllowed = base === undefined || isPageOrigin(base);
  const csrfToken = (): string | null | undefined => {
    if (typeof configuredToken === 'function') return configuredToken() ?? null;
    if (typeof configuredToken === 'string') return configuredToken;
    return pageTokenAllowed ? undefined : null;
  };
  // The client's own transport: the tokens its answers carry (a sign-in's, a logout's) are its next POSTs'.
  const transport = createTransport();
  const get = <TOptions extends GetOptions>(extra: TOptions | undefined): TOptions =>
    ({ ...extra, fetch: extra?.fetch ?? baseFetch, transport: extra?.transport ?? transport }) as TOptions;
  const post = (extra: RequestOptions | undefined): RequestOptions => {
    const token = extra?.csrfToken !== undefined ? extra.csrfToken : csrfToken();
    return { ...extra, fetch: extra?.fetch ?? baseFetch, csrfToken: token, transport: extra?.transport ?? transport };
  };

  const loyalty: LoyaltyClient = {
    getSettings: (o) => getSettings(endpoints.settings, get(o)),
    getUser: (o) => getUser(endpoints.getUser, get(o)),
    signIn: (credentials, o) => signIn(credentials, endpoints.signin, post(o)),
    signUp: (form, o) => signUp(form, endpoints.signup, post(o)),
    logout: (o) => logout(endpoints.logout, post(o)),
    requestPasswordRecovery: (payload, o) => requestPasswordRecovery(payload, endpoints.passwordRecovery, post(o)),
    changePassword: (payload, o) => changePassword(payload, endpoints.changePassword, post(o)),
    socialSignIn: (user, o) => socialSignIn(user, endpoints.socialSignin, post(o)),
    checkSocialUser: (user, o) => checkSocialUser(user, endpoints.socialCheckUser, post(o)),
    getAvailability: (id, o) => getLoyaltyAvailability(id, get(o)),
    setCookie: (payload, o) => setCookie(payload, endpoints.setCookie, post(o)),
  };
  const cart: CartClient = {
    drop: (o) => dropCart(endpoints.dropUrl, post(o)),
    get: (lang, o) => getCart(lang, get(o)),
    addPackage: (payload, o) => addPackage(payload, endpoints.addPackage, post(o)),
    deletePackage: (payload, o) => deletePackage(payload, endpoints.deletePackage, post(o)),
    getBestUpgradableRoom: (lang, o) => getBestUpgradableRoom(lang, get(o)),
    getUpgradableRooms: (id, lang, o) => getUpgradableRooms(id, lang, get(o)),
    upgradeRoom: (payload, o) => upgradeRoom(payload, post(o)),
  };
  const packages: PackagesClient = {
    getAvailability: (params, o) => getPackageAvailability(params, endpoints.packageAvailability, get(o)),
  };
  // This client's own home documents: a client for another server never reads them, and they go with the client.
  const schemaCache = mobile.createMobileSchemaCache();
  const mobileClient: MobileClient = {
    getFicha: (hotelCode, o) => mobile.getFicha(hotelCode, get(o)),
    getHotelServices: (quantity, o) => mobile.getHotelServices(quantity, get(o)),
    getHotelRoom: (hotelCode, roomCode, o) => mobile.getHotelRoom(hotelCode, roomCode, get(o)),
    getHotelServiceImages: (o) => mobile.getHotelServiceImages(get(o)),
    getHotelServicesHeader: (o) => mobile.getHotelServicesHeader(get(o)),
    getHotelMap: (o) => mobile.getHotelMap(get(o)),
    getHotelSocialNetworks: (o) => mobile.getHotelSocialNetworks(get(o)),
    getHotelPhotos: (o) => mobile.getHotelPhotos(get(o)),
    getRooms: (o) => mobile.getRooms(get(o)),
    getRoomsHeader: (o) => mobile.getRoomsHeader(get(o)),
    getTranslations: (o) => mobile.getTranslations(get(o)),
    getCurrentPage: (o) => mobile.getCurrentPage(get(o)),
    getGalleryPage: (o) => mobile.getGalleryPage(get(o)),
    getMobilisSettings: (o) => mobile.getMobilisSettings(get(o)),
    getMobilisSectionImages: (o) => mobile.getMobilisSectionImages(get(o)),
    getHomeDescription: (o) => mobile.getHomeDescription(get(o)),
    getHomeImage: (o) => mobile.getHomeImage(get(o)),
    getHomeMapDescription: (o) => mobile.getHomeMapDescription(get(o)),
    getHomeSectionHeader: (o) => mobile.getHomeSectionHeader(get(o)),
    getOffers: (o) => mobile.getOffers(get(o)),
    getContact: (o) => mobile.getContact(get(o)),
    getUser: (o) => mobile.getMobileUser(get(o)),
    fetchHomeSchema: (payload, o) => mobile.fetchHomeSchema(payload, { ...post(o), cache: schemaCache }),
    fetchRoomsSchema: (payload, o) => mobile.fetchRoomsSchema(payload, post(o)),
    fetchServicesSchema: (payload, o) => mobile.fetchServicesSchema(payload, post(o)),
    fetchContactSchema: (payload, o) => mobile.fetchContactSchema(payload, post(o)),
    fetchPhotosSchema: (payload, o) => mobile.fetchPhotosSchema(payload, post(o)),
    signUp: (form, o) => mobile.mobileSignUp(form, post(o)),
    signIn: (credentials, o) => mobile.mobileSignIn(credentials, post(o)),
    requestPasswordRecovery: (payload, o) => mobile.mobileRequestPasswordRecovery(payload, post(o)),
    changePassword: (payload, o) => mobile.mobileChangePassword(payload, post(o)),
  };
  return Object.freeze({ endpoints, loyalty, cart, packages, mobile: mobileClient });
}

function definedEndpoints(endpoints: Partial<Endpoints> | undefined): Partial<Endpoints> {
  const defined: Partial<Record<keyof Endpoints, string>> = {};
  for (const [name, value] of Object.entries(endpoints ?? {})) {
    if (value === undefined) continue;
    if (!(name in DEFAULT_ENDPOINTS)) throw new TypeError(`createBookcoreClient: unknown endpoint "${name}"`);
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`createBookcoreClient: endpoint "${name}" must be a non-empty address`);
    defined[name as keyof Endpoints] = value;
  }
  return defined;
}

function absoluteBase(baseUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`createBookcoreClient: baseUrl "${String(baseUrl)}" is not an absolute address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`createBookcoreClient: baseUrl "${url.href}" is not http or https`);
  }
  return url;
}

function isPageOrigin(url: URL): boolean {
  const page = globalThis.location as Location | undefined;
  return page !== undefined && url.origin === page.origin;
}

/** What a client needs to keep a session outside a page: pass both to {@link createBookcoreClient}. */
export interface CookieSession {
  /** Sends the cookies the server set so far and keeps the ones each answer sets (or removes). */
  fetch: typeof fetch;
  /** The `csrftoken` cookie the server set, read before every POST; null before the first answer. */
  csrfToken: () => string | null;
  /** The cookies kept, by name. */
  readonly cookies: ReadonlyMap<string, string>;
}

/**
 * A cookie session for Node (a browser keeps a page's cookies itself, and hides `Set-Cookie` from scripts): a
 * `fetch` that sends the server's cookies back, as a browser would, and the anti-forgery token read from them.
 * One server per session: cookies are kept by name, whatever their path or domain; one whose `Max-Age` is 0 or
 * whose `Expires` has passed is dropped.
 *
 * @param send - the `fetch` underneath; default the global one.
 * @returns the fetch, the token reader and the cookies.
 */
export function createCookieSession(send: typeof fetch = (input, init) => fetch(input, init)): CookieSession {
  const cookies = new Map<string, string>();
  const sessionFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await send(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      if (attributes.some(isExpiry)) cookies.delete(name);
      else cookies.set(name, pair.slice(separator + 1));
    }
    return response;
  };
  return {
    fetch: sessionFetch,
    csrfToken: () => {
      const token = cookies.get('csrftoken');
      return token === undefined || token === '' ? null : decodeURIComponentSafely(token);
    },
    cookies,
  };
}

function isExpiry(attribute: string): boolean {
  const separator = attribute.indexOf('=');
  const name = attribute.slice(0, separator < 0 ? undefined : separator).toLowerCase();
  const value = separator < 0 ? '' : attribute.slice(separator + 1);
  if (name === 'max-age') return Number(value) <= 0;
  if (name === 'expires') return Date.parse(value) <= Date.now();
  return false;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
