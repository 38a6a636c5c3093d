// @ts-check
/**
 * The shopping cart of the session: packages added from package availability, and room upgrades offered on them.
 */
import { randomUUID } from 'node:crypto';
import {
  COD,
  boardOf,
  chargedPrice,
  codError,
  hotelByCode,
  localize,
  memberPrice,
  optionById,
  parseStay,
  roomOf,
  roundMoney,
  stayPrice,
} from '../inventory.mjs';
import { json } from '../lib/http.mjs';
import { route } from '../lib/router.mjs';
import { CURRENCY, RATES } from '../seed.mjs';

/** @typedef {import('../context.mjs').RequestContext} RequestContext */
/** @typedef {import('../sessions.mjs').CartItemRecord} CartItemRecord */
/** @typedef {(ctx: RequestContext) => import('../lib/http.mjs').Reply} Handler */

/** Package rates in the seed are sold for two adults. */
const PACKAGE_OCCUPANCY = Object.freeze({ adults: 2, children: 0 });

/**
 * Resolves the codes an item was stored with. They come from the seed, so a miss is a programming error.
 * @param {CartItemRecord} item
 */
function resolveItem(item) {
  const hotel = hotelByCode(item.hotelCode);
  const room = hotel && roomOf(hotel, item.roomCode);
  const board = hotel && boardOf(hotel, item.boardCode);
  const found = optionById(String(item.optionId));
  if (!hotel || !room || !board || !found) throw new Error(`cart item ${item.uuid} refers to unknown inventory`);
  return { hotel, room, board, pack: found.pack, option: found.option };
}

/**
 * A line as the session sees it: `price` is what it pays (the member price for a member), `loyaltyPrice` the
 * member price. The stored price is the public one, so a guest who signs in is repriced.
 * @param {CartItemRecord} item
 * @param {string | null} lang
 * @param {boolean} isMember
 */
function renderItem(item, lang, isMember) {
  const { hotel, room, board, pack, option } = resolveItem(item);
  return {
    uuid: item.uuid,
    kind: 'package',
    hotel: { code: hotel.code, name: hotel.name, image: hotel.image },
    room: { code: room.code, name: localize(room.name, lang), image: room.image },
    package: { id: pack.id, name: pack.name },
    option: { id: option.id, name: option.name },
    checkIn: item.checkIn,
    checkOut: item.checkOut,
    nights: item.nights,
    occupancy: { ...PACKAGE_OCCUPANCY },
    board: { code: board.code, name: localize(board.name, lang) },
    rateCode: `PAQ${pack.id}`,
    price: chargedPrice(item.price, isMember),
    loyaltyPrice: memberPrice(item.price),
  };
}

/**
 * Every other room and board of the item's hotel that costs more, cheapest first, priced as the session pays.
 * @param {CartItemRecord} item
 * @param {string | null} lang
 * @param {boolean} [isMember]
 */
function upgradeOffers(item, lang, isMember = false) {
  const { hotel } = resolveItem(item);
  const offers = [];
  for (const room of hotel.rooms) {
    for (const board of hotel.boards) {
      if (room.code === item.roomCode && board.code === item.boardCode) continue;
      const price = stayPrice(room, board, item.nights, item.extra);
      if (price <= item.price) continue;
      offers.push({
        uuid: item.uuid,
        room: { code: room.code, name: localize(room.name, lang), image: room.image },
        board: { code: board.code, name: localize(board.name, lang) },
        price: chargedPrice(price, isMember),
        supplement: roundMoney(chargedPrice(price, isMember) - chargedPrice(item.price, isMember)),
      });
    }
  }
  return offers.sort((a, b) => a.supplement - b.supplement);
}

/**
 * The cheapest better room on the same board, for the first item that has one: what a "treat yourself"
 * banner would offer.
 * @param {CartItemRecord[]} cart
 * @param {string | null} lang
 * @param {boolean} isMember
 */
function bestUpgrade(cart, lang, isMember) {
  for (const item of cart) {
    const { hotel, room: current } = resolveItem(item);
    /** @param {string} code */
    const isBetterRoom = (code) => (roomOf(hotel, code)?.rank ?? 0) > current.rank;
    const offer = upgradeOffers(item, lang, isMember).find((candidate) => candidate.board.code === item.boardCode && isBetterRoom(candidate.room.code));
    if (offer) return offer;
  }
  return null;
}

/** @param {RequestContext} ctx */
function findItem(ctx, uuid = '') {
  return ctx.session?.cart.find((item) => item.uuid === uuid) ?? null;
}

