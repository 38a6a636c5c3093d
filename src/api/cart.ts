/**
 * The cart client (docs/bookcore-contract.md "Cart"). Failures arrive as `{cod_error, error}` and reject with an ApiError of
 * kind `server` whose `serverText` is bookcore's message for the guest.
 */
import { CodAcknowledgementSchema, type CodAcknowledgement } from './bookcore.schemas';
import {
  AddPackageResponseSchema,
  BestUpgradableRoomResponseSchema,
  CartSchema,
  UpgradableRoomsResponseSchema,
  type AddPackageResponse,
  type BestUpgradableRoomResponse,
  type Cart,
  type UpgradableRoomsResponse,
} from './cart.schemas';
import { BOOKCORE_PATHS, DEFAULT_ENDPOINTS } from './endpoints';
import { getJson, postForm, type GetOptions, type RequestOptions } from './http';

/** A package option to add (docs/bookcore-contract.md "Cart"). */
export type AddPackagePayload = {
  /** The option id. */
  id_opc: string | number;
  codhotel: string;
  /** Check-in, YYYY-MM-DD. */
  entrada: string;
  /** Check-out, YYYY-MM-DD. */
  salida: string;
};

/** The room to move a cart line to. */
export type UpgradeRoomPayload = { uuid: string; room_code: string; board_code: string };

/**
 * Reads the session's cart.
 *
 * @param lang - language of the hotel, room and board names; the server's default when absent.
 * @param options - cancellation, timeout and retries.
 */
export function getCart(lang?: string, options?: GetOptions): Promise<Cart> {
  return getJson(withLang(BOOKCORE_PATHS.cart, lang), CartSchema, options);
}

/**
 * Adds a package option to the cart. No promotion code applies to packages, hence `codpromo` "None" (the text
 * Django renders for Python's None, which bookcore expects).
 *
 * @param payload - option, hotel and dates.
 * @param url - the add-package address.
 * @param options - cancellation and timeout.
 * @returns the new line's uuid.
 */
export function addPackage(
  payload: AddPackagePayload,
  url: string = DEFAULT_ENDPOINTS.addPackage,
  options?: RequestOptions,
): Promise<AddPackageResponse> {
  const body = {
    id_opc: payload.id_opc,
    codhotel: payload.codhotel,
    entrada: payload.entrada,
    salida: payload.salida,
    codpromo: 'None',
  };
  return postForm(url, body, AddPackageResponseSchema, options);
}

/**
 * Removes a cart line.
 *
 * @param payload - the line's uuid.
 * @param url - the delete-package address.
 * @param options - cancellation and timeout.
 */
export function deletePackage(
  payload: { uuid: string },
  url: string = DEFAULT_ENDPOINTS.deletePackage,
  options?: RequestOptions,
): Promise<CodAcknowledgement> {
  return postForm(url, { uuid: payload.uuid }, CodAcknowledgementSchema, options);
}

/**
 * Reads the single best room upgrade for the cart.
 *
 * @param lang - language of the room names; the server's default when absent.
 * @param options - cancellation, timeout and retries.
 * @returns the offer in `room`, null when nothing is better.
 */
export function getBestUpgradableRoom(lang?: string, options?: GetOptions): Promise<BestUpgradableRoomResponse> {
  return getJson(withLang(BOOKCORE_PATHS.bestUpgradableRoom, lang), BestUpgradableRoomResponseSchema, options);
}

/**
 * Reads every room upgrade of one cart line.
 *
 * @param id - the cart line's uuid.
 * @param lang - language of the room names; the server's default when absent.
 * @param options - cancellation, timeout and retries.
 */
export function getUpgradableRooms(
  id: string | number,
  lang?: string,
  options?: GetOptions,
): Promise<UpgradableRoomsResponse> {
  const path = `${BOOKCORE_PATHS.upgradableRooms}${encodeURIComponent(String(id))}/`;
  return getJson(withLang(path, lang), UpgradableRoomsResponseSchema, options);
}

/**
 * Moves a cart line to a better room.
 *
 * @param payload - the line, and the room and board to move to.
 * @param options - cancellation and timeout.
 */
export function upgradeRoom(payload: UpgradeRoomPayload, options?: RequestOptions): Promise<CodAcknowledgement> {
  const body = { uuid: payload.uuid, room_code: payload.room_code, board_code: payload.board_code };
  return postForm(BOOKCORE_PATHS.upgradeRoom, body, CodAcknowledgementSchema, options);
}

function withLang(path: string, lang: string | undefined): string {
  return lang ? `${path}?${new URLSearchParams({ lang }).toString()}` : path;
}
