/** Portuguese: the texts the core paints before i18next (../first-paint.ts). */
import type { FirstPaintTexts } from '../first-paint';

/** Portuguese. */
export const pt: FirstPaintTexts = {
  icon: { label: 'Clube de fidelização' },
  tooltip: { label: 'Aviso do clube de fidelização', close: 'Fechar aviso' },
  notice: { close: 'Fechar notificação', signedOut: 'Terminou a sessão' },
};
