/**
 * The one element class factory, in the first chunk (docs/architecture.md "React on intent"): an open shadow root
 * with the built-in stylesheets and the token defaults, the configuration attributes read (./src/state/config.ts),
 * and the icon's button painted (./icon.ts) from them. Everything else an element does (the store, the widget's
 * start, the page's stylesheets, the notices, its React part) is the start chunk's (./element-wiring.ts), asked for
 * right after the first frame (./start-chunk.ts); what the host page and the guest do before it arrives (an
 * attribute set, a press on the icon) is kept and handed to it.
 */
import { CONFIG_ATTRIBUTES, DEFAULT_CONFIG, readConfig, type WidgetConfig } from '../state/config';
import type { Wiring } from './element-wiring';
import type { Runtime } from './runtime';
import { paintIcon, type IconPaint, type IconSource } from './icon';
import { later, onIntent } from './later';
import { awaitStart, holdOpenLoyaltyClicks, startNow } from './start-chunk';
import { adoptDocumentTokens, builtInSheet } from './stylesheets';

/** Which element a class is: the three widget elements and `<package-cart>`. */
export type ElementKind = 'icon' | 'panel' | 'tooltip' | 'cart';

/** What the React part module (src/components/react-part.tsx) gives the core. */
export interface ReactPart {
  /** Renders the element's React part into `container` (inside its shadow root); returns its unmount. */
  mountPart(runtime: Runtime, host: HTMLElement, container: HTMLElement, kind: ElementKind): () => void;
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

/** A loyalty element class: an autonomous custom element with an open shadow root. */
export interface LoyaltyElementClass {
  new (): HTMLElement;
  readonly observedAttributes: string[];
}

/**
 * The configuration the page's panel last read from its attributes, for the icon's first paint; the start chunk
 * publishes the same to the store.
 */
let pageConfig: WidgetConfig = DEFAULT_CONFIG;
/** The icons painted before the start chunk: painted again when the panel's configuration changes. */
const paintedIcons = new Set<() => void>();

function setPageConfig(config: WidgetConfig): void {
  pageConfig = config;
  for (const render of paintedIcons) render();
}

/** Builds the custom element class of a tag; {@link defineElement} registers it. */
export function createElementClass({ kind, css, loadReact }: ElementDefinition): LoyaltyElementClass {
  // One load of the React part for the class's elements, tried again by the next caller after a failure.
  const loadPart = later(loadReact);
  const configures = kind === 'panel';

  return class LoyaltyElement extends HTMLElement {
    /** Connected: waiting for the start chunk (what stops the wait), or wired to the store. */
    #state: { waiting: () => void } | { wiring: Wiring } | null = null;
    #icon: IconPaint | null = null;
    /** The guest pressed the icon before the start chunk arrived. */
    #pressed = false;
    #config: WidgetConfig | null = null;
    #stopIntent: (() => void) | null = null;

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
      if (configures) this.#readConfig();
      // A move (disconnect then connect in one task) keeps everything: see disconnectedCallback.
      if (this.#state) return;
      if (kind !== 'cart') holdOpenLoyaltyClicks();
      if (kind === 'icon') {
        const source: IconSource = {
          read: () => ({ cta: pageConfig.cta, renderIcon: pageConfig.renderIcon, member: false, open: false }),
          press: () => {
            this.#pressed = true;
            startNow();
          },
          count: () => undefined,
        };
        this.#icon = paintIcon(this, source, () => (this.#state && 'wiring' in this.#state ? this.#state.wiring.container() : null));
        paintedIcons.add(this.#render);
        // A guest reaching for the icon needs the start chunk (and then the React part) now.
        this.#stopIntent = onIntent(this, startNow);
      }
      this.#state = { waiting: awaitStart({ wire: (chunk) => this.#wire(chunk) }) };
    }

    disconnectedCallback(): void {
      // Undoing at once would lose what the guest typed when a page moves an element. A microtask later, unless by
      // then the element is back in a document: a move keeps the tree and its state.
      queueMicrotask(() => {
        if (this.isConnected || !this.#state) return;
        if ('waiting' in this.#state) this.#state.waiting();
        else this.#state.wiring.stop();
        this.#state = null;
        this.#stopIntent?.();
        this.#stopIntent = null;
        paintedIcons.delete(this.#render);
        this.#icon?.stop();
        this.#icon = null;
        this.#pressed = false;
      });
    }

    attributeChangedCallback(): void {
      // Every attribute read afresh: a removed one puts its default back.
      if (!configures || !this.isConnected) return;
      this.#readConfig();
      // A configuration changed before the start chunk: it is needed now.
      if (this.#state && 'waiting' in this.#state) startNow();
    }

    #render = () => this.#icon?.render();

    #readConfig(): void {
      this.#config = readConfig((name) => this.getAttribute(name));
      setPageConfig(this.#config);
      if (this.#state && 'wiring' in this.#state) this.#state.wiring.configure(this.#config);
    }

    #wire(chunk: typeof import('./element-wiring')): void {
      if (!this.isConnected) return;
      this.#stopIntent?.();
      this.#stopIntent = null;
      paintedIcons.delete(this.#render);
      const wiring = chunk.wireElement(this, {
        kind,
        loadReact: loadPart,
        ...(this.#icon ? { icon: this.#icon } : {}),
        pressed: this.#pressed,
        ...(this.#config ? { config: this.#config } : {}),
      });
      this.#pressed = false;
      this.#state = { wiring };
    }
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
