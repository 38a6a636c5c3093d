import { expect } from '@open-wc/testing';
import { BOOKCORE_PATHS, DEFAULT_ENDPOINTS } from '../../src/api/endpoints';

describe('DEFAULT_ENDPOINTS', () => {
  it('holds every configurable address with its bookcore default', () => {
    expect(DEFAULT_ENDPOINTS).to.deep.equal({
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
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_ENDPOINTS)).to.equal(true);
    expect(Object.isFrozen(BOOKCORE_PATHS)).to.equal(true);
  });
});
