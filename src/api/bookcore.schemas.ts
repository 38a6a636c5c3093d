/**
 * Fragments every bookcore area shares. The response check in `http.ts` has already refused failures by the time
 * these decode, so they describe successful answers only.
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { parsePriceAmount } from '../lib/price/price-amount';

/**
 * `cod_error` of cart, package, hotel and mobile answers: "000" on success, sent as text or number. Only one that
 * is there and not "000" is a failure (docs/bookcore-contract.md, "Transport rules"), which the response check
 * refuses, so every successful answer may leave it out.
 */
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

/** `{cod_error: "000"}`: the answer of cart and hotel calls that only acknowledge; `{}` will do. */
export const CodAcknowledgementSchema = looseObject({ cod_error: v.optional(CodErrorSchema) });

/** A cart or hotel acknowledgement. */
export type CodAcknowledgement = v.InferOutput<typeof CodAcknowledgementSchema>;

/** A `{code, name}` pair: boards, hotels and rooms are named this way. */
export const CodeNameSchema = looseObject({ code: v.string(), name: v.string() });

/**
 * An amount of money: a number, or decimal text as a Django `DecimalField` serialises it (`"90.00"`), read without
 * any locale (`parsePriceAmount`: `"1.234,50"`, `"12 €"` or `""` are refused, never guessed at).
 */
export const AmountSchema = v.pipe(
  v.union([v.number(), v.string()]),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const amount = parsePriceAmount(dataset.value);
    if (amount.ok) return amount.value;
    addIssue({ message: `expected an amount, a number or decimal text such as "90.00" (${amount.reason})` });
    return NEVER;
  }),
);

/**
 * A list whose unreadable entries are left out, each on its own: one garbled entry costs that entry, never the
 * list. Anything but a list is still refused.
 *
 * @param item - the decoder of one entry.
 */
export function listOfReadable<TSchema extends v.GenericSchema>(item: TSchema) {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((entries) =>
      entries.flatMap((entry): v.InferOutput<TSchema>[] => {
        const result = v.safeParse(item, entry);
        return result.success ? [result.output] : [];
      }),
    ),
  );
}

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

/**
 * A hotel, room or board as the cart and the package search name it: the code, which the widget sends back (the
 * add's `codhotel`, an upgrade's room and board), and what it shows, each optional (docs/bookcore-contract.md
 * "Cart"): a name left out reads as the code, an image left out shows no picture.
 */
export const NamedCodeSchema = v.pipe(
  looseObject({ code: v.string(), name: optionalText(), image: optionalText() }),
  v.transform(({ code, name, image }) => ({ code, name: name || code, image })),
);

/**
 * A currency's rate against the cart's (or the loyalty availability's) currency (docs/commerce.md "Currency conversion"): `tasa` a number, or the decimal text a
 * Django `DecimalField` serialises to (`"1.0842"`), kept as sent. The conversion reads it
 * (`findCurrencyRate`, src/lib/currency-conversion.ts) and refuses a rate that is not a positive decimal with a
 * `CurrencyRateError` naming that currency, which the cart handles per price: one garbled rate costs its own
 * currency's conversions, never the cart.
 */
export const CurrencyRateSchema = looseObject({ codigo: v.string(), tasa: v.union([v.number(), v.string()]) });

/** A currency rate. */
export type CurrencyRate = v.InferOutput<typeof CurrencyRateSchema>;
