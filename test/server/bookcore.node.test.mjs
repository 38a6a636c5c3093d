// @ts-check
/**
 * The dev bookcore over real HTTP: a node:http server on a free port, a cookie-keeping client, and the
 * flows of docs/bookcore-contract.md. Run with `node --test test/server/`.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { after, afterEach, before, describe, test } from 'node:test';
import { URLSearchParams, fileURLToPath } from 'node:url';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { walkMobileSection } from '../support/mobile-section.mjs';

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_EMAIL = 'ana@example.com';
const SEED_PASSWORD = 'Loyalty2026!';

const SOCIAL_PATH = '/bookcore/partempresas/login-particular-integracion/';
const CHECK_PATH = '/bookcore/partempresas/loyalty/social/check-user/';
const GOOGLE_CLIENT_ID = 'dev-loyalty-elements.apps.googleusercontent.com';
const FACEBOOK_APP_ID = '100000000000001';
const STANDIN_KEY = createPrivateKey(readFileSync(new URL('../../demo/stand-in-keys/social-signing-key.pem', import.meta.url)));
const OTHER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const nowS = () => Math.floor(Date.now() / 1000);

/** @param {Record<string, unknown>} claims */
const googleClaims = (claims) => ({ iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT_ID, azp: GOOGLE_CLIENT_ID, email_verified: true, iat: nowS(), exp: nowS() + 3600, ...claims });
/** @param {Record<string, unknown>} claims */
const facebookClaims = (claims) => ({ app_id: FACEBOOK_APP_ID, iat: nowS(), exp: nowS() + 3600, ...claims });
/** @param {unknown} value */
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An RS256 JWT as the stand-in SDKs sign them.
 * @param {Record<string, unknown>} claims
 * @param {import('node:crypto').KeyObject} [key]
 */
function signedToken(claims, key = STANDIN_KEY) {
  const input = `${part({ alg: 'RS256', kid: 'standin', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

/** @param {Record<string, unknown>} claims */
const unsignedToken = (claims) => `${part({ alg: 'none', kid: 'standin', typ: 'JWT' })}.${part(claims)}.`;

/** @param {number} days from today (UTC) */
const isoDate = (days) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const bookcore = createBookcore();
const server = createServer(async (req, res) => {
  if (!(await bookcore.handle(req, res))) {
    res.statusCode = 404;
    res.end('not bookcore');
  }
});
/** @type {string} */
let base;

before(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  base = `http://127.0.0.1:${address.port}`;
});
afterEach(() => bookcore.reset());
after(() => {
  server.closeAllConnections();
  server.close();
});

