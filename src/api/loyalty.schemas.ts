/** Decoders of the loyalty answers (docs/bookcore-contract.md "Loyalty"). */
import * as v from 'valibot';
import { CodErrorSchema } from './bookcore.schemas';

/**
 * A loyalty member (SPEC.md §3 "User"). `nombre` is trimmed: only a user with a name counts as signed in
 * (SPEC.md §2, §4), and a name of spaces is none, for every check alike.
 */
export const UserSchema = v.looseObject({
  userName: v.string(),
  email: v.optional(v.string()),
  nombre: v.pipe(v.string(), v.trim()),
  apellidos: v.string(),
  info_personal: v.optional(v.looseObject({ nombre: v.string(), apellidos: v.string() })),
});

/** A loyalty member. */
export type User = v.InferOutput<typeof UserSchema>;

/** The current user: a {@link User} when logged in, `{}` when anonymous, hence every field optional. */
export const CurrentUserSchema = v.partial(UserSchema);

/** The current user, every field absent when anonymous. */
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

/** The answer of a successful sign-in, e-mail or social. */
export const SessionResponseSchema = v.looseObject({
  success: v.boolean(),
  userName: v.string(),
  user: UserSchema,
});

/** A successful sign-in. */
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>;

/**
 * A configured form: its field definitions (SPEC.md §3 "Form field definition") kept raw. The form engine
 * (src/forms/field-definition.ts) validates them one by one and skips, with a warning, a field it cannot use, so a
 * hotel's unusual field (a `pattern: null`, a `required: "True"`, a missing `type`…) costs at most that field,
 * never the settings and with them the whole widget.
 */
const FormSchema = v.looseObject({ form: v.array(v.unknown()) });

const TextSchema = v.looseObject({ text: v.string() });
const AudienceTextsSchema = v.looseObject({ registered: TextSchema, unregistered: TextSchema });

/**
 * The widget's configured texts and forms. Only `SIGNIN` is required: without a sign-in form the widget hides
 * itself (SPEC.md §4), and the other parts have sensible fallbacks in the UI. A `SIGNUP` that is not a form is
 * left out rather than failing the settings (the sign-up section then shows its consents only).
 */
export const LoyaltySettingsSchema = v.looseObject({
  SIGNIN: FormSchema,
  SIGNUP: v.fallback(v.optional(FormSchema), undefined),
  NOTIFICATIONS: v.optional(v.looseObject({ messages: AudienceTextsSchema })),
  TOOLTIP: v.optional(AudienceTextsSchema),
  ADVANTAGES: v.optional(v.looseObject({ title: v.string(), phrases: v.array(v.string()) })),
  loyaltyLogo: v.optional(v.string()),
  TEXT_LOGIN_FACEBOOK: v.optional(v.string()),
  TEXT_LOGIN_GOOGLE: v.optional(v.string()),
  DROPPED_CART_NOTIFICATIONS: v.optional(
    v.looseObject({ title: v.string(), ok: v.string(), greet: v.string(), text: v.string() }),
  ),
  CONDITIONS: v.optional(v.looseObject({ conditionsUrl: v.string(), privacyUrl: v.string() })),
  ERRORS: v.optional(
    v.looseObject({
      passwordsNotEqual: v.optional(v.string()),
      token: v.optional(v.string()),
      socialNoEmail: v.optional(v.string()),
    }),
  ),
});

/** The widget's configured texts and forms. */
export type LoyaltySettings = v.InferOutput<typeof LoyaltySettingsSchema>;

const SocialClientSchema = v.looseObject({ client_id: v.string() });

/** The settings answer; `loggedIn` is null for an anonymous visitor. */
export const SettingsResponseSchema = v.looseObject({
  success: v.boolean(),
  settings: LoyaltySettingsSchema,
  loggedIn: v.nullish(UserSchema, null),
  socialLogin: v.optional(
    v.looseObject({ google: v.optional(SocialClientSchema), facebook: v.optional(SocialClientSchema) }),
  ),
});

/** The settings answer. */
export type SettingsResponse = v.InferOutput<typeof SettingsResponseSchema>;

/** One hotel's loyalty price. */
export const LoyaltyHotelPriceSchema = v.looseObject({
  code: v.string(),
  name: v.string(),
  loyaltyPrice: v.number(),
  price: v.number(),
  currency: v.string(),
});

/** One hotel's loyalty price. */
export type LoyaltyHotelPrice = v.InferOutput<typeof LoyaltyHotelPriceSchema>;

/** The loyalty availability answer. */
export const LoyaltyAvailabilityResponseSchema = v.looseObject({
  cod_error: CodErrorSchema,
  hotels: v.array(LoyaltyHotelPriceSchema),
});

/** The loyalty availability answer. */
export type LoyaltyAvailabilityResponse = v.InferOutput<typeof LoyaltyAvailabilityResponseSchema>;
