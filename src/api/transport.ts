/**
 * The transport's part the first payload needs (docs/bookcore-contract.md "Transport rules"): credentials on every
 * call, timeouts, GET retries, bookcore's two error conventions, JSON answers read but not decoded. The widget's
 * start reads its two answers through it (./widget-start.ts) with a hand check; ./http.ts adds the valibot
 * decoding and the POSTs with all of CSRF, and loads with the code that uses them.
 *
 * Decisions:
 * - Only GETs retry, and only on a network failure or a 502/503/504 (a proxy or a restarting server): a POST may
 *   have reached the server before the failure, and repeating a sign-up or an add-to-cart is not harmless (the
 *   one exception, Django's CSRF refusal, is ./http.ts's).
 * - A timed-out GET is not retried: a server that hung once usually hangs again, and retrying would multiply the
 *   guest's wait (three times fifteen seconds) before any message shows.
 * - The timeout covers each attempt as a whole, headers and body.
 * - When the caller's `signal` aborts, the abort reason (normally a `DOMException` named `AbortError`) is thrown
 *   unchanged, not wrapped in an ApiError, so callers can tell "I cancelled" from "it failed" with
 *   {@link isAbortError}. An abort during the back-off between retries rejects the same way.
 * - A non-2xx answer whose body is not JSON (a proxy's HTML error page) is an `http` error, not a `json` one:
 *   the status is the useful fact there.
 */
import { ApiError } from '../lib/api-error';
import { createCsrfState, handOverCsrfToken, readPageCookies, type CsrfState } from '../lib/csrf/csrf-state';

export { ApiError, isAbortError, type ApiErrorDetails, type ApiErrorKind } from '../lib/api-error';

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
  /**
   * The page's transport ({@link createTransport}): its anti-forgery state and default timings. Absent, the call
   * makes a fresh one for itself (the page's token read afresh, no answer's token kept).
   */
  transport?: Transport | undefined;
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

/** How a transport's calls wait and retry when they do not say (tests shorten them). */
export interface TransportSettings {
  /**
   * The timeout of a call to this address without its own `timeoutMs`; undefined, {@link DEFAULT_TIMEOUT_MS} (a
   * test that hangs one path times it out quickly while a busy machine's slow answer to another call is still no
   * timeout).
   */
  timeoutFor?: ((url: string) => number | undefined) | undefined;
  /** The back-off unit of a GET without its own `retryDelayMs`; default {@link DEFAULT_RETRY_DELAY_MS}. */
  retryDelayMs?: number | undefined;
}

/**
 * One page's transport (docs/architecture.md "The runtime"): all of its anti-forgery state (the cookie's name, the
 * tokens answers carried, how to ask for a fresh one) and its default timings (a test may change them). The page's runtime makes one and
 * passes it to every call; a test or a standalone client makes its own.
 */
export interface Transport extends TransportSettings {
  readonly csrf: CsrfState;
}

/**
 * Makes a transport with a fresh anti-forgery state.
 *
 * @param settings - default timings (tests shorten them).
 */
export function createTransport(settings?: TransportSettings): Transport {
  return { ...settings, csrf: createCsrfState() };
}

/** The transport a call goes through: its own, else a fresh one. */
export function transportOf(options: RequestOptions): Transport {
  return options.transport ?? createTransport();
}

// Statuses a gateway answers while the application server restarts; anything else will not improve on retry.
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The headers of a JSON GET. */
export const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' } as const;

/**
 * GETs JSON and checks it for bookcore's error conventions, leaving the decoding to the caller.
 *
 * @param url - the address, relative to the page or absolute.
 * @param options - cancellation, timeout and retry settings.
 * @param readAs - how the answer is read ({@link AnswerReading}); by default the first payload's.
 * @returns the parsed answer.
 * @throws {ApiError} on any failure; the caller's abort reason when `options.signal` aborts.
 */
