/**
 * How the elements are built: the React-free element class of src/core/element.ts, whose React part
 * (src/components/react-part.tsx) is a chunk of its own, imported here when an element needs it.
 */
import { createElementClass as createCoreElementClass, type ElementKind, type LoyaltyElementClass } from '../src/core/element';
// Installs the function the build's chunks are imported through (a failed chunk is fetched again).
import '../src/lib/fresh-import';

export { defineElement, type LoyaltyElementClass } from '../src/core/element';
export { BUILT_IN_LAYER } from '../src/core/stylesheets';

/** How a tag is built. */
export interface ElementDefinition {
  /** Which element it is: what it paints without React and what its React part renders. */
  kind: ElementKind;
  /** The stylesheet text the element's first paint needs; parts loaded later bring their own. */
  css: string;
}

const loadReact = () => import('../src/components/react-part');

/**
 * React for the panel (every element but the cart brings it for the panel): the chunk of the sign-in sections,
 * which the panel's first render needs, is asked for beside React's, not once React ran and asked for it, so a first
 * click waits one round trip less. Its failure is the panel's to show, when it renders.
 */
function loadReactForPanel(): ReturnType<typeof loadReact> {
  void import('../src/components/auth/AuthPanel').catch(() => undefined);
  return loadReact();
}

/** Builds the custom element class of a tag; `defineElement` registers it. */
export function createElementClass({ kind, css }: ElementDefinition): LoyaltyElementClass {
  return createCoreElementClass({ kind, css, loadReact: kind === 'cart' ? loadReact : loadReactForPanel });
}
