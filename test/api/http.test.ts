import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import * as http from '../../src/api/http';
import { ApiError, checkResponse, createTransport, flattenServerErrors, isAbortError, type GetOptions, type RequestOptions, type Transport } from '../../src/api/http';
import { rememberCsrfToken, setCsrfCookieName } from '../../src/lib/csrf/token';

// Each test's own transport, as a page's runtime holds one (docs/architecture.md "The runtime"): its CSRF state and
// timings are no other test's. The calls below go through it unless they name another.
let transport: Transport = createTransport();
const getJson: typeof http.getJson = (url, schema, options: GetOptions = {}) => http.getJson(url, schema, { transport, ...options });
const getText: typeof http.getText = (url, headers, options: GetOptions = {}) => http.getText(url, headers, { transport, ...options });
const postForm: typeof http.postForm = (url, payload, schema, options: RequestOptions = {}) => http.postForm(url, payload, schema, { transport, ...options });
const postRaw: typeof http.postRaw = (url, body, schema, options: RequestOptions = {}) => http.postRaw(url, body, schema, { transport, ...options });
function setCsrfRefresher(refresh: (() => Promise<unknown>) | null): void {
  transport.csrf.refresh = refresh;
}
import {
  allRecordedRequests,
  csrfCookie,
  deleteCsrfCookie,
  djangoCsrfPages,
  djangoCsrfRefusal,
  expectGet,
  expectPost,
  formFields,
  injectFault,
  onlyRequest,
  primeCsrfCookie,
  recordedRequests,
  resetServer,
  watchFetch,
} from './dev-server';

const USER_PATH = '/bookcore/loyalty/ajax/user/';
const SIGNIN_PATH = '/bookcore/loyalty/ajax/signin/';
const CART_PATH = '/bookcore/shopping-cart/json/';
// A POST that needs nothing but the transport: the dev server answers {success: true} to any valid cookie name.
const SET_COOKIE_PATH = '/bookcore/set-cookie/';
const DROP_PATH = '/bookcore/shopping-cart/drop/';

const AnySchema = v.unknown();
const CheckUserSchema = v.looseObject({ success: v.boolean() });
const SessionSchema = v.looseObject({ success: v.boolean(), userName: v.string() });

/** Runs a call that must fail and returns its ApiError. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * Runs a call that must fail, counting its attempts where they start, at `fetch`. A timeout test counts there, not
 * in the server's request log: the server logs a request once it has read it whole, and on a loaded machine a
 * request can still be on its way when a 150 ms timeout aborts it (seen in the gate: `expected [] to have a length
 * of 1 but got 0`), so the log says how fast the machine was, not how often the transport sent.
 */
async function failureCountingFetch(call: () => Promise<unknown>): Promise<{ error: ApiError; calls: ReturnType<typeof watchFetch>['calls'] }> {
  const watch = watchFetch();
  try {
    return { error: await failure(call()), calls: watch.calls };
  } finally {
    watch.restore();
  }
}

function addHiddenCsrfField(value: string): HTMLInputElement {
  const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrfmiddlewaretoken' });
  field.value = value;
  document.body.append(field);
  return field;
}

/** Django's CSRF cookie setup on the dev server (CSRF_COOKIE_NAME, CSRF_COOKIE_HTTPONLY); reset with the server. */
async function devCsrfSetup(setup: { cookieName?: string; httpOnly?: boolean }): Promise<void> {
  const response = await fetch('/__dev/csrf', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(setup) });
  if (!response.ok) throw new Error(`/__dev/csrf answered ${response.status}`);
}

