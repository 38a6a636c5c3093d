/**
 * Every call of docs/bookcore-contract.md made through a `loyalty-elements/bookcore` client against the dev bookcore, in an order
 * that makes each one succeed (sign in before the cart, recover before changing…). Shared by the Node test
 * (test/lib/bookcore-entry.node.test.mjs) and the browser test (test/api/bookcore-entry.test.ts): each gives the
 * client and a way to read the dev server's request log and mailbox; the walk checks each answer and returns what
 * each call should have sent, for the caller to compare with the log.
 */
import type { BookcoreClient } from '../../src/bookcore';
import { signStandinToken } from './standin-token';

/** A request as the dev server recorded it. */
export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  contentType: string | null;
}

/** The dev server's switches the walk needs. */
export interface DevServer {
  /** Every request recorded since the last clear, oldest first. */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  mailbox(): Promise<{ to: string; kind: string; links: string[] }[]>;
  /** The stand-in social signing key (demo/stand-in-keys/social-signing-key.pem), PKCS#8 PEM. */
  standinKeyPem(): Promise<string>;
}

/** One call and the request it should have made. */
export interface ExpectedRequest {
  call: string;
  method: 'GET' | 'POST';
  path: string;
  search: string;
  /** A POST's form fields. */
  fields?: Record<string, string>;
}

const SEED = { email: 'ana@example.com', password: 'Loyalty2026!' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

function must(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`bookcore walk: ${message}`);
}

/**
 * Makes every docs/bookcore-contract.md call once (twice for the optional forms) and checks its answer.
 *
 * @returns for each call, in order, the request it should have made; the log must hold exactly these.
 */