const missingItem = () => codError(COD.NOT_FOUND, 'El elemento no existe en el carrito.');

/** @type {Handler} */
function showCart(ctx) {
  const cart = ctx.session?.cart ?? [];
  const isMember = ctx.member !== null;
  const items = cart.map((item) => renderItem(item, ctx.lang, isMember));
  const total = roundMoney(items.reduce((sum, item) => sum + item.price, 0));
  // `loyaltyPricing` says the cart is priced at member prices (docs/bookcore-contract.md "Member prices").
  return json({ cod_error: COD.OK, currency: CURRENCY, total, items, rates: RATES, loyaltyPricing: isMember });
}

/** @type {Handler} */
function dropCart(ctx) {
  const cart = ctx.session?.cart ?? [];
  const deleted = cart.length;
  cart.length = 0;
  return json({ cod_error: COD.OK, deleted_elements: deleted });
}

/** @type {Handler} */
function addPackage(ctx) {
  const { id_opc: optionId = '', codhotel: hotelCode, entrada, salida } = ctx.form;
  const found = optionById(optionId);
  if (!found) return codError(COD.NOT_FOUND, 'La opción del paquete no existe.');
  const { pack, option } = found;
  if (hotelCode !== option.hotelCode) return codError(COD.INVALID_PARAMS, 'La opción no pertenece al hotel indicado.');
  const stay = parseStay(entrada, salida, pack.nights, ctx.store.now());
  if (!stay.ok) return codError(stay.code, stay.error);

  const hotel = /** @type {import('../seed.mjs').Hotel} */ (hotelByCode(option.hotelCode));
  const room = /** @type {import('../seed.mjs').Room} */ (roomOf(hotel, option.roomCode));
  const board = /** @type {import('../seed.mjs').Board} */ (boardOf(hotel, option.boardCode));
  const item = {
    uuid: randomUUID(),
    optionId: option.id,
    hotelCode: hotel.code,
    roomCode: room.code,
    boardCode: board.code,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: stay.nights,
    extra: option.extra,
    price: stayPrice(room, board, stay.nights, option.extra),
  };
  ctx.ensureSession().cart.push(item);
  return json({ cod_error: COD.OK, uuid: item.uuid });
}

/** @type {Handler} */
function deletePackage(ctx) {
  const item = findItem(ctx, ctx.form.uuid);
  if (!item || !ctx.session) return missingItem();
  ctx.session.cart.splice(ctx.session.cart.indexOf(item), 1);
  return json({ cod_error: COD.OK });
}

/** @type {Handler} */
function bestUpgradableRoom(ctx) {
  return json({ cod_error: COD.OK, room: bestUpgrade(ctx.session?.cart ?? [], ctx.lang, ctx.member !== null) });
}

/** @type {Handler} */
function upgradableRooms(ctx) {
  const item = findItem(ctx, ctx.params.uuid);
  if (!item) return missingItem();
  return json({ cod_error: COD.OK, rooms: upgradeOffers(item, ctx.lang, ctx.member !== null) });
}

/** @type {Handler} */
function upgradeRoom(ctx) {
  const { uuid, room_code: roomCode, board_code: boardCode } = ctx.form;
  const item = findItem(ctx, uuid);
  if (!item) return missingItem();
  const offer = upgradeOffers(item, null).find((candidate) => candidate.room.code === roomCode && candidate.board.code === boardCode);
  if (!offer) return codError(COD.NOT_FOUND, 'La habitación no está disponible como mejora.');
  const { hotel } = resolveItem(item);
  item.roomCode = offer.room.code;
  item.boardCode = offer.board.code;
  // The stored price stays the public one; the answer reprices it for a member.
  item.price = stayPrice(/** @type {import('../seed.mjs').Room} */ (roomOf(hotel, roomCode)), /** @type {import('../seed.mjs').Board} */ (boardOf(hotel, boardCode)), item.nights, item.extra);
  return json({ cod_error: COD.OK });
}

export const cartRoutes = [
  route('GET', '/bookcore/shopping-cart/json/', showCart),
  route('POST', '/bookcore/shopping-cart/drop/', dropCart),
  route('POST', '/bookcore/shopping-cart/add-package/', addPackage),
  route('POST', '/bookcore/shopping-cart/delete-package/', deletePackage),
  route('GET', '/bookcore/shopping-cart/best-upgradable-room/', bestUpgradableRoom),
  route('GET', '/bookcore/shopping-cart/upgradable-room/json/:uuid/', upgradableRooms),
  route('POST', '/bookcore/shopping-cart/upgrade-room/', upgradeRoom),
];
