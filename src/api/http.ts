/**
 * The transport every API client uses (docs/bookcore-contract.md "Transport rules"): credentials on every call, JSON answers checked
 * for bookcore's two error conventions (docs/bookcore-contract.md "Transport rules") and decoded with a valibot schema.
 *
 * Decisions:
 * - Only GETs retry, and only on a network failure or a 502/503/504 (a proxy or a restarting server): a POST may
 *   have reached the server before the failure, and repeating a sign-up or an add-to-cart is not harmless. The one
 *   exception is Django's CSRF refusal (recognised by `isCsrfRefusal`, never by a word in a body), which its
 *   middleware answers before any view runs: the POST is sent once
 *   more when bookcore, asked again ({@link setCsrfRefresher}), gives another token (another tab signed in or out,
 *   and the cookie is one scripts cannot read).
 * - A timed-out GET is not retried: a server that hung once usually hangs again, and retrying would multiply the
 *   guest's wait (three times fifteen seconds) before any message shows.
 * - The timeout covers each attempt as a whole, headers and body.
 * - When the caller's `signal` aborts, the abort reason (normally a `DOMException` named `AbortError`) is thrown
 *   unchanged, not wrapped in an ApiError, so callers can tell "I cancelled" from "it failed" with
 *   {@link isAbortError}. An abort during the back-off between retries rejects the same way.
 * - A non-2xx answer whose body is not JSON (a proxy's HTML error page) is an `http` error, not a `json` one:
 *   the status is the useful fact there.
 */
import * as v from 'valibot';
import { findCsrfToken, isCsrfRefusal, readCsrfCookie, rememberCsrfToken, type FoundCsrfToken } from '../lib/csrf';

export { ApiError, isAbortError, type ApiErrorDetails, type ApiErrorKind } from '../lib/api-error';
import { ApiError } from '../lib/api-error';
import { settledWithin } from '../lib/optional-wait';

/** Options every call takes. */
export interface RequestOptions {
  /** Cancels the call; it then rejects with the signal's reason, unwrapped. */
  signal?: AbortSignal | undefined;
  /** Per attempt, headers and body; default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
  /**
   * The `fetch` to send with; default the global one. Outside a page (Node) a caller passes one that resolves
   * addresses against the server and keeps the session's cookies (see `createBookcoreClient`).
   */
  fetch?: typeof fetch | undefined;
  /**
   * The anti-forgery token a POST sends, overriding the page's: a text to send, null to send none. When absent, a
   * POST to the page's own origin sends the page's token (cookie or hidden field) and any other sends none.
   */
  csrfToken?: string | null | undefined;
}

/** Options of a GET, which may be retried. */
export interface GetOptions extends RequestOptions {
  /** Extra attempts after a network failure or a 502/503/504; default {@link DEFAULT_GET_RETRIES}. */
  retries?: number | undefined;
  /** Back-off unit: attempt n waits n times this; default {@link DEFAULT_RETRY_DELAY_MS}. */
  retryDelayMs?: number | undefined;
}

/** A value a form-encoded body can carry. */
export type FormValue = string | number | boolean;

/** A flat form payload; `undefined` fields are left out of the body. */
export type FormPayload = Readonly<Record<string, FormValue | undefined>>;

/** What a raw POST may send as is. */
export type RawBody = FormData | URLSearchParams | Blob | string;

/** How long a call may take before it fails with kind `timeout`. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** How many times a GET is repeated after a transient failure. */
export const DEFAULT_GET_RETRIES = 2;
/** The back-off unit between GET attempts. */
export const DEFAULT_RETRY_DELAY_MS = 150;

// What a call without its own `timeoutMs` waits, and for which addresses; only tests change it.
let testTimeout: { ms: number; only: ((url: string) => boolean) | undefined } | undefined;
// The back-off unit of a GET without its own `retryDelayMs`; only tests change it.
let defaultRetryDelayMs = DEFAULT_RETRY_DELAY_MS;

