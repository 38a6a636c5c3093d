/** English: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** English. */
export const en: FirstPaintTexts = {
  icon: { label: 'Loyalty club' },
  tooltip: { label: 'Loyalty club notice', close: 'Close notice' },
  notice: { close: 'Close notification', signedOut: 'You have signed out' },
};
