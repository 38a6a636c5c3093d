/*
 * Stand-in for Google Identity Services (https://accounts.google.com/gsi/client) on pages without internet.
 * It implements the part of google.accounts.id the widget calls, with the same names and signatures:
 * initialize({client_id, callback, ...}), renderButton(parent, options), prompt(listener), disableAutoSelect(),
 * cancel(). The credential is a JWT id token with the standard claims and a dummy signature.
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

  function base64url(text) {
    var bytes = new TextEncoder().encode(text);
    var binary = '';
    for (var i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
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
    var header = { alg: 'RS256', kid: 'standin', typ: 'JWT' };
    return base64url(JSON.stringify(header)) + '.' + base64url(JSON.stringify(claims)) + '.' + base64url('standin-signature');
  }

  var config = null;

  /** Answers like Google after the visitor picked an account in the popup (or closed it). */
  function signIn(selectBy) {
    if (!config) {
      console.warn('[GSI_LOGGER]: google.accounts.id.initialize() must be called first.');
      return false;
    }
    var identity = IDENTITIES[choice()];
    if (!identity) return false;
    var current = config;
    setTimeout(function () {
      current.callback({ credential: idToken(identity, current.client_id), select_by: selectBy, clientId: current.client_id });
    }, 20);
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
      button.textContent = labels[options.text || 'signin_with'] || labels.signin_with;
      button.style.cssText =
        'display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 12px;border:1px solid #747775;' +
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
