/**
 * Loads a third-party script once per page (docs/loyalty-widget.md "Social login": the SDKs load only when the social buttons show).
 *
 * The promise is kept per address on `globalThis`, so every element, and a second copy of the library on the
 * page, waits for the same `<script>` instead of adding another one.
 *
 * The address goes through the `loyalty-elements` Trusted Types policy (src/lib/trusted-types.ts), so pages that
 * enforce Trusted Types (`require-trusted-types-for 'script'`) accept it.
 */
import { trustedScriptUrl } from '../trusted-types';

/** How long an SDK may take before its button is given up on (a blocked script often never answers). */
export const SDK_TIMEOUT_MS = 10_000;

const LOADS_KEY = Symbol.for('loyalty-elements.social-sdk.loads');

type Loads = Map<string, Promise<void>>;

function loads(): Loads {
  const holder = globalThis as typeof globalThis & { [LOADS_KEY]?: Loads };
  holder[LOADS_KEY] ??= new Map();
  return holder[LOADS_KEY];
}

/** Raised when a script fails to load or takes longer than its timeout. */
export class ScriptLoadError extends Error {
  override name = 'ScriptLoadError';
}

/**
 * Adds `<script src=url async>` to the document head once, and resolves when `ready()` says the script's
 * global is usable.
 *
 * @param url - the script's address.
 * @param options.ready - resolves once the script has set up its API; defaults to the script's load event.
 * @param options.timeoutMs - rejects with {@link ScriptLoadError} after this long (default {@link SDK_TIMEOUT_MS}).
 * @returns a promise shared by every caller with the same address; a failed load is not retried on this page.
 *   It rejects with a TypeError, adding no script, for an address neither on this site nor https.
 */
export function loadScriptOnce(
  url: string,
  options: { ready?: (loaded: Promise<void>) => Promise<void>; timeoutMs?: number } = {},
): Promise<void> {
  const cache = loads();
  const cached = cache.get(url);
  if (cached) return cached;
  const timeoutMs = options.timeoutMs ?? SDK_TIMEOUT_MS;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    // A TrustedScriptURL where Trusted Types exist; TypeScript's DOM typings only know strings for `src`.
    script.src = trustedScriptUrl(url) as string;
    script.async = true;
    script.dataset['loyaltySdk'] = '';
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new ScriptLoadError(`could not load ${url}`)), { once: true });
    document.head.append(script);
  });
  const ready = options.ready ? options.ready(loaded) : loaded;
  const promise = withTimeout(ready, timeoutMs, url);
  // A rejection nobody awaits yet must not surface as an unhandled one; callers still see it.
  promise.catch(() => undefined);
  cache.set(url, promise);
  return promise;
}

function withTimeout(promise: Promise<void>, timeoutMs: number, url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScriptLoadError(`${url} took longer than ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ScriptLoadError(String(error)));
      },
    );
  });
}
