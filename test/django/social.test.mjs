// @ts-check
/**
 * Social sign-in (docs/bookcore-contract.md "Social sign-in: what bookcore must verify"), on the reference Django bookcore (over real HTTP, with a valid CSRF token so only the
 * social checks can refuse): the social sign-in signs nobody in without a token Django verified — Google's ID
 * token (RS256 signature, audience, issuer, expiry) and Facebook's access token (signature, app id, user id,
 * expiry). Tokens are signed here with the stand-in test key (demo/stand-in-keys/), as the stand-in SDKs sign
 * them; a control proves a valid token does sign in, so the refusals are the checks', not a broken view's.
 * And in Chromium: the stand-in SDKs' own tokens (WebCrypto RS256), posted by the widget, pass Django's checks.
 */
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { authSection, withNavigation } from '../e2e/support.mjs';
import { launchChromium, startDjango } from './support.mjs';

const STAND_IN_KEY = createPrivateKey(readFileSync(new URL('../../demo/stand-in-keys/social-signing-key.pem', import.meta.url)));
const OTHER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const GOOGLE_CLIENT_ID = 'dev-loyalty-elements.apps.googleusercontent.com';
const FACEBOOK_APP_ID = '100000000000001';
const MEMBER = 'ana@example.com';

const base64url = (/** @type {string | Buffer} */ data) => Buffer.from(data).toString('base64url');

/**
 * A JWT: RS256 with `key`, or unsigned (`alg: none`) without one.
 * @param {Record<string, unknown>} claims
 * @param {import('node:crypto').KeyObject | null} [key]
 */
