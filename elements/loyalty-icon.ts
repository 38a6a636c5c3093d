import { LoyaltyIcon } from '../src/components/LoyaltyIcon';
import css from '../styles/loyalty-icon.css';
import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-icon>`: the button that opens the loyalty widget.
 *
 * @summary Loyalty call-to-action button; hidden with `<meta name="renderIcon" content="false">`.
 * @csspart button - the button.
 * @cssproperty --loyalty-color-primary - button background.
 * @cssproperty --loyalty-color-on-primary - button text colour.
 */
export const LoyaltyIconElement = createElementClass({ component: LoyaltyIcon, css: host + css });

defineElement('loyalty-icon', LoyaltyIconElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-icon': HTMLElement;
  }
}
