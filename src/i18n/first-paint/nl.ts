/** Dutch: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** Dutch. */
export const nl: FirstPaintTexts = {
  icon: { label: 'Loyaliteitsclub' },
  tooltip: { label: 'Mededeling van de loyaliteitsclub', close: 'Mededeling sluiten' },
  notice: { close: 'Melding sluiten', signedOut: 'Je bent uitgelogd' },
};
