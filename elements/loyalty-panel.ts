import { LoyaltyPanel } from '../src/components/LoyaltyPanel';
import css from '../styles/loyalty-panel.css';
import host from '../styles/host.css';
import { createElementClass, defineElement } from './define';

/**
 * `<loyalty-panel>`: the auth panel, and the element whose data attributes configure the whole widget
 * (README "Configuration").
 *
 * @summary Sign-in, sign-up and password recovery panel.
 * @fires loyalty-section - the panel moved to another section; `detail.section` names it.
 * @attr section - reflects the current auth section (read-only).
 * @csspart panel - the panel surface.
 * @csspart section - the current section.
 * @cssproperty --loyalty-color-surface - panel background.
 */
export const LoyaltyPanelElement = createElementClass({ component: LoyaltyPanel, css: host + css, configures: true });

defineElement('loyalty-panel', LoyaltyPanelElement);

declare global {
  interface HTMLElementTagNameMap {
    'loyalty-panel': HTMLElement;
  }
}
