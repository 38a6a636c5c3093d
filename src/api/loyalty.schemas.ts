/** Decoders of the loyalty answers (docs/bookcore-contract.md "Loyalty"). */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { AmountSchema, CodErrorSchema, CurrencyRateSchema, listOfReadable, optionalPart, optionalText } from './bookcore.schemas';

/**
 * A loyalty member (docs/bookcore-contract.md "Loyalty": `nombre`, `apellidos`, `info_personal`). Only what docs/bookcore-contract.md names is read and
 * every field is optional: a user shaped exactly as docs/bookcore-contract.md gives it (no `userName`, no `email`) is a member.
 * `nombre` is trimmed and falls back on `info_personal.nombre`: only a user with a name counts as signed in
 * (docs/loyalty-widget.md "Member and guest"), and a name of spaces is none, for every check alike. A field of the wrong type is dropped
 * on its own (it costs that field, never the user).
 */
export const UserSchema = v.pipe(
  looseObject({
    userName: optionalText(),
    email: optionalText(),
    nombre: v.fallback(v.optional(v.pipe(v.string(), v.trim()), ''), ''),
    apellidos: v.fallback(v.optional(v.pipe(v.string(), v.trim()), ''), ''),
    info_personal: v.fallback(
      v.optional(looseObject({ nombre: v.fallback(v.optional(v.string(), ''), ''), apellidos: v.fallback(v.optional(v.string(), ''), '') })),
      undefined,
    ),
  }),
  v.transform((user) => ({ ...user, nombre: user.nombre || (user.info_personal?.nombre ?? '').trim() })),
);

/** A loyalty member. */
export type User = v.InferOutput<typeof UserSchema>;

/**
 * The member a `loggedIn` or `user` field names, or null: `false`, `null`, `{}`, a user without a `nombre` or a
 * value of any other type all mean an anonymous visitor (docs/loyalty-widget.md "Member and guest").
 */
export const MemberOrNobodySchema = v.pipe(
  v.unknown(),
  v.transform((input): User | null => {
    const result = v.safeParse(UserSchema, input);
    return result.success && result.output.nombre !== '' ? result.output : null;
  }),
);

/** The current user's answer: the member, or null for an anonymous visitor (`{}`, a user without a `nombre`). */
export const CurrentUserSchema = MemberOrNobodySchema;

/** The current user: the member, or null for an anonymous visitor. */
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

/**
 * The answer of a successful sign-in, e-mail or social. docs/bookcore-contract.md names none of its fields, so each is optional:
 * without a `user` the widget reads the user (docs/loyalty-widget.md "Start-up").
 */
export const SessionResponseSchema = looseObject({
  // Absent will do; present and no boolean is a garbled answer.
  success: v.optional(v.boolean()),
  userName: optionalText(),
  user: v.optional(MemberOrNobodySchema, null),
});

/** A successful sign-in. */
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>;

/**
 * The answer of a password change (docs/bookcore-contract.md "Back where the guest started"): a bookcore that signs
 * the member in answers as a sign-in (`user`, `userName`); one that cannot may name the member's `email`, which the
 * sign-in that follows starts with. `{}` still will do.
 */
export const PasswordChangeResponseSchema = looseObject({
  ...SessionResponseSchema.entries,
  email: optionalText(),
});

/** A password change's answer. */
export type PasswordChangeResponse = v.InferOutput<typeof PasswordChangeResponseSchema>;

/**
 * A configured form: its field definitions (docs/forms-and-consent.md "Field definitions") kept raw. The form engine
 * (src/forms/field-definition.ts) validates them one by one and skips, with a warning, a field it cannot use, so a
 * hotel's unusual field (a `pattern: null`, a `required: "True"`, a missing `type`…) costs at most that field,
 * never the settings and with them the whole widget.
 */
const FormSchema = looseObject({ form: v.array(v.unknown()) });

/** `{text}`: one configured text; a part that is not one is dropped on its own (the built-in text shows). */
const TextSchema = looseObject({ text: optionalText() });
const AudienceTextsSchema = looseObject({ registered: optionalPart(TextSchema), unregistered: optionalPart(TextSchema) });

