/**
 * React 19 JSX typings of the tags: `<loyalty-panel data-project-code="my-hotel" onloyalty-login={…} />`.
 *
 * React 19 passes a custom element's props through: `data-*` become attributes, and a function prop named
 * `on` + the event's exact name is added with `addEventListener` (so `onloyalty-login`, not `onLoyaltyLogin`).
 * Declared attributes are type-checked; an undeclared hyphenated name is allowed by TypeScript, as for any JSX
 * element. docs/integration.md "custom-elements.json and typings for frameworks" says how an application includes this file.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { LoyaltyElementTypes } from './loyalty-elements';

/** `on<event-name>` listener props of an element's events. */
export type ReactEventProps<Events> = {
  [Name in keyof Events & string as `on${Name}`]?: (event: Events[Name]) => void;
};

/** A tag's JSX props: the common HTML ones, its attributes and its event listeners. */
export type ReactLoyaltyElementProps<Tag extends keyof LoyaltyElementTypes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  LoyaltyElementTypes[Tag]['attributes'] &
  ReactEventProps<LoyaltyElementTypes[Tag]['events']>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'loyalty-icon': ReactLoyaltyElementProps<'loyalty-icon'>;
      'loyalty-panel': ReactLoyaltyElementProps<'loyalty-panel'>;
      'loyalty-tooltip': ReactLoyaltyElementProps<'loyalty-tooltip'>;
      'package-cart': ReactLoyaltyElementProps<'package-cart'>;
      'loyalty-price': ReactLoyaltyElementProps<'loyalty-price'>;
      'hotel-page': ReactLoyaltyElementProps<'hotel-page'>;
    }
  }
}
