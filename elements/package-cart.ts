import { PackageCart } from '../src/components/PackageCart';
import css from '../styles/package-cart.css';
import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<package-cart>`: the session's booking cart.
 *
 * @summary Package availability and booking cart.
 * @csspart cart - the cart surface.
 */
export const PackageCartElement = createElementClass({ component: PackageCart, css: host + css });

defineElement('package-cart', PackageCartElement);

declare global {
  interface HTMLElementTagNameMap {
    'package-cart': HTMLElement;
  }
}
