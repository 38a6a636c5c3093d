/**
 * Fragments every bookcore area shares. The response check in `http.ts` has already refused failures by the time
 * these decode, so they describe successful answers only.
 */
import * as v from 'valibot';

/** `cod_error` of cart, package, hotel and mobile answers: "000" on success, sent as text or number. */
export const CodErrorSchema = v.union([v.string(), v.number()]);

/** `{success}`: the answer of calls that only acknowledge (sign-up, logout, recovery, set-cookie…). */
export const SuccessResponseSchema = v.looseObject({ success: v.boolean() });

/** An acknowledgement. */
export type SuccessResponse = v.InferOutput<typeof SuccessResponseSchema>;

/** `{cod_error: "000"}`: the answer of cart and hotel calls that only acknowledge. */
export const CodAcknowledgementSchema = v.looseObject({ cod_error: CodErrorSchema });

/** A cart or hotel acknowledgement. */
export type CodAcknowledgement = v.InferOutput<typeof CodAcknowledgementSchema>;

/** A `{code, name}` pair: boards, hotels and rooms are named this way. */
export const CodeNameSchema = v.looseObject({ code: v.string(), name: v.string() });

/** Identifiers that bookcore sends as numbers from some views and as text from others. */
export const IdentifierSchema = v.union([v.string(), v.number()]);
