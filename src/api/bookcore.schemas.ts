/**
 * Fragments every bookcore area shares. The response check in `http.ts` has already refused failures by the time
 * these decode, so they describe successful answers only.
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';

/** `cod_error` of cart, package, hotel and mobile answers: "000" on success, sent as text or number. */
export const CodErrorSchema = v.union([v.string(), v.number()]);

/**
 * `{success}`: the answer of calls that only acknowledge (sign-up, logout, recovery, set-cookie…). docs/bookcore-contract.md gives
 * these answers no shape (only the social check-user's "has success"), so `success` is optional: `{}` is a whole
 * answer, and a failure is told by the response check (`errors`).
 */
// `success` may be absent (`{}` will do), but one that is there and no boolean is a garbled answer, not an acknowledgement.
export const SuccessResponseSchema = looseObject({ success: v.optional(v.boolean()) });

/** An acknowledgement. */
export type SuccessResponse = v.InferOutput<typeof SuccessResponseSchema>;

/** `{cod_error: "000"}`: the answer of cart and hotel calls that only acknowledge. */
export const CodAcknowledgementSchema = looseObject({ cod_error: CodErrorSchema });

/** A cart or hotel acknowledgement. */
export type CodAcknowledgement = v.InferOutput<typeof CodAcknowledgementSchema>;

/** A `{code, name}` pair: boards, hotels and rooms are named this way. */
export const CodeNameSchema = looseObject({ code: v.string(), name: v.string() });

/** Identifiers that bookcore sends as numbers from some views and as text from others. */
export const IdentifierSchema = v.union([v.string(), v.number()]);

/**
 * A text docs/bookcore-contract.md does not require: missing, null or of another type, it is undefined and the widget uses its
 * built-in text. Never fails the answer around it.
 */
export function optionalText() {
  return v.fallback(v.optional(v.string()), undefined);
}

/**
 * An optional part of an answer: when missing or malformed it is undefined, and only that part falls back (the
 * answer around it still decodes).
 *
 * @param schema - the part's decoder.
 */
export function optionalPart<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.fallback(v.optional(schema), undefined);
}
