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
 *
 * authResponse.accessToken is an RS256 JWT signed with the stand-in key of demo/stand-in-keys/ (kid `standin`),
 * claims app_id (the FB.init appId), user_id (= authResponse.userID), exp, iat, and the e-mail `/me` would give
 * for the token (when shared): what bookcore learns from Facebook's debug_token and /me, it verifies here.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var queryUser = script && script.src ? new URL(script.src, location.href).searchParams.get('user') : null;

  // The published test key of demo/stand-in-keys/social-signing-key.pem (test material, not a secret): the
  // stand-in signs its tokens as the provider's servers sign theirs, so a bookcore can verify them with the
  // public half. Kept inline so this file works from any origin with nothing of the dev server.
  var STANDIN_KEY_PKCS8 =
    'MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCrVpp+uwvVuwc1' +
    'W92r9HCBOuclb8Jk0yNpLHH2YF54b5r++irKljAUf0recrVjMynCm9YMM6YRywp7' +
    'XJogqMxhxBJPmISmHTbvNOyd/ba2v72Kv87TJOktUawGpb+IglKenTQxS7WRVvAw' +
    'DfWxqwMZ7kcARxuOrS2P0kfL6itMiE8sCXaEcszpWcfb6J8i8YFhR883o3un3aYD' +
    'lTV6ROa7l+GZHwX+3L7AYmK4W/SYNoGt64qcXXnVA74oal2Zd3IYww1GnzAl99KW' +
    'zsW1tpMC1nlGeQ4X/lTdKUVXcyQRSWnK2FybbGYfrYa9QSGWUZRj+N3fMDIC3g5x' +
    'lhFblnxPAgMBAAECggEAP66oLJtL6kwiAUCcUwm++SFSAVWZHI1nV3N4BhlKc5wT' +
    'sVp9JiANTckEJErhRTYiet0eARn/SxS62CASfzoOAPZ10dS/1Nf974mtuoku7Jy2' +
    'j8f70Pmim0AEXtIjLtM1bxPB7uKTYSo9irbdj4Qe2nf4Ns+3G+AdE5wWKGHoZwCV' +
    'DcqJfPriR/8+0B7vcHsJMZVZJ5aU6l8EhaJXY362+iq1kcYwpldSAU5GzvIt1a0d' +
    '93+nASKAgAjCIONl4EnJYcMl71Qz/KTkzTN9FWlrspng47bnpx2zDhxqKJG8z/6Q' +
    'nHh4eRlDwU38AGkTvVoK5vi6okrckTjxG2l2Zw9YzQKBgQDac6O8XNXGVZ7FgKMY' +
    'xlIvt7bKcDutsvTTl1ygNkPsNgXGrs4dcQSGwaX+o8B0R2YGKx45iC7YR0MetOOl' +
    'cp74vdqXtlFnPk6ptUfmj+T/irRwFAqz7QfbFUnbOFCXSbve/k+gX42WDg/IJOjy' +
    '5PiF6YB6h2Yi+VKXSo67dC9AiwKBgQDIyd5m0BRhoQECy0lQHfK40vljRak40yiI' +
    'Yr4jy1tctFTiP04aZrJFGBO4TCa1oKbTav24EL7T47KnXmgiJoCYd+96RbMO19sA' +
    'ng05cquuqFcNVjqsGd7Ptbpi2AW2bUq0bBNPrb1/peUMqX7UhT21LBkkmuzXjPEj' +
    'SsFtWHQHzQKBgE0AaB3UZ3JC6fVaU6M+/OdfDaqsBw1CQHR5LSg4GJchr8WKBpNw' +
    'LBVIGzf4BrW2GSthdYT4EPMho3ImdvvxvEGXwn6pwGXxG49MnCyUWjcNcG71UZR8' +
    'n8FE7sS8RAQf9H41DGJObD0RddSp1gcQWN3zIduO8JyxX8B+gnNnD+TjAoGAcm/b' +
    'ee2OMDZ7RQRnvGnVNNHJoXLKh8CRkWn1xKDaaXO+DVTXRuTRJeAbHScJyOrPKiAI' +
    'iyfAGzPjVtDPuOcI091HeADRlNwhzbBHCT756om3U7qZpgz4mJmSqVNFrjuMIFiY' +
    'iQkUv/PlH9palvV5vhBsJBjIc/G4Xcz1gUSwnOECgYA8vGmmp7iqocjEAmLl6ok5' +
    '10mccQXKQfZGfo1I51P6tA46CydXPJhVa8+tv5TlrTksuPfSYSOpf6lfdU9M91FT' +
    'HR0fx/p5kARRTDEKL9xe8pboH/fbF8Ww9r4Xm4m0zgUWJceYdAJTZXOtO4PpBlF+' +
    '99SKcoGVM60cKxdxgiH3XQ==';
  var STANDIN_KEY_ID = 'standin';

  function base64url(bytes) {
    var binary = '';
    for (var i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function base64urlText(text) {
    return base64url(new TextEncoder().encode(text));
  }

  var signingKey = null;
  function importSigningKey() {
    if (!signingKey) {
      var der = Uint8Array.from(atob(STANDIN_KEY_PKCS8), function (c) { return c.charCodeAt(0); });
      signingKey = crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    }
    return signingKey;
  }

  /** An RS256 JWT of the claims, signed with the stand-in key (WebCrypto: the page must be a secure context). */
  function signJwt(claims) {
    var input = base64urlText(JSON.stringify({ alg: 'RS256', kid: STANDIN_KEY_ID, typ: 'JWT' })) + '.' + base64urlText(JSON.stringify(claims));
    return importSigningKey()
      .then(function (key) { return crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(input)); })
      .then(function (signature) { return input + '.' + base64url(new Uint8Array(signature)); });
  }

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
        accessToken: session.accessToken,
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
      var now = Math.floor(Date.now() / 1000);
      var claims = { app_id: app.appId, user_id: identity.id, iat: now, exp: now + 3600 };
      if (identity.email && scope.indexOf('email') !== -1) claims.email = identity.email;
      signJwt(claims).then(
        function (accessToken) {
          session = { identity: identity, scope: scope, accessToken: accessToken };
          later(callback, statusResponse());
        },
        function (error) {
          console.error('FB stand-in: could not sign the access token (the page must be a secure context):', error);
        },
      );
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
