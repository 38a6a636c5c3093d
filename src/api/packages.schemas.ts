/** Decoders of the package availability answer (docs/bookcore-contract.md "Package availability"). */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { CodeNameSchema, CodErrorSchema, IdentifierSchema } from './bookcore.schemas';

/** One bookable option of a package: a hotel, room and board at a price. */
export const PackageOptionSchema = looseObject({
  id: IdentifierSchema,
  name: v.string(),
  hotel: looseObject({ code: v.string(), name: v.string(), image: v.optional(v.string()) }),
  room: CodeNameSchema,
  board: CodeNameSchema,
  price: v.number(),
  nights: v.number(),
});

/** One bookable option of a package. */
export type PackageOption = v.InferOutput<typeof PackageOptionSchema>;

/** A package's availability for the requested dates; `cod_error` may be left out. */
export const PackageAvailabilityResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  package: looseObject({ id: IdentifierSchema, name: v.string() }),
  currency: v.string(),
  options: v.array(PackageOptionSchema),
});

/** A package's availability. */
export type PackageAvailabilityResponse = v.InferOutput<typeof PackageAvailabilityResponseSchema>;