function jwt(claims, key = STAND_IN_KEY) {
  const header = key ? { alg: 'RS256', kid: 'standin', typ: 'JWT' } : { alg: 'none', typ: 'JWT' };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${key ? base64url(sign('sha256', Buffer.from(input), key)) : ''}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** @param {Record<string, unknown>} [overrides] */
function googleClaims(overrides = {}) {
  return {
    iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT_ID, azp: GOOGLE_CLIENT_ID, sub: '100000000000000000001',
    email: MEMBER, email_verified: true, given_name: 'Ana', family_name: 'García López', iat: now(), exp: now() + 3600,
    ...overrides,
  };
}

/** @param {Record<string, unknown>} [overrides] */
function facebookClaims(overrides = {}) {
  return { app_id: FACEBOOK_APP_ID, user_id: '200000000000001', iat: now(), exp: now() + 3600, ...overrides };
}

describe('Django refuses forged social sign-ins', () => {
  /** @type {import('./support.mjs').Django} */
  let django;
  before(async () => {
    django = await startDjango();
  });
  after(async () => {
    await django?.stop();
  });

  /**
   * Posts the social sign-in from a fresh visitor session with a valid CSRF token (from the settings view).
   * @param {Record<string, string>} fields
   */
  async function post(fields) {
    const settings = await fetch(`${django.origin}/bookcore/partempresas/loyalty/settings/`);
    const cookie = (settings.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
    const { csrfToken } = await settings.json();
    const response = await fetch(`${django.origin}/bookcore/partempresas/login-particular-integracion/`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': csrfToken, referer: `${django.origin}/`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ first_name: 'Ana', last_name: 'García López', email: MEMBER, name: 'Ana García López', recibir_newsletter: 'false', ...fields }),
    });
    const text = await response.text();
    return { status: response.status, body: /** @type {Record<string, any>} */ (JSON.parse(text)), signedInAs: response.headers.getSetCookie().some((line) => line.startsWith('sessionid=')) };
  }

  /** @param {Awaited<ReturnType<typeof post>>} answer */
  function assertRefused(answer) {
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.errors, 'an errors field');
    assert.equal(answer.body.success, undefined);
    assert.equal(answer.signedInAs, false, 'no session was started');
  }

  it('control: a valid Google ID token and a valid Facebook access token sign the member in', async () => {
    const google = await post({ tipo_integracion: 'google', id: '100000000000000000001', id_token: jwt(googleClaims()) });
    assert.equal(google.status, 200, JSON.stringify(google.body));
    assert.equal(google.body.userName, MEMBER);
    assert.equal(typeof google.body.csrfToken, 'string', 'the answer carries the rotated token');
    const facebook = await post({ tipo_integracion: 'facebook', id: '200000000000001', access_token: jwt(facebookClaims()) });
    assert.equal(facebook.status, 200, JSON.stringify(facebook.body));
    assert.equal(facebook.body.userName, MEMBER);
  });

  it('Google: no token, unsigned (alg none), another key, wrong audience, wrong issuer, expired', async () => {
    assertRefused(await post({ tipo_integracion: 'google', id: '100000000000000000001' }));
    assertRefused(await post({ tipo_integracion: 'google', id_token: jwt(googleClaims(), null) }));
    assertRefused(await post({ tipo_integracion: 'google', id_token: jwt(googleClaims(), OTHER_KEY) }));
    assertRefused(await post({ tipo_integracion: 'google', id_token: jwt(googleClaims({ aud: 'another-app.apps.googleusercontent.com' })) }));
    assertRefused(await post({ tipo_integracion: 'google', id_token: jwt(googleClaims({ iss: 'https://evil.example' })) }));
    assertRefused(await post({ tipo_integracion: 'google', id_token: jwt(googleClaims({ iat: now() - 7200, exp: now() - 3600 })) }));
    // A valid token for one account with another account's id posted beside it.
    assertRefused(await post({ tipo_integracion: 'google', id: '999', id_token: jwt(googleClaims()) }));
  });

  it("Google: the e-mail comes from the token, not the form (a token of someone else cannot sign in as the member)", async () => {
    const answer = await post({ tipo_integracion: 'google', id_token: jwt(googleClaims({ sub: '555', email: 'mallory@example.com' })) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.userName, 'mallory@example.com', 'signed in as the token says, whatever e-mail was posted');
  });

  it('Facebook: no token, a forged id, unsigned, another key, another app, expired', async () => {
    assertRefused(await post({ tipo_integracion: 'facebook', id: '200000000000001' }));
    assertRefused(await post({ tipo_integracion: 'facebook', id: '1', access_token: jwt(facebookClaims()) }));
    assertRefused(await post({ tipo_integracion: 'facebook', id: '200000000000001', access_token: jwt(facebookClaims(), null) }));
    assertRefused(await post({ tipo_integracion: 'facebook', id: '200000000000001', access_token: jwt(facebookClaims(), OTHER_KEY) }));
    assertRefused(await post({ tipo_integracion: 'facebook', id: '200000000000001', access_token: jwt(facebookClaims({ app_id: '999' })) }));
    assertRefused(await post({ tipo_integracion: 'facebook', id: '200000000000001', access_token: jwt(facebookClaims({ exp: now() - 60 })) }));
    // docs/bookcore-contract.md fields alone (what a hand-made post sends): refused.
    assertRefused(await post({ tipo_integracion: 'facebook', id: '1' }));
  });

  it('no request was refused for CSRF: the refusals above are the social checks', () => {
    assert.deepEqual(django.refusalsSince(0), []);
  });
});

describe('the stand-in SDKs sign the member in on Django through the widget', () => {
  /** @type {import('./support.mjs').Django} */
  let django;
  /** @type {Awaited<ReturnType<typeof launchChromium>>} */
  let chromium;
  before(async () => {
    [django, chromium] = await Promise.all([startDjango(), launchChromium()]);
  });
  after(async () => {
    await chromium?.close();
    await django?.stop();
  });

  for (const provider of /** @type {const} */ (['google', 'facebook'])) {
    it(`${provider}: the member is signed in, the page reloads as theirs, Django refused nothing`, async () => {
      const from = django.log().length;
      const context = await chromium.newContext();
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(`${django.origin}/`);
        await page.evaluate(() => {
          /** @type {any} */ (window).__standinSocialUser = 'member';
        });
        await page.locator('loyalty-icon [part="button"].out').click();
        const preSignUp = authSection(page, 'PRE_SIGNUP');
        const button = provider === 'google' ? preSignUp.locator('[data-standin="google"]') : preSignUp.locator('[part~="social-facebook"] button');
        await button.waitFor();
        await withNavigation(page, () => button.click());
        await page.locator('loyalty-icon [part="button"].in').waitFor();
        const user = await page.evaluate(async () => (await fetch('/bookcore/loyalty/ajax/user/')).json());
        assert.equal(user.userName, MEMBER);
      } finally {
        await context.close();
      }
      assert.deepEqual(django.refusalsSince(from), []);
    });
  }
});
