/**
 * The transport every API client uses (docs/bookcore-contract.md "Transport rules"): ./transport.ts's requests (credentials on every
 * call, timeouts, retries, bookcore's two error conventions), with answers decoded by a valibot schema, and the
 * POSTs with all of CSRF. Loaded with the code that uses them, never in the first payload.
 *
 * Decisions:
 * - Only GETs retry, and only on a network failure or a 502/503/504 (a proxy or a restarting server): a POST may
 *   have reached the server before the failure, and repeating a sign-up or an add-to-cart is not harmless. The one
 *   exception is Django's CSRF refusal (recognised by `isCsrfRefusal`, never by a word in a body), which its
 *   middleware answers before any view runs: the POST is sent once
 *   more when bookcore, asked again (the transport's `csrf.refresh`), gives another token (another tab signed in or out,
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
import { findCsrfToken, isCsrfRefusal, rememberCsrfToken, tokenInCookies, type CsrfState, type FoundCsrfToken } from '../lib/csrf/token';
import { settledWithin } from '../lib/optional-wait';
import { ApiError } from '../lib/api-error';
import { getWithRetries, isSameOriginAsPage, JSON_HEADERS, readAnswer, send, transportOf, type AnswerReading, type Exchange, type FormPayload, type RawBody, type GetOptions, type RequestOptions } from './transport';

export {
  ApiError,
  checkResponse,
  DEFAULT_GET_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  flattenServerErrors,
  getText,
  isAbortError,
  createTransport,
  type ApiErrorDetails,
  type ApiErrorKind,
  type FormPayload,
  type FormValue,
  type GetOptions,
  type RawBody,
  type RequestOptions,
  type ServerFailure,
  type Transport,
  type TransportSettings,
} from './transport';

/** How this module reads an answer: a token it carries is taken at once, and Django's CSRF page is named. */
const READING: AnswerReading = {
  rememberCsrfToken: (csrf, token, cookiesAtRequest) =>
    rememberCsrfToken(csrf, token, globalThis.document, cookiesAtRequest === null ? null : tokenInCookies(csrf, cookiesAtRequest)),
  isCsrfRefusal,
};

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
  return decode(exchange, readAnswer(exchange, READING, transportOf(options).csrf), schema);
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
 * src/lib/csrf/token.ts: its failure page, `X-CSRF-Failure`, Django REST framework's "CSRF Failed:"), answered before any
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
  // Without a transport of its own, a fresh one: its default timings are the transport's defaults anyway.
  const { csrf } = transportOf(options);
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  // The token authenticates this page's session; handing it to another origin would let that origin forge
  // requests against ours.
  let token: FoundCsrfToken | null =
    options.csrfToken !== undefined
      ? options.csrfToken
        ? { token: options.csrfToken, origin: 'caller' }
        : null
      : isSameOriginAsPage(url)
        ? findCsrfToken(csrf)
        : null;
  if (token) headers['X-CSRFToken'] = token.token;
  const post = () => send(url, { method: 'POST', headers: { ...headers }, body, ...siteReferrer() }, options);
  let exchange = await post();
  if (isCsrfRefusal(exchange.response.status, exchange.text, exchange.response.headers)) {
    // Refused before any view ran: nothing happened, so it may go once more with the session's current token.
    const fresh = options.csrfToken === undefined && isSameOriginAsPage(url) ? await freshCsrfToken(csrf, token) : null;
    if (fresh) {
      token = fresh;
      headers['X-CSRFToken'] = fresh.token;
      exchange = await post();
    }
    if (isCsrfRefusal(exchange.response.status, exchange.text, exchange.response.headers)) {
      const refused = token;
      // The warning's texts load only now (a chunk of their own); it is said before the refusal reaches the caller,
      // unless its chunk stalls: the guest's form then hears of the refusal after the bound (../lib/optional-wait.ts).
      await settledWithin(import('../lib/csrf/csrf-warning').then(({ warnCsrfRefusal }) => warnCsrfRefusal(csrf, url, refused)));
    }
  }
  return decode(exchange, readAnswer(exchange, READING, csrf), schema);
}

/**
 * After a refusal: the token bookcore now gives, when it differs from the one refused; else null. One request for a
 * token however many POSTs were refused at once.
 */
async function freshCsrfToken(csrf: CsrfState, refused: FoundCsrfToken | null): Promise<FoundCsrfToken | null> {
  const { refresh } = csrf;
  if (!refresh) return null;
  const refreshing = (csrf.refreshing ??= refresh().finally(() => {
    csrf.refreshing = null;
  }));
  try {
    await refreshing;
  } catch {
    // No answer: the refusal stands.
  }
  const found = findCsrfToken(csrf);
  return found && found.token !== refused?.token ? found : null;
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


/** Decodes a successful answer's JSON with its schema; an answer of another shape is a `schema` error. */
function decode<TSchema extends v.GenericSchema>({ method, url, response }: Exchange, body: unknown, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new ApiError(`${method} ${url} answered an unexpected shape: ${v.summarize(result.issues)}`, {
      kind: 'schema',
      method,
      url,
      status: response.status,
      body,
    });
  }
  return result.output;
}
