import type { User } from '../../api/loyalty.schemas';
import type { HotelProduct, PackageProduct, RoomProduct, UpgradeRoomProduct } from '../../lib/analytics/products';
import type { CartItem, PackageAvailabilityResponse, PackageOption, UpgradeOffer } from '../../state/cart';

/** The Package product of a search option (docs/commerce.md "Analytics"). */
export function optionProduct(search: PackageAvailabilityResponse, option: PackageOption): PackageProduct {
  return {
    packageId: String(search.package?.id ?? ''),
    packageName: search.package?.name ?? '',
    optionId: String(option.id),
    optionName: option.name ?? '',
  };
}

/** The Package product of a cart item. */
export function itemProduct(item: CartItem): PackageProduct {
  return {
    packageId: String(item.package?.id ?? ''),
    packageName: item.package?.name ?? '',
    optionId: String(item.option?.id ?? ''),
    optionName: item.option?.name ?? '',
  };
}

/**
 * The Hotel products of the hotels concerned, each once. The cart names no destination, so those fields are
 * empty.
 */
export function hotelProducts(hotels: readonly { code: string; name: string }[]): HotelProduct[] {
  const seen = new Map<string, HotelProduct>();
  for (const { code, name } of hotels) {
    if (!seen.has(code)) seen.set(code, { hotelCode: code, hotelName: name, destinationName: '', destinationCode: '' });
  }
  return [...seen.values()];
}

/**
 * Who is booking (docs/loyalty-widget.md "Member and guest"): `userType` "loyalty" for a signed-in member, "anonymous" otherwise; `userId` the
 * member's userName, left out when it is an e-mail address (analytics must carry no personal data).
 */
export function analyticsUser(user: User | null): Pick<RoomProduct, 'userId' | 'userType'> {
  if (!user) return { userType: 'anonymous' };
  return !user.userName || user.userName.includes('@') ? { userType: 'loyalty' } : { userType: 'loyalty', userId: user.userName };
}

function daysUntil(date: string, today: Date): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const target = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(target) ? 0 : Math.max(0, Math.round((target - start) / 86_400_000));
}

/**
 * The Room product of a cart line, or of the room an offer moves it to: its place in the list it was chosen
 * from (1-based), its price in the currency shown, and the guest. Bookcore's cart carries no city, so those
 * fields are empty.
 */
export function roomProduct(
  item: CartItem,
  position: number,
  price: number,
  user: User | null,
  offer: Pick<UpgradeOffer, 'room' | 'board'> | undefined = undefined,
  today: Date = new Date(),
): RoomProduct {
  const room = offer ? offer.room : item.room;
  const board = offer ? offer.board : item.board;
  return {
    roomCode: room?.code ?? '',
    roomName: room?.name ?? '',
    rateCode: item.rateCode ?? '',
    hotelCode: item.hotel.code,
    availabilityPosition: position,
    price,
    productType: item.kind,
    quantity: 1,
    occupancyCode: item.occupancy ? `${item.occupancy.adults}-${item.occupancy.children}` : '',
    checkInDate: item.checkIn ?? '',
    boardCode: board?.code ?? '',
    ...analyticsUser(user),
    cityName: '',
    cityCode: '',
    daysUntilCheckin: item.checkIn === undefined ? 0 : daysUntil(item.checkIn, today),
    nights: item.nights ?? 0,
  };
}

/** The UpgradeRoom product of an upgrade: the room moved to, and the room and board it replaced. */
export function upgradeProduct(
  item: CartItem,
  offer: UpgradeOffer,
  position: number,
  price: number,
  user: User | null,
  today: Date = new Date(),
): UpgradeRoomProduct {
  return {
    ...roomProduct(item, position, price, user, offer, today),
    upgradedFromRoomCode: item.room?.code ?? '',
    upgradedFromBoardCode: item.board?.code ?? '',
  };
}
