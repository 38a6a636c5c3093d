import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { dismissDroppedCartAtom, droppedCartNoticeAtom, noticeHostAtom } from '../../state/notices';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useShadowStyles } from '../host/shadow-styles';
import forms from '../../../styles/forms.css';
import notices from '../../../styles/notices.css';
import { useHost } from '../ElementRoot';

/**
 * The dropped-cart dialog (docs/loyalty-widget.md "After sign-in"): after a sign-in that emptied the cart, the returning
 * member is greeted by full name with the configured text and an OK button, once. Every loyalty element renders
 * this; only the one holding the notice role (the icon, else the panel, else a tooltip) shows it.
 */
export function DroppedCartDialog() {
  const { t } = useTranslation();
  const host = useHost();
  const owner = useAtomValue(noticeHostAtom);
  const notice = useAtomValue(droppedCartNoticeAtom);
  const dismiss = useSetAtom(dismissDroppedCartAtom);
  useShadowStyles(forms, notices);
  if (!notice || owner !== host) return null;
  const { title, greet, text, ok } = notice.texts;
  return (
    <Dialog title={title || t('notice.droppedCartTitle')} closeLabel={t('ui.close')} onClose={dismiss}>
      <div part="dropped-cart">
        <p part="dropped-cart-greeting">{[greet || t('notice.droppedCartGreet'), notice.fullName].filter(Boolean).join(' ')}</p>
        <p part="dropped-cart-text">{text || t('notice.droppedCartText')}</p>
        <Button part="dropped-cart-ok" onClick={dismiss}>
          {ok || t('notice.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
