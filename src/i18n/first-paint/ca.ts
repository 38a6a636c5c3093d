/** Catalan: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** Catalan. */
export const ca: FirstPaintTexts = {
  icon: { label: 'Club de fidelitat' },
  tooltip: { label: 'Avís del club de fidelitat', close: 'Tanca l’avís' },
  notice: { close: 'Tanca la notificació', signedOut: 'Has tancat la sessió' },
};
