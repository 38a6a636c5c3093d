/**
 * What vue-tsc checks in an SFC template such as
 *
 *   <loyalty-panel data-project-code="my-hotel" data-is-desktop="true" @loyalty-login="onLogin" />
 *
 * expressed in plain TypeScript: the element's entry in Vue's `GlobalComponents` (types/vue.d.ts) gives the props
 * a template may pass, `@loyalty-login` being the `onLoyaltyLogin` prop. vue is not installed here, so `vue`
 * resolves to test/types/shims/vue.d.ts. The `@ts-expect-error` lines are misuses the typings must refuse.
 */
import type { GlobalComponents } from 'vue';

type TemplateProps<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];

const log: string[] = [];

export const panel: TemplateProps<'loyalty-panel'> = {
  class: 'club',
  'data-project-code': 'my-hotel',
  'data-is-desktop': 'true',
  'data-active-section': 'PASS_RECOVERY',
  onLoyaltyLogin: (event) => log.push(event.detail.userName),
  onLoyaltySection: (event) => log.push(event.detail.section),
  onLoyaltyClose: () => log.push('closed'),
};

export const icon: TemplateProps<'loyalty-icon'> = { 'data-notification-hide': '5000', onLoyaltyOpen: (event) => log.push(event.detail.section) };
export const tooltip: TemplateProps<'loyalty-tooltip'> = { 'data-target': '#club' };
export const cart: TemplateProps<'package-cart'> = { 'data-package-id': '12', 'data-book-url': '/reservar/', lang: 'en' };

export const misuses: TemplateProps<'loyalty-panel'>[] = [
  {
    // @ts-expect-error: a boolean attribute takes text ("false"), not a boolean
    'data-render-icon': false,
  },
  {
    // @ts-expect-error: loyalty-section's detail carries section, not userName
    onLoyaltySection: (event) => log.push(event.detail.userName),
  },
];

export function emitted(element: InstanceType<GlobalComponents['loyalty-panel']>): void {
  element.$emit('loyalty-logout', new CustomEvent('loyalty-logout', { detail: {} }));
}
