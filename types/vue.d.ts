/**
 * Vue 3 typings of the tags for SFC templates checked by vue-tsc / Volar:
 * `<loyalty-panel data-project-code="my-hotel" @loyalty-login="onLogin" />` with `onLogin(event)` getting
 * `event.detail.userName`. The tags are declared in Vue's `GlobalComponents` as custom-element constructors whose
 * `$props` and `$emit` exist for type checking only (the pattern of Vue's guide "Web Components and
 * TypeScript"). Vue itself must treat the tags as custom elements (`compilerOptions.isCustomElement`).
 */
import type { HTMLAttributes } from 'vue';
import type { LoyaltyElementTypes } from './loyalty-elements';

/** `loyalty-login` → `LoyaltyLogin`. */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<Name>;

/** `data-project-code` → `dataProjectCode`: the prop name vue-tsc checks a component's kebab-case attribute as. */
type Camel<Name extends string> = Uncapitalize<Pascal<Name>>;

/** A tag's attributes under the names vue-tsc looks them up by. */
export type VueAttributes<Attributes> = { [Name in keyof Attributes as Camel<Name & string>]: Attributes[Name] };

/** The `onLoyaltyLogin`-style props Vue compiles `@loyalty-login` into. */
export type VueEventProps<Events> = {
  [Name in keyof Events & string as `on${Pascal<Name>}`]?: (event: Events[Name]) => void;
};

/** A tag as Vue's template type checker sees it. */
export type VueLoyaltyElement<Tag extends keyof LoyaltyElementTypes> = new () => HTMLElement & {
  /** @deprecated For template type checking only: the element has no `$props`. */
  $props: HTMLAttributes & VueAttributes<LoyaltyElementTypes[Tag]['attributes']> & VueEventProps<LoyaltyElementTypes[Tag]['events']>;
  /** @deprecated For template type checking only: the element has no `$emit`. */
  $emit: <Name extends keyof LoyaltyElementTypes[Tag]['events']>(event: Name, payload: LoyaltyElementTypes[Tag]['events'][Name]) => void;
};

declare module 'vue' {
  interface GlobalComponents {
    'loyalty-icon': VueLoyaltyElement<'loyalty-icon'>;
    'loyalty-panel': VueLoyaltyElement<'loyalty-panel'>;
    'loyalty-tooltip': VueLoyaltyElement<'loyalty-tooltip'>;
    'package-cart': VueLoyaltyElement<'package-cart'>;
    'loyalty-price': VueLoyaltyElement<'loyalty-price'>;
    'hotel-page': VueLoyaltyElement<'hotel-page'>;
  }
}
