"""
Verifying what a social provider vouches for, before anyone is signed in.

The widget posts Google's ID token (`id_token`) and Facebook's access token (`access_token`) with the user id
(`id`). Bookcore must not trust the posted e-mail or id until it has checked the token:

- Google: the ID token's RS256 signature against Google's published keys, `aud` = the client id, `iss`
  accounts.google.com, `exp` not past; then the e-mail and id come from the token.
- Facebook: the access token through Facebook's token inspection (`debug_token`): valid, `app_id` = the app id,
  `user_id` = the posted id, not expired.

The demo's stand-in SDKs (demo/server/sdk/) sign their tokens with the published test key in demo/stand-in-keys/,
so this module verifies them with its public half. **An integrator replaces exactly the two functions marked
PRODUCTION below**; everything else stays.
"""
import time

import jwt
from django.conf import settings

GOOGLE_ISSUERS = ('accounts.google.com', 'https://accounts.google.com')
STAND_IN_PUBLIC_KEY = settings.REPO_ROOT / 'demo' / 'stand-in-keys' / 'social-signing-key.pub.pem'


class SocialTokenError(Exception):
    """The token is missing, forged, for another app, or expired: nobody is signed in."""


def _stand_in_key():
    return STAND_IN_PUBLIC_KEY.read_text()


# --- PRODUCTION: replace with Google's keys -------------------------------------------------------------------
def google_signing_key(token):
    """The public key that signed this Google ID token.

    Production: `jwt.PyJWKClient('https://www.googleapis.com/oauth2/v3/certs').get_signing_key_from_jwt(token).key`
    (cache the client: it caches Google's keys).
    """
    return _stand_in_key()


# --- PRODUCTION: replace with Facebook's token inspection ------------------------------------------------------
def inspect_facebook_token(access_token):
    """What Facebook says about an access token: `{'is_valid', 'app_id', 'user_id', 'expires_at'}`.

    Production: GET https://graph.facebook.com/debug_token?input_token=<access_token>&access_token=<app id>|<app
    secret> and return its `data`. The stand-in SDK's tokens are JWTs signed with the test key instead.
    """
    try:
        claims = jwt.decode(access_token, _stand_in_key(), algorithms=['RS256'], options={'require': ['exp', 'app_id', 'user_id'], 'verify_exp': False})
    except jwt.PyJWTError:
        return {'is_valid': False}
    return {'is_valid': True, 'app_id': str(claims['app_id']), 'user_id': str(claims['user_id']), 'expires_at': claims['exp']}


def verify_google(id_token, client_id):
    """The verified claims of a Google ID token (`sub`, `email`, names), else SocialTokenError."""
    if not id_token:
        raise SocialTokenError('no id_token')
    try:
        # algorithms=['RS256'] alone: an unsigned (`alg: none`) or HMAC token is refused before anything else.
        claims = jwt.decode(
            id_token,
            google_signing_key(id_token),
            algorithms=['RS256'],
            audience=client_id,
            options={'require': ['exp', 'iat', 'aud', 'iss', 'sub']},
        )
    except jwt.PyJWTError as error:
        raise SocialTokenError(f'id_token refused: {error}') from error
    if claims['iss'] not in GOOGLE_ISSUERS:
        raise SocialTokenError(f'id_token from another issuer: {claims["iss"]}')
    return claims


def verify_facebook(access_token, app_id, user_id):
    """Nothing when Facebook vouches that this token is this app's, for this user, and alive; else SocialTokenError."""
    if not access_token or not user_id:
        raise SocialTokenError('no access_token or id')
    data = inspect_facebook_token(access_token)
    if not data.get('is_valid'):
        raise SocialTokenError('access_token not valid')
    if str(data.get('app_id')) != str(app_id):
        raise SocialTokenError('access_token of another app')
    if str(data.get('user_id')) != str(user_id):
        raise SocialTokenError('access_token of another user')
    if int(data.get('expires_at') or 0) <= time.time():
        raise SocialTokenError('access_token expired')