export async function walkEverySection7Call(client: BookcoreClient, dev: DevServer): Promise<ExpectedRequest[]> {
  const expected: ExpectedRequest[] = [];
  const pem = await dev.standinKeyPem();
  const now = Math.floor(Date.now() / 1000);
  const googleClientId = 'dev-loyalty-elements.apps.googleusercontent.com';
  // The dev bookcore verifies social tokens as bookcore must: a Google ID token for check-user, a Facebook access
  // token for the social sign-in, both signed with the stand-in key.
  const googleIdToken = await signStandinToken(pem, { iss: 'https://accounts.google.com', aud: googleClientId, azp: googleClientId, sub: '100000000000000000001', email: SEED.email, email_verified: true, iat: now, exp: now + 3600 });
  const facebookAccessToken = await signStandinToken(pem, { app_id: '100000000000001', user_id: 'fb-123', email: 'lucia@example.com', iat: now, exp: now + 3600 });
  const get = (call: string, path: string, search = '') => expected.push({ call, method: 'GET', path, search });
  const post = (call: string, path: string, fields: Record<string, string>) => expected.push({ call, method: 'POST', path, search: '', fields });

  // Loyalty.
  const settings = await client.loyalty.getSettings();
  must(settings.loggedIn === null, 'settings: anonymous at first');
  get('loyalty.getSettings', '/bookcore/partempresas/loyalty/settings/');
  must((await client.loyalty.getUser())?.nombre === undefined, 'user: anonymous at first');
  get('loyalty.getUser', '/bookcore/loyalty/ajax/user/');
  const signUpForm = { email: 'nuevo@example.com', password: 'Segura2026!', nombre: 'Nuevo', apellidos: 'Miembro', pais: 'ES', politica: true, newsletter: false };
  must((await client.loyalty.signUp(signUpForm)).success, 'sign-up');
  post('loyalty.signUp', '/bookcore/loyalty/ajax/signup/', { ...signUpForm, politica: 'true', newsletter: 'false' });
  const session = await client.loyalty.signIn(SEED);
  must(session.userName === SEED.email, 'sign-in answers the member');
  post('loyalty.signIn', '/bookcore/loyalty/ajax/signin/', { ...SEED });
  must((await client.loyalty.getUser())?.nombre === 'Ana', 'user after sign-in (the session cookie is kept)');
  get('loyalty.getUser', '/bookcore/loyalty/ajax/user/');
  must((await client.loyalty.checkSocialUser({ email: SEED.email, integration: 'google', id_token: googleIdToken })).success, 'check-user of a member');
  post('loyalty.checkSocialUser', '/bookcore/partempresas/loyalty/social/check-user/', { email: SEED.email, tipo_integracion: 'google', id_token: googleIdToken });
  const all = await client.loyalty.getAvailability();
  must(all.hotels.length === 3, 'loyalty availability of every hotel');
  get('loyalty.getAvailability', '/bookcore/availability/loyalty/');
  const one = await client.loyalty.getAvailability('HSIE');
  must(one.hotels.length === 1 && one.hotels[0]?.code === 'HSIE', 'loyalty availability of one hotel');
  get('loyalty.getAvailability', '/bookcore/availability/loyalty/HSIE/');
  must((await client.loyalty.setCookie({ name: 'loyalty_walk', value: 'visto' })).success, 'set-cookie');
  post('loyalty.setCookie', '/bookcore/set-cookie/', { name: 'loyalty_walk', value: 'visto' });

  // Package availability and the cart, signed in.
  const packages = await client.packages.getAvailability({ packId: 3, checkIn: isoDate(5), checkOut: isoDate(9) });
  must(packages.options.some((option) => String(option.id) === '31'), 'package 3 offers option 31');
  get('packages.getAvailability', '/bookcore/packages/3/availability/', `?entrada=${isoDate(5)}&salida=${isoDate(9)}`);
  const { uuid } = await client.cart.addPackage({ id_opc: 31, codhotel: 'HMAR', entrada: isoDate(5), salida: isoDate(9) });
  post('cart.addPackage', '/bookcore/shopping-cart/add-package/', { id_opc: '31', codhotel: 'HMAR', entrada: isoDate(5), salida: isoDate(9), codpromo: 'None' });
  const cart = await client.cart.get('en');
  must(cart.items.length === 1 && cart.items[0]?.uuid === uuid, 'the cart holds the added line');
  get('cart.get', '/bookcore/shopping-cart/json/', '?lang=en');
  const best = await client.cart.getBestUpgradableRoom('en');
  must(best.room !== null, 'a best upgrade exists');
  get('cart.getBestUpgradableRoom', '/bookcore/shopping-cart/best-upgradable-room/', '?lang=en');
  const { rooms } = await client.cart.getUpgradableRooms(uuid, 'es');
  const offer = rooms[0];
  must(offer !== undefined, 'the line has upgrades');
  get('cart.getUpgradableRooms', `/bookcore/shopping-cart/upgradable-room/json/${uuid}/`, '?lang=es');
  await client.cart.upgradeRoom({ uuid, room_code: offer.room.code, board_code: offer.board.code });
  post('cart.upgradeRoom', '/bookcore/shopping-cart/upgrade-room/', { uuid, room_code: offer.room.code, board_code: offer.board.code });
  await client.cart.deletePackage({ uuid });
  post('cart.deletePackage', '/bookcore/shopping-cart/delete-package/', { uuid });
  await client.cart.addPackage({ id_opc: 11, codhotel: 'HMAR', entrada: isoDate(10), salida: isoDate(12) });
  post('cart.addPackage', '/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: isoDate(10), salida: isoDate(12), codpromo: 'None' });
  must((await client.cart.drop()).deleted_elements === 1, 'drop counts the one line');
  post('cart.drop', '/bookcore/shopping-cart/drop/', {});
  must((await client.cart.get()).items.length === 0, 'the dropped cart is empty');
  get('cart.get', '/bookcore/shopping-cart/json/');

  // The mobile section's GETs, signed in.
  const ficha = await client.mobile.getFicha('HSIE');
  must((ficha['hotel'] as { name?: string } | undefined)?.name === 'Sierra Nevada Lodge', 'ficha of HSIE');
  get('mobile.getFicha', '/m2/ajax/ficha/', '?hotelcode=HSIE&lang=es');
  const services = (await client.mobile.getHotelServices(2))['services'];
  must(Array.isArray(services) && services.length === 2, 'two services');
  get('mobile.getHotelServices', '/m2/ajax/hotel/services', '?quantity=2&lang=es');
  must((await client.mobile.getHotelServices(undefined, { hotelCode: 'HURB', lang: 'en' }))['cod_error'] === '000', 'every service');
  get('mobile.getHotelServices', '/m2/ajax/hotel/services', '?hotelcode=HURB&lang=en');
  must((await client.mobile.getHotelRoom('HURB', 'SUI'))['room'] !== undefined, 'one room');
  get('mobile.getHotelRoom', '/m2/ajax/hotel/HURB/room/SUI', '?lang=es');
  const sections: [keyof BookcoreClient['mobile'], string][] = [
    ['getHotelServiceImages', '/hotel/services/images'],
    ['getHotelServicesHeader', '/hotel/services/section/header'],
    ['getHotelMap', '/hotel/map'],
    ['getHotelSocialNetworks', '/hotel/ssnn'],
    ['getHotelPhotos', '/hotel/photos'],
    ['getRooms', '/rooms'],
    ['getRoomsHeader', '/rooms/section/header'],
    ['getTranslations', '/translations'],
    ['getCurrentPage', '/current/page'],
    ['getGalleryPage', '/gallery/page'],
    ['getMobilisSettings', '/mobilis/settings'],
    ['getMobilisSectionImages', '/mobilis/section/images'],
    ['getHomeDescription', '/home/description'],
    ['getHomeImage', '/home/image'],
    ['getHomeMapDescription', '/home/map/description'],
    ['getHomeSectionHeader', '/home/section/header'],
    ['getOffers', '/offers'],
    ['getContact', '/contact'],
    ['getUser', '/user'],
  ];
  for (const [name, path] of sections) {
    const call = client.mobile[name] as (options: { hotelCode: string; lang: string }) => Promise<Record<string, unknown>>;
    must((await call({ hotelCode: 'HSIE', lang: 'en' }))['cod_error'] === '000', `mobile.${name}`);
    get(`mobile.${name}`, `/m2/ajax${path}`, '?hotelcode=HSIE&lang=en');
  }
  const schemas = [
    ['fetchHomeSchema', 'home', 'Hotel'],
    ['fetchRoomsSchema', 'rooms', 'ItemList'],
    ['fetchServicesSchema', 'services', 'Hotel'],
    ['fetchContactSchema', 'contact', 'Hotel'],
    ['fetchPhotosSchema', 'photos', 'ImageGallery'],
  ] as const;
  for (const [name, page, type] of schemas) {
    const answer = await client.mobile[name]({ hotelCode: 'HURB', walk: true });
    must(answer.schema['@type'] === type, `mobile.${name} answers a ${type}`);
    post(`mobile.${name}`, `/m2/ajax/schema/${page}`, { payload: '{"hotelCode":"HURB","walk":true}' });
  }

  // Sign-out, then the mobile auth POSTs and the password recovery of both sections.
  must((await client.loyalty.logout()).success, 'logout');
  post('loyalty.logout', '/bookcore/partempresas/ajax/logout/', {});
  must((await client.mobile.signIn(SEED)).userName === SEED.email, 'mobile sign-in');
  post('mobile.signIn', '/m2/ajax/signin', { ...SEED });
  const mobileForm = { email: 'movil@example.com', password: 'Segura2026!', nombre: 'Móvil', apellidos: 'Usuario', politica: true };
  must((await client.mobile.signUp(mobileForm)).success, 'mobile sign-up');
  post('mobile.signUp', '/m2/ajax/signup', { ...mobileForm, politica: 'true' });

  const linkOf = async () => {
    const link = (await dev.mailbox()).filter((mail) => mail.kind === 'recovery' && mail.to === SEED.email).at(-1)?.links[0];
    const match = /\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(link ?? '');
    must(match?.[1] && match[2], 'a recovery mail with a link');
    return { uid: match[1], token: match[2] };
  };
  must((await client.loyalty.requestPasswordRecovery({ email: SEED.email, userType: 'particular' })).success, 'recovery');
  post('loyalty.requestPasswordRecovery', '/bookcore/loyalty/ajax/password/recovery/', { email: SEED.email, userType: 'particular' });
  const first = await linkOf();
  must((await client.loyalty.changePassword({ ...first, password: 'NuevaClave2026' })).success, 'change');
  post('loyalty.changePassword', '/bookcore/loyalty/ajax/password/recovery/change/', { ...first, password: 'NuevaClave2026' });
  must((await client.mobile.requestPasswordRecovery({ email: SEED.email, userType: 'particular' })).success, 'mobile recovery');
  post('mobile.requestPasswordRecovery', '/m2/ajax/password/recovery', { email: SEED.email, userType: 'particular' });
  const second = await linkOf();
  must((await client.mobile.changePassword({ ...second, password: 'MovilClave2026' })).success, 'mobile change');
  post('mobile.changePassword', '/m2/ajax/password/recovery/change', { ...second, password: 'MovilClave2026' });

  // Social sign-in last: it starts a session of its own.
  const social = { first_name: 'Lucía', last_name: 'Pérez', email: 'lucia@example.com', name: 'Lucía Pérez', id: 'fb-123', access_token: facebookAccessToken, integration: 'facebook', recibir_newsletter: true } as const;
  must((await client.loyalty.socialSignIn(social)).userName === 'lucia@example.com', 'social sign-in');
  post('loyalty.socialSignIn', '/bookcore/partempresas/login-particular-integracion/', {
    first_name: 'Lucía',
    last_name: 'Pérez',
    email: 'lucia@example.com',
    name: 'Lucía Pérez',
    id: 'fb-123',
    access_token: facebookAccessToken,
    tipo_integracion: 'facebook',
    recibir_newsletter: 'true',
  });
  return expected;
}

/** The request a recorded one matches, for comparing with {@link ExpectedRequest}. */
export function asExpected(request: LoggedRequest): Omit<ExpectedRequest, 'call'> {
  const seen: Omit<ExpectedRequest, 'call'> = { method: request.method as 'GET' | 'POST', path: request.path, search: request.search };
  if (request.method === 'POST') seen.fields = Object.fromEntries(new URLSearchParams(request.body));
  return seen;
}

/**
 * What is wrong with a recorded request as the transport should send it (docs/bookcore-contract.md): JSON accepted; a GET with
 * the JSON content type, no body and no token; a POST form-encoded with `X-Requested-With` and an `X-CSRFToken`
 * equal to the csrftoken cookie it carried.
 *
 * @returns the problems, empty when there are none.
 */
export function transportProblems(request: LoggedRequest): string[] {
  const problems: string[] = [];
  const where = `${request.method} ${request.path}`;
  if (request.headers['accept'] !== 'application/json') problems.push(`${where}: Accept ${request.headers['accept']}`);
  if (request.method === 'GET') {
    if (request.headers['content-type'] !== 'application/json') problems.push(`${where}: Content-Type ${request.headers['content-type']}`);
    if ('x-csrftoken' in request.headers) problems.push(`${where}: a GET sent X-CSRFToken`);
    if (request.body !== '') problems.push(`${where}: a GET sent a body`);
    return problems;
  }
  if (request.contentType !== 'application/x-www-form-urlencoded') problems.push(`${where}: content type ${request.contentType}`);
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') problems.push(`${where}: no X-Requested-With`);
  const cookie = (request.headers['cookie'] ?? '').split(/;\s*/).find((pair) => pair.startsWith('csrftoken='))?.slice('csrftoken='.length);
  if (!cookie) problems.push(`${where}: no csrftoken cookie`);
  else if (request.headers['x-csrftoken'] !== decodeURIComponent(cookie)) problems.push(`${where}: X-CSRFToken is not the cookie's`);
  return problems;
}

/** The expected requests without the names of the calls, for comparing with {@link asExpected} of the log. */
export function withoutCalls(expected: ExpectedRequest[]): Omit<ExpectedRequest, 'call'>[] {
  return expected.map((request) => {
    const copy: Partial<ExpectedRequest> = { ...request };
    delete copy.call;
    return copy as Omit<ExpectedRequest, 'call'>;
  });
}
