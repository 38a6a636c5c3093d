/**
 * The bookcore addresses the widget calls. The configurable ones (docs/configuration.md: one
 * `data-*` attribute each on `<loyalty-panel>`) live in {@link DEFAULT_ENDPOINTS}; the ones docs/bookcore-contract.md fixes
 * live in {@link BOOKCORE_PATHS}.
 */

/** Every configurable address. Page addresses (`login`, `resetAvailability`) are navigated to, not fetched. */
export interface Endpoints {
  /** GET: loyalty settings, the logged-in user and the social client ids. */
  settings: string;
  /** POST: e-mail sign-in. */
  signin: string;
  /** POST: e-mail sign-up. */
  signup: string;
  /** GET: the current user, `{}` when anonymous. */
  getUser: string;
  /** POST: sends the password-recovery e-mail. */
  passwordRecovery: string;
  /** POST: sets a new password with the mailed uid and token. */
  changePassword: string;
  /** POST: sign-in (or sign-up) with a Google or Facebook identity. */
  socialSignin: string;
  /** POST: ends the session. */
  logout: string;
  /** Page: where a password-change page sends the guest after sign-in or sign-out. */
  login: string;
  /** POST: empties the session's cart. */
  dropUrl: string;
  /** Page: where availability and cart pages go after sign-in or sign-out. */
  resetAvailability: string;
  /** POST: whether a social identity's e-mail belongs to a member. */
  socialCheckUser: string;
  /** POST: sets a cookie from a name and value. */
  setCookie: string;
  /** POST: adds a package option to the cart. */
  addPackage: string;
  /** POST: removes a cart line. */
  deletePackage: string;
  /** GET template: a package's availability; PACKID, CHECKIN and CHECKOUT are replaced. */
  packageAvailability: string;
  /** GET: the loyalty availability (member prices), followed by `{id}/` for one availability id. */
  loyaltyAvailability: string;
}

/** The bookcore defaults of docs/bookcore-contract.md, used wherever the page configures nothing. */
export const DEFAULT_ENDPOINTS: Readonly<Endpoints> = Object.freeze({
  settings: '/bookcore/partempresas/loyalty/settings/',
  signin: '/bookcore/loyalty/ajax/signin/',
  signup: '/bookcore/loyalty/ajax/signup/',
  getUser: '/bookcore/loyalty/ajax/user/',
  passwordRecovery: '/bookcore/loyalty/ajax/password/recovery/',
  changePassword: '/bookcore/loyalty/ajax/password/recovery/change/',
  socialSignin: '/bookcore/partempresas/login-particular-integracion/',
  logout: '/bookcore/partempresas/ajax/logout/',
  login: '/',
  dropUrl: '/bookcore/shopping-cart/drop/',
  resetAvailability: '/',
  socialCheckUser: '/bookcore/partempresas/loyalty/social/check-user/',
  setCookie: '/bookcore/set-cookie/',
  addPackage: '/bookcore/shopping-cart/add-package/',
  deletePackage: '/bookcore/shopping-cart/delete-package/',
  packageAvailability: '/bookcore/packages/PACKID/availability/?entrada=CHECKIN&salida=CHECKOUT',
  loyaltyAvailability: '/bookcore/availability/loyalty/',
});

/** Addresses docs/bookcore-contract.md gives as fixed paths. */
export const BOOKCORE_PATHS = Object.freeze({
  /** GET: the session's cart. */
  cart: '/bookcore/shopping-cart/json/',
  /** GET: the single best room upgrade for the cart. */
  bestUpgradableRoom: '/bookcore/shopping-cart/best-upgradable-room/',
  /** GET: the upgrades of one cart line, followed by `{id}/`. */
  upgradableRooms: '/bookcore/shopping-cart/upgradable-room/json/',
  /** POST: swaps a cart line's room. */
  upgradeRoom: '/bookcore/shopping-cart/upgrade-room/',
  /** GET: loyalty prices, optionally followed by `{id}/`. */
  loyaltyAvailability: '/bookcore/availability/loyalty/',
  /** Prefix of the mobile section's calls. */
  mobile: '/m2/ajax',
});
