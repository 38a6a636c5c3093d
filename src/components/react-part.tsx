/**
 * The React part of every element (docs/architecture.md "React on intent"): loaded by the core
 * (src/core/element.ts) when an element must show what React draws, or fetched earlier on a guest's intent or
 * when the page is idle. Each element's feature renders into a container in its shadow root, inside the page's
 * one jotai store, with the dropped-cart dialog beside it in the widget's elements.
 */
import { createRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import type { ElementKind } from '../core/element';
import { languageFor, type Language } from '../i18n';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import { takeOverAnsweredCsrfTokens } from '../lib/csrf/token';
import type { Runtime } from '../core/runtime';
import { ElementRoot } from './ElementRoot';
import { DroppedCartGate } from './notices/DroppedCartGate';
import { ElementErrorBoundary } from './recoverable-lazy';
import { lazyTranslated } from './Translated';

const loadPanelModule = () => import('./LoyaltyPanel');
const Panel = lazyTranslated(() => loadPanelModule().then((module) => module.LoyaltyPanel));

// The panel's and the cart's code, texts and styles load when they first show. The icon and the tooltip paint
// without React (src/core/): their React part is the dropped-cart dialog alone.
const FEATURES: Partial<Record<ElementKind, ComponentType>> = {
  panel: Panel,
  cart: lazyTranslated(() => import('./cart/PackageCartView').then((module) => module.PackageCartView)),
};

/**
 * How long the panel's first render waits for what it needs ({@link panelReady}) before it renders with what
 * has come: then its loaders show while the rest arrives (a slow network), never an empty wait.
 */
export const PANEL_READY_WAIT_MS = 1_000;

/**
 * Loads, side by side, everything the panel's first render needs: its frame, i18next and the texts of `language`,
 * the auth panel with SIGNIN and PRE_SIGNUP; resolves once all have settled (loaded or failed), never rejects.
 * Rendered after that, nothing in the panel suspends, so it shows at once: React holds back a Suspense boundary
 * revealed after it showed its fallback (up to 300 ms after it), and each lazy level that suspended on the way
 * to the form added that wait, even with every chunk already fetched.
 */
function panelReady(language: Language): Promise<void> {
  return Promise.all([Panel.preload(language), loadPanelModule().then((module) => module.preloadSections())]).then(
    () => undefined,
    () => undefined,
  );
}

/** Renders an element's React part into `container`; returns its unmount. */
export function mountPart(runtime: Runtime, host: HTMLElement, container: HTMLElement, kind: ElementKind): () => void {
  // The token the start's answers carried goes into the page's Django forms now that the CSRF code is here
  // (src/lib/csrf/csrf-state.ts); a POST would take it over first anyway.
  takeOverAnsweredCsrfTokens(runtime.transport.csrf);
  const root = createRoot(container);
  let mounted = true;
  const render = () => {
    if (mounted) renderPart(runtime, root, host, kind);
  };
  // Prefetched (on intent or when idle), the panel is ready at once and renders in the next task.
  if (kind === 'panel') void Promise.race([panelReady(languageFor(host)), new Promise((resolve) => setTimeout(resolve, PANEL_READY_WAIT_MS))]).then(render);
  else render();
  return () => {
    mounted = false;
    root.unmount();
  };
}

function renderPart(runtime: Runtime, root: ReturnType<typeof createRoot>, host: HTMLElement, kind: ElementKind): void {
  const Feature = FEATURES[kind];
  root.render(
    <ElementRoot runtime={runtime} host={host} layered>
      {/* One boundary per part: a failure in the feature leaves the dropped-cart dialog, and every other element, working. */}
      {Feature && (
        <ElementErrorBoundary>
          <Feature />
        </ElementErrorBoundary>
      )}
      {kind !== 'cart' && (
        <ElementErrorBoundary>
          <DroppedCartGate />
        </ElementErrorBoundary>
      )}
    </ElementRoot>,
  );
}

/**
 * Fetches what the first click on the icon needs, rendering nothing: the panel's frame, its first sections and the
 * texts in the language of the page's panel (its own `lang`, else the page's). Resolves once all have settled
 * (loaded or failed); never rejects.
 */
export function preloadPanel(): Promise<void> {
  const panel = document.querySelector('loyalty-panel');
  return panelReady(panel ? languageFor(panel) : DEFAULT_LANGUAGE);
}