/**
 * Test hook: changes the timeout of every call that does not pass its own `timeoutMs` (the widget's action
 * atoms pass none), so a test can wait for a hanging server without waiting {@link DEFAULT_TIMEOUT_MS}.
 *
 * @param ms - the new default, per attempt.
 * @param only - when given, only the calls to an address it accepts take the new default; the others keep
 *   {@link DEFAULT_TIMEOUT_MS} (a test that hangs one path can time it out quickly while a busy machine's slow
 *   answer to another call is still no timeout).
 * @returns a function that puts {@link DEFAULT_TIMEOUT_MS} back.
 */
export function setDefaultTimeoutForTests(ms: number, only?: (url: string) => boolean): () => void {
  testTimeout = { ms, only };
  return () => {
    testTimeout = undefined;
  };
}

/**
 * Test hook: changes the back-off unit of every GET that does not pass its own `retryDelayMs`, so a test of a
 * failing call sees its retries without waiting {@link DEFAULT_RETRY_DELAY_MS} × 1, 2, … between them.
 *
 * @param ms - the new unit.
 * @returns a function that puts {@link DEFAULT_RETRY_DELAY_MS} back.
 */
export function setRetryDelayForTests(ms: number): () => void {
  defaultRetryDelayMs = ms;
  return () => {
    defaultRetryDelayMs = DEFAULT_RETRY_DELAY_MS;
  };
}

// Statuses a gateway answers while the application server restarts; anything else will not improve on retry.
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' } as const;

/**
 * GETs JSON, checks it and decodes it.
 *
 * @param url - the address, relative to the page or absolute.
 * @param schema - the decoder of a successful answer.
 * @param options - cancellation, timeout and retry settings.
 * @returns the decoded answer.
 * @throws {ApiError} on any failure; the caller's abort reason when `options.signal` aborts.
 */
export async function getJson<TSchema extends v.GenericSchema>(
  url: string,
  schema: TSchema,
  options: GetOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const exchange = await getWithRetries(url, { ...JSON_HEADERS }, options);
  return decodeJson(exchange, schema);
}

/**
 * GETs a text resource (an HTML fragment, say), with the same credentials, timeout and retries as
 * {@link getJson}.
 *
 * @param url - the address, relative to the page or absolute.
 * @param headers - request headers, e.g. the content type a legacy endpoint insists on.
 * @param options - cancellation, timeout and retry settings.
 * @returns the body as text.
 * @throws {ApiError} kind `http` on a non-2xx answer, `network` or `timeout` when none arrives.
 */
export async function getText(
  url: string,
  headers: Readonly<Record<string, string>>,
  options: GetOptions = {},
): Promise<string> {
  const exchange = await getWithRetries(url, { ...headers }, options);
  if (!exchange.response.ok) {
    throw new ApiError(`GET ${url} answered ${exchange.response.status}`, {
      kind: 'http',
      method: 'GET',
      url,
      status: exchange.response.status,
    });
  }
  return exchange.text;
}

/**
 * POSTs a flat payload form-encoded, the way Django views read `request.POST`. Never retried, with one exception:
 * a POST Django's CSRF middleware refused (no view ran) goes once more with a fresh token ({@link postRaw}).
 *
 * @param url - the address, relative to the page or absolute.
 * @param payload - the fields; numbers and booleans are sent as their text (`true`/`false`).
 * @param schema - the decoder of a successful answer.
 * @param options - cancellation and timeout.
 * @returns the decoded answer.
 * @throws {ApiError} on any failure; the caller's abort reason when `options.signal` aborts.
 */
export function postForm<TSchema extends v.GenericSchema>(
  url: string,
  payload: FormPayload,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  return postRaw(url, toFormBody(payload), schema, options);
}

