import type { Resource } from './es';

/** English. */
export const en: Resource = {
  icon: {
    label: 'Loyalty club',
  },
  panel: {
    label: 'Loyalty club',
    section: 'Section: {{section}}',
  },
  tooltip: {
    label: 'Loyalty club notice',
  },
  cart: {
    label: 'Cart',
  },
};
