// @ts-check
/**
 * The whole mobile section (docs/bookcore-contract.md "Mobile section (/m2/ajax)") asked of a bookcore over HTTP,
 * for two seeded hotels in two languages: every GET with `?hotelcode=` and `?lang=`, the one-room GET and the five
 * schema.org POSTs. Shared by the dev server's tests (test/server/) and the reference Django's (test/django/), so
 * both serve the same section.
 */
import assert from 'node:assert/strict';

/** The hotels and languages the walk asks about, and what each must answer. */
export const MOBILE_CASES = /** @type {const} */ ([
  { hotel: 'HSIE', name: 'Sierra Nevada Lodge', lang: 'es', rooms: 'Habitaciones', room: 'EST', roomName: 'Habitación Estándar', service: 'Wi-Fi gratuito' },
  { hotel: 'HSIE', name: 'Sierra Nevada Lodge', lang: 'en', rooms: 'Rooms', room: 'EST', roomName: 'Standard Room', service: 'Free Wi-Fi' },
  { hotel: 'HURB', name: 'Urban Madrid Centro', lang: 'es', rooms: 'Habitaciones', room: 'SUI', roomName: 'Suite Gran Vía', service: 'Wi-Fi gratuito' },
  { hotel: 'HURB', name: 'Urban Madrid Centro', lang: 'en', rooms: 'Rooms', room: 'SUI', roomName: 'Gran Vía Suite', service: 'Free Wi-Fi' },
]);

/** Each GET below /m2/ajax (but the one-room path) and the key its answer carries. */
export const MOBILE_GETS = /** @type {const} */ ([
  ['/ficha/', 'hotel'],
  ['/hotel/services', 'services'],
  ['/hotel/services/images', 'images'],
  ['/hotel/services/section/header', 'header'],
  ['/hotel/map', 'map'],
  ['/hotel/ssnn', 'socialNetworks'],
  ['/hotel/photos', 'photos'],
  ['/rooms', 'rooms'],
  ['/rooms/section/header', 'header'],
  ['/translations', 'translations'],
  ['/current/page', 'page'],
  ['/gallery/page', 'gallery'],
  ['/mobilis/settings', 'settings'],
  ['/mobilis/section/images', 'images'],
  ['/home/description', 'description'],
  ['/home/image', 'image'],
  ['/home/map/description', 'description'],
  ['/home/section/header', 'header'],
  ['/offers', 'offers'],
  ['/contact', 'contact'],
  ['/user', 'user'],
]);

/**
 * @typedef {object} MobileTransport
 * @property {(path: string) => Promise<any>} get GETs a path of the server and parses its JSON
 * @property {(path: string, form: Record<string, string>) => Promise<any>} post POSTs a form (with the session's CSRF token) and parses its JSON
 */

/**
 * Walks the section and asserts each answer.
 * @param {MobileTransport} server
 */
export async function walkMobileSection(server) {
  for (const expected of MOBILE_CASES) {
    const query = `?hotelcode=${expected.hotel}&lang=${expected.lang}`;
    const at = `${expected.hotel} ${expected.lang}`;
    for (const [path, key] of MOBILE_GETS) {
      const answer = await server.get(`/m2/ajax${path}${query}`);
      assert.equal(answer.cod_error, '000', `${path} ${at}`);
      assert.ok(key in answer, `${path} ${at} answers ${key}`);
    }
    const get = (/** @type {string} */ path) => server.get(`/m2/ajax${path}${query}`);
    assert.equal((await get('/ficha/')).hotel.name, expected.name, `ficha ${at}`);
    assert.equal((await get('/translations')).translations.rooms, expected.rooms, `translations ${at}`);
    assert.equal((await get('/rooms/section/header')).header.title, expected.rooms, `rooms header ${at}`);
    assert.equal((await get('/home/section/header')).header.title, expected.name, `home header ${at}`);
    const rooms = (await get('/rooms')).rooms;
    assert.ok(rooms.some((/** @type {any} */ room) => room.code === expected.room && room.name === expected.roomName), `rooms ${at}`);
    const two = await server.get(`/m2/ajax/hotel/services${query}&quantity=2`);
    assert.equal(two.services.length, 2, `two services ${at}`);
    assert.ok(two.total > 2, `the total of services ${at}`);
    assert.equal(two.services[0].name, expected.service, `services ${at}`);
    const photos = (await get('/hotel/photos')).photos;
    assert.ok(photos.length > 1 && photos.every((/** @type {any} */ photo) => typeof photo.url === 'string'), `photos ${at}`);
    const map = (await get('/hotel/map')).map;
    assert.equal(typeof Number(map.latitude), 'number', `map ${at}`);
    assert.ok(typeof (await get('/home/description')).description.text === 'string', `home description ${at}`);
    assert.ok(typeof (await get('/home/image')).image.url === 'string', `home image ${at}`);
    const offers = (await get('/offers')).offers;
    assert.ok(offers.length > 0 && offers.every((/** @type {any} */ offer) => offer.id !== undefined), `offers ${at}`);
    const room = await server.get(`/m2/ajax/hotel/${expected.hotel}/room/${expected.room}?lang=${expected.lang}`);
    assert.deepEqual([room.cod_error, room.room.code, room.room.name], ['000', expected.room, expected.roomName], `room ${at}`);
  }
  const unknownHotel = await server.get('/m2/ajax/rooms?hotelcode=NOPE&lang=es');
  assert.equal(unknownHotel.cod_error, '103');
  const unknownRoom = await server.get('/m2/ajax/hotel/HURB/room/NOPE?lang=es');
  assert.equal(unknownRoom.cod_error, '103');

  for (const [page, type] of /** @type {const} */ ([['home', 'Hotel'], ['rooms', 'ItemList'], ['services', 'Hotel'], ['contact', 'Hotel'], ['photos', 'ImageGallery']])) {
    for (const hotel of ['HSIE', 'HURB']) {
      const answer = await server.post(`/m2/ajax/schema/${page}`, { payload: JSON.stringify({ hotelCode: hotel }) });
      assert.equal(answer.cod_error, '000', `schema ${page} ${hotel}`);
      assert.equal(answer.schema['@type'], type, `schema ${page} ${hotel}`);
      assert.equal(answer.schema['@context'], 'https://schema.org');
    }
  }
  assert.equal((await server.post('/m2/ajax/schema/home', { payload: '{oops' })).cod_error, '104');
}