/** A browser stand-in: keeps cookies and sends the CSRF header the way the widget does. */
class Client {
  constructor() {
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {{ form?: Record<string, string>, multipart?: Record<string, string>, csrf?: boolean, signal?: AbortSignal }} [options]
   */
  async send(method, path, { form, multipart, csrf = true, signal } = {}) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const csrftoken = this.cookies.get('csrftoken');
    if (csrf && csrftoken) headers['x-csrftoken'] = csrftoken;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    /** @type {BodyInit | undefined} */
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    } else if (multipart) {
      const data = new FormData();
      for (const [name, value] of Object.entries(multipart)) data.append(name, value);
      body = data;
    }
    const res = await fetch(base + path, { method, headers, body, redirect: 'manual', signal });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split('; ');
      const [name, value] = pair.split('=');
      if (attributes.includes('Max-Age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** @param {string} path */
  async getJson(path) {
    const res = await this.send('GET', path);
    return { status: res.status, body: await res.json() };
  }

  /**
   * @param {string} path
   * @param {Record<string, string>} [form]
   */
  async postJson(path, form = {}) {
    const res = await this.send('POST', path, { form });
    return { status: res.status, body: await res.json() };
  }

  /** Fetches the csrftoken cookie with a first GET, as the widget's settings call does. */
  async prime() {
    await this.send('GET', '/bookcore/loyalty/ajax/user/');
    return this;
  }

  /**
   * @param {string} email
   * @param {string} password
   */
  signin(email, password) {
    return this.postJson('/bookcore/loyalty/ajax/signin/', { email, password });
  }
}

/**
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [method]
 */
async function dev(path, body, method = 'POST') {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** @returns {Promise<Array<{ to: string, kind: string, links: string[], text: string }>>} */
const mailbox = () => fetch(`${base}/__dev/mailbox.json`).then((res) => res.json());

/** The path of the single link in the newest mail. */
async function lastMailPath() {
  const mails = await mailbox();
  assert.ok(mails.length > 0, 'a mail was sent');
  return new URL(mails[mails.length - 1].links[0]).pathname;
}

/**
 * Sends a request line exactly as written (fetch would normalise dot segments).
 * @param {string} origin
 * @param {string} rawPath
 * @returns {Promise<{ status: number, body: string }>}
 */
function rawGet(origin, rawPath) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}/`, { path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('transport', () => {
  test('sets csrftoken only from the views that ask for it (ensure_csrf_cookie), readable and lax', async () => {
    const client = new Client();
    const cart = await client.send('GET', '/bookcore/shopping-cart/json/');
    assert.equal(cart.status, 200);
    assert.deepEqual(cart.headers.getSetCookie().filter((value) => value.startsWith('csrftoken=')), [], 'the cart view sets no token');
    const res = await client.send('GET', '/bookcore/loyalty/ajax/user/');
    const cookie = res.headers.getSetCookie().find((value) => value.startsWith('csrftoken='));
    assert.ok(cookie, 'the user view sets the token');
    assert.match(cookie, /Path=\/; SameSite=Lax/);
    assert.doesNotMatch(cookie, /HttpOnly/);
    assert.deepEqual(await res.json(), {});
    const token = client.cookies.get('csrftoken');
    const settings = await client.getJson('/bookcore/partempresas/loyalty/settings/');
    assert.equal(settings.body.csrfToken, token, 'the settings carry the same token, not a new one');
    assert.equal(client.cookies.get('csrftoken'), token);
  });

  test('refuses a POST as Django does: an HTML 403 page without the cookie or with a wrong token', async () => {
    const fresh = new Client();
    const noCookie = await fresh.send('POST', '/bookcore/loyalty/ajax/signin/', { form: { email: SEED_EMAIL, password: SEED_PASSWORD } });
    assert.equal(noCookie.status, 403);
    assert.match(noCookie.headers.get('content-type') ?? '', /^text\/html/);
    // Byte for byte the page Django 3.2 itself renders with DEBUG on (test/fixtures/django-csrf-failure.py).
    const djangoPages = JSON.parse(readFileSync(new URL('../fixtures/django-csrf-failure.json', import.meta.url), 'utf8')).pages;
    /** @param {string} reason */
    const djangoPage = (reason) => djangoPages.find((/** @type {{ name: string }} */ page) => page.name === `DEBUG, en: ${reason}`).body;
    assert.equal(await noCookie.text(), djangoPage('CSRF cookie not set.'));

    const client = await new Client().prime();
    const missing = await client.send('POST', '/bookcore/loyalty/ajax/signin/', { form: { email: SEED_EMAIL, password: SEED_PASSWORD }, csrf: false });
    assert.equal(missing.status, 403);
    assert.equal(await missing.text(), djangoPage('CSRF token missing or incorrect.'));

    const res = await fetch(`${base}/bookcore/loyalty/ajax/signin/`, {
      method: 'POST',
      headers: { cookie: `csrftoken=${'a'.repeat(32)}`, 'x-csrftoken': 'b'.repeat(32) },
    });
    assert.equal(res.status, 403);

    const { status, body } = await client.signin(SEED_EMAIL, SEED_PASSWORD);
    assert.equal(status, 200);
    assert.equal(body.success, true);
  });

  test('takes the token from the csrfmiddlewaretoken field too, as a Django form posts it', async () => {
    const client = await new Client().prime();
    const token = client.cookies.get('csrftoken') ?? '';
    const res = await client.send('POST', '/bookcore/loyalty/ajax/signin/', {
      form: { email: SEED_EMAIL, password: SEED_PASSWORD, csrfmiddlewaretoken: token },
      csrf: false,
    });
    assert.equal(res.status, 200);
  });

  test('rotates the token at sign-in and issues a new one at sign-out, and the answers carry it', async () => {
    const client = await new Client().prime();
    const before = client.cookies.get('csrftoken');
    const signin = await client.signin(SEED_EMAIL, SEED_PASSWORD);
    assert.equal(signin.status, 200);
    const afterSignIn = client.cookies.get('csrftoken');
    assert.notEqual(afterSignIn, before, 'rotated at sign-in');
    assert.equal(signin.body.csrfToken, afterSignIn, 'the sign-in answer carries the new token');

    const stale = await fetch(`${base}/bookcore/shopping-cart/drop/`, {
      method: 'POST',
      headers: { cookie: `sessionid=${client.cookies.get('sessionid')}; csrftoken=${afterSignIn}`, 'x-csrftoken': String(before) },
    });
    assert.equal(stale.status, 403, 'the old token no longer passes');

    const logout = await client.postJson('/bookcore/partempresas/ajax/logout/');
    assert.equal(logout.body.success, true);
    const afterLogout = client.cookies.get('csrftoken');
    assert.notEqual(afterLogout, afterSignIn, 'a new token after sign-out');
    assert.equal(logout.body.csrfToken, afterLogout, 'the logout answer carries it');
    assert.equal((await client.postJson('/bookcore/shopping-cart/drop/')).status, 200, 'the drop after the logout passes');
  });

  test('answers 404 JSON for unknown bookcore paths and leaves other paths to the caller', async () => {
    const client = new Client();
    const unknown = await client.send('GET', '/bookcore/nope/');
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { detail: 'Not found.' });
    const other = await fetch(`${base}/index.html`);
    assert.equal(await other.text(), 'not bookcore');
  });

  test('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await new Promise((resolve, reject) => {
      const req = httpRequest(`${base}/bookcore/loyalty/ajax/user/`, { headers: { host: 'evil.example:80' } }, resolve);
      req.on('error', reject);
      req.end();
    });
    assert.equal(/** @type {import('node:http').IncomingMessage} */ (res).statusCode, 403);
  });
});

describe('loyalty accounts', () => {
  test('sign-up, validation link, sign-in, user, logout', async () => {
    const client = await new Client().prime();
    const form = { email: 'Marta@Example.com', password: 'marta-2026', nombre: 'Marta', apellidos: 'Ruiz', politica: 'true', newsletter: 'false', pais: 'ES' };

    const weak = await client.postJson('/bookcore/loyalty/ajax/signup/', { ...form, password: 'short' });
    assert.equal(weak.status, 400);
    assert.ok(weak.body.errors.password);

    const signup = await client.postJson('/bookcore/loyalty/ajax/signup/', form);
    assert.deepEqual(signup, { status: 200, body: { success: true } });

    const inactive = await client.signin('marta@example.com', 'marta-2026');
    assert.equal(inactive.status, 400);
    assert.ok(inactive.body.errors.__all__);

    const again = await client.postJson('/bookcore/loyalty/ajax/signup/', form);
    assert.equal(again.status, 400);
    assert.equal(again.body.isEmailActiveError, true);

    const [first] = await mailbox();
    assert.equal(first.to, 'marta@example.com');
    assert.equal(first.kind, 'validation');
    const validation = await client.send('GET', new URL(first.links[0]).pathname);
    assert.equal(validation.status, 302);
    assert.equal(validation.headers.get('location'), '/', 'signed in, to the start page: the sign-up named no page');
    const reused = await client.send('GET', new URL(first.links[0]).pathname);
    assert.equal(reused.headers.get('location'), '/bookcore/loyalty/validado/?estado=caducado');

    const wrong = await client.signin('marta@example.com', 'wrong-password');
    assert.equal(wrong.status, 400);

    const csrfBefore = client.cookies.get('csrftoken');
    const signin = await client.signin('marta@example.com', 'marta-2026');
    assert.equal(signin.status, 200);
    assert.equal(signin.body.userName, 'marta@example.com');
    assert.deepEqual(signin.body.user.info_personal, { nombre: 'Marta', apellidos: 'Ruiz' });
    assert.notEqual(client.cookies.get('csrftoken'), csrfBefore, 'csrftoken rotates at sign-in');

    assert.equal((await client.getJson('/bookcore/loyalty/ajax/user/')).body.nombre, 'Marta');
    const settings = await client.getJson('/bookcore/partempresas/loyalty/settings/');
    assert.equal(settings.body.loggedIn.email, 'marta@example.com');

    const logout = await client.postJson('/bookcore/partempresas/ajax/logout/');
    assert.deepEqual(logout.body, { success: true, csrfToken: client.cookies.get('csrftoken') });
    assert.deepEqual((await client.getJson('/bookcore/loyalty/ajax/user/')).body, {});
  });

  test('the validation link signs the member in once and goes back to the page the sign-up started from', async () => {
    const client = await new Client().prime();
    const form = { email: 'irene@example.com', password: 'irene-2026', nombre: 'Irene', apellidos: 'Mora', politica: 'true', newsletter: 'false' };
    const started = `${base}/hotels.html?hotel=HMAR`;
    assert.equal((await client.postJson('/bookcore/loyalty/ajax/signup/', { ...form, next: `${started}#rooms` })).status, 200);
    const [mail] = await mailbox();
    const link = new URL(mail.links[0]);
    assert.equal(link.searchParams.get('next'), '/hotels.html?hotel=HMAR', 'the link keeps the page, as a path, without its fragment');

    // Opened in another browser (the mail app's): a fresh client with no session.
    const reader = new Client();
    const validation = await reader.send('GET', link.pathname + link.search);
    assert.equal(validation.status, 302);
    assert.equal(validation.headers.get('location'), '/hotels.html?hotel=HMAR');
    const first = await reader.getJson('/bookcore/partempresas/loyalty/settings/');
    assert.equal(first.body.loggedIn.email, 'irene@example.com', 'signed in by the link');
    assert.equal(first.body.justSignedIn, true, 'the next page is told once that the link signed the member in');
    const second = await reader.getJson('/bookcore/partempresas/loyalty/settings/');
    assert.equal(second.body.loggedIn.email, 'irene@example.com');
    assert.equal(second.body.justSignedIn, undefined, 'only once: a reload is no new sign-in');
    assert.equal((await reader.getJson('/bookcore/loyalty/ajax/user/')).body.nombre, 'Irene');
  });

  test('a next that is not on this site is never followed: a foreign host, //evil, javascript: and a tampered link go to the start page', async () => {
    const refused = ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/'];
    for (const [index, next] of refused.entries()) {
      const client = await new Client().prime();
      const email = `guest${index}@example.com`;
      await client.postJson('/bookcore/loyalty/ajax/signup/', { email, password: 'guest-2026', nombre: 'G', apellidos: 'H', politica: 'true', newsletter: 'false', next });
      const mails = await mailbox();
      const link = new URL(mails[mails.length - 1].links[0]);
      assert.equal(link.searchParams.get('next'), null, `${next} is not kept in the link`);
      // The same address typed into the link by hand.
      const tampered = `${link.pathname}?next=${encodeURIComponent(next)}`;
      const validation = await client.send('GET', tampered);
      assert.equal(validation.status, 302);
      assert.equal(validation.headers.get('location'), '/', `${next} leads to the start page`);
    }
  });

  test('a password change signs the member in; the change page sends the guest on to the page the recovery started from', async () => {
    const client = await new Client().prime();
    await client.postJson('/bookcore/loyalty/ajax/password/recovery/', { email: SEED_EMAIL, userType: 'loyalty', next: `${base}/package.html?id=1` });
    const [mail] = await mailbox();
    const link = new URL(mail.links[0]);
    assert.equal(link.searchParams.get('next'), '/package.html?id=1');
    const reader = new Client();
    const page = await (await reader.send('GET', link.pathname + link.search)).text();
    assert.ok(page.includes('data-login="/package.html?id=1"'), 'the change page goes on to the page the recovery started from');
    const foreign = await (await reader.send('GET', `${link.pathname}?next=${encodeURIComponent('//evil.example/')}`)).text();
    assert.ok(!foreign.includes('evil.example'), 'a foreign next never reaches the page');

    await reader.prime();
    const [, uid, token] = /^\/bookcore\/password\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(link.pathname) ?? [];
    const csrfBefore = reader.cookies.get('csrftoken');
    const change = await reader.postJson('/bookcore/loyalty/ajax/password/recovery/change/', { uid, token, password: 'nueva-clave-1' });
    assert.equal(change.status, 200);
    assert.equal(change.body.userName, SEED_EMAIL);
    assert.equal(change.body.user.nombre, 'Ana');
    assert.equal(change.body.csrfToken, reader.cookies.get('csrftoken'));
    assert.notEqual(reader.cookies.get('csrftoken'), csrfBefore, 'login() rotates the token');
    assert.equal((await reader.getJson('/bookcore/loyalty/ajax/user/')).body.nombre, 'Ana');
  });

  test('the session cookie is HttpOnly and sign-up accepts multipart bodies', async () => {
    const client = await new Client().prime();
    const signup = await client.send('POST', '/bookcore/loyalty/ajax/signup/', {
      multipart: { email: 'pablo@example.com', password: 'pablo-2026', nombre: 'Pablo', apellidos: 'Gil', politica: 'true', newsletter: 'true' },
    });
    assert.equal(signup.status, 200);
    const res = await client.send('POST', '/bookcore/loyalty/ajax/signin/', { form: { email: SEED_EMAIL, password: SEED_PASSWORD } });
    const session = res.headers.getSetCookie().find((value) => value.startsWith('sessionid='));
    assert.match(session ?? '', /HttpOnly/);
  });

  test('password recovery: mailed link, change, single use, expiry', async () => {
    const client = await new Client().prime();
    const unknown = await client.postJson('/bookcore/loyalty/ajax/password/recovery/', { email: 'nobody@example.com', userType: 'particular' });
    assert.deepEqual(unknown.body, { success: true });
    assert.equal((await mailbox()).length, 0);

    await client.postJson('/bookcore/loyalty/ajax/password/recovery/', { email: SEED_EMAIL, userType: 'particular' });
    const pagePath = await lastMailPath();
    const [, uid, token] = /^\/bookcore\/password\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(pagePath) ?? [];
    const page = await client.send('GET', pagePath);
    assert.equal(page.status, 200);
    const markup = await page.text();
    assert.ok(markup.includes(`data-token-uid="${uid}"`) && markup.includes(`data-token-password="${token}"`));

    const change = '/bookcore/loyalty/ajax/password/recovery/change/';
    const bad = await client.postJson(change, { uid, token: 'not-a-token', password: 'nueva-clave-1' });
    assert.deepEqual([bad.status, bad.body.expired, Boolean(bad.body.errors.token)], [400, false, true]);
    assert.equal((await client.postJson(change, { uid, token, password: 'nueva-clave-1' })).body.success, true);
    const reused = await client.postJson(change, { uid, token, password: 'nueva-clave-2' });
    assert.deepEqual([reused.status, reused.body.expired], [400, true]);
    assert.equal((await client.signin(SEED_EMAIL, 'nueva-clave-1')).status, 200);

    await client.postJson('/bookcore/loyalty/ajax/password/recovery/', { email: SEED_EMAIL, userType: 'particular' });
    const [, uid2, token2] = (await lastMailPath()).split('/').filter(Boolean).slice(2);
    await dev('/__dev/clock', { offsetMs: 2 * 60 * 60 * 1000 });
    const expired = await client.postJson(change, { uid: uid2, token: token2, password: 'nueva-clave-3' });
    assert.deepEqual([expired.status, expired.body.expired], [400, true]);
  });

  test('social sign-in creates the member once with a verified Google ID token and an e-mail', async () => {
    const client = await new Client().prime();
    const idToken = signedToken(googleClaims({ sub: 'g-1', email: 'sofia@example.com' }));
    const google = { tipo_integracion: 'google', id: 'g-1', id_token: idToken, email: 'sofia@example.com', first_name: 'Sofía', last_name: 'Vidal', name: 'Sofía Vidal', recibir_newsletter: 'true' };
    const check = { email: google.email, tipo_integracion: 'google', id: 'g-1', id_token: idToken };
    assert.deepEqual((await client.postJson(CHECK_PATH, check)).body, { success: false });

    const noEmail = await client.postJson(SOCIAL_PATH, { ...google, email: '' });
    assert.equal(noEmail.status, 400);
    assert.ok(noEmail.body.errors.email);

    const signed = await client.postJson(SOCIAL_PATH, google);
    assert.equal(signed.body.success, true);
    assert.equal(signed.body.user.nombre, 'Sofía');
    assert.equal(signed.body.csrfToken, client.cookies.get('csrftoken'), 'the social answer carries the rotated token');
    assert.deepEqual((await client.postJson(CHECK_PATH, check)).body, { success: true });
  });

  test('Facebook sign-in needs an access token for the posted id, signed for this app', async () => {
    const client = await new Client().prime();
    const accessToken = signedToken(facebookClaims({ user_id: '200000000000001', email: SEED_EMAIL }));
    const facebook = { tipo_integracion: 'facebook', id: '200000000000001', access_token: accessToken, email: SEED_EMAIL, first_name: 'Ana', last_name: 'García López', name: 'Ana García López', recibir_newsletter: 'false' };
    assert.deepEqual((await client.postJson(CHECK_PATH, { email: SEED_EMAIL, tipo_integracion: 'facebook', id: facebook.id, access_token: accessToken })).body, { success: true });
    const signed = await client.postJson(SOCIAL_PATH, facebook);
    assert.equal(signed.status, 200);
    assert.equal(signed.body.userName, SEED_EMAIL);
  });

  describe('refuses every social post a server could not verify', () => {
    const member = { email: SEED_EMAIL, first_name: 'Ana', last_name: 'García López', name: 'Ana García López', recibir_newsletter: 'false' };
    const fbId = '200000000000001';
    const googleOk = () => signedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL }));
    const facebookOk = () => signedToken(facebookClaims({ user_id: fbId, email: SEED_EMAIL }));
    /** @type {Array<[string, Record<string, string>]>} */
    const cases = [
      ['a hand-made Facebook post (an id and an e-mail, no token)', { tipo_integracion: 'facebook', id: '1' }],
      ['Google without a token', { tipo_integracion: 'google', id: 'g-ana' }],
      ['Facebook with an empty token', { tipo_integracion: 'facebook', id: fbId, access_token: '' }],
      ['Facebook with a forged id (the token is another user\'s)', { tipo_integracion: 'facebook', id: '200000000000099', access_token: facebookOk() }],
      ['an unsigned Google token (alg none)', { tipo_integracion: 'google', id_token: unsignedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL })) }],
      ['an unsigned Facebook token (alg none)', { tipo_integracion: 'facebook', id: fbId, access_token: unsignedToken(facebookClaims({ user_id: fbId, email: SEED_EMAIL })) }],
      ['a Google token signed by another key', { tipo_integracion: 'google', id_token: signedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL }), OTHER_KEY) }],
      ['a Google token with a dummy signature', { tipo_integracion: 'google', id_token: `${googleOk().split('.').slice(0, 2).join('.')}.${Buffer.from('standin-signature').toString('base64url')}` }],
      ['a Google token for another audience', { tipo_integracion: 'google', id_token: signedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL, aud: 'other.apps.googleusercontent.com' })) }],
      ['a Google token from another issuer', { tipo_integracion: 'google', id_token: signedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL, iss: 'https://evil.example' })) }],
      ['an expired Google token', { tipo_integracion: 'google', id_token: signedToken(googleClaims({ sub: 'g-ana', email: SEED_EMAIL, exp: nowS() - 60 })) }],
      ['a Facebook token for another app', { tipo_integracion: 'facebook', id: fbId, access_token: signedToken(facebookClaims({ user_id: fbId, email: SEED_EMAIL, app_id: '999' })) }],
      ['an expired Facebook token', { tipo_integracion: 'facebook', id: fbId, access_token: signedToken(facebookClaims({ user_id: fbId, email: SEED_EMAIL, exp: nowS() - 60 })) }],
      ['a valid Google token posted with a member\'s e-mail it does not vouch for', { tipo_integracion: 'google', id_token: signedToken(googleClaims({ sub: 'g-x', email: 'mallory@example.com' })) }],
      ['a valid Facebook token posted with a member\'s e-mail it does not vouch for', { tipo_integracion: 'facebook', id: '200000000000002', access_token: signedToken(facebookClaims({ user_id: '200000000000002', email: 'mallory@example.com' })) }],
    ];
    for (const [name, fields] of cases) {
      test(name, async () => {
        const client = await new Client().prime();
        const refused = await client.postJson(SOCIAL_PATH, { ...member, ...fields });
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        assert.ok(refused.body.errors, 'an errors answer');
        assert.equal(refused.body.success, undefined);
        assert.deepEqual((await client.getJson('/bookcore/loyalty/ajax/user/')).body, {}, 'nobody is signed in');
        const check = await client.postJson(CHECK_PATH, { ...member, ...fields });
        assert.notDeepEqual(check.body, { success: true }, 'check-user does not reveal the membership either');
      });
    }

    test('the same posts with valid tokens pass (the cases above fail for their own reason)', async () => {
      const google = await new Client().prime();
      assert.equal((await google.postJson(SOCIAL_PATH, { ...member, tipo_integracion: 'google', id_token: googleOk() })).status, 200);
      const facebook = await new Client().prime();
      assert.equal((await facebook.postJson(SOCIAL_PATH, { ...member, tipo_integracion: 'facebook', id: fbId, access_token: facebookOk() })).status, 200);
    });
  });

  test('set-cookie validates the name', async () => {
    const client = await new Client().prime();
    const ok = await client.send('POST', '/bookcore/set-cookie/', { form: { name: 'loyalty_seen', value: '1' } });
    assert.equal(ok.status, 200);
    assert.ok(ok.headers.getSetCookie().some((value) => value.startsWith('loyalty_seen=1')));
    assert.equal((await client.postJson('/bookcore/set-cookie/', { name: 'sessionid', value: 'x' })).status, 400);
  });

  test('the mailbox page escapes what members typed', async () => {
    const client = await new Client().prime();
    await client.postJson('/bookcore/loyalty/ajax/signup/', {
      email: 'x@example.com', password: 'password-1', nombre: '<script>alert(1)</script>', apellidos: 'X', politica: 'true',
    });
    const page = await (await fetch(`${base}/__dev/mailbox`)).text();
    assert.ok(!page.includes('<script>alert(1)'));
    assert.ok(page.includes('&#60;script&#62;'));
    assert.match(page, /<a href="http:\/\/127\.0\.0\.1:\d+\/bookcore\/loyalty\/validate\//);
  });
});

