/**
 * The social SDKs (Google Identity Services, Facebook JS SDK): loading once per page and the calls the widget
 * makes. DOM only: no React, no store, no fetch.
 */
export { loadScriptOnce, ScriptLoadError, SDK_TIMEOUT_MS } from './load-script';
export {
  decodeIdToken,
  listenForCredential,
  loadGoogleIdentity,
  type CredentialResponse,
  type GoogleAccountsId,
  type GoogleProfile,
} from './google';
export {
  FACEBOOK_FIELDS,
  FACEBOOK_SCOPE,
  facebookLogin,
  loadFacebookSdk,
  type FacebookMe,
  type FacebookSdk,
} from './facebook';
export { socialLogout } from './logout';