/**
 * POSTs a body as given (a `FormData` goes out as multipart), with the same headers and checks as
 * {@link postForm}. Never retried, with one exception: a 403 that is Django's CSRF refusal (`isCsrfRefusal` in
 * src/lib/csrf.ts: its failure page, `X-CSRF-Failure`, Django REST framework's "CSRF Failed:"), answered before any
 * view ran, is sent once more when bookcore gives another token. A view's own 403 is never sent again.
 *
 * @param url - the address, relative to the page or absolute.
 * @param body - sent unchanged; its type decides the content type.
 * @param schema - the decoder of a successful answer.
 * @param options - cancellation and timeout.
 * @returns the decoded answer.
 * @throws {ApiError} on any failure; the caller's abort reason when `options.signal` aborts.
 */
export async function postRaw<TSchema extends v.GenericSchema>(
  url: string,
  body: RawBody,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  // The token authenticates this page's session; handing it to another origin would let that origin forge
  // requests against ours.
  let token: FoundCsrfToken | null =
    options.csrfToken !== undefined
      ? options.csrfToken
        ? { token: options.csrfToken, origin: 'caller' }
        : null
      : isSameOriginAsPage(url)
        ? findCsrfToken()
        : null;
  if (token) headers['X-CSRFToken'] = token.token;
  const post = () => send(url, { method: 'POST', headers: { ...headers }, body, ...siteReferrer() }, options);
  let exchange = await post();
  if (isCsrfRefusal(exchange.response.status, exchange.text, exchange.response.headers)) {
    // Refused before any view ran: nothing happened, so it may go once more with the session's current token.
    const fresh = options.csrfToken === undefined && isSameOriginAsPage(url) ? await freshCsrfToken(token) : null;
    if (fresh) {
      token = fresh;
      headers['X-CSRFToken'] = fresh.token;
      exchange = await post();
    }
    if (isCsrfRefusal(exchange.response.status, exchange.text, exchange.response.headers)) {
      const refused = token;
      // The warning's texts load only now (a chunk of their own); it is said before the refusal reaches the caller,
      // unless its chunk stalls: the guest's form then hears of the refusal after the bound (../lib/optional-wait.ts).
      await settledWithin(import('../lib/csrf-warning').then(({ warnCsrfRefusal }) => warnCsrfRefusal(url, refused)));
    }
  }
  return decodeJson(exchange, schema);
}

/** How the transport asks bookcore for the session's current anti-forgery token; set by the widget's start. */
let csrfRefresher: (() => Promise<unknown>) | null = null;
// One request for a token however many POSTs were refused at once.
let refreshing: Promise<unknown> | null = null;

/**
 * Sets how the transport asks bookcore for the session's current anti-forgery token after Django refused a POST for
 * CSRF: a call whose answer carries `csrfToken` (the settings call) or sets the cookie. The widget's start sets it;
 * without it a refused POST fails as it is.
 *
 * @param refresh - the call, or null to stop asking.
 */
export function setCsrfRefresher(refresh: (() => Promise<unknown>) | null): void {
  csrfRefresher = refresh;
}

/** After a refusal: the token bookcore now gives, when it differs from the one refused; else null. */
async function freshCsrfToken(refused: FoundCsrfToken | null): Promise<FoundCsrfToken | null> {
  if (!csrfRefresher) return null;
  refreshing ??= csrfRefresher().finally(() => {
    refreshing = null;
  });
  try {
    await refreshing;
  } catch {
    // No answer: the refusal stands.
  }
  const found = findCsrfToken();
  return found && found.token !== refused?.token ? found : null;
}

/** What a failed response check found. */
export interface ServerFailure {
  /** The server's message, when it gave one. */
  text: string | undefined;
  /** The raw `errors` value, when there was one. */
  errors: unknown;
}

/**
 * The bookcore response check (docs/bookcore-contract.md "Transport rules"): a `cod_error` other than "000" (cart, package, hotel calls), or an
 * `errors` field (auth calls), means failure whatever the HTTP status.
 *
 * @param body - a parsed JSON answer.
 * @returns what failed, or null when the answer passes.
 */
