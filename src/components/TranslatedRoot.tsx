import { use, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LegalDocumentFetcherContext, type LegalDocumentFetcher } from '../forms/legal-document-fetcher';
import { loadI18n } from '../i18n';
import { useLanguage } from './ElementRoot';

// The client loads with the first document a guest opens (beside the consent checkboxes), not with every
// element's texts.
const fetchLegalDocument: LegalDocumentFetcher = (url) => import('../state/legal-documents').then((client) => client.fetchLegalDocument(url));

/**
 * The i18next instance in the element's language, and the legal-document fetcher the forms use. A language
 * other than Spanish loads on first use: the first render waits for it (suspends: no Spanish flash on a French
 * page); a later switch keeps the old language on screen until the new one has loaded.
 */
export default function TranslatedRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const [shown, setShown] = useState(language);
  const i18n = use(loadI18n(shown));
  useEffect(() => {
    if (language === shown) return;
    let current = true;
    void loadI18n(language).then(() => {
      if (current) setShown(language);
    });
    return () => {
      current = false;
    };
  }, [language, shown]);
  return (
    <I18nextProvider i18n={i18n}>
      <LegalDocumentFetcherContext.Provider value={fetchLegalDocument}>{children}</LegalDocumentFetcherContext.Provider>
    </I18nextProvider>
  );
}

function Label() {
  const { t } = useTranslation();
  return t('icon.label');
}

/** The icon's built-in label in the element's language (another than Spanish, which the icon has bundled). */
export function IconLabel() {
  return (
    <TranslatedRoot>
      <Label />
    </TranslatedRoot>
  );
}
