/**
 * The products analytics events carry (docs/commerce.md "Analytics"), and which product an
 * action may carry. Fields are exact: a misspelt or foreign field fails the type-check instead of silently
 * reaching the tag manager under a name no report reads.
 *
 * Each product type forbids the fields of every other type (`?: never`). Excess-property checks alone do not
 * make a union exact: TypeScript accepts an object literal for `PackageProduct | RoomProduct` when each of its
 * fields belongs to *some* member, so a package carrying `roomCode` would pass for `book_now`, and a variable
 * (no excess-property check at all) would pass anywhere its own type's fields are present.
 */

/** The fields of a room in availability results, the cart or a booking. */
interface RoomFields {
  readonly roomCode: string;
  readonly roomName: string;
  readonly rateCode: string;
  readonly hotelCode: string;
  /** 1-based position in the availability list. */
  readonly availabilityPosition: number;
  /** Price in the currency shown to the guest. */
  readonly price: number;
  readonly promoCode?: string;
  /** The backend's product type, e.g. "room". */
  readonly productType: string;
  readonly quantity: number;
  readonly occupancyCode: string;
  /** ISO date, `YYYY-MM-DD`. */
  readonly checkInDate: string;
  readonly boardCode: string;
  /** Loyalty member id, when signed in. */
  readonly userId?: string;
  readonly userType?: string;
  readonly cityName: string;
  readonly cityCode: string;
  readonly daysUntilCheckin: number;
  readonly nights: number;
}

/** What an upgraded room replaced. */
interface UpgradeFields {
  readonly upgradedFromRoomCode: string;
  readonly upgradedFromBoardCode: string;
}

/** The fields of a hotel, also reported when it had no availability. */
interface HotelFields {
  readonly hotelCode: string;
  readonly hotelName: string;
  readonly destinationName: string;
  readonly destinationCode: string;
  /** Set when the search found no availability in this hotel. */
  readonly noAvailabilityHotelCode?: string;
}

/** The fields of a supplement added to a room. */
interface ExtraFields {
  readonly extraId: string;
  readonly extraName: string;
  /** The room the extra belongs to. */
  readonly roomCode: string;
}

/** The fields of a package and the option chosen in it. */
interface PackageFields {
  readonly packageId: string;
  readonly packageName: string;
  readonly optionId: string;
  readonly optionName: string;
}

/** The fields of a confirmed booking. */
interface BookingFields {
  readonly bookingId: string;
}

/** Every field any product has. */
type AnyProductField = keyof (RoomFields & UpgradeFields & HotelFields & ExtraFields & PackageFields & BookingFields);

/** `Fields`, with every other product type's fields forbidden, so no product passes for another or a mix. */
type ExclusiveProduct<Fields> = Fields & { readonly [Field in Exclude<AnyProductField, keyof Fields>]?: never };

/** A room in availability results, the cart or a booking. */
export type RoomProduct = ExclusiveProduct<RoomFields>;

/** A room the guest upgraded to: the room fields plus what it replaced (both required). */
export type UpgradeRoomProduct = ExclusiveProduct<RoomFields & UpgradeFields>;

/** A hotel, also reported when it had no availability. */
export type HotelProduct = ExclusiveProduct<HotelFields>;

/** A supplement added to a room. */
export type ExtraProduct = ExclusiveProduct<ExtraFields>;

/** A package and the option chosen in it. */
export type PackageProduct = ExclusiveProduct<PackageFields>;

/** A confirmed booking. */
export type BookingProduct = ExclusiveProduct<BookingFields>;

/** Any product an analytics event can carry. */
export type AnalyticsProduct = RoomProduct | UpgradeRoomProduct | HotelProduct | ExtraProduct | PackageProduct | BookingProduct;

/**
 * The product each action carries; `never` where the action carries none. `TrackedAction` indexes this by every
 * catalogue action, so an action added to the catalogue without its entry here fails the type-check.
 */
export interface ActionProducts {
  add_room: RoomProduct | UpgradeRoomProduct;
  remove_room: RoomProduct | UpgradeRoomProduct;
  add_pack: PackageProduct | HotelProduct;
  remove_pack: PackageProduct | HotelProduct;
  add_supplements: ExtraProduct;
  book_supplements: ExtraProduct;
  remove_supplements: ExtraProduct;
  rooms_tab: HotelProduct;
  packages_tab: HotelProduct;
  view_gallery_room: RoomProduct;
  see_more_link: HotelProduct;
  change_rate: RoomProduct | UpgradeRoomProduct;
  best_price: RoomProduct;
  validate_form: never;
  book_now: RoomProduct | UpgradeRoomProduct | PackageProduct | HotelProduct;
  confirm_booking: BookingProduct;
}

