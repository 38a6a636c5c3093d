/*
 * Stand-in for Google Identity Services (https://accounts.google.com/gsi/client) on pages without internet.
 * It implements the part of google.accounts.id the widget calls, with the same names and signatures:
 * initialize({client_id, callback, ...}), renderButton(parent, options), prompt(listener), disableAutoSelect(),
 * cancel(). The credential is an RS256 JWT ID token with the standard claims (iss, aud = the client id, sub,
 * email, exp…), signed with the stand-in key of demo/stand-in-keys/ (kid `standin`), which bookcore verifies.
 *
 * Which account "signs in" (read at click time, so tests can switch it after the script loaded):
 *   window.__standinSocialUser = 'member' | 'new' | 'no-email' | 'cancel'   (both providers), or
 *   window.__standinSocialUser = { google: 'member', facebook: 'cancel' }   (per provider), else
 *   the script's ?user= query parameter, else 'new'.
 *   member   → Ana García López, ana@example.com (a seeded member of the dev bookcore)
 *   new      → Lucía Gómez, lucia.gomez@example.com (not a member)
 *   no-email → Lucía Gómez without an e-mail claim
 *   cancel   → the visitor closes Google's popup: the callback is never called
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
    member: { sub: '100000000000000000001', email: 'ana@example.com', given_name: 'Ana', family_name: 'García López' },
    new: { sub: '100000000000000000002', email: 'lucia.gomez@example.com', given_name: 'Lucía', family_name: 'Gómez' },
    'no-email': { sub: '100000000000000000003', email: null, given_name: 'Lucía', family_name: 'Gómez' },
  };

  var LABELS = {
    es: { signin_with: 'Iniciar sesión con Google', signup_with: 'Registrarse con Google', continue_with: 'Continuar con Google', signin: 'Iniciar sesión' },
    en: { signin_with: 'Sign in with Google', signup_with: 'Sign up with Google', continue_with: 'Continue with Google', signin: 'Sign in' },
  };

  function choice() {
    var flag = window.__standinSocialUser;
    if (flag && typeof flag === 'object') flag = flag.google;
    return flag || queryUser || 'new';
  }

  function idToken(identity, clientId) {
    var now = Math.floor(Date.now() / 1000);
    var claims = {
      iss: 'https://accounts.google.com',
      azp: clientId,
      aud: clientId,
      sub: identity.sub,
      name: identity.given_name + ' ' + identity.family_name,
      given_name: identity.given_name,
      family_name: identity.family_name,
      iat: now,
      exp: now + 3600,
      jti: 'standin-' + now,
    };
    if (identity.email) {
      claims.email = identity.email;
      claims.email_verified = true;
    }
    return signJwt(claims);
  }

  var config = null;

  /** Google's "G", as its button draws it (18 px, decorative). */
  function googleMark() {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 48 48');
    svg.setAttribute('width', '18');
    svg.setAttribute('height', '18');
    svg.setAttribute('aria-hidden', 'true');
    [
      ['#EA4335', 'M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z'],
      ['#4285F4', 'M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z'],
      ['#FBBC05', 'M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z'],
      ['#34A853', 'M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z'],
    ].forEach(function (part) {
      var path = document.createElementNS(ns, 'path');
      path.setAttribute('fill', part[0]);
      path.setAttribute('d', part[1]);
      svg.appendChild(path);
    });
    return svg;
  }

  /** Answers like Google after the visitor picked an account in the popup (or closed it). */
  function signIn(selectBy) {
    if (!config) {
      console.warn('[GSI_LOGGER]: google.accounts.id.initialize() must be called first.');
      return false;
    }
    var identity = IDENTITIES[choice()];
    if (!identity) return false;
    var current = config;
    idToken(identity, current.client_id).then(
      function (credential) {
        current.callback({ credential: credential, select_by: selectBy, clientId: current.client_id });
      },
      function (error) {
        console.error('[GSI stand-in]: could not sign the ID token (the page must be a secure context):', error);
      },
    );
    return true;
  }

  function notification(displayed, reason) {
    return {
      isDisplayMoment: function () { return displayed; },
      isDisplayed: function () { return displayed; },
      isNotDisplayed: function () { return !displayed; },
      getNotDisplayedReason: function () { return displayed ? undefined : reason; },
      isSkippedMoment: function () { return !displayed; },
      getSkippedReason: function () { return displayed ? undefined : 'user_cancel'; },
      isDismissedMoment: function () { return displayed; },
      getDismissedReason: function () { return displayed ? 'credential_returned' : undefined; },
      getMomentType: function () { return displayed ? 'dismissed' : 'skipped'; },
    };
  }

  var id = {
    initialize: function (options) {
      if (!options || typeof options.client_id !== 'string' || !options.client_id) {
        console.warn('[GSI_LOGGER]: Missing required parameter: client_id.');
        return;
      }
      if (typeof options.callback !== 'function') {
        console.warn('[GSI_LOGGER]: Missing required parameter: callback.');
        return;
      }
      config = options;
    },
    renderButton: function (parent, options) {
      if (!(parent instanceof HTMLElement)) throw new TypeError('renderButton: parent must be an HTMLElement');
      options = options || {};
      var lang = String(options.locale || document.documentElement.lang || 'en').slice(0, 2);
      var labels = LABELS[lang] || LABELS.en;
      var button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('data-standin', 'google');
      // As Google's: its "G" at the left (logo_alignment 'left'), the text centred in the rest.
      button.appendChild(googleMark());
      var text = document.createElement('span');
      text.textContent = labels[options.text || 'signin_with'] || labels.signin_with;
      text.style.cssText = 'flex:1;text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis';
      button.appendChild(text);
      button.style.cssText =
        'display:inline-flex;align-items:center;gap:8px;box-sizing:border-box;min-height:40px;padding:0 12px;border:1px solid #747775;' +
        'border-radius:' + (options.shape === 'pill' ? '20px' : '4px') + ';background:#fff;color:#1f1f1f;' +
        'font:500 14px/1 Roboto,Arial,sans-serif;cursor:pointer;' + (options.width ? 'width:' + options.width + 'px;' : '');
      button.addEventListener('click', function () {
        if (typeof options.click_listener === 'function') options.click_listener();
        signIn('btn');
      });
      var wrapper = document.createElement('div');
      wrapper.appendChild(button);
      parent.replaceChildren(wrapper);
    },
    prompt: function (listener) {
      var shown = signIn('auto');
      if (typeof listener === 'function') {
        setTimeout(function () { listener(notification(shown, shown ? undefined : 'suppressed_by_user')); }, 0);
      }
    },
    disableAutoSelect: function () {},
    cancel: function () {},
  };

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = id;
})();
