/**
 * The one error every API call fails with. It lives in lib, apart from the transport, so forms and components
 * can read a failure's message without depending on how requests are made.
 */

/** What went wrong, from the guest's network up to the answer's shape. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'json' | 'schema' | 'server';

/** The facts an {@link ApiError} carries. */
export interface ApiErrorDetails {
  kind: ApiErrorKind;
  method: string;
  url: string;
  status?: number | undefined;
  serverText?: string | undefined;
  serverErrors?: unknown;
  body?: unknown;
  cause?: unknown;
}

/**
 * A failed API call. `kind` says which stage failed; the rest is there so the UI can show the server's own
 * message (`serverText`), a form can mark fields (`serverErrors`), and a caller can read extra flags of the
 * answer such as `isEmailActiveError` or `expired` (`body`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Which stage failed. */
  readonly kind: ApiErrorKind;
  /** HTTP status, when an answer arrived. */
  readonly status: number | undefined;
  /** The address as the caller gave it. */
  readonly url: string;
  /** `GET` or `POST`. */
  readonly method: string;
  /** The server's error text: `error` of a `cod_error` answer, or the flattened `errors` value. */
  readonly serverText: string | undefined;
  /** The raw `errors` value of the answer, e.g. `{email: ["..."], __all__: ["..."]}`. */
  readonly serverErrors: unknown;
  /** The parsed JSON answer, when there was one. */
  readonly body: unknown;

  /**
   * @param message - for logs; the UI shows `serverText` or its own configured texts.
   * @param details - what failed and what the server said.
   */
  constructor(message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.url = details.url;
    this.method = details.method;
    this.serverText = details.serverText;
    this.serverErrors = details.serverErrors;
    this.body = details.body;
  }
}

/**
 * Tells a caller's own cancellation apart from a failure, so it can be ignored silently.
 *
 * @param error - anything a client call rejected with.
 */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The server's text meant for the guest: bookcore's `errors` or `cod_error` message (kind `server`, Spanish text
 * written for guests). The `detail` of an HTTP refusal ("CSRF verification failed.", a 500's reason) is for the
 * logs, technical and in English, so it is not one: the caller shows its own translated text instead.
 *
 * @param error - anything a client call rejected with.
 * @returns the text, or undefined when the caller should use its own.
 */
export function guestText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'server') return undefined;
  return error.serverText?.trim() ? error.serverText : undefined;
}
