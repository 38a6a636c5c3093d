import { Provider } from 'jotai/react';
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fetchLegalDocument } from '../state/legal-documents';
import { LegalDocumentFetcherContext } from '../forms/legal-documents';
import { loadI18n, loadedI18n, languageFor } from '../i18n';
import { getLoyaltyStore } from '../state/store';

const HostContext = createContext<HTMLElement | null>(null);

/**
 * The host element a component is rendered into, for host events and reflected attributes.
 *
 * @throws when used outside an {@link ElementRoot}: a component rendered without its element is a bug.
 */
export function useHost(): HTMLElement {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs an <ElementRoot>');
  return host;
}

/** Props of {@link ElementRoot}. */
export interface ElementRootProps {
  /** The element whose shadow root React renders into. */
  host: HTMLElement;
  children: ReactNode;
}

/**
 * Everything each element's React tree shares: the page's one jotai store, the widget's i18next instance
 * in the element's language, and the host element.
 */
export function ElementRoot({ host, children }: ElementRootProps) {
  // The element's own lang or any ancestor's may change at runtime (a page's language switcher).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const observer = new MutationObserver(onChange);
      observer.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
      return () => observer.disconnect();
    },
    [host],
  );
  const language = useSyncExternalStore(subscribe, () => languageFor(host));
  // A language other than Spanish loads on first use. Until it has, the element keeps the language it showed
  // before (a switch never blanks it), and one that showed nothing yet waits: no Spanish flash on a French page.
  const [i18n, setI18n] = useState(() => loadedI18n(language));
  const wanted = loadedI18n(language);
  useEffect(() => {
    if (wanted) return;
    let current = true;
    void loadI18n(language).then((loaded) => {
      if (current) setI18n(loaded);
    });
    return () => {
      current = false;
    };
  }, [language, wanted]);
  const shown = wanted ?? i18n;
  if (!shown) return null;
  return (
    <Provider store={getLoyaltyStore()}>
      <I18nextProvider i18n={shown}>
        <LegalDocumentFetcherContext.Provider value={fetchLegalDocument}>
          <HostContext.Provider value={host}>{children}</HostContext.Provider>
        </LegalDocumentFetcherContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
