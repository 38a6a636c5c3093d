/**
 * Lazy parts that recover (docs/reliability.md "Lazy parts recover"). `React.lazy` remembers a failed `import()` for good: one chunk
 * that failed to load (offline for a moment, a deploy that replaced `chunks/` under an open page) left the element
 * empty until the page reloaded. Here a failed load is retried with back-off a bounded number of times; if it
 * still fails, the element shows a message in the guest's language with a retry button, and the load is tried
 * again on the guest's next action anywhere on the page (a click or a key), so a network that came back heals
 * the widget without a reload. Those automatic rounds are few and spaced ({@link AUTO_RETRY_ROUNDS},
 * {@link AUTO_RETRY_DELAY_MS}): a chunk gone for good is not asked for again on every key the guest types; after
 * them only the retry button asks again (docs/reliability.md, "Optional parts"). The next `import()` of a chunk
 * that failed fetches it again in every engine (../lib/fresh-import.ts).
 */
import { Component, use, useLayoutEffect, useSyncExternalStore, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { LOAD_FAILURE_TEXTS } from '../i18n/load-failure';
import { unlessLeaving } from '../lib/page-leaving';
import { warn } from '../lib/warn';
import { useLanguage } from './ElementRoot';

/** How many times a load is tried before the element shows the failure. */
export const LOAD_ATTEMPTS = 3;
/** The back-off unit: attempt n waits this × 2^(n-1) before the next. */
export const LOAD_RETRY_DELAY_MS = 300;
/**
 * How many rounds of {@link LOAD_ATTEMPTS} the guest's actions anywhere on the page start after a failure; then
 * only the retry button does.
 */
export const AUTO_RETRY_ROUNDS = 2;
/**
 * The back-off between automatic rounds: the first starts on the guest's next action at once, round n (n ≥ 2) on
 * an action at least this × 2^(n-2) after the last failure; actions before then are let pass.
 */
export const AUTO_RETRY_DELAY_MS = 2_000;

/** The time the back-off reads and waits on: the page's, unless a test passes its own to {@link recoverableLazy}. */
export interface RetryClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

const PAGE_CLOCK: RetryClock = { now: () => Date.now(), wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

type LoadState<T> =
  | { status: 'loading'; settled: Promise<void>; retrying: boolean }
  | { status: 'ready'; value: T }
  | { status: 'failed'; error: unknown };

/**
 * One lazily loaded value shared by every element that renders it: loaded once, retried on failure, and
 * observable so that every element showing the failure recovers together.
 */
export class RecoverableLoad<T> {
  #state: LoadState<T> | null = null;
  readonly #listeners = new Set<() => void>();
  #autoRounds = 0;
  #failedAt = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly clock = PAGE_CLOCK,
  ) {}

  /** The current state, starting the load on first call. */
  state(): LoadState<T> {
    if (!this.#state) this.#start(false);
    return this.#state!;
  }

  /** Starts the load (once, as a render would) and resolves once it has settled, loaded or failed; never rejects. */
  settled(): Promise<void> {
    const state = this.state();
    return state.status === 'loading' ? state.settled : Promise.resolve();
  }

  /** Tries again after a failure: the guest asked (the retry button), so always. */
  retry = (): void => {
    if (this.#state?.status !== 'failed') return;
    this.#start(true);
    this.#notify();
  };

  /**
   * Tries again after a failure on the guest's action elsewhere on the page (a key, a click), within
   * {@link AUTO_RETRY_ROUNDS} and their back-off: typing in a form is no request to load a part again and again.
   */
  retryOnAction = (): void => {
    const rounds = this.#autoRounds;
    if (this.#state?.status !== 'failed' || rounds >= AUTO_RETRY_ROUNDS) return;
    if (rounds > 0 && this.clock.now() - this.#failedAt < AUTO_RETRY_DELAY_MS * 2 ** (rounds - 1)) return;
    this.#autoRounds = rounds + 1;
    this.retry();
  };

  /** Subscribes to state changes. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #start(retrying: boolean): void {
    const settled = this.#attempt(1).then(
      (value) => this.#set({ status: 'ready', value }),
      (error: unknown) => {
        warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
        this.#failedAt = this.clock.now();
        this.#set({ status: 'failed', error });
      },
    );
    this.#state = { status: 'loading', settled, retrying };
  }

  async #attempt(attempt: number): Promise<T> {
    try {
      return await this.load();
    } catch (error) {
      if (attempt >= LOAD_ATTEMPTS) throw error;
      await this.clock.wait(LOAD_RETRY_DELAY_MS * 2 ** (attempt - 1));
      return this.#attempt(attempt + 1);
    }
  }

  #set(state: LoadState<T>): void {
    this.#state = state;
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/** A component whose code loads on first render or, asked ahead, before it. */
export type PreloadableComponent<Props extends object> = ComponentType<Props> & {
  /**
   * Starts loading its code (the load its render shares) and resolves once that has settled, loaded or failed;
   * never rejects. Rendered after that, it shows at once: it does not suspend.
   */
  preload(): Promise<void>;
};

/**
 * A component whose code loads on first render, like `React.lazy` (it suspends while loading, so the nearest
 * `Suspense` shows its fallback), but recovering from a failed load: see the module comment.
 *
 * @param load - imports the module and picks the component.
 * @param clock - the back-off's time; a test's own, so its seconds need not pass for real.
 */
export function recoverableLazy<Props extends object>(load: () => Promise<ComponentType<Props>>, clock?: RetryClock): PreloadableComponent<Props> {
  // A load a navigation cut short (Firefox rejects it) is no failure to show or retry: the page is going.
  const loader = new RecoverableLoad(unlessLeaving(load), clock);
  function RecoverableLazy(props: Props) {
    const state = useSyncExternalStore(loader.subscribe, () => loader.state());
    // A retry keeps the message in place instead of suspending: the guest's next click anywhere retries, and
    // suspending would take the section (and the button under the pointer) away between press and release.
    if (state.status === 'failed' || (state.status === 'loading' && state.retrying)) {
      return <LoadFailure onRetry={loader.retry} onAction={loader.retryOnAction} retrying={state.status === 'loading'} />;
    }
    if (state.status === 'loading') use(state.settled);
    if (state.status !== 'ready') return null;
    const Loaded = state.value;
    return <Loaded {...props} />;
  }
  return Object.assign(RecoverableLazy, { preload: () => loader.settled() });
}

/** Props of {@link LoadFailure}. */
export interface LoadFailureProps {
  /** The retry button. */
  onRetry: () => void;
  /** The guest's next click or key anywhere on the page; `onRetry` when not given. */
  onAction?: () => void;
  /** A retry is under way: the message stays, marked busy. */
  retrying?: boolean;
}

/**
 * The message an element shows where a part failed to load: in the element's language, with a retry button;
 * the guest's next click or key anywhere on the page retries too.
 */
export function LoadFailure({ onRetry, onAction = onRetry, retrying = false }: LoadFailureProps) {
  const texts = LOAD_FAILURE_TEXTS[useLanguage()];
  // A layout effect: the listener is in place in the same task that shows the message, so an action the guest
  // makes as it appears is heard (a passive effect attaches it a task later, and a key pressed in between was lost).
  useLayoutEffect(() => {
    // The guest's next action: the network may be back by then. Capture, so a page that stops propagation
    // still counts; every time, as `onAction` decides which action may retry (a retry the back-off let pass
    // renders nothing anew, so a listener that heard once would never hear again). A click, not a pointerdown:
    // the click comes after the press is released, so a part that loads at once cannot move the page between
    // press and release and take the press away (the press test failed in Chromium when the retry, started on
    // pointerdown, loaded the social buttons before pointerup).
    const retry = () => onAction();
    document.addEventListener('click', retry, true);
    document.addEventListener('keydown', retry, true);
    return () => {
      document.removeEventListener('click', retry, true);
      document.removeEventListener('keydown', retry, true);
    };
  }, [onAction]);
  return (
    <div part="load-failure" role="alert" aria-busy={retrying || undefined}>
      <p part="load-failure-text">{texts.failed}</p>
      <button type="button" part="load-failure-retry" onClick={onRetry}>
        {texts.retry}
      </button>
    </div>
  );
}

/** Props of {@link ElementErrorBoundary}. */
export interface ElementErrorBoundaryProps {
  children: ReactNode;
}

/**
 * One per element: an error while rendering one element (a part that failed in a way no loader caught) shows the
 * load-failure message in that element only, and its retry renders the element again; the page's other elements
 * keep working.
 */
export class ElementErrorBoundary extends Component<ElementErrorBoundaryProps, { failed: boolean; generation: number }> {
  override state = { failed: false, generation: 0 };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    warn('an element failed to render:', error instanceof Error ? error.message : String(error), info.componentStack ?? '');
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return <LoadFailure onRetry={() => this.setState((state) => ({ failed: false, generation: state.generation + 1 }))} />;
    }
    return <ElementGeneration key={this.state.generation}>{this.props.children}</ElementGeneration>;
  }
}

function ElementGeneration({ children }: { children: ReactNode }) {
  return children;
}
