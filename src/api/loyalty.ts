/**
 * The loyalty client (docs/bookcore-contract.md "Loyalty"): sign-up, sign-in, social sign-in, logout, password
 * recovery, the current user, the widget settings, loyalty prices and the set-cookie call.
 *
 * Auth failures arrive as `{errors}` and reject with an ApiError of kind `server`; its `body` keeps flags such
 * as `isEmailActiveError` (sign-up) and `expired` (password change).
 */
import * as v from 'valibot';
import { SuccessResponseSchema, type SuccessResponse } from './bookcore.schemas';
import { BOOKCORE_PATHS, DEFAULT_ENDPOINTS } from './endpoints';
import { getJson, postForm, type FormPayload, type GetOptions, type RequestOptions } from './http';
import {
  CurrentUserSchema,
  LoyaltyAvailabilityResponseSchema,
  PasswordChangeResponseSchema,
  SessionResponseSchema,
  SettingsResponseSchema,
  type CurrentUser,
  type LoyaltyAvailabilityResponse,
  type PasswordChangeResponse,
  type SessionResponse,
  type SettingsResponse,
} from './loyalty.schemas';

/**
 * Reads the current user. (The widget's start reads it with ./widget-start.ts, in the first payload.)
 *
 * @param url - the user address.
 * @param options - cancellation, timeout and retries.
 * @returns the member, or null for an anonymous visitor.
 */
export function getUser(url: string = DEFAULT_ENDPOINTS.getUser, options?: GetOptions): Promise<CurrentUser> {
  return getJson(url, CurrentUserSchema, options);
}

/**
 * Loads the widget settings, the logged-in user and the social client ids. (The widget's start reads them with
 * ./widget-start.ts, in the first payload, and the panel decodes that answer with {@link decodeSettingsAnswer}.)
 *
 * @param url - the settings address.
 * @param options - cancellation, timeout and retries.
 */
export function getSettings(url: string = DEFAULT_ENDPOINTS.settings, options?: GetOptions): Promise<SettingsResponse> {
  return getJson(url, SettingsResponseSchema, options);
}

/**
 * Decodes in full a settings answer the start has read (./widget-start.ts): what {@link getSettings} would have
 * given for it. The start accepted it as an object, which the schema accepts too.
 *
 * @param answer - the answer as it came.
 */
export function decodeSettingsAnswer(answer: unknown): SettingsResponse {
  return v.parse(SettingsResponseSchema, answer);
}

/** E-mail credentials. */
export type SignInPayload = { email: string; password: string };

/** Which identity provider vouched for a social user. */
export type SocialIntegration = 'google' | 'facebook';

/** What the social SDKs tell us about a guest (docs/bookcore-contract.md "Social sign-in: what bookcore must verify"). */
export type SocialUser = {
  first_name: string;
  last_name: string;
  email: string;
  name: string;
  /** The provider's user id. */
  id: string;
  /** Google's signed ID token; bookcore verifies it (signature, aud, iss, exp) and takes the e-mail from it. */
  id_token?: string | undefined;
  /**
   * Facebook's access token (`authResponse.accessToken`); bookcore checks through Facebook's token inspection that
   * it was issued to its app for the posted `id` (`authResponse.userID`).
   */
  access_token?: string | undefined;
  integration: SocialIntegration;
  /** The newsletter consent ticked on the SOCIAL_GDPR step. */
  recibir_newsletter: boolean;
};

/**
 * A password-recovery request (docs/bookcore-contract.md "Loyalty"), with the page to come back to after the change
 * (`next`, docs/bookcore-contract.md "Back where the guest started").
 */
export type PasswordRecoveryPayload = { email: string; userType: string; next?: string | undefined };

/** A password change with the mailed link's values (docs/bookcore-contract.md "Loyalty"). */
export type PasswordChangePayload = { uid: string; token: string; password: string };

/**
 * Registers a member with the configured sign-up form's values.
 *
 * @param form - field name → value, as the form engine produced it (`politica`, `newsletter` as booleans).
 * @param url - the sign-up address.
 * @param options - cancellation and timeout.
 * @returns `{success}`; a validation mail is on its way.
 */
export function signUp(
  form: FormPayload,
  url: string = DEFAULT_ENDPOINTS.signup,
  options?: RequestOptions,
): Promise<SuccessResponse> {
  return postForm(url, form, SuccessResponseSchema, options);
}

/**
 * Signs in with e-mail and password.
 *
 * @param credentials - e-mail and password.
 * @param url - the sign-in address.
 * @param options - cancellation and timeout.
 * @returns the member and its userName.
 */
export function signIn(
  credentials: SignInPayload,
  url: string = DEFAULT_ENDPOINTS.signin,
  options?: RequestOptions,
): Promise<SessionResponse> {
  return postForm(url, { email: credentials.email, password: credentials.password }, SessionResponseSchema, options);
}