export function checkResponse(body: unknown): ServerFailure | null {
  if (!isRecord(body)) return null;
  const code = body['cod_error'];
  if (code !== undefined && code !== null && !isSuccessCode(code)) {
    // A code that is neither text nor number (an object, say) is named by its type: String() of an object with a
    // non-callable toString throws.
    const shown = typeof code === 'string' || typeof code === 'number' || typeof code === 'boolean' ? String(code) : typeof code;
    const text = firstText(body['error'], body['msg_error'], body['message']) ?? `cod_error ${shown}`;
    return { text, errors: body['errors'] };
  }
  const errors = body['errors'];
  if (errors !== undefined && errors !== null) {
    const text = flattenServerErrors(errors);
    return { text: text === '' ? undefined : text, errors };
  }
  return null;
}

/**
 * Turns an `errors` value — a text, a list of texts, or Django's form errors `{field: [texts]}` — into one
 * readable line.
 *
 * @param errors - the raw value.
 * @returns every message in order, joined by spaces; empty when there are none.
 */
export function flattenServerErrors(errors: unknown): string {
  return collectMessages(errors).join(' ');
}

// Django's errors nest three levels at most; a hostile answer nested thousands deep would overflow the stack.
const MAX_ERRORS_DEPTH = 16;

function collectMessages(errors: unknown, depth = 0): string[] {
  if (typeof errors === 'string') return errors.trim() === '' ? [] : [errors.trim()];
  if (typeof errors === 'number' || typeof errors === 'boolean') return [String(errors)];
  if (depth >= MAX_ERRORS_DEPTH) return [];
  const nested = (value: unknown) => collectMessages(value, depth + 1);
  if (Array.isArray(errors)) return errors.flatMap(nested);
  // Django's ErrorDict.get_json_data() gives {field: [{message, code}]}.
  if (isRecord(errors) && typeof errors['message'] === 'string') return nested(errors['message']);
  if (isRecord(errors)) return Object.values(errors).flatMap(nested);
  return [];
}

function isSuccessCode(code: unknown): boolean {
  if (typeof code === 'number') return code === 0;
  return typeof code === 'string' && /^0+$/.test(code.trim());
}

function firstText(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFormBody(payload: FormPayload): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(payload)) {
    if (value !== undefined) body.append(name, String(value));
  }
  return body;
}

/**
 * The Referer a POST carries: the site's root, on same-origin requests only. Django 3.2 refuses an HTTPS POST
 * without a same-origin Referer, which a `no-referrer` page policy (the password-change page's) would strip;
 * the root keeps whatever the address holds (the recovery uid and token) out of it, and another origin gets none.
 */
function siteReferrer(): Pick<RequestInit, 'referrer' | 'referrerPolicy'> {
  const page = globalThis.location as Location | undefined;
  if (!page || (page.protocol !== 'http:' && page.protocol !== 'https:')) return {};
  return { referrer: `${page.origin}/`, referrerPolicy: 'same-origin' };
}

function isSameOriginAsPage(url: string): boolean {
  const page = globalThis.location as Location | undefined;
  if (!page) return false;
  try {
    return new URL(url, page.href).origin === page.origin;
  } catch {
    return false;
  }
}

interface Exchange {
  method: string;
  url: string;
  response: Response;
  text: string;
  /** The CSRF cookie when the request went out (what an answer's `csrfToken` is judged against). */
  cookieAtRequest: string | null;
}

