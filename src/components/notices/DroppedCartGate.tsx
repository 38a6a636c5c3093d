import { useAtomValue } from 'jotai/react';
import { droppedCartNoticeAtom, noticeHostAtom } from '../../state/notices';
import { useHost } from '../ElementRoot';
import { lazyTranslated } from '../Translated';

// The dialog, its texts and styles load only on the visit that shows it (once, after a sign-in that dropped a cart).
const DroppedCartDialog = lazyTranslated(() => import('./DroppedCartDialog').then((module) => module.DroppedCartDialog));

/**
 * Where every loyalty element may show the dropped-cart dialog (docs/loyalty-widget.md "After sign-in"); only the one holding
 * the notice role (the icon, else the panel, else a tooltip) does, when there is a notice.
 */
export function DroppedCartGate() {
  const host = useHost();
  const owner = useAtomValue(noticeHostAtom);
  const notice = useAtomValue(droppedCartNoticeAtom);
  return notice && owner === host ? <DroppedCartDialog /> : null;
}
