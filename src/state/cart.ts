/**
 * The booking cart (docs/bookcore-contract.md "Cart" and "Package availability"): the session's cart, a package's options,
 * room upgrades, and the actions that change them.
 *
 * Every action is keyed (`add:11`, `remove:<uuid>`…): while a key is pending, the same action is refused, so a
 * button clicked twice sends one request. A failure is stored under the item or option it concerns, with the
 * server's text, and nothing else changes; the guest retries with the same button.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import {
  addPackage,
  deletePackage,
  getBestUpgradableRoom,
  getCart,
  getUpgradableRooms,
  upgradeRoom,
} from '../api/cart';
import type { Cart, CartItem, UpgradeOffer } from '../api/cart.schemas';
import { guestText } from '../lib/api-error';
import { getPackageAvailability, type PackageAvailabilityParams } from '../api/packages';
import type { PackageAvailabilityResponse, PackageOption } from '../api/packages.schemas';
import { configAtom, requestOptionsAtom, sessionCartsAtom, type Store } from './store';
import { authTurnAtom, userAtom } from './session';

export type { Cart, CartItem, UpgradeOffer } from '../api/cart.schemas';
export type { PackageAvailabilityResponse, PackageOption } from '../api/packages.schemas';

/** Where the cart stands. The last cart read stays while a refresh runs or after it fails. */
export type CartState =
  | { status: 'idle'; cart: null }
  | { status: 'loading'; cart: Cart | null }
  | { status: 'ready'; cart: Cart }
  | { status: 'failed'; cart: Cart | null; /** Bookcore's text for the guest (docs/bookcore-contract.md "Transport rules"), or null. */ error: string | null };

/** The session's cart. */
export const cartAtom = atom<CartState>({ status: 'idle', cart: null });

/** Where a package availability search stands. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; result: PackageAvailabilityResponse; params: PackageAvailabilityParams }
  | { status: 'failed'; error: string | null };

/** The last availability search of each package (by id), so two carts of different packages keep their own. */
export const packageSearchesAtom = atom<Readonly<Record<string, SearchState>>>({});

/** The best upgrade for the cart, null when there is none (or it is not known yet). */
export const bestUpgradeAtom = atom<UpgradeOffer | null>(null);

/** The upgrades listed for each cart item (by uuid), once asked for. */
export const upgradeListsAtom = atom<Readonly<Record<string, readonly UpgradeOffer[]>>>({});

/** The keys of the actions waiting for an answer. */
export const pendingCartActionsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * Failures by what they concern: `item:<uuid>`, `option:<id>`, `best`. The text is the server's, or
 * null when it gave none (the component shows its own).
 */
export const cartErrorsAtom = atom<Readonly<Record<string, string | null>>>({});

/** The language room and board names are asked in (`?lang=`), set by the cart element. */
export const cartLanguageAtom = atom<string>('es');

/** What an action ended in. `skipped`: the same action was already pending. */
export type CartOutcome = 'ok' | 'failed' | 'skipped';

// Bookcore's cod_error text for guests; null (the component's own text) for anything else.
function serverText(error: unknown): string | null {
  return guestText(error) ?? null;
}

function setError(set: Setter, key: string, text: string | null | undefined): void {
  set(cartErrorsAtom, (errors) => {
    if (text === undefined) {
      if (!(key in errors)) return errors;
      return Object.fromEntries(Object.entries(errors).filter(([name]) => name !== key));
    }
    return { ...errors, [key]: text };
  });
}

/**
 * Runs one keyed action: refused while the same key is pending; its error (under `errorKey`) is cleared when
 * it starts and set when it fails.
 */
async function keyed(
  get: Getter,
  set: Setter,
  key: string,
  errorKey: string,
  work: () => Promise<void>,
): Promise<CartOutcome> {
  if (get(pendingCartActionsAtom).has(key)) return 'skipped';
  set(pendingCartActionsAtom, (pending) => new Set(pending).add(key));
  setError(set, errorKey, undefined);
  try {
    await work();
    return 'ok';
  } catch (error) {
    setError(set, errorKey, serverText(error));
    return 'failed';
  } finally {
    set(pendingCartActionsAtom, (pending) => {
      const next = new Set(pending);
      next.delete(key);
      return next;
    });
  }
}

// Only the newest refresh may write the cart: an older answer arriving late (the cart read before a sign-in's
// drop finished, say) would otherwise show a cart that no longer exists.
let refreshSequence = 0;

/**
 * Reads the cart again, then the best upgrade for it. Resolves once both are in the store; never rejects (a
 * failure is the `failed` status).
 */
export const refreshCartAtom = atom(null, async (get, set): Promise<CartOutcome> => {
  const sequence = ++refreshSequence;
  set(cartAtom, (state) => ({ status: 'loading', cart: state.cart }));
  let cart: Cart;
  try {
    cart = await getCart(get(cartLanguageAtom), get(requestOptionsAtom));
  } catch (error) {
    if (sequence === refreshSequence) set(cartAtom, (state) => ({ status: 'failed', cart: state.cart, error: serverText(error) }));
    return 'failed';
  }
  if (sequence !== refreshSequence) return 'skipped';
  set(cartAtom, { status: 'ready', cart });
  // Lists of upgrades for items that are gone, or whose price changed, are stale.
  set(upgradeListsAtom, {});
  await refreshBestUpgrade(get, set, cart, sequence);
  return 'ok';
});