describe('cart and packages', () => {
  test('add, upgrade and delete a package', async () => {
    const client = await new Client().prime();
    const checkIn = isoDate(10);
    const added = await client.postJson('/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    assert.equal(added.body.cod_error, '000');
    const { uuid } = added.body;

    const cart = (await client.getJson('/bookcore/shopping-cart/json/')).body;
    assert.equal(cart.items.length, 1);
    const [item] = cart.items;
    assert.deepEqual([item.uuid, item.nights, item.checkIn, item.room.code, item.board.code, item.price], [uuid, 2, checkIn, 'DBLS', 'AD', 320]);
    assert.equal(cart.total, 320);
    assert.deepEqual(cart.rates[0], { codigo: 'EUR', tasa: 1 });

    const best = (await client.getJson('/bookcore/shopping-cart/best-upgradable-room/?lang=en')).body;
    assert.deepEqual([best.room.uuid, best.room.room.code, best.room.room.name, best.room.supplement], [uuid, 'JS', 'Junior Suite', 110]);
    const offers = (await client.getJson(`/bookcore/shopping-cart/upgradable-room/json/${uuid}/`)).body.rooms;
    assert.ok(offers.length > 1 && offers.every((/** @type {{ supplement: number }} */ offer) => offer.supplement > 0));

    const refused = await client.postJson('/bookcore/shopping-cart/upgrade-room/', { uuid, room_code: 'DBL', board_code: 'SA' });
    assert.equal(refused.body.cod_error, '103');
    assert.equal((await client.postJson('/bookcore/shopping-cart/upgrade-room/', { uuid, room_code: 'JS', board_code: 'AD' })).body.cod_error, '000');
    assert.equal((await client.getJson('/bookcore/shopping-cart/json/')).body.items[0].price, 430);

    assert.deepEqual((await client.postJson('/bookcore/shopping-cart/delete-package/', { uuid })).body, { cod_error: '000' });
    assert.equal((await client.postJson('/bookcore/shopping-cart/delete-package/', { uuid })).body.cod_error, '103');
    assert.equal((await client.getJson('/bookcore/shopping-cart/best-upgradable-room/')).body.room, null);
  });

  test("member prices: a guest's options and cart lines carry the member price; a member's are priced at it", async () => {
    const guest = await new Client().prime();
    const checkIn = isoDate(10);
    const options = (await guest.getJson(`/bookcore/packages/1/availability/?entrada=${checkIn}&salida=`)).body.options;
    const option = options.find((/** @type {{ id: number }} */ candidate) => candidate.id === 11);
    assert.deepEqual([option.price, option.loyaltyPrice], [320, 288]);
    await guest.postJson('/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    const guestCart = (await guest.getJson('/bookcore/shopping-cart/json/')).body;
    assert.deepEqual([guestCart.items[0].price, guestCart.items[0].loyaltyPrice, guestCart.total, guestCart.loyaltyPricing], [320, 288, 320, false]);

    const member = await new Client().prime();
    assert.equal((await member.signin(SEED_EMAIL, SEED_PASSWORD)).status, 200);
    const memberOptions = (await member.getJson(`/bookcore/packages/1/availability/?entrada=${checkIn}&salida=`)).body.options;
    const memberOption = memberOptions.find((/** @type {{ id: number }} */ candidate) => candidate.id === 11);
    assert.deepEqual([memberOption.price, memberOption.loyaltyPrice], [288, 288]);
    await member.postJson('/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    const memberCart = (await member.getJson('/bookcore/shopping-cart/json/')).body;
    assert.deepEqual([memberCart.items[0].price, memberCart.items[0].loyaltyPrice, memberCart.total, memberCart.loyaltyPricing], [288, 288, 288, true]);
    const offers = (await member.getJson(`/bookcore/shopping-cart/upgradable-room/json/${memberCart.items[0].uuid}/`)).body.rooms;
    assert.ok(offers.every((/** @type {{ price: number, supplement: number }} */ offer) => Math.abs(offer.price - 288 - offer.supplement) < 0.01), 'offers priced for the member');

    const availability = (await guest.getJson('/bookcore/availability/loyalty/')).body;
    assert.deepEqual(availability.rates[0], { codigo: 'EUR', tasa: 1 });
  });

  test('drop counts the deleted elements and carts are per session', async () => {
    const client = await new Client().prime();
    const other = await new Client().prime();
    for (const option of ['31', '32']) {
      const codhotel = option === '31' ? 'HMAR' : 'HURB';
      await client.postJson('/bookcore/shopping-cart/add-package/', { id_opc: option, codhotel, entrada: isoDate(5), salida: isoDate(7), codpromo: 'None' });
    }
    assert.equal((await other.getJson('/bookcore/shopping-cart/json/')).body.items.length, 0);
    assert.deepEqual((await client.postJson('/bookcore/shopping-cart/drop/')).body, { cod_error: '000', deleted_elements: 2 });
    assert.deepEqual((await client.postJson('/bookcore/shopping-cart/drop/')).body, { cod_error: '000', deleted_elements: 0 });
  });

  test('add-package refuses an option of another hotel', async () => {
    const client = await new Client().prime();
    const res = await client.postJson('/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HSIE', entrada: isoDate(3), salida: '', codpromo: 'None' });
    assert.equal(res.body.cod_error, '104');
  });

  test('package availability with an empty check-out and with bad dates', async () => {
    const client = new Client();
    const checkIn = isoDate(20);
    const ok = (await client.getJson(`/bookcore/packages/2/availability/?entrada=${checkIn}&salida=`)).body;
    assert.equal(ok.cod_error, '000');
    assert.deepEqual(ok.package, { id: 2, name: 'Aventura en la nieve' });
    assert.ok(ok.options.length === 2 && ok.options.every((/** @type {{ nights: number }} */ option) => option.nights === 3));

    const cases = [
      [`entrada=31-12-2030&salida=`, '102'],
      [`entrada=2030-02-30&salida=`, '102'],
      [`entrada=${isoDate(-3)}&salida=${isoDate(-1)}`, '102'],
      [`entrada=${checkIn}&salida=${checkIn}`, '102'],
      [`entrada=${isoDate(400)}&salida=`, '101'],
    ];
    for (const [query, code] of cases) {
      const body = (await client.getJson(`/bookcore/packages/2/availability/?${query}`)).body;
      assert.equal(body.cod_error, code, query);
      assert.equal(typeof body.error, 'string');
    }
    assert.equal((await client.getJson(`/bookcore/packages/99/availability/?entrada=${checkIn}&salida=`)).body.cod_error, '103');
  });
});

describe('mobile and loyalty availability', () => {
  test('the whole mobile section for two hotels in two languages', async () => {
    const client = await new Client().prime();
    await walkMobileSection({
      get: async (path) => (await client.getJson(path)).body,
      post: async (path, form) => (await client.postJson(path, form)).body,
    });
  });

  test('content GETs, schema POSTs and mirrored auth', async () => {
    const client = await new Client().prime();
    const ficha = (await client.getJson('/m2/ajax/ficha/?hotelcode=HSIE')).body;
    assert.deepEqual([ficha.cod_error, ficha.hotel.code], ['000', 'HSIE']);
    assert.equal((await client.getJson('/m2/ajax/hotel/services?quantity=2')).body.services.length, 2);
    assert.equal((await client.getJson('/m2/ajax/hotel/HURB/room/SUI')).body.room.code, 'SUI');

    const schema = await client.postJson('/m2/ajax/schema/rooms', { payload: JSON.stringify({ hotelCode: 'HMAR' }) });
    assert.equal(schema.body.schema['@type'], 'ItemList');
    assert.equal((await client.postJson('/m2/ajax/schema/home', { payload: '{oops' })).body.cod_error, '104');
    assert.equal((await client.postJson('/m2/ajax/signin', { email: SEED_EMAIL, password: SEED_PASSWORD })).body.success, true);
    assert.equal((await client.getJson('/m2/ajax/user')).body.user.email, SEED_EMAIL);

    const hotels = (await client.getJson('/bookcore/availability/loyalty/HURB/')).body.hotels;
    assert.deepEqual(hotels, [{ code: 'HURB', name: 'Urban Madrid Centro', loyaltyPrice: 99, price: 110, currency: 'EUR' }]);
  });
});

describe('dev switches', () => {
  test('faults: status for a number of times, method filter and prefix', async () => {
    const client = await new Client().prime();
    await dev('/__dev/faults', { path: '/bookcore/shopping-cart/*', method: 'GET', status: 503, times: 1 });
    const first = await client.send('GET', '/bookcore/shopping-cart/json/');
    assert.equal(first.status, 503);
    assert.equal((await client.send('GET', '/bookcore/shopping-cart/json/')).status, 200);

    await dev('/__dev/faults', { path: '/bookcore/shopping-cart/drop/', method: 'GET', status: 500 });
    assert.equal((await client.send('POST', '/bookcore/shopping-cart/drop/')).status, 200);
    await dev('/__dev/faults', undefined, 'DELETE');
  });

  test('faults: malformed body, delay, drop and hang', async () => {
    const client = await new Client().prime();
    const path = '/bookcore/loyalty/ajax/user/';
    await dev('/__dev/faults', { path, body: '{not json', times: 1 });
    const malformed = await client.send('GET', path);
    assert.equal(malformed.status, 200);
    assert.equal(await malformed.text(), '{not json');

    await dev('/__dev/faults', { path, delayMs: 50, times: 1 });
    assert.deepEqual((await client.getJson(path)).body, {});

    await dev('/__dev/faults', { path, drop: true, times: 1 });
    await assert.rejects(client.send('GET', path));

    await dev('/__dev/faults', { path, hang: true, times: 1 });
    await assert.rejects(client.send('GET', path, { signal: AbortSignal.timeout(150) }), { name: 'TimeoutError' });
    assert.deepEqual((await client.getJson(path)).body, {}, 'times: 1 released the path');

    const invalid = await fetch(`${base}/__dev/faults`, { method: 'POST', body: JSON.stringify({ path: 'no-slash' }) });
    assert.equal(invalid.status, 400);
  });

  test('the request log keeps method, path, query, lower-cased headers and the raw body', async () => {
    const client = await new Client().prime();
    await client.send('GET', '/bookcore/packages/1/availability/?entrada=2030-01-01&salida=');
    await client.send('POST', '/bookcore/shopping-cart/delete-package/', { form: { uuid: 'a b&c' } });
    await client.send('GET', '/static/img/x.svg');

    const all = await dev('/__dev/requests', undefined, 'GET');
    assert.deepEqual(all.map((/** @type {{ path: string }} */ entry) => entry.path), [
      '/bookcore/loyalty/ajax/user/',
      '/bookcore/packages/1/availability/',
      '/bookcore/shopping-cart/delete-package/',
    ]);
    const [posted] = await dev('/__dev/requests?path=/bookcore/shopping-cart/*', undefined, 'GET');
    assert.equal(posted.method, 'POST');
    assert.equal(posted.body, 'uuid=a+b%26c');
    assert.equal(posted.contentType, 'application/x-www-form-urlencoded');
    assert.equal(posted.headers['x-csrftoken'], client.cookies.get('csrftoken'));
    assert.equal(posted.headers['x-requested-with'], 'XMLHttpRequest');
    assert.deepEqual(all[1].query, { entrada: '2030-01-01', salida: '' });

    await dev('/__dev/requests', undefined, 'DELETE');
    assert.deepEqual(await dev('/__dev/requests', undefined, 'GET'), []);
  });
});

describe('a store per test file (storeCookie)', () => {
  const keyed = createBookcore({ storeCookie: 'test_store' });
  const keyedServer = createServer(async (req, res) => {
    if (!(await keyed.handle(req, res))) res.writeHead(404).end();
  });
  /** @type {string} */
  let keyedBase;
  before(async () => {
    keyedServer.listen(0, '127.0.0.1');
    await once(keyedServer, 'listening');
    keyedBase = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (keyedServer.address()).port}`;
  });
  after(() => {
    keyedServer.closeAllConnections();
    keyedServer.close();
  });

  /**
   * A request carrying the store cookie `key` (none when undefined).
   * @param {string | undefined} key
   * @param {string} method
   * @param {string} path
   * @param {unknown} [json]
   */
  const as = (key, method, path, json) =>
    fetch(keyedBase + path, {
      method,
      headers: { ...(key === undefined ? {} : { cookie: `other=1; test_store=${key}` }), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  /** @param {string | undefined} key */
  const loggedPaths = async (key) => (await (await as(key, 'GET', '/__dev/requests')).json()).map((/** @type {{ path: string }} */ entry) => entry.path);

  test("two files' faults, request logs and resets do not meet", async () => {
    await as('a', 'POST', '/__dev/faults', { path: '/bookcore/loyalty/ajax/user/', status: 503 });
    assert.equal((await as('a', 'GET', '/bookcore/loyalty/ajax/user/')).status, 503);
    assert.equal((await as('b', 'GET', '/bookcore/loyalty/ajax/user/')).status, 200, "b does not meet a's fault");
    assert.equal((await as(undefined, 'GET', '/bookcore/loyalty/ajax/user/')).status, 200, 'nor does a request without the cookie');
    assert.deepEqual(await (await as('b', 'GET', '/__dev/faults')).json(), []);

    await as('b', 'GET', '/bookcore/shopping-cart/json/');
    await as('b', 'POST', '/__dev/reset');
    assert.equal((await as('a', 'GET', '/bookcore/loyalty/ajax/user/')).status, 503, "b's reset leaves a's fault");
    assert.deepEqual(await loggedPaths('b'), []);
  });

  test("a request without the cookie is served by the default store and shown in every store's log", async () => {
    for (const key of ['c', 'd', undefined]) await as(key, 'DELETE', '/__dev/requests');
    await as('c', 'GET', '/bookcore/packages/1/availability/');
    await as(undefined, 'GET', '/bookcore/shopping-cart/json/');
    assert.deepEqual(await loggedPaths('c'), ['/bookcore/packages/1/availability/', '/bookcore/shopping-cart/json/']);
    assert.deepEqual(await loggedPaths('d'), ['/bookcore/shopping-cart/json/']);
    assert.deepEqual(await loggedPaths(undefined), ['/bookcore/shopping-cart/json/']);
  });
});

describe('bookcore pages (stand-ins)', () => {
  test('the availability page shows the stay asked for, escaped, with its reset address; the reset redirects to a fresh search', async () => {
    const page = await fetch(`${base}/bookcore/availability/?entrada=2030-05-01&project=%3Cb%3Edemo%3C%2Fb%3E`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const markup = await page.text();
    assert.match(markup, /<dd data-search="entrada">2030-05-01<\/dd>/);
    assert.match(markup, /<dd data-search="project">&#60;b&#62;demo&#60;\/b&#62;<\/dd>/);
    assert.match(markup, /data-reset-availability="\/bookcore\/availability\/reset\/"/);
    assert.match(markup, /<loyalty-panel[\s\S]*<\/loyalty-panel>/);

    const reset = await fetch(`${base}/bookcore/availability/reset/`, { redirect: 'manual' });
    assert.equal(reset.status, 302);
    assert.equal(reset.headers.get('location'), '/bookcore/availability/?reiniciada=1');
    assert.match(await (await fetch(`${base}/bookcore/availability/?reiniciada=1`)).text(), /data-search-note="reset"/);
  });

  test('the shopping-cart page holds a cart and configures no reset address', async () => {
    const page = await fetch(`${base}/bookcore/shopping-cart/`);
    assert.equal(page.status, 200);
    const markup = await page.text();
    assert.match(markup, /<package-cart[^>]*><\/package-cart>/);
    const panel = /<loyalty-panel[^>]*>/.exec(markup)?.[0] ?? '';
    assert.match(panel, /data-project-code="demo-brand"/);
    assert.doesNotMatch(panel, /data-reset-availability/);
    // The JSON calls under the same path are not shadowed by the page.
    assert.equal((await fetch(`${base}/bookcore/shopping-cart/json/`)).headers.get('content-type')?.startsWith('application/json'), true);
  });
});

describe('static files', () => {
  test('stylesheets, images and legal documents with their content types', async () => {
    const css = await fetch(`${base}/static/builds/loyalty/loyalty.css`);
    assert.deepEqual([css.status, css.headers.get('content-type')], [200, 'text/css; charset=utf-8']);
    const brand = await fetch(`${base}/static/second-brand/loyalty/loyalty.css`);
    assert.match(await brand.text(), /--loyalty-color-primary/);
    assert.equal((await fetch(`${base}/static/unknown-brand/loyalty/loyalty.css`)).status, 404);
    const image = await fetch(`${base}/static/img/rooms/hmar-dbl.svg`);
    assert.deepEqual([image.status, image.headers.get('content-type')], [200, 'image/svg+xml']);
    assert.match(await image.text(), /^<svg /);
    const legal = await fetch(`${base}/legal/privacy.html`);
    assert.match(legal.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('rejects path traversal', async () => {
    for (const rawPath of [
      '/static/demo-brand%2F..%2F..%2F..%2Fpackage/loyalty/loyalty.css',
      '/static/..%2F..%2Fpackage.json/loyalty/loyalty.css',
      '/static/img/..%2F..%2F..%2Fpackage.json',
      '/static/img/%2e%2e/%2e%2e/etc/passwd.svg',
    ]) {
      const { status, body } = await rawGet(base, rawPath);
      assert.ok(!body.includes('"dependencies"'), rawPath);
      assert.ok(status === 404 || body === 'not bookcore', `${rawPath} → ${status}`);
    }
  });
});

describe('npm start server', () => {
  test('prints its address, serves the demo safely and stops on SIGTERM', async () => {
    const script = fileURLToPath(new URL('../../demo/server/start.mjs', import.meta.url));
    const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = await once(child.stdout, 'data');
      const match = /^bookcore dev server: (http:\/\/127\.0\.0\.1:\d+)\/\n$/.exec(String(line));
      assert.ok(match, String(line));
      const origin = match[1];
      assert.equal((await fetch(`${origin}/bookcore/loyalty/ajax/user/`)).status, 200);
      for (const rawPath of ['/../package.json', '/%2e%2e/package.json', '/dist/..%2F..%2Fpackage.json', '/..%5Cpackage.json']) {
        const { status, body } = await rawGet(origin, rawPath);
        assert.ok(!body.includes('"dependencies"'), rawPath);
        assert.equal(status, 404, rawPath);
      }
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });
});
