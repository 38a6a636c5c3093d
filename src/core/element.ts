/**
 * The one element class factory (docs/architecture.md "React on intent"): an open shadow root with the built-in
 * stylesheets and the token defaults, the configuration attributes, the widget's start and page-wide wiring
 * (./widget-host.ts), what paints without React (the icon's button, ./icon.ts; the notification and the
 * tooltip, ./notification.ts and ./tooltip.ts, loaded when they may show), and the React part mounted into the
 * same shadow root only when the element must show something React draws: the panel once auth opens or when it
 * stands inline, the dropped-cart dialog, the cart. The React part's code is fetched earlier on a guest's intent or when the page is idle (./later.ts),
 * never mounting anything by itself.
 */
import { emit } from '../lib/events';
import { hasSessionFlag } from '../lib/session-flags';
import { warn } from '../lib/warn';
import { droppedCartNoticeAtom, noticeHostAtom, notificationTextAtom, tooltipPendingAtom, tooltipTextAtom } from '../state/notices';
import { authOpenAtom, settingsAtom } from '../state/session';
import { authDisplayAtom, configAtom, getLoyaltyStore, sectionAtom } from '../state/store';
import { paintIcon } from './icon';
import { showLoadFailure } from './load-failure';
import { later, onIntent, whenIdle } from './later';
import { adoptDocumentTokens, builtInSheet } from './stylesheets';
import { CONFIG_ATTRIBUTES, followPageStylesheets, joinWidget, publishConfig } from './widget-host';

/** Which element a class is: the three widget elements and `<package-cart>`. */
export type ElementKind = 'icon' | 'panel' | 'tooltip' | 'cart';

/** What the React part module (src/components/react-part.tsx) gives the core. */
export interface ReactPart {
  /** Renders the element's React part into `container` (inside its shadow root); returns its unmount. */
  mountPart(host: HTMLElement, container: HTMLElement, kind: ElementKind): () => void;
  /** Fetches what the first click on the icon needs (the panel and its first sections), rendering nothing. */
  preloadPanel(): void;
}

/** How a tag is built. */
export interface ElementDefinition {
  kind: ElementKind;
  /** The stylesheet text the element's first paint needs, adopted into its shadow root when it is created. */
  css: string;
  /** Imports the React part module (a dynamic import in elements/, so it is a chunk of its own). */
  loadReact: () => Promise<ReactPart>;
}

type Store = ReturnType<typeof getLoyaltyStore>;

/** A loyalty element class: an autonomous custom element with an open shadow root. */
export interface LoyaltyElementClass {
  new (): HTMLElement;
  readonly observedAttributes: string[];
}

/**
 * Whether an element must show what its React part draws now: the dropped-cart dialog in the element that holds
 * it, the panel once auth opens or when it stands inline, the cart.
 */
function needsReact(kind: ElementKind, host: HTMLElement, store: Store): boolean {
  if (kind === 'cart') return true;
  if (store.get(droppedCartNoticeAtom) && store.get(noticeHostAtom) === host) return true;
  if (store.get(settingsAtom).status === 'failed') return false;
  return kind === 'panel' && (store.get(authOpenAtom) || store.get(authDisplayAtom) === 'inline');
}

/**
 * Whether the icon's notification or the tooltip may show now, so its code (./notification.ts, ./tooltip.ts, with
 * their placement, no React) loads: the icon's when there is a notification text (the notification then decides,
 * once per session), the tooltip's when its text is in and it is still due.
 */
function needsNotice(kind: ElementKind, host: HTMLElement, store: Store): boolean {
  if (store.get(settingsAtom).status !== 'ready') return false;
  if (kind === 'icon') return store.get(notificationTextAtom) !== '' && host.shadowRoot!.querySelector('[part="button"]') !== null;
  return kind === 'tooltip' && tooltipDue(store) && store.get(tooltipTextAtom) !== '';
}

/** Whether the tooltip may still show on this page: not dismissed this session, not on desktop, auth not opened. */
function tooltipDue(store: Store): boolean {
  return !hasSessionFlag('dont_show_tooltip') && !store.get(configAtom).isDesktop && !store.get(authOpenAtom);
}