async function refreshBestUpgrade(get: Getter, set: Setter, cart: Cart, sequence: number): Promise<void> {
  setError(set, 'best', undefined);
  if (cart.items.length === 0) {
    set(bestUpgradeAtom, null);
    return;
  }
  try {
    const { room } = await getBestUpgradableRoom(get(cartLanguageAtom), get(requestOptionsAtom));
    if (sequence === refreshSequence) set(bestUpgradeAtom, room);
  } catch {
    // The offer is a bonus: without it the cart is still whole.
    if (sequence === refreshSequence) set(bestUpgradeAtom, null);
  }
}

const searchSequences = new Map<string, number>();

/**
 * Searches a package's options for the guest's dates (validated by the caller), through the cart element's own
 * `template` when it has one, else the configured one. A newer search replaces an
 * older one still running.
 */
export const searchPackageAtom = atom(null, async (get, set, params: PackageAvailabilityParams, template?: string): Promise<CartOutcome> => {
  const key = String(params.packId);
  const sequence = (searchSequences.get(key) ?? 0) + 1;
  searchSequences.set(key, sequence);
  const settle = (state: SearchState) => {
    if (searchSequences.get(key) === sequence) set(packageSearchesAtom, (searches) => ({ ...searches, [key]: state }));
  };
  settle({ status: 'loading' });
  set(cartErrorsAtom, (errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('option:'))));
  try {
    const result = await getPackageAvailability(params, template ?? get(configAtom).endpoints.packageAvailability, get(requestOptionsAtom));
    settle({ status: 'ready', result, params });
    return 'ok';
  } catch (error) {
    settle({ status: 'failed', error: serverText(error) });
    return 'failed';
  }
});

/** Adds a package option for the searched dates, then refreshes the cart; `url` is the cart element's own address. */
export const addPackageOptionAtom = atom(
  null,
  (get, set, option: PackageOption, stay: { checkIn: string; checkOut: string }, url?: string): Promise<CartOutcome> =>
    keyed(get, set, `add:${String(option.id)}`, `option:${String(option.id)}`, async () => {
      await addPackage(
        { id_opc: option.id, codhotel: option.hotel.code, entrada: stay.checkIn, salida: stay.checkOut },
        url ?? get(configAtom).endpoints.addPackage,
        get(requestOptionsAtom),
      );
      await set(refreshCartAtom);
    }),
);

/** Removes a cart item, then refreshes the cart; `url` is the cart element's own address. */
export const removeCartItemAtom = atom(
  null,
  (get, set, item: CartItem, url?: string): Promise<CartOutcome> =>
    keyed(get, set, `remove:${item.uuid}`, `item:${item.uuid}`, async () => {
      await deletePackage({ uuid: item.uuid }, url ?? get(configAtom).endpoints.deletePackage, get(requestOptionsAtom));
      await set(refreshCartAtom);
    }),
);

/** Lists the upgrades of one cart item (names in {@link cartLanguageAtom}). */
export const loadUpgradesAtom = atom(
  null,
  (get, set, item: CartItem): Promise<CartOutcome> =>
    keyed(get, set, `upgrades:${item.uuid}`, `item:${item.uuid}`, async () => {
      const { rooms } = await getUpgradableRooms(item.uuid, get(cartLanguageAtom), get(requestOptionsAtom));
      set(upgradeListsAtom, (lists) => ({ ...lists, [item.uuid]: rooms }));
    }),
);

/** Closes an item's list of upgrades. */
export const closeUpgradesAtom = atom(null, (_get, set, item: CartItem) => {
  set(upgradeListsAtom, (lists) => Object.fromEntries(Object.entries(lists).filter(([uuid]) => uuid !== item.uuid)));
});

/**
 * Moves a cart item to the offered room and board, then refreshes the cart. `errorKey` says where a failure
 * shows: beside the item (default) or beside the best-upgrade offer (`best`).
 */
export const upgradeCartItemAtom = atom(
  null,
  (get, set, offer: UpgradeOffer, errorKey: string = `item:${offer.uuid}`): Promise<CartOutcome> =>
    keyed(get, set, `upgrade:${offer.uuid}`, errorKey, async () => {
      await upgradeRoom({ uuid: offer.uuid, room_code: offer.room.code, board_code: offer.board.code }, get(requestOptionsAtom));
      await set(refreshCartAtom);
    }),
);


// Per store, the subscription the carts share while at least one follows ({@link sessionCartsAtom} counts them).
const subscriptions = new WeakMap<Store, () => void>();

/**
 * Keeps the cart in step with the loyalty session: a sign-in or sign-out (docs/loyalty-widget.md "After sign-in") drops the cart, then
 * changes the member, so the cart is read again when the member changes. However many carts a page has, the
 * store is followed once; {@link sessionCartsAtom} counts the carts that follow, so it ends with the last. The
 * page is still loaded again after a sign-in or sign-out (src/lib/navigation.ts): the cart read here serves the
 * moment before, while the sign-in's loader covers the page.
 *
 * @returns the unsubscribe function.
 */
export function followSessionWithCart(store: Store): () => void {
  if (!subscriptions.has(store)) {
    // The start naming the member who was already signed in when the page loaded is no change of session:
    // the cart read on mount already saw it. Only a sign-in or sign-out (each takes an auth turn) is.
    const unsubscribe = store.sub(userAtom, () => {
      if (store.get(authTurnAtom) > 0) void store.set(refreshCartAtom);
    });
    subscriptions.set(store, unsubscribe);
  }
  store.set(sessionCartsAtom, (count) => count + 1);
  let following = true;
  return () => {
    if (!following) return;
    following = false;
    store.set(sessionCartsAtom, (count) => count - 1);
    if (store.get(sessionCartsAtom) > 0) return;
    subscriptions.get(store)?.();
    subscriptions.delete(store);
  };
}
