/**
 * Dropping the session's cart (SPEC.md §7 "Cart"), apart from the rest of the cart client: sign-in and sign-out
 * drop the cart on every page, the rest of the client loads only with a `<package-cart>`.
 */
import * as v from 'valibot';
import { CodErrorSchema } from './bookcore.schemas';
import { DEFAULT_ENDPOINTS } from './endpoints';
import { postForm, type RequestOptions } from './http';

/** The answer of dropping the cart: how many lines went. */
export const DropCartResponseSchema = v.looseObject({
  cod_error: CodErrorSchema,
  deleted_elements: v.number(),
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
