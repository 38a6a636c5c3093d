/**
 * Member prices for `<loyalty-price>` (docs/loyalty-price.md "One request per page"): every tag of a page asks
 * here, and the page makes one loyalty availability request for all of them. The tags connected in one task form
 * the request: when they all name the same availability id, bookcore is asked for that id (`{id}/`), otherwise
 * for every hotel. A tag connected later reads the same answer, unless it names another hotel than a one-id
 * request covered: then it asks again. The price the join action opened the panel with,
 * for SIGNUP's heading, is the session's (`joinOfferAtom`, ./session.ts).
 */
import { atom } from 'jotai/vanilla';
import type { CurrencyRate } from '../api/bookcore.schemas';
import { getLoyaltyAvailability } from '../api/loyalty';
import type { LoyaltyAvailabilityResponse } from '../api/loyalty.schemas';
import { configAtom, requestOptionsAtom } from './store';

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
  /** What bookcore was asked for: one availability id, or '' for every hotel; null while tags still join. */
  asked: string | null;
}

const priceBatchesAtom = atom<PriceBatch[]>([]);

/** The id a tag's price is asked by: its availability id, else its hotel code; '' when it names neither. */
const idOf = (request: MemberPriceRequest): string => request.availabilityId || request.hotelCode;

/** Whether a tag's price is in (or will be in) a batch's answer. */
function covers(batch: PriceBatch, id: string): boolean {
  return batch.asked === null || batch.asked === '' || id === '' || batch.asked === id;
}

/**
 * The member price of one tag: its quote, or why there is none (the call failed, the hotel is not in the answer,
 * or its member price saves nothing). Never rejects. A tag connected after a one-id request went out, naming
 * another hotel, starts a request of its own (with the tags that connect in its task).
 */
export const memberPriceAtom = atom(null, (get, set, request: MemberPriceRequest): Promise<MemberPriceQuote | NoMemberPrice> => {
  const batches = get(priceBatchesAtom);
  let batch = batches.find((each) => covers(each, idOf(request)));
  if (!batch) {
    const created: PriceBatch = {
      requests: [],
      asked: null,
      // A microtask later every tag of the page's markup has connected, and the panel has published its addresses.
      answer: new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => {
        const ids = new Set(created.requests.map(idOf));
        const [only] = ids;
        created.asked = ids.size === 1 && only ? only : '';
        return getLoyaltyAvailability(created.asked || undefined, get(requestOptionsAtom), get(configAtom).endpoints.loyaltyAvailability);
      }),
    };
    batch = created;
    set(priceBatchesAtom, [...batches, created]);
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
