/*
 * Stand-in for the Facebook JS SDK (https://connect.facebook.net/es_ES/sdk.js) on pages without internet.
 * It implements the part of FB the widget calls, with the same names and signatures: window.fbAsyncInit,
 * FB.init({appId, version, cookie, xfbml, status}), FB.login(callback, {scope}), FB.api('/me', {fields},
 * callback), FB.getLoginStatus(callback), FB.logout(callback).
 *
 * Which account "logs in" (read at click time, so tests can switch it after the script loaded):
 *   window.__standinSocialUser = 'member' | 'new' | 'no-email' | 'cancel'   (both providers), or
 *   window.__standinSocialUser = { google: 'member', facebook: 'cancel' }   (per provider), else
 *   the script's ?user= query parameter, else 'new'.
 *   member   → Ana García López, ana@example.com (a seeded member of the dev bookcore)
 *   new      → Marc Puig, marc.puig@example.com (not a member)
 *   no-email → Marc Puig, who does not share his e-mail (/me has no email field)
 *   cancel   → the visitor closes the login dialog: status 'unknown', no authResponse
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var queryUser = script && script.src ? new URL(script.src, location.href).searchParams.get('user') : null;

  var IDENTITIES = {
    member: { id: '200000000000001', email: 'ana@example.com', first_name: 'Ana', last_name: 'García López' },
    new: { id: '200000000000002', email: 'marc.puig@example.com', first_name: 'Marc', last_name: 'Puig' },
    'no-email': { id: '200000000000003', email: null, first_name: 'Marc', last_name: 'Puig' },
  };

  function choice() {
    var flag = window.__standinSocialUser;
    if (flag && typeof flag === 'object') flag = flag.facebook;
    return flag || queryUser || 'new';
  }

  var app = null;
  var session = null;

  function statusResponse() {
    if (!session) return { status: 'unknown', authResponse: null };
    return {
      status: 'connected',
      authResponse: {
        accessToken: 'standin-access-token-' + session.identity.id,
        userID: session.identity.id,
        expiresIn: 5183999,
        signedRequest: 'standin.signed-request',
        graphDomain: 'facebook',
        data_access_expiration_time: Math.floor(Date.now() / 1000) + 7776000,
      },
    };
  }

  function later(callback, value) {
    if (typeof callback === 'function') setTimeout(function () { callback(value); }, 20);
  }

  function needsInit(method) {
    if (app) return false;
    console.error('FB.' + method + '() called before FB.init().');
    return true;
  }

  var FB = {
    init: function (options) {
      if (!options || !options.appId) {
        console.error('FB.init: appId is required');
        return;
      }
      if (options.version && !/^v\d+\.\d+$/.test(options.version)) {
        console.error('FB.init: invalid version ' + options.version);
        return;
      }
      app = { appId: String(options.appId), version: options.version || 'v2.11' };
    },
    login: function (callback, options) {
      if (needsInit('login')) return;
      var identity = IDENTITIES[choice()];
      if (!identity) {
        session = null;
        later(callback, statusResponse());
        return;
      }
      var scope = String((options && options.scope) || 'public_profile').split(',').map(function (s) { return s.trim(); });
      session = { identity: identity, scope: scope };
      later(callback, statusResponse());
    },
    logout: function (callback) {
      if (needsInit('logout')) return;
      session = null;
      later(callback, statusResponse());
    },
    getLoginStatus: function (callback) {
      if (needsInit('getLoginStatus')) return;
      later(callback, statusResponse());
    },
    api: function (path, params, callback) {
      if (typeof params === 'function') {
        callback = params;
        params = {};
      }
      if (needsInit('api')) return;
      if (String(path).replace(/^\//, '') !== 'me') {
        later(callback, { error: { message: 'Unsupported path in the stand-in SDK: ' + path, code: 100 } });
        return;
      }
      if (!session) {
        later(callback, { error: { message: 'An active access token must be used to query information about the current user.', type: 'OAuthException', code: 2500 } });
        return;
      }
      var identity = session.identity;
      var full = {
        id: identity.id,
        first_name: identity.first_name,
        last_name: identity.last_name,
        name: identity.first_name + ' ' + identity.last_name,
      };
      if (identity.email && session.scope.indexOf('email') !== -1) full.email = identity.email;
      var fields = String((params && params.fields) || 'id,name').split(',');
      var answer = { id: identity.id };
      fields.forEach(function (field) {
        var key = field.trim();
        if (key in full) answer[key] = full[key];
      });
      later(callback, answer);
    },
  };

  window.FB = FB;
  // The real SDK calls fbAsyncInit once FB is defined, asynchronously after the script ran.
  setTimeout(function () {
    if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
  }, 0);
})();
