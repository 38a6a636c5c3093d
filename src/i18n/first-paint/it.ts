/** Italian: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** Italian. */
export const it: FirstPaintTexts = {
  icon: { label: 'Club fedeltà' },
  tooltip: { label: 'Avviso del club fedeltà', close: 'Chiudi l’avviso' },
  notice: { close: 'Chiudi la notifica', signedOut: 'Sei uscito dal tuo account' },
};
