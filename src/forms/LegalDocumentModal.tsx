import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { nestHeadings } from './nest-headings';

/** Props of {@link LegalDocumentModal}. */
export interface LegalDocumentModalProps {
  /** The modal's title (the consent's conditions or privacy title). */
  title: string;
  /** The document, already sanitised by `sanitizeHtml`: nothing else may be given here. */
  document: DocumentFragment;
  /** The document's language. */
  lang: string;
  /** The link that opened the modal; focus returns to it. */
  opener: HTMLElement | null;
  onClose: () => void;
}

/** A legal document in a modal dialog (docs/forms-and-consent.md "Consent checkboxes"). */
export function LegalDocumentModal({ title, document, lang, opener, onClose }: LegalDocumentModalProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    // The only place sanitised markup enters the widget: nodes from sanitizeHtml's fragment, copied so the cached
    // fragment can be shown again. Its headings go under the dialog's title.
    const copy = document.cloneNode(true) as DocumentFragment;
    nestHeadings(copy, 3);
    contentRef.current?.replaceChildren(copy);
  }, [document]);

  return (
    <Dialog title={title} closeLabel={t('ui.close')} onClose={onClose} returnFocusTo={opener} lang={lang}>
      {/* Focusable so keyboard users can scroll a long text. */}
      <div ref={contentRef} part="legal-document" tabIndex={0} role="document" aria-label={title}></div>
    </Dialog>
  );
}
