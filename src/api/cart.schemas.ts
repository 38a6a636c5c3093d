/** Decoders of the cart answers (docs/bookcore-contract.md "Cart"). */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { CodeNameSchema, CodErrorSchema, IdentifierSchema } from './bookcore.schemas';

/** A hotel or room as a cart shows it. */
export const PictureCodeNameSchema = looseObject({
  code: v.string(),
  name: v.string(),
  image: v.optional(v.string()),
});

const IdNameSchema = looseObject({ id: IdentifierSchema, name: v.string() });

/**
 * A currency's rate against the cart currency (docs/commerce.md "Currency conversion"): `tasa` a number, or the decimal text a
 * Django `DecimalField` serialises to (`"1.0842"`), kept as sent. The conversion reads it
 * (`findCurrencyRate`, src/lib/currency-conversion.ts) and refuses a rate that is not a positive decimal with a
 * `CurrencyRateError` naming that currency, which the cart handles per price: one garbled rate costs its own
 * currency's conversions, never the cart.
 */
export const CurrencyRateSchema = looseObject({ codigo: v.string(), tasa: v.union([v.number(), v.string()]) });

/** A currency rate. */
export type CurrencyRate = v.InferOutput<typeof CurrencyRateSchema>;

/** One cart line: a room, or a package option. */
export const CartItemSchema = looseObject({
  uuid: v.string(),
  kind: v.picklist(['package', 'room']),
  hotel: PictureCodeNameSchema,
  room: PictureCodeNameSchema,
  package: v.nullish(IdNameSchema, null),
  option: v.nullish(IdNameSchema, null),
  checkIn: v.string(),
  checkOut: v.string(),
  nights: v.number(),
  occupancy: looseObject({ adults: v.number(), children: v.number() }),
  board: CodeNameSchema,
  rateCode: v.optional(v.string()),
  price: v.number(),
});

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
    total: v.optional(v.number()),
    items: v.optional(v.array(CartItemSchema), []),
    rates: v.optional(v.array(CurrencyRateSchema), []),
  }),
  v.transform((cart) => ({ ...cart, total: cart.total ?? cart.items.reduce((sum, item) => sum + item.price, 0) })),
);

/** The session's cart. */
export type Cart = v.InferOutput<typeof CartSchema>;

/** The answer of adding a package: the new line's uuid; `{uuid}` will do. */
export const AddPackageResponseSchema = looseObject({ cod_error: v.optional(CodErrorSchema), uuid: v.string() });

/** The answer of adding a package. */
export type AddPackageResponse = v.InferOutput<typeof AddPackageResponseSchema>;

/** A better room offered for a cart line. */
export const UpgradeOfferSchema = looseObject({
  uuid: v.string(),
  room: PictureCodeNameSchema,
  board: CodeNameSchema,
  price: v.number(),
  supplement: v.number(),
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
  rooms: v.array(UpgradeOfferSchema),
});

/** The upgrades answer. */
export type UpgradableRoomsResponse = v.InferOutput<typeof UpgradableRoomsResponseSchema>;
