/**
 * The products analytics events carry (SPEC.md §3 "Analytics product types and fields"), and which product an
 * action may carry. Fields are exact: a misspelt or foreign field fails the type-check instead of silently
 * reaching the tag manager under a name no report reads.
 */

/** A room in availability results, the cart or a booking. */
export interface RoomProduct {
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

/** A room the guest upgraded to: the room fields plus what it replaced. */
export interface UpgradeRoomProduct extends RoomProduct {
  readonly upgradedFromRoomCode: string;
  readonly upgradedFromBoardCode: string;
}

/** A hotel, also reported when it had no availability. */
export interface HotelProduct {
  readonly hotelCode: string;
  readonly hotelName: string;
  readonly destinationName: string;
  readonly destinationCode: string;
  /** Set when the search found no availability in this hotel. */
  readonly noAvailabilityHotelCode?: string;
}

/** A supplement added to a room. */
export interface ExtraProduct {
  readonly extraId: string;
  readonly extraName: string;
  /** The room the extra belongs to. */
  readonly roomCode: string;
}

/** A package and the option chosen in it. */
export interface PackageProduct {
  readonly packageId: string;
  readonly packageName: string;
  readonly optionId: string;
  readonly optionName: string;
}

/** A confirmed booking. */
export interface BookingProduct {
  readonly bookingId: string;
}

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