async function getWithRetries(url: string, headers: Record<string, string>, options: GetOptions): Promise<Exchange> {
  const retries = Math.max(0, options.retries ?? DEFAULT_GET_RETRIES);
  const delayMs = Math.max(0, options.retryDelayMs ?? defaultRetryDelayMs);
  for (let attempt = 1; ; attempt++) {
    const canRetry = attempt <= retries;
    let exchange: Exchange;
    try {
      exchange = await send(url, { method: 'GET', headers }, options);
    } catch (error) {
      if (canRetry && error instanceof ApiError && error.kind === 'network') {
        await backOff(delayMs * attempt, options.signal);
        continue;
      }
      throw error;
    }
    if (canRetry && RETRYABLE_STATUSES.has(exchange.response.status)) {
      await backOff(delayMs * attempt, options.signal);
      continue;
    }
    return exchange;
  }
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Exchange> {
  const method = init.method ?? 'GET';
  const callerSignal = options.signal;
  callerSignal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? (testTimeout && (testTimeout.only?.(url) ?? true) ? testTimeout.ms : DEFAULT_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  // The abort settles the exchange itself: a host page's `fetch` wrapper that drops the `signal` (or a body that
  // never ends) cannot keep the guest waiting past the timeout or after a cancel.
  const aborted = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`${method} ${url} timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const exchange = (async () => {
      // POSTs carry the CSRF token and passwords: a redirect is never followed, to another origin or any
      // (bookcore's widget endpoints answer JSON, never a redirect); it fails as an `http` error below.
      const redirect: RequestRedirect = method === 'GET' ? 'follow' : 'manual';
      const request: RequestInit = { ...init, credentials: 'include', redirect, signal: controller.signal };
      const cookieAtRequest = readCsrfCookie();
      const response = await (options.fetch ? options.fetch(url, request) : fetch(url, request));
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw new ApiError(`${method} ${url} answered a redirect, which a POST does not follow`, { kind: 'http', method, url, status: response.status });
      }
      // Decoded as the Fetch standard's text() says (UTF-8, a leading byte order mark dropped): WebKit's text()
      // keeps the mark, which JSON.parse then refuses.
      const text = new TextDecoder().decode(await response.arrayBuffer());
      return { method, url, response, text, cookieAtRequest };
    })();
    // Whichever settles first; the loser's rejection is handled so it is never reported as unhandled.
    exchange.catch(() => undefined);
    aborted.catch(() => undefined);
    return await Promise.race([exchange, aborted]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timedOut) {
      throw new ApiError(`${method} ${url} timed out after ${timeoutMs} ms`, { kind: 'timeout', method, url, cause: error });
    }
    throw new ApiError(`${method} ${url} failed: ${describe(error)}`, { kind: 'network', method, url, cause: error });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

function decodeJson<TSchema extends v.GenericSchema>(exchange: Exchange, schema: TSchema): v.InferOutput<TSchema> {
  const { method, url, response, text } = exchange;
  const status = response.status;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (!response.ok) {
      // Django's CSRF refusal is an HTML page: say so, so an integrator reading the error knows where to look.
      const reason = isCsrfRefusal(status, text, response.headers) ? ', refused for CSRF' : '';
      throw new ApiError(`${method} ${url} answered ${status}${reason}`, { kind: 'http', method, url, status });
    }
    throw new ApiError(`${method} ${url} answered malformed JSON`, { kind: 'json', method, url, status, cause: error });
  }
  // Bookcore's answers may carry the session's current anti-forgery token (after login() or logout() rotated
  // it); only this site's answers may set the token our POSTs send.
  if (isRecord(body) && Object.hasOwn(body, 'csrfToken') && isSameOriginAsPage(url)) {
    rememberCsrfToken(body['csrfToken'], globalThis.document, exchange.cookieAtRequest);
  }
  const failure = checkResponse(body);
  if (failure) {
    throw new ApiError(`${method} ${url} failed: ${failure.text ?? 'server error'}`, {
      kind: 'server',
      method,
      url,
      status,
      serverText: failure.text,
      serverErrors: failure.errors,
      body,
    });
  }
  if (!response.ok) {
    // Django's own refusals (CSRF, 404 pages in JSON mode) carry their reason in `detail`.
    const detail = isRecord(body) ? firstText(body['detail']) : undefined;
    throw new ApiError(`${method} ${url} answered ${status}${detail ? `: ${detail}` : ''}`, {
      kind: 'http',
      method,
      url,
      status,
      serverText: detail,
      body,
    });
  }
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new ApiError(`${method} ${url} answered an unexpected shape: ${v.summarize(result.issues)}`, {
      kind: 'schema',
      method,
      url,
      status,
      body,
    });
  }
  return result.output;
}

function backOff(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
