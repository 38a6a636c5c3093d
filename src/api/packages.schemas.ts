/** Decoders of the package availability answer (docs/bookcore-contract.md "Package availability"). */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { AmountSchema, CodErrorSchema, IdentifierSchema, listOfReadable, NamedCodeSchema, optionalPart, optionalText } from './bookcore.schemas';

/**
 * One bookable option of a package: what the add sends back (its `id`, the hotel's `code`) is all it needs; its
 * name, room, board, price and nights show where bookcore gives them.
 */
export const PackageOptionSchema = looseObject({
  id: IdentifierSchema,
  name: optionalText(),
  hotel: NamedCodeSchema,
  room: optionalPart(NamedCodeSchema),
  board: optionalPart(NamedCodeSchema),
  price: optionalPart(AmountSchema),
  // The member price (docs/bookcore-contract.md "Member prices"); `price` is what this session pays.
  loyaltyPrice: optionalPart(AmountSchema),
  nights: optionalPart(v.number()),
});

/** One bookable option of a package. */
export type PackageOption = v.InferOutput<typeof PackageOptionSchema>;

/**
 * A package's availability for the requested dates: `{options: [{id, hotel: {code}}]}` will do. `cod_error` may be
 * left out, no `currency` is the default euro (docs/commerce.md "Prices"), no `options` is no option, and an option
 * that cannot be read is left out on its own.
 */
export const PackageAvailabilityResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  package: optionalPart(looseObject({ id: IdentifierSchema, name: optionalText() })),
  currency: v.fallback(v.optional(v.string(), 'EUR'), 'EUR'),
  options: v.optional(listOfReadable(PackageOptionSchema), []),
});

/** A package's availability. */
export type PackageAvailabilityResponse = v.InferOutput<typeof PackageAvailabilityResponseSchema>;
