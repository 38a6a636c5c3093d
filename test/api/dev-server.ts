/**
 * Switches of the dev bookcore server (docs/bookcore-contract.md "Dev-only switches"), mounted on the test
 * page's own origin, and the checks every client test makes on the requests the server recorded.
 */
import { expect } from '@open-wc/testing';
import { signStandinToken } from '../support/standin-token';

/** A request as the dev server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  search: string;
  headers: Record<string, string>;
  body: string;
  contentType: string | null;
  /** When it arrived (ISO 8601). */
  at: string;
  /** The answer's status once sent (`aborted` when the page went first), and how long it took. */
  status?: number | 'aborted';
  ms?: number;
}

/** A fault to inject; see the contract for the meaning of each field. */
export interface Fault {
  path: string;
  method?: string;
  status?: number;
  body?: unknown;
  contentType?: string;
  /** A Location header, for redirect tests. */
  location?: string;
  /** Further response headers. */
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
  drop?: boolean;
  times?: number;
}

async function devCall(method: string, path: string, json?: unknown): Promise<Response> {
  const init: RequestInit = { method };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** One rendering of Django's stock CSRF failure page, as test/fixtures/django-csrf-failure.py made it. */
export interface DjangoCsrfPage {
  name: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * Django's own CSRF failure pages (django.views.csrf.csrf_failure of the installed Django, DEBUG or not, English and
 * Spanish, each reason of its middleware), rendered by Django itself into test/fixtures/django-csrf-failure.json.
 */
export async function djangoCsrfPages(): Promise<DjangoCsrfPage[]> {
  const response = await fetch('/test/fixtures/django-csrf-failure.json');
  return ((await response.json()) as { pages: DjangoCsrfPage[] }).pages;
}

/** A fault answering as Django's CSRF middleware does (its production page, in English). */
export async function djangoCsrfRefusal(path: string, times: number): Promise<Fault> {
  const page = (await djangoCsrfPages()).find((candidate) => candidate.name.startsWith('production, en: CSRF token missing'))!;
  return { path, method: 'POST', status: page.status, body: page.body, contentType: page.contentType, times };
}

/** Back to the seed: users, sessions, carts, faults, request log, mailbox. */
export async function resetServer(): Promise<void> {
  await devCall('POST', '/__dev/reset');
}

/** Registers a fault. */
export async function injectFault(fault: Fault): Promise<void> {
  await devCall('POST', '/__dev/faults', fault);
}

/**
 * The faults still waiting to apply, each with the times it has left (`null`: every time). A fault with `times`
 * that a test expected the page to meet and that is still listed was never met: the page had what it asked for
 * without asking the server.
 */
export async function pendingFaults(): Promise<Array<Fault & { remaining: number | null }>> {
  const response = await devCall('GET', '/__dev/faults');
  return (await response.json()) as Array<Fault & { remaining: number | null }>;
}

/** The requests recorded for a path (exact, or a prefix ending with "*"), oldest first. */
export async function recordedRequests(path: string): Promise<RecordedRequest[]> {
  const response = await devCall('GET', `/__dev/requests?${new URLSearchParams({ path }).toString()}`);
  return (await response.json()) as RecordedRequest[];
}

/** Every request recorded since the last reset. */
export async function allRecordedRequests(): Promise<RecordedRequest[]> {
  return recordedRequests('/*');
}

/** The one request recorded for a path; fails the test when there is not exactly one. */
export async function onlyRequest(path: string): Promise<RecordedRequest> {
  const requests = await recordedRequests(path);
  if (requests.length !== 1) throw new Error(`expected 1 request to ${path}, got ${requests.length}`);
  return requests[0]!;
}

/** The mails the server "sent" since the last reset. */
export async function mailbox(): Promise<{ to: string; kind: string; links: string[] }[]> {
  const response = await devCall('GET', '/__dev/mailbox.json');
  const data = (await response.json()) as unknown;
  const mails = Array.isArray(data) ? data : (data as { mails: unknown[] }).mails;
  return mails as { to: string; kind: string; links: string[] }[];
}

/** The page's csrftoken cookie, or null. */
export function csrfCookie(): string | null {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith('csrftoken='));
  return pair ? decodeURIComponent(pair.slice('csrftoken='.length)) : null;
}

