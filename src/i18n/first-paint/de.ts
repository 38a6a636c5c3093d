/** German: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** German. */
export const de: FirstPaintTexts = {
  icon: { label: 'Treueclub' },
  tooltip: { label: 'Hinweis des Treueclubs', close: 'Hinweis schließen' },
  notice: { close: 'Benachrichtigung schließen', signedOut: 'Sie haben sich abgemeldet' },
};