export async function getJsonAnswer(url: string, options: GetOptions = {}, readAs?: AnswerReading): Promise<unknown> {
  const exchange = await getWithRetries(url, { ...JSON_HEADERS }, options);
  return readAnswer(exchange, readAs ?? FIRST_PAYLOAD_READING, transportOf(options).csrf);
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

/**
 * The first of the candidates that is a text with something in it.
 *
 * @param candidates - values in order of preference.
 */
export function firstText(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}

/**
 * Whether a value is a plain JSON object (not an array).
 *
 * @param value - any value.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether an address is on the page's own origin (only this site's answers may set the token our POSTs send).
 *
 * @param url - the address, relative to the page or absolute.
 */
export function isSameOriginAsPage(url: string): boolean {
  const page = globalThis.location as Location | undefined;
  if (!page) return false;
  try {
    return new URL(url, page.href).origin === page.origin;
  } catch {
    return false;
  }
}

/** One request and its answer, read as text. */
export interface Exchange {
  method: string;
  url: string;
  response: Response;
  text: string;
  /** The page's cookies when the request went out (what an answer's `csrfToken` is judged against). */
  cookiesAtRequest: string | null;
}

/**
 * A GET, sent again after a network failure or a 502/503/504 as {@link GetOptions} say.
 *
 * @param url - the address.
 * @param headers - the request's headers.
 * @param options - cancellation, timeout and retry settings.
 */
export async function getWithRetries(url: string, headers: Record<string, string>, options: GetOptions): Promise<Exchange> {
  const retries = Math.max(0, options.retries ?? DEFAULT_GET_RETRIES);
  const delayMs = Math.max(0, options.retryDelayMs ?? options.transport?.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
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

/**
 * Sends one request with the page's credentials, within the timeout, following no redirect but a GET's.
 *
 * @param url - the address.
 * @param init - method, headers, body.
 * @param options - cancellation, timeout, the `fetch` to use.
 */
export async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Exchange> {
  const method = init.method ?? 'GET';
  const callerSignal = options.signal;
  callerSignal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? options.transport?.timeoutFor?.(url) ?? DEFAULT_TIMEOUT_MS;
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
      const cookiesAtRequest = readPageCookies();
      const response = await (options.fetch ? options.fetch(url, request) : fetch(url, request));
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw new ApiError(`${method} ${url} answered a redirect, which a POST does not follow`, { kind: 'http', method, url, status: response.status });
      }
      // Decoded as the Fetch standard's text() says (UTF-8, a leading byte order mark dropped): WebKit's text()
      // keeps the mark, which JSON.parse then refuses.
      const text = new TextDecoder().decode(await response.arrayBuffer());
      return { method, url, response, text, cookiesAtRequest };
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

/**
 * How an answer is read: who takes the anti-forgery token a same-origin answer carries, and which non-JSON refusal
 * is named in the error.
 */
export interface AnswerReading {
  /** Takes a `csrfToken` this site's answer carried into the transport's state, with the cookies its request went out with. */
  rememberCsrfToken(csrf: CsrfState, token: unknown, cookiesAtRequest: string | null): void;
  /** Whether a non-JSON refusal is Django's CSRF failure page (said in the error); never, without the CSRF code. */
  isCsrfRefusal?(status: number, text: string, headers: Headers): boolean;
}

/** The first payload's reading: a token an answer carried waits for the CSRF code (src/lib/csrf/csrf-state.ts). */
const FIRST_PAYLOAD_READING: AnswerReading = {
  rememberCsrfToken: (csrf, token, cookiesAtRequest) => handOverCsrfToken(csrf, { token, cookiesAtRequest }),
};

/**
 * Reads an answer: its JSON, the token it carries, bookcore's failure conventions and the HTTP status.
 *
 * @param exchange - the request and its answer.
 * @param reading - who takes the token; which refusal is named.
 * @param csrf - the anti-forgery state of the transport the request went through.
 * @returns the parsed JSON of a successful answer.
 * @throws {ApiError} kind `http`, `json` or `server`.
 */
export function readAnswer(exchange: Exchange, reading: AnswerReading, csrf: CsrfState): unknown {
  const { method, url, response, text } = exchange;
  const status = response.status;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (!response.ok) {
      // Django's CSRF refusal is an HTML page: say so, so an integrator reading the error knows where to look.
      const reason = reading.isCsrfRefusal?.(status, text, response.headers) ? ', refused for CSRF' : '';
      throw new ApiError(`${method} ${url} answered ${status}${reason}`, { kind: 'http', method, url, status });
    }
    throw new ApiError(`${method} ${url} answered malformed JSON`, { kind: 'json', method, url, status, cause: error });
  }
  // Bookcore's answers may carry the session's current anti-forgery token (after login() or logout() rotated
  // it); only this site's answers may set the token our POSTs send.
  if (isRecord(body) && Object.hasOwn(body, 'csrfToken') && isSameOriginAsPage(url)) {
    reading.rememberCsrfToken(csrf, body['csrfToken'], exchange.cookiesAtRequest);
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
  return body;
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
