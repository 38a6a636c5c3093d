/**
 * The React part of every element (docs/architecture.md "React on intent"): loaded by the core
 * (src/core/element.ts) when an element must show what React draws, or fetched earlier on a guest's intent or
 * when the page is idle. Each element's feature renders into a container in its shadow root, inside the page's
 * one jotai store, with the dropped-cart dialog beside it in the widget's elements.
 */
import { createRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import type { ElementKind } from '../core/element';
import { takeOverAnsweredCsrfTokens } from '../lib/csrf';
import { preloadAuthPanel } from './auth/preload-auth-panel';
import { ElementRoot } from './ElementRoot';
import { DroppedCartGate } from './notices/DroppedCartGate';
import { ElementErrorBoundary } from './recoverable-lazy';
import { lazyTranslated } from './Translated';

const loadPanel = () => import('./LoyaltyPanel').then((module) => module.LoyaltyPanel);

// The panel's and the cart's code, texts and styles load when they first show. The icon and the tooltip paint
// without React (src/core/): their React part is the dropped-cart dialog alone.
const FEATURES: Partial<Record<ElementKind, ComponentType>> = {
  panel: lazyTranslated(loadPanel),
  cart: lazyTranslated(() => import('./cart/PackageCartView').then((module) => module.PackageCartView)),
};

/** Renders an element's React part into `container`; returns its unmount. */
export function mountPart(host: HTMLElement, container: HTMLElement, kind: ElementKind): () => void {
  // The token the start's answers carried goes into the page's Django forms now that the CSRF code is here
  // (src/lib/csrf-setup.ts); a POST would take it over first anyway.
  takeOverAnsweredCsrfTokens();
  const Feature = FEATURES[kind];
  const root = createRoot(container);
  root.render(
    <ElementRoot host={host} layered>
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
  return () => root.unmount();
}

/** Fetches what the first click on the icon needs: the panel's frame and its first sections. */
export function preloadPanel(): void {
  loadPanel().catch(() => undefined);
  preloadAuthPanel();
}
