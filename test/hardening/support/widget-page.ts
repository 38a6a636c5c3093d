/**
 * Helpers the hardening suites share: real elements on the page, the widget's Spanish catalogue, uncaught-error
 * watching and a record of the page's own fetches.
 */
import { es } from '../../../src/i18n/es';
import { createRuntime, providePageRuntime } from '../../../src/core/runtime';
import type { TransportSettings } from '../../../src/api/transport';

/** The attributes the test pages give `<loyalty-panel>` so the social buttons load the stand-in SDKs. */
export const STANDIN_SDKS = 'data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"';

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

const SPANISH_PATTERNS: readonly RegExp[] = leaves(es).map(
  (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`, 's'),
);

/** Whether a text is one of the widget's own Spanish messages (interpolations match anything). */
export function isSpanishCatalogueText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && SPANISH_PATTERNS.some((pattern) => pattern.test(trimmed));
}

/** Collects uncaught errors and unhandled rejections until stopped. */
export function watchUncaught(): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const onError = (event: ErrorEvent) => errors.push(`error: ${String(event.error ?? event.message)}`);
  const onRejection = (event: PromiseRejectionEvent) => {
    errors.push(`unhandled rejection: ${String(event.reason)}`);
    // Recorded here; keeping it from mocha's own handler lets the suite report every case instead of stopping.
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** What one of the page's fetches ended in: an HTTP status, or `failed` (network error, abort). */
export interface ObservedFetch {
  method: string;
  path: string;
  outcome: number | 'failed';
  /** Whether it ended (answered, failed or was aborted). */
  settled: boolean;
}

/** Records how the page's fetches end while passing them through. */
export function observeFetches(): { seen: ObservedFetch[]; restore: () => void } {
  const seen: ObservedFetch[] = [];
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const entry: ObservedFetch = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, outcome: 'failed', settled: false };
    seen.push(entry);
    try {
      const response = await realFetch(input, init);
      entry.outcome = response.status;
      return response;
    } finally {
      entry.settled = true;
    }
  };
  return { seen, restore: () => void (window.fetch = realFetch) };
}

/** Resolves true once `predicate` holds, false after `timeoutMs` (never throws). */
export async function eventually(predicate: () => unknown, timeoutMs = 4000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (predicate()) return true;
    } catch {
      // Not there yet.
    }
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets queued tasks and microtasks run. */
export function pause(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const pages: HTMLElement[] = [];

/**
 * The timings of every runtime {@link mountPage} makes from now on: a fault test shortens the timeout of a hanging
 * call and the GETs' back-off.
 */
export const pageTimings: TransportSettings = {};

/** A page of real elements: a fresh runtime (as on a new page load) and the markup in a container. */
export function mountPage(markup: string): HTMLElement {
  providePageRuntime(createRuntime(pageTimings));
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  pages.push(container);
  return container;
}

/** Removes every container {@link mountPage} added (the elements disconnect and unmount). */
export function removePages(): void {
  for (const page of pages.splice(0)) page.remove();
}

/** The element of a part inside an element's shadow root. */
export function part<T extends HTMLElement = HTMLElement>(element: Element, name: string): T | null {
  return element.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ?? null;
}

/** The panel's visible section body (not the one hidden behind LOADER). */
export function visibleSection(panel: Element): HTMLElement | null {
  return panel.shadowRoot?.querySelector<HTMLElement>('[part~="section-body"]:not([hidden])') ?? null;
}

/** A control of the panel's visible section, by name. */
export function control<T extends HTMLElement = HTMLInputElement>(panel: Element, name: string): T | null {
  return visibleSection(panel)?.querySelector<T>(`[name="${name}"]`) ?? null;
}

/** A button in an element's shadow root by its text. */
export function buttonByText(element: Element, text: string): HTMLButtonElement | null {
  const buttons = Array.from(element.shadowRoot?.querySelectorAll('button') ?? []);
  return buttons.find((candidate) => candidate.textContent?.trim() === text) ?? null;
}

/** The panel's error message (its alert region), or ''. */
export function panelAlert(panel: Element): string {
  return panel.shadowRoot?.querySelector('[part~="panel-message"][role="alert"]')?.textContent?.trim() ?? '';
}

/** The visible section's form error, or ''. */
export function formError(panel: Element): string {
  return visibleSection(panel)?.querySelector('[part~="form-error"]')?.textContent?.trim() ?? '';
}

/**
 * Puts a value into a text control as typing does, as far as the page can tell: the value, then `input` and
 * `change` events. (Keystrokes through the test runner cost a round trip per field; this suite types hundreds.)
 */
export function fillIn(input: HTMLInputElement, text: string): void {
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}
