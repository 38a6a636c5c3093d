/**
 * Member prices for `<loyalty-price>` (docs/loyalty-price.md "One request per page"): every tag of a page asks
 * here, and the page makes one loyalty availability request for all of them. The tags connected in one task form
 * the request: when they all name the same availability id, bookcore is asked for that id (`{id}/`), otherwise
 * for every hotel. A tag connected later reads the same answer. The price the join action opened the panel with,
 * for SIGNUP's heading, is the session's (`joinOfferAtom`, ./session.ts).
 */
import { atom } from 'jotai/vanilla';
import type { CurrencyRate } from '../api/bookcore.schemas';
import { getLoyaltyAvailability } from '../api/loyalty';
import type { LoyaltyAvailabilityResponse } from '../api/loyalty.schemas';
import { configAtom } from './store';

/** What a tag asks for. */
export interface MemberPriceRequest {
  /** `data-hotel-code`: the hotel whose price is shown; empty takes the answer's only hotel. */
  hotelCode: string;
  /** `data-availability-id`: bookcore's availability id when it is not the hotel code; empty means the hotel code. */
  availabilityId: string;
}

/** One hotel's prices as bookcore gave them, with the rates to convert them. */
export interface MemberPriceQuote {
  /** The public price. */
  price: number;
  /** The member price. */
  loyaltyPrice: number;
  /** The currency both are in. */
  currency: string;
  /** The rates of the answer, for a page in another currency. */
  rates: readonly CurrencyRate[];
}

/** Why a tag shows nothing. */
export type NoMemberPrice = { reason: string };

interface PriceBatch {
  requests: MemberPriceRequest[];
  answer: Promise<LoyaltyAvailabilityResponse>;
}

const priceBatchAtom = atom<PriceBatch | null>(null);

/**
 * The member price of one tag: its quote, or why there is none (the call failed, the hotel is not in the answer,
 * or its member price saves nothing). Never rejects.
 */
export const memberPriceAtom = atom(null, (get, set, request: MemberPriceRequest): Promise<MemberPriceQuote | NoMemberPrice> => {
  let batch = get(priceBatchAtom);
  if (!batch) {
    const requests: MemberPriceRequest[] = [];
    // A microtask later every tag of the page's markup has connected, and the panel has published its addresses.
    const answer = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => {
      const ids = new Set(requests.map((each) => each.availabilityId || each.hotelCode));
      const [only] = ids;
      return getLoyaltyAvailability(ids.size === 1 && only ? only : undefined, undefined, get(configAtom).endpoints.loyaltyAvailability);
    });
    batch = { requests, answer };
    set(priceBatchAtom, batch);
  }
  batch.requests.push(request);
  return batch.answer.then(
    (response) => quoteOf(response, request),
    (error: unknown) => ({ reason: `the loyalty availability failed (${error instanceof Error ? error.message : String(error)})` }),
  );
});

function quoteOf(response: LoyaltyAvailabilityResponse, { hotelCode }: MemberPriceRequest): MemberPriceQuote | NoMemberPrice {
  const hotel = hotelCode ? response.hotels.find((candidate) => candidate.code === hotelCode) : response.hotels.length === 1 ? response.hotels[0] : undefined;
  if (!hotel) return { reason: `bookcore gave no member price for ${hotelCode ? `hotel ${hotelCode}` : 'this tag (no data-hotel-code)'}` };
  if (!(hotel.loyaltyPrice < hotel.price)) return { reason: `the member price of ${hotel.code} saves nothing` };
  return { price: hotel.price, loyaltyPrice: hotel.loyaltyPrice, currency: hotel.currency, rates: response.rates };
}
