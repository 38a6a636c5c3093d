/** French: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** French. */
export const fr: FirstPaintTexts = {
  icon: { label: 'Club de fidélité' },
  tooltip: { label: 'Avis du club de fidélité', close: 'Fermer l’avis' },
  notice: { close: 'Fermer la notification', signedOut: 'Vous êtes déconnecté' },
};
