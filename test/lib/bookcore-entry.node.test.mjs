// @ts-check
/**
 * `node --test test/lib/bookcore-entry.node.test.mjs`: the `loyalty-elements/bookcore` source entry imports in
 * Node (no window, no document) without touching a global, and every call of docs/bookcore-contract.md made through it reaches
 * the dev bookcore over real HTTP as the transport sends it: form-encoded POSTs with the CSRF token the caller
 * passed, JSON GETs, query parameters as given. test/api/bookcore-entry.test.ts does the same from a browser page.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { importBundled } from '../../scripts/import-bundled.mjs';

const globalsBefore = Object.getOwnPropertyNames(globalThis).sort();
assert.equal(typeof globalThis.window, 'undefined');
assert.equal(typeof globalThis.document, 'undefined');
const entry = await importBundled('src/bookcore.ts', { platform: 'browser' });
const globalsAfter = Object.getOwnPropertyNames(globalThis).sort();
const { walkEverySection7Call, asExpected, transportProblems, withoutCalls } = await importBundled('test/support/bookcore-walk.ts', { platform: 'browser' });

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
beforeEach(() => bookcore.reset());
after(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * What a Node caller writes: a fetch that keeps the server's cookies (the session and csrftoken), and the token
 * read from them before each POST.
 */
function cookieJar() {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /** @type {typeof fetch} */
  const jarFetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(/;\s*/);
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) cookies.delete(name);
      else cookies.set(name, pair.slice(separator + 1));
    }
    return response;
  };
  return { fetch: jarFetch, csrfToken: () => cookies.get('csrftoken') ?? null, cookies };
}

const dev = {
  async requests() {
    return (await fetch(`${base}/__dev/requests?path=${encodeURIComponent('/*')}`)).json();
  },
  async clearRequests() {
    await fetch(`${base}/__dev/requests`, { method: 'DELETE' });
  },
  async mailbox() {
    return (await fetch(`${base}/__dev/mailbox.json`)).json();
  },
  async standinKeyPem() {
    return readFileSync('demo/stand-in-keys/social-signing-key.pem', 'utf8');
  },
};

test('imports without a DOM and without touching globals', () => {
  assert.deepEqual(globalsAfter, globalsBefore);
  assert.equal(typeof entry.createBookcoreClient, 'function');
});

test('every docs/bookcore-contract.md call reaches the dev bookcore over HTTP, sent as the transport sends it', async () => {
  const jar = cookieJar();
  const client = entry.createBookcoreClient({ baseUrl: base, fetch: jar.fetch, csrfToken: jar.csrfToken });
  // The first request of a session brings the csrftoken cookie, as a page's first load does.
  await client.loyalty.getUser();
  await dev.clearRequests();
  const expected = await walkEverySection7Call(client, dev);
  const logged = (await dev.requests()).filter((/** @type {{ path: string }} */ request) => !request.path.startsWith('/__dev'));
  assert.deepEqual(logged.map(asExpected), withoutCalls(expected));
  assert.deepEqual(logged.flatMap(transportProblems), []);
  // Every call of the client was made: 11 loyalty, 7 cart, 1 package, 22 mobile GETs, 5 schema and 4 auth POSTs.
  const calls = new Set(expected.map((/** @type {{ call: string }} */ request) => request.call));
  const methods = ['loyalty', 'cart', 'packages', 'mobile'].flatMap((area) => Object.keys(client[area]).map((name) => `${area}.${name}`));
  assert.deepEqual(methods.filter((name) => !calls.has(name)), []);
  assert.equal(methods.length, 11 + 7 + 1 + 22 + 5 + 4);
});

test('configured addresses are the ones called', async () => {
  const jar = cookieJar();
  const client = entry.createBookcoreClient({
    baseUrl: new URL(base),
    fetch: jar.fetch,
    csrfToken: jar.csrfToken,
    endpoints: { settings: '/bookcore/partempresas/loyalty/settings/?brand=2', packageAvailability: '/bookcore/packages/PACKID/availability/?entrada=CHECKIN&salida=CHECKOUT&x=1' },
  });
  assert.equal(client.endpoints.signin, entry.DEFAULT_ENDPOINTS.signin);
  await client.loyalty.getSettings();
  await client.packages.getAvailability({ packId: 2, checkIn: '2030-01-10', checkOut: '2030-01-13' }).catch(() => undefined);
  const logged = await dev.requests();
  assert.deepEqual(
    logged.filter((/** @type {{ path: string }} */ request) => !request.path.startsWith('/__dev')).map((/** @type {{ path: string, search: string }} */ request) => `${request.path}${request.search}`),
    ['/bookcore/partempresas/loyalty/settings/?brand=2', '/bookcore/packages/2/availability/?entrada=2030-01-10&salida=2030-01-13&x=1'],
  );
  assert.throws(() => entry.createBookcoreClient({ endpoints: { signin: '' } }), TypeError);
  assert.throws(() => entry.createBookcoreClient({ endpoints: { nope: '/x/' } }), /unknown endpoint "nope"/);
  assert.throws(() => entry.createBookcoreClient({ baseUrl: '/relative/' }), /not an absolute address/);
  assert.throws(() => entry.createBookcoreClient({ baseUrl: 'file:///etc/' }), /not http or https/);
});

test('without a token a POST is refused with a clear error, and an errors answer is a server error', async () => {
  const jar = cookieJar();
  const bare = entry.createBookcoreClient({ baseUrl: base, fetch: jar.fetch });
  await bare.loyalty.getUser();
  await assert.rejects(bare.loyalty.signIn({ email: 'ana@example.com', password: 'Loyalty2026!' }), (error) => {
    assert.ok(error instanceof entry.ApiError);
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 403);
    assert.match(error.message, /CSRF/);
    return true;
  });
  const client = entry.createBookcoreClient({ baseUrl: base, fetch: jar.fetch, csrfToken: jar.csrfToken });
  await assert.rejects(client.loyalty.signIn({ email: 'ana@example.com', password: 'wrong' }), (error) => {
    assert.ok(error instanceof entry.ApiError);
    assert.equal(error.kind, 'server');
    assert.ok(error.serverText);
    return true;
  });
  // A token passed per call wins over the client's.
  await assert.rejects(client.loyalty.logout({ csrfToken: 'not-the-cookie' }), (error) => error instanceof entry.ApiError && error.status === 403);
  // Cancelling is not a failure: the abort reason comes back unwrapped.
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(client.cart.get(undefined, { signal: controller.signal }), (error) => entry.isAbortError(error));
});
