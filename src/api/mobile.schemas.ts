/**
 * Decoders of the mobile section's answers (docs/bookcore-contract.md "Mobile section (/m2/ajax)"). Each GET has
 * its own schema, liberal as the contract asks: only what a section cannot render without is required (a header's
 * title, a picture's address, a room's code…); every other field is optional and falls back on its own when it is
 * missing or of another type, and a list drops an unreadable entry without losing the others. Fields no schema
 * names are kept as sent.
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { AmountSchema, CodErrorSchema, IdentifierSchema, listOfReadable, optionalPart, optionalText } from './bookcore.schemas';

/** A mobile section answer: `cod_error` plus section-specific fields, all kept. */
export const MobileSectionResponseSchema = looseObject({ cod_error: v.optional(CodErrorSchema) });

/** A mobile section answer. */
export type MobileSectionResponse = v.InferOutput<typeof MobileSectionResponseSchema>;

/** A number bookcore may send as decimal text (a Django `DecimalField`): `"40.4168"`. */
const NumberSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/))]),
  v.transform((value) => Number(value)),
);

/** A list that may be missing: no list is an empty one; unreadable entries are left out. */
function optionalList<TSchema extends v.GenericSchema>(item: TSchema) {
  return v.fallback(v.optional(listOfReadable(item), []), []);
}

/** A picture: its address is all it needs; `alt` is the text read in its place. */
export const MobileImageSchema = looseObject({ url: v.string(), alt: optionalText(), category: optionalText() });

/** A picture of the mobile pages. */
export type MobileImage = v.InferOutput<typeof MobileImageSchema>;

/** A section's header: its `title` (the section's heading), an optional `subtitle`. */
export const MobileHeaderSchema = looseObject({ title: v.string(), subtitle: optionalText() });

/** A section's header. */
export type MobileHeader = v.InferOutput<typeof MobileHeaderSchema>;

/** A titled text (the home description, the map description): the `text` is required. */
export const MobileDescriptionSchema = looseObject({ title: optionalText(), text: v.string() });

/** A titled text. */
export type MobileDescription = v.InferOutput<typeof MobileDescriptionSchema>;

/** The hotel's card: its `name` is what the page's header cannot do without. */
export const MobileHotelSchema = looseObject({
  code: optionalText(),
  name: v.string(),
  city: optionalText(),
  address: optionalText(),
  telephone: optionalText(),
  image: optionalText(),
  stars: optionalPart(NumberSchema),
  checkInTime: optionalText(),
  checkOutTime: optionalText(),
  description: optionalText(),
});

/** The hotel's card. */
export type MobileHotel = v.InferOutput<typeof MobileHotelSchema>;

/** A room: its `code` (the detail view asks for it); the rest shows where given. */
export const MobileRoomSchema = looseObject({
  code: v.string(),
  name: optionalText(),
  description: optionalText(),
  image: optionalText(),
  size: optionalPart(NumberSchema),
  maxOccupancy: optionalPart(NumberSchema),
  amenities: v.fallback(v.optional(listOfReadable(v.string()), []), []),
  priceFrom: optionalPart(AmountSchema),
  loyaltyPrice: optionalPart(AmountSchema),
});

/** A room. */
export type MobileRoom = v.InferOutput<typeof MobileRoomSchema>;

/** A service: its `name`; the icon where given. */
export const MobileServiceSchema = looseObject({ code: optionalText(), name: v.string(), icon: optionalText() });

/** A service. */
export type MobileService = v.InferOutput<typeof MobileServiceSchema>;

/** Where the hotel is: latitude and longitude (decimal text read as numbers), zoom and address where given. */
export const MobileMapSchema = looseObject({
  latitude: NumberSchema,
  longitude: NumberSchema,
  zoom: optionalPart(NumberSchema),
  address: optionalText(),
});

/** A social network link: its `url`; the network's name where given. */
export const MobileSocialNetworkSchema = looseObject({ network: optionalText(), url: v.string() });

/** An offer: its `id`; name, nights and prices where given. */
export const MobileOfferSchema = looseObject({
  id: IdentifierSchema,
  name: optionalText(),
  nights: optionalPart(NumberSchema),
  description: optionalText(),
  image: optionalText(),
  priceFrom: optionalPart(AmountSchema),
  loyaltyPrice: optionalPart(AmountSchema),
});

/** An offer. */
export type MobileOffer = v.InferOutput<typeof MobileOfferSchema>;

/** The hotel's contact data; each line shows where given. */
export const MobileContactSchema = looseObject({
  address: optionalText(),
  telephone: optionalText(),
  email: optionalText(),
  latitude: optionalPart(NumberSchema),
  longitude: optionalPart(NumberSchema),
});

const envelope = { cod_error: v.optional(CodErrorSchema) };