/** The atoms {@link needsReact} reads. */
const NEEDS = [droppedCartNoticeAtom, noticeHostAtom, settingsAtom, authOpenAtom, authDisplayAtom, configAtom, notificationTextAtom, tooltipTextAtom] as const;

/**
 * The retries of the elements showing the load-failure message: once one element's React part loads, the others
 * (a cart beside the panel, say) load theirs at once, the same chunk.
 */
const waitingForReact = new Set<() => void>();

/** Builds the custom element class of a tag; {@link defineElement} registers it. */
export function createElementClass({ kind, css, loadReact }: ElementDefinition): LoyaltyElementClass {
  const load = later(loadReact);
  const prefetch = () => {
    load().then(
      (part) => part.preloadPanel(),
      () => undefined,
    );
  };
  const configures = kind === 'panel';
  const loadNotice = later(() => (kind === 'icon' ? import('./notification').then((module) => module.runNotification) : import('./tooltip').then((module) => module.runTooltip)));

  return class LoyaltyElement extends HTMLElement {
    #cleanups: (() => void)[] = [];
    /** The React part: not asked for, loading, or mounted (its unmount). */
    #react: 'none' | 'loading' | (() => void) = 'none';
    /** The notification's or the tooltip's code: not asked for, loading, or running (its stop). */
    #notice: 'none' | 'loading' | (() => void) = 'none';
    #container: HTMLElement | null = null;
    /** The load-failure message shown while the React part the guest waits for could not be loaded: its removal. */
    #failure: (() => void) | null = null;

    static get observedAttributes(): string[] {
      return configures ? [...CONFIG_ATTRIBUTES] : [];
    }

    constructor() {
      super();
      adoptDocumentTokens();
      // Layered: the page's default and project stylesheets (unlayered <link>s) then win at equal specificity.
      this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [builtInSheet(css, true)];
    }

    connectedCallback(): void {
      if (configures) publishConfig(this);
      // A move (disconnect then connect in one task) keeps everything: see disconnectedCallback.
      if (this.#cleanups.length > 0) return;
      const store = getLoyaltyStore();
      this.#cleanups.push(kind === 'cart' ? followPageStylesheets(this) : joinWidget(this, kind, prefetch));
      if (kind === 'icon') this.#cleanups.push(paintIcon(this, store, () => this.#container), onIntent(this, prefetch));
      if (kind === 'panel') this.#cleanups.push(reflectSection(this, store, () => this.#react));
      if (kind === 'tooltip') this.#cleanups.push(releaseTooltipPlace(store, () => this.#notice === 'none'));
      // Decided a microtask after a change, never while another element connects: by then every element of the
      // page's markup is upgraded, so whether an icon makes the panel a modal is known.
      let checking = false;
      const check = () => {
        if (checking) return;
        checking = true;
        queueMicrotask(() => {
          checking = false;
          if (!this.isConnected) return;
          const needed = needsReact(kind, this, store);
          // The guest no longer waits for the part (the panel closed): its failure message goes too.
          if (!needed) this.#clearFailure();
          if (this.#react === 'none' && needed && !this.#failure) this.#mountReact();
          if (this.#notice === 'none' && needsNotice(kind, this, store)) this.#runNotice(store);
        });
      };
      this.#cleanups.push(...NEEDS.map((atom) => store.sub(atom, check)));
      check();
      whenIdle(prefetch);
    }

    disconnectedCallback(): void {
      // Unmounting at once would lose what the guest typed when a page moves an element. A microtask later,
      // unless by then the element is back in a document: a move keeps the tree and its state.
      queueMicrotask(() => {
        if (this.isConnected) return;
        for (const cleanup of this.#cleanups.splice(0)) cleanup();
        if (typeof this.#react === 'function') this.#react();
        if (typeof this.#notice === 'function') this.#notice();
        this.#notice = 'none';
        this.#clearFailure();
        this.#container?.remove();
        this.#container = null;
        this.#react = 'none';
      });
    }

    attributeChangedCallback(): void {
      // Every attribute read afresh: a removed one puts its default back.
      if (configures && this.isConnected) publishConfig(this);
    }

    #runNotice(store: Store): void {
      this.#notice = 'loading';
      loadNotice().then(
        (run) => {
          if (this.#notice === 'loading' && this.isConnected) this.#notice = run(this, store);
          else if (this.#notice === 'loading') this.#notice = 'none';
        },
        (error: unknown) => {
          // Tried again at the next change of what it shows.
          this.#notice = 'none';
          warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
        },
      );
    }

    #mountReact(): void {
      this.#react = 'loading';
      load().then(
        (part) => {
          if (this.#react !== 'loading' || !this.isConnected) {
            if (this.#react === 'loading') this.#react = 'none';
            return;
          }
          this.#clearFailure();
          const container = document.createElement('div');
          // No box of its own: the React part's nodes lay out as the shadow root's children (CSSOM, allowed by a strict CSP).
          container.style.display = 'contents';
          this.shadowRoot!.append(container);
          this.#container = container;
          this.#react = part.mountPart(this, container, kind);
          for (const retry of [...waitingForReact]) retry();
        },
        (error: unknown) => {
          // Tried again the next time the element needs it or a guest reaches for it.
          this.#react = 'none';
          warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
          // The guest waits for it (the panel they opened, the cart): told so, with a retry, never nothing.
          const store = getLoyaltyStore();
          if ((kind === 'panel' || kind === 'cart') && this.isConnected && needsReact(kind, this, store)) this.#showFailure(store);
        },
      );
    }

    #showFailure(store: Store): void {
      this.#clearFailure();
      this.#failure = showLoadFailure(this, {
        modal: kind === 'panel' && store.get(authDisplayAtom) === 'modal',
        // Loaded again in place (the message stays until it comes or fails again): the chunks that import the
        // React part's chunk use the address it loaded at (src/lib/fresh-import.ts), so one copy of React runs.
        onRetry: this.#retryReact,
        onDismiss: () => store.set(authOpenAtom, false),
      });
      waitingForReact.add(this.#retryReact);
    }

    /** Loads the React part again, unless it is loading or mounted. */
    #retryReact = (): void => {
      if (this.#react === 'none' && this.isConnected) this.#mountReact();
    };

    #clearFailure(): void {
      waitingForReact.delete(this.#retryReact);
      this.#failure?.();
      this.#failure = null;
    }
  };
}

/**
 * The panel's `section` attribute and `loyalty-section` event while its React part is not mounted (the panel,
 * mounted, reflects them itself in the commit that shows the section).
 */
function reflectSection(host: HTMLElement, store: Store, react: () => unknown): () => void {
  const reflect = () => {
    if (typeof react() === 'function') return;
    const section = store.get(sectionAtom);
    if (host.getAttribute('section') === section) return;
    host.setAttribute('section', section);
    emit(host, 'loyalty-section', { section });
  };
  const unsubscribe = store.sub(sectionAtom, reflect);
  // After the start (queued first, by ./widget-host.ts) has put the page's first section in.
  queueMicrotask(reflect);
  return unsubscribe;
}

/**
 * The tooltip claims its place under the icon from connect (./widget-host.ts); while its code is not loaded the
 * core gives the claim up once the tooltip cannot show (desktop, dismissed, no text once the settings
 * are known), so the notification is not held back by a tooltip that never comes.
 */
function releaseTooltipPlace(store: Store, unmounted: () => boolean): () => void {
  const release = () => {
    if (!unmounted() || !store.get(tooltipPendingAtom)) return;
    const known = store.get(settingsAtom).status === 'ready' || store.get(settingsAtom).status === 'failed';
    if (!tooltipDue(store) || (known && store.get(tooltipTextAtom) === '')) store.set(tooltipPendingAtom, false);
  };
  const unsubscribes = [settingsAtom, configAtom, authOpenAtom, tooltipTextAtom].map((atom) => store.sub(atom, release));
  queueMicrotask(release);
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/**
 * Registers a tag unless some copy of the library already did: a page that loads the script twice, or both the
 * ES module and the classic script, keeps working with the first definition.
 */
export function defineElement(tag: string, elementClass: CustomElementConstructor): void {
  if (customElements.get(tag)) return;
  try {
    customElements.define(tag, elementClass);
  } catch (error) {
    // A page's own registry trouble (a polyfill, a scoped registry, a name taken in a way `get` cannot see) costs
    // this tag only: a throw here would stop the bundle's evaluation and leave every later tag undefined.
    console.warn(`[loyalty-elements] <${tag}> could not be defined; the other elements still work.`, error);
  }
}
