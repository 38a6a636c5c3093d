// @ts-check
/**
 * Verifies the tokens the stand-in social SDKs hand the widget, as a real bookcore verifies Google's ID tokens
 * (signature against Google's keys, `aud`, `iss`, `exp`) and Facebook's access tokens (Facebook's token inspection,
 * `debug_token`: the app id, the user id, expiry). The stand-ins sign with the published test key of
 * demo/stand-in-keys/; this server checks with its public half. Never trust a posted e-mail or id that the token
 * does not vouch for.
 */
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PUBLIC_KEY = createPublicKey(readFileSync(new URL('../stand-in-keys/social-signing-key.pub.pem', import.meta.url)));
const KEY_ID = 'standin';
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);
// A token is a few hundred bytes; anything far larger is not one of ours and is not worth parsing.
const MAX_TOKEN_LENGTH = 8192;

/** Why a token was refused; the message is for logs and tests, the guest sees bookcore's generic text. */
export class TokenRefused extends Error {}

/**
 * @param {string} part
 * @returns {Record<string, unknown>}
 */
function decodeJsonPart(part) {
  let value;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRefused('a token part is not base64url JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new TokenRefused('a token part is not an object');
  return value;
}

/**
 * Checks an RS256 JWT's shape, algorithm, key id and signature, and its expiry.
 * @param {string | undefined} token
 * @param {number} nowMs the server clock
 * @returns {Record<string, unknown>} the claims
 */
function verifiedClaims(token, nowMs) {
  if (!token) throw new TokenRefused('no token');
  if (token.length > MAX_TOKEN_LENGTH) throw new TokenRefused('token too long');
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenRefused('not a JWT');
  const [headerPart, claimsPart, signaturePart] = /** @type {[string, string, string]} */ (parts);
  const header = decodeJsonPart(headerPart);
  // The algorithm is fixed here, never taken from the token: that is what refuses `alg: none` and HS256 tricks.
  if (header.alg !== 'RS256') throw new TokenRefused(`algorithm ${String(header.alg)} refused`);
  if (header.kid !== KEY_ID) throw new TokenRefused('unknown key id');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  if (signature.length === 0 || !verify('RSA-SHA256', signed, PUBLIC_KEY, signature)) throw new TokenRefused('bad signature');
  const claims = decodeJsonPart(claimsPart);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) throw new TokenRefused('expired');
  return claims;
}

/**
 * A Google ID token: signature, `iss`, `aud` = the client id, `exp`.
 * @param {string | undefined} token
 * @param {string} clientId
 * @param {number} nowMs
 * @returns {{ sub: string, email: string | null }}
 */
export function verifyGoogleIdToken(token, clientId, nowMs) {
  const claims = verifiedClaims(token, nowMs);
  if (typeof claims.iss !== 'string' || !GOOGLE_ISSUERS.has(claims.iss)) throw new TokenRefused('wrong issuer');
  if (claims.aud !== clientId) throw new TokenRefused('wrong audience');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new TokenRefused('no subject');
  const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
  return { sub: claims.sub, email };
}

/**
 * A Facebook access token, as `debug_token` would describe it: `app_id` = the app id, `user_id` = the posted id,
 * `exp`. The stand-in adds the `email` the Graph API's `/me` would give for that token.
 * @param {string | undefined} token
 * @param {string} appId
 * @param {string} postedId
 * @param {number} nowMs
 * @returns {{ userId: string, email: string | null }}
 */
export function verifyFacebookAccessToken(token, appId, postedId, nowMs) {
  const claims = verifiedClaims(token, nowMs);
  if (String(claims.app_id ?? '') !== appId) throw new TokenRefused('wrong app id');
  if (typeof claims.user_id !== 'string' || !claims.user_id) throw new TokenRefused('no user id');
  if (claims.user_id !== postedId) throw new TokenRefused('the posted id is not the token\'s user');
  return { userId: claims.user_id, email: typeof claims.email === 'string' ? claims.email : null };
}