/** GET `/ficha/`: the hotel's card in `hotel`. */
export const FichaResponseSchema = looseObject({ ...envelope, hotel: MobileHotelSchema });
/** GET `/hotel/services`: `services` (no list is none) and their `total`. */
export const ServicesResponseSchema = looseObject({
  ...envelope,
  services: optionalList(MobileServiceSchema),
  total: optionalPart(NumberSchema),
});
/** GET `/hotel/services/images`, `/mobilis/section/images`: `images`. */
export const ImagesResponseSchema = looseObject({ ...envelope, images: optionalList(MobileImageSchema) });
/** GET `*` `/section/header`: `header`. */
export const HeaderResponseSchema = looseObject({ ...envelope, header: MobileHeaderSchema });
/** GET `/hotel/map`: `map`. */
export const MapResponseSchema = looseObject({ ...envelope, map: MobileMapSchema });
/** GET `/hotel/ssnn`: `socialNetworks`. */
export const SocialNetworksResponseSchema = looseObject({ ...envelope, socialNetworks: optionalList(MobileSocialNetworkSchema) });
/** GET `/hotel/photos`: `photos`. */
export const PhotosResponseSchema = looseObject({ ...envelope, photos: optionalList(MobileImageSchema) });
/** GET `/hotel/{hotelCode}/room/{roomCode}`: `room`. */
export const RoomResponseSchema = looseObject({ ...envelope, room: MobileRoomSchema });
/** GET `/rooms`: `rooms`. */
export const RoomsResponseSchema = looseObject({ ...envelope, rooms: optionalList(MobileRoomSchema) });
/** GET `/translations`: `translations`, text by key (a value that is no text is left out). */
export const TranslationsResponseSchema = looseObject({
  ...envelope,
  translations: v.fallback(
    v.optional(
      v.pipe(
        v.record(v.string(), v.unknown()),
        v.transform((entries) =>
          Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
        ),
      ),
      {},
    ),
    {},
  ),
});
/** GET `/current/page`: `page`, each field optional. */
export const CurrentPageResponseSchema = looseObject({
  ...envelope,
  page: optionalPart(looseObject({ name: optionalText(), title: optionalText(), path: optionalText() })),
});
/** GET `/gallery/page`: `gallery`, its title and images. */
export const GalleryPageResponseSchema = looseObject({
  ...envelope,
  gallery: optionalPart(looseObject({ title: optionalText(), images: optionalList(MobileImageSchema) })),
});
/** GET `/mobilis/settings`: `settings`, free-form. */
export const MobilisSettingsResponseSchema = looseObject({ ...envelope, settings: optionalPart(looseObject({})) });
/** GET `/home/description`, `/home/map/description`: `description`. */
export const DescriptionResponseSchema = looseObject({ ...envelope, description: MobileDescriptionSchema });
/** GET `/home/image`: `image`. */
export const HomeImageResponseSchema = looseObject({ ...envelope, image: MobileImageSchema });
/** GET `/offers`: `offers`. */
export const OffersResponseSchema = looseObject({ ...envelope, offers: optionalList(MobileOfferSchema) });
/** GET `/contact`: `contact`. */
export const ContactResponseSchema = looseObject({ ...envelope, contact: MobileContactSchema });
/** GET `/user`: `user`, null (or missing) for a visitor. */
export const MobileUserResponseSchema = looseObject({
  ...envelope,
  user: v.fallback(v.nullish(looseObject({ nombre: optionalText(), apellidos: optionalText() }), null), null),
});

/** GET `/ficha/`. */
export type FichaResponse = v.InferOutput<typeof FichaResponseSchema>;
/** GET `/hotel/services`. */
export type ServicesResponse = v.InferOutput<typeof ServicesResponseSchema>;
/** GET `/hotel/services/images`, `/mobilis/section/images`. */
export type ImagesResponse = v.InferOutput<typeof ImagesResponseSchema>;
/** GET a section header. */
export type HeaderResponse = v.InferOutput<typeof HeaderResponseSchema>;
/** GET `/hotel/map`. */
export type MapResponse = v.InferOutput<typeof MapResponseSchema>;
/** GET `/hotel/ssnn`. */
export type SocialNetworksResponse = v.InferOutput<typeof SocialNetworksResponseSchema>;
/** GET `/hotel/photos`. */
export type PhotosResponse = v.InferOutput<typeof PhotosResponseSchema>;
/** GET one room. */
export type RoomResponse = v.InferOutput<typeof RoomResponseSchema>;
/** GET `/rooms`. */
export type RoomsResponse = v.InferOutput<typeof RoomsResponseSchema>;
/** GET `/translations`. */
export type TranslationsResponse = v.InferOutput<typeof TranslationsResponseSchema>;
/** GET `/current/page`. */
export type CurrentPageResponse = v.InferOutput<typeof CurrentPageResponseSchema>;
/** GET `/gallery/page`. */
export type GalleryPageResponse = v.InferOutput<typeof GalleryPageResponseSchema>;
/** GET `/mobilis/settings`. */
export type MobilisSettingsResponse = v.InferOutput<typeof MobilisSettingsResponseSchema>;
/** GET a description. */
export type DescriptionResponse = v.InferOutput<typeof DescriptionResponseSchema>;
/** GET `/home/image`. */
export type HomeImageResponse = v.InferOutput<typeof HomeImageResponseSchema>;
/** GET `/offers`. */
export type OffersResponse = v.InferOutput<typeof OffersResponseSchema>;
/** GET `/contact`. */
export type ContactResponse = v.InferOutput<typeof ContactResponseSchema>;
/** GET `/user`. */
export type MobileUserResponse = v.InferOutput<typeof MobileUserResponseSchema>;

/** A schema POST answer: the page's schema.org JSON-LD in `schema`. */
export const MobileSchemaResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  schema: looseObject({}),
});

/** A schema POST answer. */
export type MobileSchemaResponse = v.InferOutput<typeof MobileSchemaResponseSchema>;
