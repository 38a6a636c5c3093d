import type { PackageProduct, UpgradeRoomProduct } from '../../lib/analytics/products';
import type { CartItem, PackageAvailabilityResponse, PackageOption, UpgradeOffer } from '../../state/cart';

/** The Package product of a search option (SPEC.md §3 "Analytics product types"). */
export function optionProduct(search: PackageAvailabilityResponse, option: PackageOption): PackageProduct {
  return {
    packageId: String(search.package.id),
    packageName: search.package.name,
    optionId: String(option.id),
    optionName: option.name,
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

function daysUntil(date: string, today: Date): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const target = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(target) ? 0 : Math.max(0, Math.round((target - start) / 86_400_000));
}

/**
 * The UpgradeRoom product of an upgrade: the room moved to, its position among the offers (1-based), and the
 * room and board it replaced. Bookcore's cart carries no city, so those fields are empty.
 */
export function upgradeProduct(
  item: CartItem,
  offer: UpgradeOffer,
  position: number,
  price: number,
  today: Date = new Date(),
): UpgradeRoomProduct {
  return {
    roomCode: offer.room.code,
    roomName: offer.room.name,
    rateCode: item.rateCode ?? '',
    hotelCode: item.hotel.code,
    availabilityPosition: position,
    price,
    productType: item.kind,
    quantity: 1,
    occupancyCode: `${item.occupancy.adults}-${item.occupancy.children}`,
    checkInDate: item.checkIn,
    boardCode: offer.board.code,
    cityName: '',
    cityCode: '',
    daysUntilCheckin: daysUntil(item.checkIn, today),
    nights: item.nights,
    upgradedFromRoomCode: item.room.code,
    upgradedFromBoardCode: item.board.code,
  };
}