/**
 * Ends the session.
 *
 * @param url - the logout address.
 * @param options - cancellation and timeout.
 */
export function logout(url: string = DEFAULT_ENDPOINTS.logout, options?: RequestOptions): Promise<SuccessResponse> {
  return postForm(url, {}, SuccessResponseSchema, options);
}

/**
 * Asks for the password-recovery e-mail. Succeeds whether or not the address belongs to a member.
 *
 * @param payload - e-mail and user type.
 * @param url - the recovery address.
 * @param options - cancellation and timeout.
 */
export function requestPasswordRecovery(
  payload: PasswordRecoveryPayload,
  url: string = DEFAULT_ENDPOINTS.passwordRecovery,
  options?: RequestOptions,
): Promise<SuccessResponse> {
  return postForm(url, { email: payload.email, userType: payload.userType, next: payload.next }, SuccessResponseSchema, options);
}

/**
 * Sets a new password with the values of the recovery link.
 *
 * @param payload - uid and token from the link, and the new password.
 * @param url - the change address.
 * @param options - cancellation and timeout.
 * @returns the member when bookcore signed them in with the change, else perhaps the e-mail to sign in with.
 * @throws {ApiError} kind `server` with `body.expired` when the token is used or expired.
 */
export function changePassword(
  payload: PasswordChangePayload,
  url: string = DEFAULT_ENDPOINTS.changePassword,
  options?: RequestOptions,
): Promise<PasswordChangeResponse> {
  return postForm(
    url,
    { uid: payload.uid, token: payload.token, password: payload.password },
    PasswordChangeResponseSchema,
    options,
  );
}

/**
 * Signs in (registering on first visit) with a social identity.
 *
 * @param user - the SDK's user data and the newsletter choice.
 * @param url - the social sign-in address.
 * @param options - cancellation and timeout.
 * @returns the member and its userName.
 */
export function socialSignIn(
  user: SocialUser,
  url: string = DEFAULT_ENDPOINTS.socialSignin,
  options?: RequestOptions,
): Promise<SessionResponse> {
  const payload: FormPayload = {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    name: user.name,
    id: user.id,
    id_token: user.id_token,
    access_token: user.access_token,
    tipo_integracion: user.integration,
    recibir_newsletter: user.recibir_newsletter ? 'true' : 'false',
  };
  return postForm(url, payload, SessionResponseSchema, options);
}

/**
 * Asks whether a social identity's e-mail already belongs to a member, to skip the consent step for them. The
 * provider's token goes with it: the answer reveals membership, so bookcore answers only for a verified identity.
 *
 * @param user - the e-mail, its provider, the provider's user id and token.
 * @param url - the check address.
 * @param options - cancellation and timeout.
 * @returns `{success: true}` for a member, `{success: false}` otherwise.
 */
export function checkSocialUser(
  user: Pick<SocialUser, 'email' | 'integration'> & Partial<Pick<SocialUser, 'id' | 'id_token' | 'access_token'>>,
  url: string = DEFAULT_ENDPOINTS.socialCheckUser,
  options?: RequestOptions,
): Promise<SuccessResponse> {
  const payload: FormPayload = {
    email: user.email,
    tipo_integracion: user.integration,
    id: user.id,
    id_token: user.id_token,
    access_token: user.access_token,
  };
  return postForm(url, payload, SuccessResponseSchema, options);
}

/**
 * Loads loyalty prices, for every hotel or for one.
 *
 * @param id - a hotel (or search) id; all hotels when absent.
 * @param options - cancellation, timeout and retries.
 * @param url - the loyalty availability address (`data-loyalty-availability`), `{id}/` appended to it.
 */
export function getLoyaltyAvailability(
  id?: string | number,
  options?: GetOptions,
  url: string = BOOKCORE_PATHS.loyaltyAvailability,
): Promise<LoyaltyAvailabilityResponse> {
  const suffix = id === undefined || id === '' ? '' : `${encodeURIComponent(String(id))}/`;
  const base = url.endsWith('/') ? url : `${url}/`;
  return getJson(`${suffix === '' ? url : base}${suffix}`, LoyaltyAvailabilityResponseSchema, options);
}

/**
 * Asks the server to set a cookie (bookcore keeps some preferences server-side readable).
 *
 * @param payload - the passed payload, `{name, value}` for bookcore.
 * @param url - the set-cookie address.
 * @param options - cancellation and timeout.
 */
export function setCookie(
  payload: FormPayload,
  url: string = DEFAULT_ENDPOINTS.setCookie,
  options?: RequestOptions,
): Promise<SuccessResponse> {
  return postForm(url, payload, SuccessResponseSchema, options);
}