/** Removes the csrftoken cookie, as on a visitor's first request. */
export function deleteCsrfCookie(): void {
  document.cookie = 'csrftoken=; path=/; max-age=0';
}

/** Makes sure the page has a csrftoken cookie: any bookcore answer sets one when the request had none. */
export async function primeCsrfCookie(): Promise<string> {
  await fetch('/bookcore/loyalty/ajax/user/', { credentials: 'include' });
  const token = csrfCookie();
  if (!token) throw new Error('the dev server set no csrftoken cookie');
  return token;
}

/** The seed member's e-mail and password on the dev bookcore. */
export const SEED_MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!' } as const;

/** A form POST to the dev bookcore from the test page, as a page of the site would make it (CSRF header). */
async function postFromPage(path: string, fields: Record<string, string>): Promise<Response> {
  const token = await primeCsrfCookie();
  return fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' },
    body: new URLSearchParams(fields),
  });
}

/** Signs this browser session in on the dev bookcore, as an earlier page did; throws when it is refused. */
export async function signInThroughApi(email: string = SEED_MEMBER.email, password: string = SEED_MEMBER.password): Promise<void> {
  const response = await postFromPage('/bookcore/loyalty/ajax/signin/', { email, password });
  if (!response.ok) throw new Error(`the set-up's sign-in answered ${response.status}`);
}

/** Asks for a recovery mail for the member and returns the uid and token its link carries. */
export async function mailedRecoveryToken(email: string = SEED_MEMBER.email): Promise<{ uid: string; token: string }> {
  await postFromPage('/bookcore/loyalty/ajax/password/recovery/', { email, userType: 'loyalty' });
  const link = (await mailbox()).filter((mail) => mail.kind === 'recovery' && mail.to === email).at(-1)?.links[0];
  if (!link) throw new Error(`no recovery mail for ${email}`);
  const [uid = '', token = ''] = new URL(link).pathname.split('/').filter(Boolean).slice(-2);
  return { uid, token };
}

/** Adds a package option to this session's cart, as a guest did on an earlier page; throws unless it is added. */
export async function addPackageThroughApi(optionId: string, hotel: string, checkIn: string): Promise<void> {
  const response = await postFromPage('/bookcore/shopping-cart/add-package/', { id_opc: optionId, codhotel: hotel, entrada: checkIn, salida: '', codpromo: 'None' });
  const body = (await response.json()) as { cod_error?: string };
  if (body.cod_error !== '000') throw new Error(`the set-up's add-package answered ${JSON.stringify(body)}`);
}

/** Clears the request log, so a test sees only its own calls. */
export async function clearRecordedRequests(): Promise<void> {
  await devCall('DELETE', '/__dev/requests');
}

/** The csrftoken cookie a recorded request carried, or null. */
export function requestCsrfCookie(request: RecordedRequest): string | null {
  const pair = (request.headers['cookie'] ?? '').split(/;\s*/).find((entry) => entry.startsWith('csrftoken='));
  return pair ? decodeURIComponent(pair.slice('csrftoken='.length)) : null;
}

/**
 * Asserts a recorded request is a transport POST (docs/bookcore-contract.md): method POST, the expected content type (form-encoded
 * in UTF-8 by default), `X-CSRFToken` equal to the csrftoken cookie the same request carried, `X-Requested-With:
 * XMLHttpRequest`, JSON accepted, and no `csrfmiddlewaretoken` in the body. A form-encoded body must be in the
 * canonical `URLSearchParams` encoding (UTF-8 percent-escapes, `+` for spaces), so JSON or raw text sent with a
 * form content type fails.
 *
 * @param contentType - the media type a raw POST sends (`multipart/form-data`, `text/plain`…).
 */
