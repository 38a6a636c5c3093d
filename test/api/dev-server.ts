/**
 * Switches of the dev bookcore server (docs/bookcore-contract.md "Dev-only switches"), mounted on the test
 * page's own origin.
 */

/** A request as the dev server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  search: string;
  headers: Record<string, string>;
  body: string;
  contentType: string | null;
}

/** A fault to inject; see the contract for the meaning of each field. */
export interface Fault {
  path: string;
  method?: string;
  status?: number;
  body?: unknown;
  contentType?: string;
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

/** Back to the seed: users, sessions, carts, faults, request log, mailbox. */
export async function resetServer(): Promise<void> {
  await devCall('POST', '/__dev/reset');
}

/** Registers a fault. */
export async function injectFault(fault: Fault): Promise<void> {
  await devCall('POST', '/__dev/faults', fault);
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

/** Clears the request log, so a test sees only its own calls. */
export async function clearRecordedRequests(): Promise<void> {
  await devCall('DELETE', '/__dev/requests');
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
