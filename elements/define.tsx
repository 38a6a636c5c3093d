/**
 * The element plumbing shared by every tag: r2wc wrapping into an open shadow root, the built-in and project
 * stylesheets, configuration attributes, the widget's start-up, and a registration guard so loading the library
 * twice is harmless.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { ElementRoot } from '../src/components/ElementRoot';
import { BUILT_IN_LAYER, builtInSheet } from '../src/components/host/shadow-styles';
import { DroppedCartGate } from '../src/components/notices/DroppedCartGate';
import { ElementErrorBoundary } from '../src/components/recoverable-lazy';
// Installs the function the build's chunks are imported through (a failed chunk is fetched again).
import '../src/lib/fresh-import';
import { CONFIG_ATTRIBUTES, followPageStylesheets, joinWidget, publishConfig, type WidgetElementKind } from '../src/components/host/widget-host';
import tokens from '../styles/tokens.css';

/** How a tag is built. */
export interface ElementDefinition {
  /** The feature component rendered inside the shadow root. */
  component: ComponentType;
  /**
   * The stylesheet text the element's first paint needs, adopted into its shadow root when it is created; parts
   * loaded on demand bring their own (`useShadowStyles`).
   */
  css: string;
  /** Whether this element's data attributes configure the whole widget (only `<loyalty-panel>` does). */
  configures?: boolean;
  /**
   * Which part of the loyalty widget the element is. A widget element starts the widget on connect, hides
   * itself when the settings fail, takes the default and project stylesheets, and may show the dropped-cart
   * dialog. Absent for elements outside the widget (`<package-cart>`).
   */
  widget?: WidgetElementKind;
  /**
   * Whether an element outside the widget still takes the page's default and project stylesheets (and layers
   * its built-in styles under them), so a brand themes it like the loyalty elements (`<package-cart>`).
   */
  pageStylesheets?: boolean;
}

/** A loyalty element class: an autonomous custom element rendered by React into its open shadow root. */
export interface LoyaltyElementClass {
  new (): HTMLElement;
  readonly observedAttributes: string[];
}

export { BUILT_IN_LAYER };

/**
 * Builds the custom element class for a feature component.
 *
 * @returns a class to pass to {@link defineElement}.
 */
export function createElementClass({ component: Feature, css, configures = false, widget, pageStylesheets = false }: ElementDefinition): LoyaltyElementClass {
  const layered = Boolean(widget) || pageStylesheets;
  function Root({ container }: { container?: HTMLElement }) {
    const host = (container as unknown as ShadowRoot).host as HTMLElement;
    return (
      <ElementRoot host={host} layered={layered}>
        {/* One boundary per part: a failure in the feature leaves the dropped-cart dialog, and every other element, working. */}
        <ElementErrorBoundary>
          <Feature />
        </ElementErrorBoundary>
        {widget && (
          <ElementErrorBoundary>
            <DroppedCartGate />
          </ElementErrorBoundary>
        )}
      </ElementRoot>
    );
  }
  const Base = r2wc(Root, { shadow: 'open' });
  const basePrototype = Base.prototype as unknown as { connectedCallback(): void; disconnectedCallback(): void };

  return class LoyaltyElement extends Base {
    #cleanups: (() => void)[] = [];

    static get observedAttributes(): string[] {
      return configures ? [...CONFIG_ATTRIBUTES] : [];
    }

    constructor() {
      super();
      adoptDocumentTokens();
      // Layered: the page's default and project stylesheets (unlayered <link>s) then win at equal specificity.
      this.shadowRoot!.adoptedStyleSheets = [builtInSheet(css, layered)];
    }

    /** Whether the React tree is mounted: a move (disconnect then connect in one task) keeps it. */
    #mounted = false;

    connectedCallback(): void {
      if (configures) publishConfig(this);
      if (!this.#mounted) {
        basePrototype.connectedCallback.call(this);
        this.#mounted = true;
      }
      if (widget && this.#cleanups.length === 0) this.#cleanups.push(joinWidget(this, widget));
      else if (pageStylesheets && this.#cleanups.length === 0) this.#cleanups.push(followPageStylesheets(this));
    }

    disconnectedCallback(): void {
      // r2wc unmounts at once, so moving an element would lose what the guest typed. Unmount a microtask later
      // instead, unless by then the element is back in a document: a move keeps the tree and its state.
      queueMicrotask(() => {
        if (this.isConnected || !this.#mounted) return;
        for (const cleanup of this.#cleanups.splice(0)) cleanup();
        basePrototype.disconnectedCallback.call(this);
        this.#mounted = false;
      });
    }

    attributeChangedCallback(): void {
      // r2wc keeps a removed attribute's old value; reading every attribute afresh puts the default back.
      if (configures && this.isConnected) publishConfig(this);
    }
  };
}

const TOKENS_KEY = Symbol.for('loyalty-elements.tokens');

/**
 * Adds the token defaults to the document once per page, however many copies of the library run: the values
 * then inherit into every shadow root, under whatever the page or a brand sets.
 */
function adoptDocumentTokens(): void {
  const page = document as Document & { [TOKENS_KEY]?: true };
  if (page[TOKENS_KEY]) return;
  page[TOKENS_KEY] = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(tokens);
  page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
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
