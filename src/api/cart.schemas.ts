/** Decoders of the cart answers (docs/bookcore-contract.md "Cart"). */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { AmountSchema, CodErrorSchema, CurrencyRateSchema, IdentifierSchema, listOfReadable, NamedCodeSchema, optionalPart, optionalText } from './bookcore.schemas';

const IdNameSchema = looseObject({ id: IdentifierSchema, name: optionalText() });

// The rate schema lives with the shared decoders: the loyalty availability carries rates too.
export { CurrencyRateSchema, type CurrencyRate } from './bookcore.schemas';

/**
 * One cart line, a room or a package option: its `uuid` (which a removal or an upgrade sends back) and its hotel's
 * `code` are all it needs (docs/bookcore-contract.md "Cart"); every other detail shows where bookcore gives it. No
 * `kind` is a package line when it names a package, a room line otherwise.
 */
export const CartItemSchema = v.pipe(
  looseObject({
    uuid: v.string(),
    kind: optionalPart(v.picklist(['package', 'room'])),
    hotel: NamedCodeSchema,
    room: optionalPart(NamedCodeSchema),
    package: v.fallback(v.nullish(IdNameSchema, null), null),
    option: v.fallback(v.nullish(IdNameSchema, null), null),
    checkIn: optionalText(),
    checkOut: optionalText(),
    nights: optionalPart(v.number()),
    occupancy: optionalPart(looseObject({ adults: v.number(), children: v.fallback(v.optional(v.number(), 0), 0) })),
    board: optionalPart(NamedCodeSchema),
    rateCode: optionalText(),
    price: optionalPart(AmountSchema),
    // The member price of the line (docs/bookcore-contract.md "Member prices"); `price` is what this session pays.
    loyaltyPrice: optionalPart(AmountSchema),
  }),
  v.transform((item) => ({ ...item, kind: item.kind ?? (item.package ? ('package' as const) : ('room' as const)) })),
);

/** One cart line. */
export type CartItem = v.InferOutput<typeof CartItemSchema>;

/**
 * The session's cart. docs/bookcore-contract.md names none of its fields, so each is optional: no `items` is an empty cart, no
 * `currency` the default euro (docs/commerce.md "Prices"), no `total` the sum of the lines.
 */
export const CartSchema = v.pipe(
  looseObject({
    cod_error: v.optional(CodErrorSchema),
    currency: v.fallback(v.optional(v.string(), 'EUR'), 'EUR'),
    total: optionalPart(AmountSchema),
    items: v.optional(listOfReadable(CartItemSchema), []),
    rates: v.optional(v.array(CurrencyRateSchema), []),
    // Whether bookcore priced the cart at member prices (a member is signed in); anything but `true` is not.
    loyaltyPricing: v.fallback(v.optional(v.boolean(), false), false),
  }),
  // No total and a line without a price: the total is unknown, never the sum of the lines that have one.
  v.transform((cart) => ({ ...cart, total: cart.total ?? (cart.items.every((item) => item.price !== undefined) ? cart.items.reduce((sum, item) => sum + (item.price ?? 0), 0) : undefined) })),
);

/** The session's cart. */
export type Cart = v.InferOutput<typeof CartSchema>;

/** The answer of adding a package: the new line's uuid; `{uuid}` will do. */
export const AddPackageResponseSchema = looseObject({ cod_error: v.optional(CodErrorSchema), uuid: v.string() });

/** The answer of adding a package. */
export type AddPackageResponse = v.InferOutput<typeof AddPackageResponseSchema>;

/** A better room offered for a cart line: the room and board codes the upgrade sends back; its prices where given. */
export const UpgradeOfferSchema = looseObject({
  uuid: v.string(),
  room: NamedCodeSchema,
  board: NamedCodeSchema,
  price: optionalPart(AmountSchema),
  supplement: optionalPart(AmountSchema),
});

/** A better room offered for a cart line. */
export type UpgradeOffer = v.InferOutput<typeof UpgradeOfferSchema>;

/** The best upgrade for the whole cart, null when there is none. */
export const BestUpgradableRoomResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  room: v.nullish(UpgradeOfferSchema, null),
});

/** The best upgrade answer. */
export type BestUpgradableRoomResponse = v.InferOutput<typeof BestUpgradableRoomResponseSchema>;

/** Every upgrade of one cart line. */
export const UpgradableRoomsResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  rooms: v.optional(listOfReadable(UpgradeOfferSchema), []),
});

/** The upgrades answer. */
export type UpgradableRoomsResponse = v.InferOutput<typeof UpgradableRoomsResponseSchema>;
