/**
 * The Facebook JS SDK (connect.facebook.net/…/sdk.js): the part of `FB` the widget calls, and the script load
 * with `window.fbAsyncInit`.
 */
import { loadScriptOnce } from './load-script';

/** The scope the widget asks for (docs/loyalty-widget.md "Social login"). */
export const FACEBOOK_SCOPE = 'public_profile,email';

/** The profile fields read from `/me`. */
export const FACEBOOK_FIELDS = 'first_name,last_name,email,name';

/** What `FB.login` and `FB.getLoginStatus` pass to their callback. */
export interface FacebookStatusResponse {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse: { accessToken: string; userID: string; expiresIn?: number; signedRequest?: string } | null;
}

/** The `/me` answer with {@link FACEBOOK_FIELDS}; `email` is missing when the visitor does not share it. */
export interface FacebookMe {
  id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  name?: string;
  error?: { message: string };
}

/** `FB`, as far as the widget calls it. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; status?: boolean }): void;
  login(callback: (response: FacebookStatusResponse) => void, options?: { scope?: string }): void;
  logout(callback?: (response: FacebookStatusResponse) => void): void;
  getLoginStatus(callback: (response: FacebookStatusResponse) => void): void;
  api(path: string, params: Record<string, string>, callback: (response: FacebookMe) => void): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const INIT_KEY = Symbol.for('loyalty-elements.social-sdk.facebook-app');

/**
 * Loads the SDK once per page and runs `FB.init` once per app id.
 *
 * @param url - the script address (`data-facebook-sdk-url`).
 * @param appId - the app id from the settings' `socialLogin.facebook.client_id`.
 * @param version - the Graph API version (`data-facebook-sdk-version`, default v2.11).
 * @returns `FB`; rejects when the script is blocked, fails or times out.
 */
export async function loadFacebookSdk(url: string, appId: string, version: string): Promise<FacebookSdk> {
  if (!window.FB) {
    await loadScriptOnce(url, {
      // The SDK calls window.fbAsyncInit once FB is ready, which may be after the script's load event.
      ready: (loaded) =>
        new Promise<void>((resolve, reject) => {
          const previous = window.fbAsyncInit;
          window.fbAsyncInit = () => {
            previous?.();
            resolve();
          };
          loaded.then(() => {
            if (window.FB) resolve();
          }, reject);
        }),
    });
  }
  const sdk = window.FB;
  if (!sdk) throw new Error(`${url} loaded but defined no FB`);
  const holder = globalThis as typeof globalThis & { [INIT_KEY]?: string };
  if (holder[INIT_KEY] !== appId) {
    sdk.init({ appId, version, cookie: true, xfbml: false, status: false });
    holder[INIT_KEY] = appId;
  }
  return sdk;
}

/** A Facebook login: the profile, and what bookcore verifies it with. */
export interface FacebookLogin {
  me: FacebookMe;
  /** `authResponse.accessToken`: bookcore inspects it (`debug_token`) for its app id and user id. */
  accessToken: string;
  /** `authResponse.userID`: the user the token was issued for. */
  userID: string;
}

/**
 * Asks the visitor to log in with Facebook (must run inside the click handler, or browsers block the popup),
 * then reads their profile.
 *
 * @returns the profile with the access token and user id, or null when the visitor cancelled or refused.
 */
export function facebookLogin(sdk: FacebookSdk): Promise<FacebookLogin | null> {
  return new Promise((resolve, reject) => {
    sdk.login(
      (response) => {
        const auth = response.authResponse;
        if (response.status !== 'connected' || !auth) {
          resolve(null);
          return;
        }
        sdk.api('/me', { fields: FACEBOOK_FIELDS }, (me) => {
          if (!me || me.error) reject(new Error(me?.error?.message ?? 'Facebook /me failed'));
          else resolve({ me, accessToken: auth.accessToken, userID: auth.userID });
        });
      },
      { scope: FACEBOOK_SCOPE },
    );
  });
}
