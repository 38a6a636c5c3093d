// @ts-check
/**
 * Package availability: every option of a package priced for the requested stay.
 */
import { COD, boardOf, chargedPrice, codError, hotelByCode, localize, memberPrice, packageById, parseStay, roomOf, stayPrice } from '../inventory.mjs';
import { json } from '../lib/http.mjs';
import { route } from '../lib/router.mjs';
import { CURRENCY } from '../seed.mjs';

/** @param {import('../context.mjs').RequestContext} ctx */
function packageAvailability(ctx) {
  const pack = packageById(ctx.params.id);
  if (!pack) return codError(COD.NOT_FOUND, 'El paquete no existe.');
  const query = ctx.url.searchParams;
  const stay = parseStay(query.get('entrada') ?? '', query.get('salida') ?? '', pack.nights, ctx.store.now());
  if (!stay.ok) return codError(stay.code, stay.error);

  const isMember = ctx.member !== null;
  const options = pack.options.map((option) => {
    const hotel = /** @type {import('../seed.mjs').Hotel} */ (hotelByCode(option.hotelCode));
    const room = /** @type {import('../seed.mjs').Room} */ (roomOf(hotel, option.roomCode));
    const board = /** @type {import('../seed.mjs').Board} */ (boardOf(hotel, option.boardCode));
    const publicPrice = stayPrice(room, board, stay.nights, option.extra);
    return {
      id: option.id,
      name: option.name,
      hotel: { code: hotel.code, name: hotel.name, image: hotel.image },
      room: { code: room.code, name: localize(room.name, ctx.lang) },
      board: { code: board.code, name: localize(board.name, ctx.lang) },
      // A member is offered the member price; a guest sees it beside the public one.
      price: chargedPrice(publicPrice, isMember),
      loyaltyPrice: memberPrice(publicPrice),
      nights: stay.nights,
    };
  });
  return json({ cod_error: COD.OK, package: { id: pack.id, name: pack.name }, currency: CURRENCY, checkIn: stay.checkIn, checkOut: stay.checkOut, options });
}

export const packageRoutes = [route('GET', '/bookcore/packages/:id/availability/', packageAvailability)];
