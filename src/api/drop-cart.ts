/**
 * Dropping the session's cart (docs/bookcore-contract.md "Cart"), apart from the rest of the cart client: sign-in and sign-out
 * drop the cart on every page, the rest of the client loads only with a `<package-cart>`.
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { CodErrorSchema } from './bookcore.schemas';
import { DEFAULT_ENDPOINTS } from './endpoints';
import { postForm, type RequestOptions } from './http';

/**
 * The answer of dropping the cart: how many lines went (docs/bookcore-contract.md "Cart", the only
 * field it names, so `{"deleted_elements": 2}` is a whole answer). `cod_error` is optional; a count sent as
 * text is read as a number, and a missing or unreadable one as 0 (no dialog rather than a failed sign-in).
 */
export const DropCartResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  deleted_elements: v.fallback(
    v.optional(v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))]), 0),
    0,
  ),
});

/** The answer of dropping the cart. */
export type DropCartResponse = v.InferOutput<typeof DropCartResponseSchema>;

/**
 * Empties the session's cart (done after sign-in and sign-out so prices are recomputed for the new session).
 *
 * @param url - the drop address.
 * @param options - cancellation and timeout.
 * @returns how many lines were removed, in `deleted_elements`.
 */
export function dropCart(url: string = DEFAULT_ENDPOINTS.dropUrl, options?: RequestOptions): Promise<DropCartResponse> {
  return postForm(url, {}, DropCartResponseSchema, options);
}