describe('http transport', () => {
  beforeEach(async () => {
    transport = createTransport();
    await resetServer();
    for (const field of document.querySelectorAll('input[name="csrfmiddlewaretoken"]')) field.remove();
  });

  describe('credentials', () => {
    // Same-origin requests carry cookies under fetch's default ('same-origin') too, so the server's log cannot
    // tell; only the init handed to fetch shows the 'include' a cross-origin bookcore needs.
    it("asks fetch for credentials 'include' on getJson, getText, postForm and postRaw", async () => {
      const inits: (RequestInit | undefined)[] = [];
      const realFetch = window.fetch;
      window.fetch = async (_input, init) => {
        inits.push(init);
        return new Response('{"success": true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      };
      try {
        await getJson(USER_PATH, CheckUserSchema);
        await getText('/legal/conditions.html', { 'Content-Type': 'text/html' });
        await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
        await postRaw(SET_COOKIE_PATH, new FormData(), CheckUserSchema);
        await postRaw('https://bookcore.example/bookcore/partempresas/loyalty/social/check-user/', 'email=ana', CheckUserSchema);
      } finally {
        window.fetch = realFetch;
      }
      expect(inits.map((init) => [init?.method, init?.credentials])).to.deep.equal([
        ['GET', 'include'],
        ['GET', 'include'],
        ['POST', 'include'],
        ['POST', 'include'],
        ['POST', 'include'],
      ]);
    });
  });

  describe('getJson', () => {
    it("sends the page's cookies and the JSON headers, and decodes the answer", async () => {
      const token = await primeCsrfCookie();
      const user = await getJson(USER_PATH, v.looseObject({}));
      expect(user).to.deep.equal({});
      const requests = await recordedRequests(USER_PATH);
      const request = requests.at(-1)!;
      expect(request.method).to.equal('GET');
      expect(request.headers['accept']).to.equal('application/json');
      expect(request.headers['content-type']).to.equal('application/json');
      expect(request.headers['cookie']).to.include(`csrftoken=${token}`);
      expect(request.headers['x-csrftoken']).to.equal(undefined);
      expectGet(request);
    });

    it('retries a 503 twice and succeeds on the third attempt', async () => {
      await injectFault({ path: USER_PATH, method: 'GET', status: 503, times: 2 });
      const user = await getJson(USER_PATH, v.looseObject({}));
      expect(user).to.deep.equal({});
      expect(await recordedRequests(USER_PATH)).to.have.length(3);
    });

    it('retries 502 and 504 as well', async () => {
      await injectFault({ path: USER_PATH, status: 502, times: 1 });
      await injectFault({ path: USER_PATH, status: 504, times: 1 });
      await getJson(USER_PATH, AnySchema, { retryDelayMs: 1 });
      expect(await recordedRequests(USER_PATH)).to.have.length(3);
    });

    it('gives up after the retries with kind http and the last status', async () => {
      await injectFault({ path: USER_PATH, status: 503 });
      const error = await failure(getJson(USER_PATH, AnySchema, { retryDelayMs: 1 }));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(503);
      expect(error.method).to.equal('GET');
      expect(error.url).to.equal(USER_PATH);
      expect(await recordedRequests(USER_PATH)).to.have.length(3);
    });

    it('takes the number of retries as an option', async () => {
      await injectFault({ path: USER_PATH, status: 503 });
      const error = await failure(getJson(USER_PATH, AnySchema, { retries: 0 }));
      expect(error.status).to.equal(503);
      expect(await recordedRequests(USER_PATH)).to.have.length(1);
    });

    it('does not retry other statuses', async () => {
      await injectFault({ path: USER_PATH, status: 500, body: { detail: 'Internal error' } });
      const error = await failure(getJson(USER_PATH, AnySchema));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(500);
      expect(error.serverText).to.equal('Internal error');
      expect(error.body).to.deep.equal({ detail: 'Internal error' });
      expect(await recordedRequests(USER_PATH)).to.have.length(1);
    });

    it('fails with kind network when the connection drops, after retrying', async () => {
      await injectFault({ path: USER_PATH, drop: true });
      const watch = watchFetch();
      let error: ApiError;
      try {
        error = await failure(getJson(USER_PATH, AnySchema, { retryDelayMs: 1 }));
      } finally {
        watch.restore();
      }
      expect(error.kind).to.equal('network');
      expect(error.status).to.equal(undefined);
      expect(error.cause).to.be.instanceOf(TypeError);
      // Counted at fetch: Chromium re-sends a dropped request on its own, so the server sees more.
      expect(watch.calls.map((call) => call.url)).to.deep.equal([USER_PATH, USER_PATH, USER_PATH]);
    });

    it('fails with kind timeout when the server hangs, without retrying', async () => {
      await injectFault({ path: USER_PATH, hang: true });
      const { error, calls } = await failureCountingFetch(() => getJson(USER_PATH, AnySchema, { timeoutMs: 150 }));
      expect(error.kind).to.equal('timeout');
      expect(error.message).to.include('150 ms');
      expect(calls.map((call) => call.url)).to.deep.equal([USER_PATH]);
    });

    it('fails with kind json on a malformed body', async () => {
      await injectFault({ path: USER_PATH, status: 200, body: '{"nombre": "Ana"' });
      const error = await failure(getJson(USER_PATH, AnySchema));
      expect(error.kind).to.equal('json');
      expect(error.status).to.equal(200);
      expect(error.body).to.equal(undefined);
    });

    it('fails with kind json on an empty 200 answer', async () => {
      await injectFault({ path: USER_PATH, status: 200, body: '' });
      expect((await failure(getJson(USER_PATH, AnySchema))).kind).to.equal('json');
    });

    it('reports a non-JSON error page by its status', async () => {
      await injectFault({ path: USER_PATH, status: 404, body: '<h1>Not found</h1>', contentType: 'text/html' });
      const error = await failure(getJson(USER_PATH, AnySchema));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(404);
    });

    it('fails with kind schema on an answer of the wrong shape, keeping the body', async () => {
      await injectFault({ path: CART_PATH, status: 200, body: { cod_error: '000', total: 'a lot' } });
      const CartTotalSchema = v.looseObject({ total: v.number() });
      const error = await failure(getJson(CART_PATH, CartTotalSchema));
      expect(error.kind).to.equal('schema');
      expect(error.message).to.include('total');
      expect(error.body).to.deep.equal({ cod_error: '000', total: 'a lot' });
    });

    it('fails with kind server and the error text on a cod_error answer, even with status 200', async () => {
      await injectFault({ path: CART_PATH, status: 200, body: { cod_error: '101', error: 'No hay disponibilidad' } });
      const error = await failure(getJson(CART_PATH, AnySchema));
      expect(error.kind).to.equal('server');
      expect(error.status).to.equal(200);
      expect(error.serverText).to.equal('No hay disponibilidad');
      expect(error.body).to.deep.equal({ cod_error: '101', error: 'No hay disponibilidad' });
    });

    it('fails with kind server carrying an errors field, even with status 200', async () => {
      const errors = { email: ['Correo no válido.'], __all__: ['Revisa el formulario.'] };
      await injectFault({ path: USER_PATH, status: 200, body: { errors } });
      const error = await failure(getJson(USER_PATH, AnySchema));
      expect(error.kind).to.equal('server');
      expect(error.serverErrors).to.deep.equal(errors);
      expect(error.serverText).to.equal('Correo no válido. Revisa el formulario.');
    });

    it('keeps unknown fields of the answer', async () => {
      await injectFault({ path: USER_PATH, status: 200, body: { nombre: 'Ana', extra: { nested: true } } });
      const user = await getJson(USER_PATH, v.looseObject({ nombre: v.string() }));
      expect(user).to.deep.equal({ nombre: 'Ana', extra: { nested: true } });
    });

    it('rethrows the caller abort unchanged, not as an ApiError', async () => {
      await injectFault({ path: USER_PATH, hang: true });
      const controller = new AbortController();
      const call = getJson(USER_PATH, AnySchema, { signal: controller.signal });
      // Abort once the request has reached the server, so the abort interrupts a real exchange.
      while ((await recordedRequests(USER_PATH)).length === 0) continue;
      controller.abort();
      let thrown: unknown;
      try {
        await call;
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(DOMException);
      expect((thrown as DOMException).name).to.equal('AbortError');
      expect(isAbortError(thrown)).to.equal(true);
    });

    it('does not even send when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      let thrown: unknown;
      try {
        await getJson(USER_PATH, AnySchema, { signal: controller.signal });
      } catch (error) {
        thrown = error;
      }
      expect(isAbortError(thrown)).to.equal(true);
      expect(await recordedRequests(USER_PATH)).to.have.length(0);
    });

    it('stops retrying when the caller aborts during the back-off', async () => {
      await injectFault({ path: USER_PATH, status: 503 });
      const controller = new AbortController();
      const call = getJson(USER_PATH, AnySchema, { signal: controller.signal, retryDelayMs: 60_000 });
      while ((await recordedRequests(USER_PATH)).length === 0) continue;
      controller.abort();
      let thrown: unknown;
      try {
        await call;
      } catch (error) {
        thrown = error;
      }
      expect(isAbortError(thrown)).to.equal(true);
      expect(await recordedRequests(USER_PATH)).to.have.length(1);
    });
  });

  // The timings a test gives its transport (test/hardening/faults.test.tsx waits out a hang and a GET's retries quickly with them).
  describe("a transport's own timings", () => {
    it("a transport's timeout for some addresses times those out and leaves the others the full timeout", async () => {
      await injectFault({ path: USER_PATH, hang: true });
      await injectFault({ path: CART_PATH, delayMs: 400, status: 200, body: { cod_error: '000' } });
      transport = createTransport({ timeoutFor: (url) => (url === USER_PATH ? 150 : undefined) });
      {
        const [hung, slow] = await Promise.allSettled([getJson(USER_PATH, AnySchema), getJson(CART_PATH, AnySchema)]);
        expect(hung.status === 'rejected' && hung.reason instanceof ApiError && hung.reason.kind, 'the hanging call').to.equal('timeout');
        expect(hung.status === 'rejected' && String(hung.reason.message)).to.include('150 ms');
        expect(slow.status === 'fulfilled' && slow.value, 'the slow answer to another address').to.deep.equal({ cod_error: '000' });
      }
    });

    it("a transport's back-off unit spaces a GET's retries by it, and another transport keeps the default", async () => {
      await injectFault({ path: USER_PATH, status: 503 });
      const times: number[] = [];
      const realFetch = window.fetch;
      window.fetch = (input, init) => {
        times.push(performance.now());
        return realFetch(input, init);
      };
      transport = createTransport({ retryDelayMs: 250 });
      try {
        await failure(getJson(USER_PATH, AnySchema));
      } finally {
        window.fetch = realFetch;
      }
      // Attempt n waits n units: timers never fire early, so these hold on a busy machine too.
      expect(times).to.have.length(3);
      expect(times[1]! - times[0]!).to.be.at.least(250);
      expect(times[2]! - times[1]!).to.be.at.least(500);
      await resetServer();
      await injectFault({ path: USER_PATH, status: 503 });
      const started = performance.now();
      // Another transport has the default unit.
      transport = createTransport();
      await failure(getJson(USER_PATH, AnySchema));
      // The default unit, 150 ms: 150 + 300 between the three attempts.
      expect(performance.now() - started).to.be.at.least(450);
    });
  });

  describe('postForm', () => {
    it('posts form-encoded with the CSRF, XMLHttpRequest and Accept headers', async () => {
      const token = await primeCsrfCookie();
      const answer = await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: 'sí 1' }, CheckUserSchema);
      expect(answer).to.deep.equal({ success: true });
      const request = await onlyRequest(SET_COOKIE_PATH);
      expectPost(request);
      expect(request.method).to.equal('POST');
      expect(request.contentType).to.equal('application/x-www-form-urlencoded');
      expect(request.headers['x-csrftoken']).to.equal(token);
      expect(request.headers['x-requested-with']).to.equal('XMLHttpRequest');
      expect(request.headers['accept']).to.equal('application/json');
      expect(request.body).to.equal('name=loyalty_seen&value=s%C3%AD+1');
    });

    it('sends numbers and booleans as text and leaves undefined fields out', async () => {
      await primeCsrfCookie();
      await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: 'x', count: 3, flag: false, absent: undefined }, CheckUserSchema);
      const request = await onlyRequest(SET_COOKIE_PATH);
      expect(formFields(request)).to.deep.equal({ name: 'loyalty_seen', value: 'x', count: '3', flag: 'false' });
    });

    it('never retries, even on a 503', async () => {
      await primeCsrfCookie();
      await injectFault({ path: SET_COOKIE_PATH, status: 503, times: 2 });
      const error = await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(503);
      expect(error.method).to.equal('POST');
      expect(await recordedRequests(SET_COOKIE_PATH)).to.have.length(1);
    });

    it('never retries a dropped connection', async () => {
      await primeCsrfCookie();
      await injectFault({ path: SET_COOKIE_PATH, drop: true });
      const watch = watchFetch();
      let error: ApiError;
      try {
        error = await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
      } finally {
        watch.restore();
      }
      expect(error.kind).to.equal('network');
      expect(error.method).to.equal('POST');
      expect(watch.calls).to.have.length(1);
    });

    it('times out a hanging POST', async () => {
      await primeCsrfCookie();
      await injectFault({ path: SET_COOKIE_PATH, hang: true });
      const { error, calls } = await failureCountingFetch(() => postForm(SET_COOKIE_PATH, {}, CheckUserSchema, { timeoutMs: 150 }));
      expect(error.kind).to.equal('timeout');
      expect(calls.map((call) => call.url)).to.deep.equal([SET_COOKIE_PATH]);
    });

    it('reports an auth failure with kind server, its status, errors and text', async () => {
      await primeCsrfCookie();
      const error = await failure(postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'wrong' }, SessionSchema));
      expect(error.kind).to.equal('server');
      expect(error.status).to.equal(400);
      expect(error.serverErrors).to.have.property('__all__');
      expect(error.serverText).to.equal('El correo electrónico o la contraseña no son correctos.');
    });

    it('keeps the answer body so callers can read flags beside errors', async () => {
      await primeCsrfCookie();
      await injectFault({ path: SIGNIN_PATH, status: 400, body: { errors: 'Cuenta no activa', isEmailActiveError: true } });
      const error = await failure(postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'x' }, SessionSchema));
      expect(error.serverText).to.equal('Cuenta no activa');
      expect((error.body as { isEmailActiveError?: boolean }).isEmailActiveError).to.equal(true);
    });
  });

  describe('postRaw', () => {
    it('posts a FormData as multipart with the same headers', async () => {
      const token = await primeCsrfCookie();
      const form = new FormData();
      form.append('email', 'ana@example.com');
      form.append('password', 'Loyalty2026!');
      const answer = await postRaw(SIGNIN_PATH, form, SessionSchema);
      expect(answer.userName).to.equal('ana@example.com');
      const request = await onlyRequest(SIGNIN_PATH);
      expectPost(request, 'multipart/form-data');
      expect(request.contentType).to.equal('multipart/form-data');
      expect(request.headers['x-csrftoken']).to.equal(token);
      expect(request.headers['x-requested-with']).to.equal('XMLHttpRequest');
      expect(request.headers['accept']).to.equal('application/json');
      expect(request.body).to.include('name="email"');
      expect(request.body).to.include('ana@example.com');
    });

    it('posts a URLSearchParams or a string body unchanged', async () => {
      await primeCsrfCookie();
      await postRaw(SET_COOKIE_PATH, new URLSearchParams({ name: 'loyalty_seen', value: 'a@b' }), CheckUserSchema);
      // A string goes out as text/plain, which Django does not read into request.POST: the server refuses it.
      await failure(postRaw(SET_COOKIE_PATH, 'name=loyalty_other&value=c%40d', CheckUserSchema));
      const requests = await recordedRequests(SET_COOKIE_PATH);
      expect(requests.map((request) => request.body)).to.deep.equal(['name=loyalty_seen&value=a%40b', 'name=loyalty_other&value=c%40d']);
      expectPost(requests[0]!);
      expectPost(requests[1]!, 'text/plain');
    });
  });

  describe('CSRF header', () => {
    it('comes from the cookie when only the cookie is there', async () => {
      const token = await primeCsrfCookie();
      expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(token);
    });

    it("comes from the page's POST form when there is no cookie", async () => {
      deleteCsrfCookie();
      const form = document.createElement('form');
      form.method = 'post';
      form.append(addHiddenCsrfField('TokenFromTheHiddenField'));
      document.body.append(form);
      try {
        // The server refuses it (it has no cookie to compare with); what matters is what the client sent.
        await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
      } finally {
        form.remove();
      }
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal('TokenFromTheHiddenField');
    });

    it('never comes from a field planted outside any form', async () => {
      deleteCsrfCookie();
      addHiddenCsrfField('PlantedToForce403');
      await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
      expect((await onlyRequest(SET_COOKIE_PATH)).headers).to.not.have.property('x-csrftoken');
    });

    it("follows the answer's csrfToken when the cookie is HttpOnly (CSRF_COOKIE_HTTPONLY)", async () => {
      await devCsrfSetup({ httpOnly: true });
      await fetch(USER_PATH, { credentials: 'include' });
      expect(csrfCookie(), 'scripts cannot read the cookie').to.equal(null);
      const settings = await getJson('/bookcore/partempresas/loyalty/settings/', v.looseObject({ csrfToken: v.string() }));
      await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(settings.csrfToken);
      // Django's login() rotates the token: the sign-in answer's, not the settings', goes with the next POST.
      const signIn = await postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'Loyalty2026!' }, SessionSchema);
      await postForm('/bookcore/shopping-cart/drop/', {}, AnySchema);
      const drop = await onlyRequest('/bookcore/shopping-cart/drop/');
      expect(drop.headers['x-csrftoken']).to.equal((signIn as unknown as { csrfToken: string }).csrfToken);
      expect(drop.headers['x-csrftoken']).to.not.equal(settings.csrfToken);
      // And logout's new one goes with the POST after it.
      const logout = await postForm('/bookcore/partempresas/ajax/logout/', {}, v.looseObject({ csrfToken: v.string() }));
      await postForm(SET_COOKIE_PATH, { name: 'loyalty_other', value: '2' }, CheckUserSchema);
      expect((await recordedRequests(SET_COOKIE_PATH)).at(-1)!.headers['x-csrftoken']).to.equal(logout.csrfToken);
    });

    it("a visitor's first page: an answer handled after another answer set the cookie does not override the cookie", async () => {
      // No cookie yet: the page's first two bookcore calls each get a new token (Django's ensure_csrf_cookie does the
      // same), and the cookie keeps the last one set. Here the settings answer arrives first (its token set as the
      // cookie), the user's second (its token replaces it), and the settings answer is handled by the page only
      // after that, as on a busy main thread: the cookie, not that answer's older token, is the session's.
      // (An answer's cookie replaces one an earlier test left HttpOnly, which a script could not remove.)
      await primeCsrfCookie();
      deleteCsrfCookie();
      expect(csrfCookie()).to.equal(null);
      await injectFault({ path: USER_PATH, method: 'GET', delayMs: 300, times: 1 });
      const user = fetch(USER_PATH, { credentials: 'include' });
      const settings = await getJson('/bookcore/partempresas/loyalty/settings/', v.looseObject({ csrfToken: v.string() }), {
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          await user;
          return response;
        },
      });
      const cookie = csrfCookie();
      expect(cookie, "the user answer's token is the cookie").to.be.a('string').and.not.equal(settings.csrfToken);
      expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(cookie);
    });

    describe('after a refusal for CSRF', () => {
      const SETTINGS_PATH = '/bookcore/partempresas/loyalty/settings/';
      const TokenSchema = v.looseObject({ csrfToken: v.string() });
      let refreshes = 0;
      beforeEach(() => {
        refreshes = 0;
        // What the widget's start registers: the settings call, whose answer carries the session's token.
        setCsrfRefresher(async () => {
          refreshes += 1;
          await getJson(SETTINGS_PATH, v.unknown());
        });
      });
      afterEach(() => setCsrfRefresher(null));

      it("asks bookcore for the session's token once and sends the POST again (another tab signed in; the cookie is HttpOnly)", async () => {
        await devCsrfSetup({ httpOnly: true });
        const settings = await getJson(SETTINGS_PATH, TokenSchema);
        // Another tab signs in: Django rotates the token, and nothing tells this page.
        const elsewhere = await fetch(SIGNIN_PATH, {
          method: 'POST',
          credentials: 'include',
          headers: { 'X-CSRFToken': settings.csrfToken, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' },
          body: new URLSearchParams({ email: 'ana@example.com', password: 'Loyalty2026!' }),
        });
        expect(elsewhere.status).to.equal(200);
        expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
        const posts = await recordedRequests(SET_COOKIE_PATH);
        expect(posts.map((post) => post.status), 'refused, then accepted').to.deep.equal([403, 200]);
        expect(posts[0]!.headers['x-csrftoken']).to.equal(settings.csrfToken);
        expect(posts[1]!.headers['x-csrftoken']).to.not.equal(settings.csrfToken);
        expect(refreshes).to.equal(1);
      });

      it('does not send it again when bookcore gives the same token, nor a third time', async () => {
        await primeCsrfCookie();
        await injectFault(await djangoCsrfRefusal(SET_COOKIE_PATH, 1));
        const same = await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
        expect(same.status).to.equal(403);
        expect(await recordedRequests(SET_COOKIE_PATH), 'the cookie was the session token already').to.have.length(1);
        expect(refreshes).to.equal(1);

        // The refresh brings another token, and the POST is refused again: two sends in all.
        await resetServer();
        await primeCsrfCookie();
        setCsrfRefresher(async () => {
          refreshes += 1;
          deleteCsrfCookie();
          await fetch(USER_PATH, { credentials: 'include' });
        });
        await injectFault(await djangoCsrfRefusal(SET_COOKIE_PATH, 2));
        const twice = await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
        expect(twice.status).to.equal(403);
        expect(await recordedRequests(SET_COOKIE_PATH)).to.have.length(2);
      });

      /** The refresher a refusal meets: the session's token changed meanwhile (another tab signed in). */
      function refresherWithAnotherToken(): void {
        setCsrfRefresher(async () => {
          refreshes += 1;
          deleteCsrfCookie();
          await fetch(USER_PATH, { credentials: 'include' });
        });
      }

      /** Posts once to SET_COOKIE_PATH against the faults set, and says how many POSTs reached the server. */
      async function sendsOf(options: { warnings?: string[] } = {}): Promise<{ sends: number; error: ApiError | null }> {
        const realWarn = console.warn;
        console.warn = (message: unknown) => void options.warnings?.push(String(message));
        let error: ApiError | null = null;
        try {
          await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
        } catch (caught) {
          if (!(caught instanceof ApiError)) throw caught;
          error = caught;
        } finally {
          console.warn = realWarn;
        }
        return { sends: (await recordedRequests(SET_COOKIE_PATH)).length, error };
      }

      it("sends a view's own 403 once, whatever its body says about CSRF (it may have acted already)", async () => {
        // What views answer 403 with, each mentioning CSRF in a way Django's middleware never does.
        const viewAnswers: Array<{ name: string; status: number; body: unknown; contentType?: string }> = [
          {
            name: "the site's 403.html, whose base template holds Django's language switcher",
            status: 403,
            body:
              '<!DOCTYPE html><html lang="es"><head><title>Acceso denegado</title></head><body>' +
              '<form action="/i18n/setlang/" method="post"><input type="hidden" name="csrfmiddlewaretoken" value="SwitcherToken">' +
              '<select name="language"><option value="es">Español</option></select></form>' +
              '<h1>Acceso denegado</h1><p>Ya hemos enviado un correo de recuperación.</p></body></html>',
            contentType: 'text/html; charset=utf-8',
          },
          { name: 'a JSON 403 carrying csrfToken', status: 403, body: { cod_error: '403', error: 'Paquete no disponible', csrfToken: 'ViewsOwnToken' } },
          {
            name: 'a sign-up the view refused after creating the account',
            status: 403,
            body: { errors: { isEmailActiveError: ['Revisa tu correo para activar la cuenta.'] }, csrfToken: 'RotatedBySignUp' },
          },
          {
            name: 'a bare 403 naming CSRF in prose',
            status: 403,
            body: '<h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p>',
            contentType: 'text/html',
          },
        ];
        for (const answer of viewAnswers) {
          await resetServer();
          await primeCsrfCookie();
          refresherWithAnotherToken();
          refreshes = 0;
          await injectFault({ path: SET_COOKIE_PATH, method: 'POST', times: 1, ...answer });
          const warnings: string[] = [];
          const { sends, error } = await sendsOf({ warnings });
          expect(sends, `${answer.name}: sent once`).to.equal(1);
          expect(refreshes, `${answer.name}: no token asked for`).to.equal(0);
          expect(error?.status).to.equal(403);
          expect(error?.message, `${answer.name}: not blamed on CSRF`).to.not.include('CSRF');
          expect(warnings.filter((warning) => warning.includes('CSRF')), `${answer.name}: no CSRF warning`).to.deep.equal([]);
        }
      });

      it("sends again what Django's middleware refused: its stock page, DEBUG or not, in any language, for every reason", async () => {
        const pages = await djangoCsrfPages();
        expect(pages.length).to.be.greaterThan(5);
        for (const page of pages) {
          await resetServer();
          await primeCsrfCookie();
          refresherWithAnotherToken();
          refreshes = 0;
          await injectFault({ path: SET_COOKIE_PATH, method: 'POST', status: page.status, body: page.body, contentType: page.contentType, times: 1 });
          expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema), page.name).to.deep.equal({ success: true });
          expect((await recordedRequests(SET_COOKIE_PATH)).map((post) => post.status), page.name).to.deep.equal([403, 200]);
          expect(refreshes, page.name).to.equal(1);
        }
      });

      it('sends again what an own CSRF_FAILURE_VIEW marks with X-CSRF-Failure, and what Django REST framework refused for CSRF', async () => {
        const marked = [
          { status: 403, body: '<h1>Tu sesión ha caducado</h1>', contentType: 'text/html', headers: { 'X-CSRF-Failure': 'CSRF token missing or incorrect.' } },
          { status: 403, body: { detail: 'Sesión caducada' }, headers: { 'X-CSRF-Failure': '1' } },
          { status: 403, body: { detail: 'CSRF Failed: CSRF token missing or incorrect.' } },
        ];
        for (const answer of marked) {
          await resetServer();
          await primeCsrfCookie();
          refresherWithAnotherToken();
          await injectFault({ path: SET_COOKIE_PATH, method: 'POST', times: 1, ...answer });
          expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
          expect((await recordedRequests(SET_COOKIE_PATH)).map((post) => post.status), JSON.stringify(answer.body)).to.deep.equal([403, 200]);
        }
      });

      it('never retries a refusal that is not for CSRF, nor a POST to another origin or with the caller’s own token', async () => {
        await primeCsrfCookie();
        await injectFault({ path: SET_COOKIE_PATH, method: 'POST', status: 403, body: { detail: 'Forbidden' }, times: 1 });
        await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema));
        await injectFault(await djangoCsrfRefusal(SET_COOKIE_PATH, 1));
        await failure(postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema, { csrfToken: 'TheCallersOwn' }));
        expect(await recordedRequests(SET_COOKIE_PATH)).to.have.length(2);
        expect(refreshes).to.equal(0);
      });
    });

    it('reads the cookie data-csrf-cookie-name names (a custom CSRF_COOKIE_NAME)', async () => {
      await devCsrfSetup({ cookieName: 'bookcore_csrf' });
      await fetch(USER_PATH, { credentials: 'include' });
      setCsrfCookieName(transport.csrf, 'bookcore_csrf');
      const token = /bookcore_csrf=([^;]+)/.exec(document.cookie)?.[1];
      expect(token).to.be.a('string');
      expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(token);
      document.cookie = 'bookcore_csrf=; path=/; max-age=0';
    });

    it("writes the answer's token into the page's own POST forms, so they keep working after sign-in", async () => {
      await primeCsrfCookie();
      const form = document.createElement('form');
      form.method = 'post';
      const field = addHiddenCsrfField('TokenRenderedWithThePage');
      form.append(field);
      document.body.append(form);
      try {
        const signIn = await postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'Loyalty2026!' }, SessionSchema);
        expect(field.value).to.equal((signIn as unknown as { csrfToken: string }).csrfToken);
        expect(field.value).to.equal(csrfCookie());
      } finally {
        form.remove();
      }
    });

    it('prefers the cookie when both are there', async () => {
      const token = await primeCsrfCookie();
      addHiddenCsrfField('StaleTokenFromTheHiddenField');
      expect(await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema)).to.deep.equal({ success: true });
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(token);
    });

    it('is left out when there is no token; the HTML 403 logs one warning naming the cause and the documentation section', async () => {
      deleteCsrfCookie();
      const warnings: unknown[][] = [];
      const realWarn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      let error: ApiError;
      try {
        error = await failure(postForm(DROP_PATH, {}, AnySchema));
        await failure(postForm(DROP_PATH, {}, AnySchema));
      } finally {
        console.warn = realWarn;
      }
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(403);
      const request = (await recordedRequests(DROP_PATH))[0]!;
      expect(request.headers).to.not.have.property('x-csrftoken');
      expect(request.headers['x-requested-with']).to.equal('XMLHttpRequest');
      expect(warnings, 'one warning for two refusals').to.have.length(1);
      const [message] = warnings[0]!;
      expect(message).to.match(/^\[loyalty-elements\] POST \/bookcore\/shopping-cart\/drop\/ was refused for CSRF \(403\)/);
      expect(message).to.include('found no token');
      expect(message).to.include('ensure_csrf_cookie');
      expect(message).to.include('docs/integration.md "CSRF: where the widget finds the token"');
    });

    it('names a stale token as the likely cause when the refused POST carried one', async () => {
      await primeCsrfCookie();
      setCsrfCookieName(transport.csrf, 'not_the_cookie');
      rememberCsrfToken(transport.csrf, 'StaleTokenOfAnEarlierSession');
      const warnings: unknown[][] = [];
      const realWarn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        await failure(postForm('/bookcore/loyalty/ajax/password/recovery/', { email: 'ana@example.com' }, CheckUserSchema));
      } finally {
        console.warn = realWarn;
      }
      expect(warnings).to.have.length(1);
      expect(warnings[0]![0]).to.include('from the answer');
      expect(warnings[0]![0]).to.include('stale');
      expect(warnings[0]![0]).to.include('data-csrf-cookie-name');
    });

    it('is read afresh for each POST, following the rotation at sign-in', async () => {
      const before = await primeCsrfCookie();
      await postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'Loyalty2026!' }, SessionSchema);
      const after = csrfCookie();
      expect(after).to.not.equal(before);
      await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
      expect((await onlyRequest(SET_COOKIE_PATH)).headers['x-csrftoken']).to.equal(after);
    });

    it('goes with a same-origin Referer (Django 3.2 HTTPS check) that never holds the address, even under no-referrer', async () => {
      const token = await primeCsrfCookie();
      const meta = Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' });
      document.head.append(meta);
      const address = location.href;
      history.replaceState(history.state, '', '/bookcore/password/cambiar/MQ/secret-recovery-token/');
      try {
        await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
      } finally {
        history.replaceState(history.state, '', address);
        meta.remove();
      }
      const request = await onlyRequest(SET_COOKIE_PATH);
      expect(request.headers['x-csrftoken']).to.equal(token);
      expect(request.headers['referer']).to.equal(`${location.origin}/`);
    });

    it('is never sent to another origin', async () => {
      await primeCsrfCookie();
      const seen: Headers[] = [];
      const realFetch = window.fetch;
      window.fetch = async (_input, init) => {
        seen.push(new Headers(init?.headers));
        return new Response('{"success": true}', { status: 200 });
      };
      try {
        await postForm('https://other.example/bookcore/set-cookie/', { name: 'a', value: 'b' }, CheckUserSchema);
        await postForm(`${location.origin}/bookcore/set-cookie/`, { name: 'a', value: 'b' }, CheckUserSchema);
      } finally {
        window.fetch = realFetch;
      }
      expect(seen[0]!.has('X-CSRFToken')).to.equal(false);
      expect(seen[0]!.get('X-Requested-With')).to.equal('XMLHttpRequest');
      expect(seen[1]!.get('X-CSRFToken')).to.equal(csrfCookie());
    });

    it('never appears in any request body', async () => {
      const token = await primeCsrfCookie();
      addHiddenCsrfField(token);
      await postForm(SET_COOKIE_PATH, { name: 'loyalty_seen', value: '1' }, CheckUserSchema);
      await postForm(SIGNIN_PATH, { email: 'ana@example.com', password: 'Loyalty2026!' }, SessionSchema);
      const form = new FormData();
      form.append('name', 'loyalty_seen');
      form.append('value', '1');
      await postRaw(SET_COOKIE_PATH, form, CheckUserSchema);
      const requests = await allRecordedRequests();
      const posts = requests.filter((request) => request.method === 'POST');
      expect(posts).to.have.length(3);
      const tokens = new Set([token, csrfCookie()]);
      for (const request of posts) {
        expect(request.body).to.not.include('csrfmiddlewaretoken');
        for (const sent of tokens) expect(request.body).to.not.include(sent!);
      }
    });
  });

  describe('checkResponse', () => {
    it('passes success codes, as text or number, and answers without either field', () => {
      expect(checkResponse({ cod_error: '000', items: [] })).to.equal(null);
      expect(checkResponse({ cod_error: 0 })).to.equal(null);
      expect(checkResponse({ success: false })).to.equal(null);
      expect(checkResponse({ errors: null })).to.equal(null);
      expect(checkResponse([1, 2])).to.equal(null);
      expect(checkResponse('text')).to.equal(null);
      expect(checkResponse(null)).to.equal(null);
    });

    it('fails another cod_error with the error text, falling back to msg_error and message', () => {
      expect(checkResponse({ cod_error: '101', error: 'No hay disponibilidad' })).to.deep.equal({ text: 'No hay disponibilidad', errors: undefined });
      expect(checkResponse({ cod_error: 101, msg_error: 'Sin plazas' })?.text).to.equal('Sin plazas');
      expect(checkResponse({ cod_error: '102', message: 'Hotel cerrado' })?.text).to.equal('Hotel cerrado');
      expect(checkResponse({ cod_error: '103' })?.text).to.equal('cod_error 103');
    });

    it('fails an errors field of any form, keeping it raw', () => {
      expect(checkResponse({ errors: 'Texto' })).to.deep.equal({ text: 'Texto', errors: 'Texto' });
      expect(checkResponse({ errors: ['Uno', 'Dos'] })).to.deep.equal({ text: 'Uno Dos', errors: ['Uno', 'Dos'] });
      const fieldErrors = { email: ['Correo no válido.'], __all__: 'Revisa el formulario.' };
      expect(checkResponse({ errors: fieldErrors })).to.deep.equal({ text: 'Correo no válido. Revisa el formulario.', errors: fieldErrors });
      expect(checkResponse({ errors: {} })).to.deep.equal({ text: undefined, errors: {} });
    });
  });

  describe('flattenServerErrors', () => {
    it("reads Django's detailed error format too", () => {
      expect(flattenServerErrors({ email: [{ message: 'Correo no válido.', code: 'invalid' }] })).to.equal('Correo no válido.');
    });
  });
});