/**
 * The widget's configured texts and forms. Only `SIGNIN` matters to the start: without a sign-in form the widget
 * hides itself (docs/loyalty-widget.md "Start-up"), which the start decides, so that `loyalty-fail` says why. Every other part is
 * optional and falls back on its own when missing or malformed (a missing text uses the built-in one); a
 * `SIGNUP` that is not a form is left out (the sign-up section then shows its consents only).
 */
export const LoyaltySettingsSchema = looseObject({
  SIGNIN: optionalPart(FormSchema),
  SIGNUP: optionalPart(FormSchema),
  NOTIFICATIONS: optionalPart(looseObject({ messages: optionalPart(AudienceTextsSchema) })),
  TOOLTIP: optionalPart(AudienceTextsSchema),
  ADVANTAGES: optionalPart(looseObject({ title: optionalText(), phrases: v.fallback(v.optional(v.array(v.string()), []), []) })),
  loyaltyLogo: optionalText(),
  TEXT_LOGIN_FACEBOOK: optionalText(),
  TEXT_LOGIN_GOOGLE: optionalText(),
  DROPPED_CART_NOTIFICATIONS: optionalPart(
    looseObject({ title: optionalText(), ok: optionalText(), greet: optionalText(), text: optionalText() }),
  ),
  CONDITIONS: optionalPart(looseObject({ conditionsUrl: optionalText(), privacyUrl: optionalText() })),
  ERRORS: optionalPart(
    looseObject({
      passwordsNotEqual: optionalText(),
      token: optionalText(),
      socialNoEmail: optionalText(),
    }),
  ),
});

/** The widget's configured texts and forms. */
export type LoyaltySettings = v.InferOutput<typeof LoyaltySettingsSchema>;

/** A provider's part: a `client_id` that is null, empty or missing means no button for that provider. */
const SocialClientSchema = looseObject({ client_id: optionalText() });

/**
 * The settings answer (docs/bookcore-contract.md "Loyalty"). `success` and `settings` are read by the start,
 * which hides the widget on `success: false` or a missing sign-in form and says which in `loyalty-fail`;
 * `loggedIn` is the member, or null for a visitor (`false`, `null`, `{}` or a user without a `nombre`).
 */
export const SettingsResponseSchema = looseObject({
  success: v.optional(v.unknown()),
  settings: v.fallback(v.optional(LoyaltySettingsSchema, {}), {}),
  loggedIn: v.optional(MemberOrNobodySchema, null),
  socialLogin: optionalPart(
    looseObject({ google: optionalPart(SocialClientSchema), facebook: optionalPart(SocialClientSchema) }),
  ),
});

/** The settings answer. */
export type SettingsResponse = v.InferOutput<typeof SettingsResponseSchema>;

/**
 * One hotel's loyalty price (docs/bookcore-contract.md, "Loyalty"): its `code` and both prices, each a number or
 * decimal text (`"90.00"`), read as numbers; the `name` is optional and the `currency` the default euro when
 * missing.
 */
export const LoyaltyHotelPriceSchema = looseObject({
  code: v.string(),
  name: optionalText(),
  loyaltyPrice: AmountSchema,
  price: AmountSchema,
  currency: v.fallback(v.optional(v.string(), 'EUR'), 'EUR'),
});

/** One hotel's loyalty price. */
export type LoyaltyHotelPrice = v.InferOutput<typeof LoyaltyHotelPriceSchema>;

/**
 * The loyalty availability answer: `{hotels}` will do. A hotel without a code or a readable price is left out on
 * its own; the others stay.
 */
export const LoyaltyAvailabilityResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  hotels: listOfReadable(LoyaltyHotelPriceSchema),
  // The cart's rates, for a page that shows another currency; a list that cannot be read is no rates.
  rates: v.fallback(v.optional(v.array(CurrencyRateSchema), []), []),
});

/** The loyalty availability answer. */
export type LoyaltyAvailabilityResponse = v.InferOutput<typeof LoyaltyAvailabilityResponseSchema>;