export function expectPost(request: RecordedRequest, contentType = 'application/x-www-form-urlencoded'): void {
  const where = `${request.method} ${request.path}`;
  expect(request.method, where).to.equal('POST');
  expect(request.contentType, `${where} content type`).to.equal(contentType);
  if (contentType === 'application/x-www-form-urlencoded') {
    expect(request.headers['content-type'], `${where} charset`).to.match(/;\s*charset=utf-8$/i);
    expect(new URLSearchParams(request.body).toString(), `${where} body encoding`).to.equal(request.body);
  }
  const cookie = requestCsrfCookie(request);
  expect(cookie, `${where} carried no csrftoken cookie`).to.be.a('string').and.not.equal('');
  expect(request.headers['x-csrftoken'], `${where} X-CSRFToken`).to.equal(cookie);
  expect(request.headers['x-requested-with'], `${where} X-Requested-With`).to.equal('XMLHttpRequest');
  expect(request.headers['accept'], `${where} Accept`).to.equal('application/json');
  expect(request.body, `${where} body`).to.not.include('csrfmiddlewaretoken');
}

/**
 * Asserts a recorded request is a transport GET (docs/bookcore-contract.md): method GET, JSON accepted and declared as the
 * content type, no body and no `X-CSRFToken` (a token belongs to state-changing requests only).
 */
export function expectGet(request: RecordedRequest): void {
  const where = `${request.method} ${request.path}`;
  expect(request.method, where).to.equal('GET');
  expect(request.headers['accept'], `${where} Accept`).to.equal('application/json');
  expect(request.headers['content-type'], `${where} Content-Type`).to.equal('application/json');
  expect(request.headers, `${where} headers`).to.not.have.property('x-csrftoken');
  expect(request.body, `${where} body`).to.equal('');
}

/**
 * Asserts that every request recorded since the last reset or clear went out as the transport sends it: each POST
 * passes {@link expectPost} (form-encoded), each GET {@link expectGet}, and nothing else was sent. A client test's
 * `afterEach`, so set-up calls made on the way to the call under test are checked too.
 */
export async function expectEveryRequestWellFormed(): Promise<void> {
  for (const request of await allRecordedRequests()) {
    if (request.method === 'POST') expectPost(request);
    else expectGet(request);
  }
}

/** Decodes a recorded form-encoded body. */
export function formFields(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}

/** A call the page made to `fetch`, as seen before the browser's network stack. */
export interface FetchCall {
  url: string;
  init: RequestInit | undefined;
}

/**
 * Records the page's own `fetch` calls while passing them through. Needed where the server's log cannot tell:
 * static files are not logged, and Chromium itself re-sends a request whose reused connection was dropped, so
 * the server sees more requests than the code made.
 */
export function watchFetch(): { calls: FetchCall[]; restore: () => void } {
  const calls: FetchCall[] = [];
  const realFetch = window.fetch;
  window.fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init });
    return realFetch(input, init);
  };
  return { calls, restore: () => void (window.fetch = realFetch) };
}

/**
 * An RS256 JWT signed with the stand-in key of demo/stand-in-keys/, as the stand-in SDKs sign their tokens (for
 * tests that hand the widget a social user without clicking through an SDK).
 */
export async function standinSignedToken(claims: Record<string, unknown>): Promise<string> {
  const pem = await (await fetch('/demo/stand-in-keys/social-signing-key.pem')).text();
  return signStandinToken(pem, claims);
}

/** A Facebook access token of the dev settings' app for a user id, vouching for an e-mail, valid for an hour. */
export function standinFacebookToken(userId: string, email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return standinSignedToken({ app_id: '100000000000001', user_id: userId, email, iat: now, exp: now + 3600 });
}

/** A Google ID token for the dev settings' client id, vouching for an e-mail, valid for an hour. */
export function standinGoogleToken(sub: string, email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const clientId = 'dev-loyalty-elements.apps.googleusercontent.com';
  return standinSignedToken({ iss: 'https://accounts.google.com', aud: clientId, azp: clientId, sub, email, email_verified: true, iat: now, exp: now + 3600 });
}
