import { Provider } from 'jotai/react';
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { languageFor, type Language } from '../i18n/languages';
import type { Runtime } from '../core/runtime';

const HostContext = createContext<HTMLElement | null>(null);
const LanguageContext = createContext<Language>('es');
const LayeredContext = createContext(false);

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

/** The element's language: its own `lang`, else the nearest ancestor's, else Spanish; follows changes. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** Whether the element's built-in styles sit in the `loyalty-elements` cascade layer (the widget's elements). */
export function useLayeredStyles(): boolean {
  return useContext(LayeredContext);
}

/** Props of {@link ElementRoot}. */
export interface ElementRootProps {
  /** The page's runtime (src/core/runtime.ts): its store is the tree's jotai store. */
  runtime: Runtime;
  /** The element whose shadow root React renders into. */
  host: HTMLElement;
  /** Whether built-in styles go in the cascade layer, so a brand's unlayered stylesheet wins. */
  layered?: boolean;
  children: ReactNode;
}

/**
 * Everything each element's React tree shares: the page's runtime's jotai store, the host element and its language.
 * No i18next here: the icon paints without it; the components that show translated text load it
 * (`Translated`).
 */
export function ElementRoot({ runtime, host, layered = false, children }: ElementRootProps) {
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
  return (
    <Provider store={runtime.store}>
      <HostContext.Provider value={host}>
        <LayeredContext.Provider value={layered}>
          <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>
        </LayeredContext.Provider>
      </HostContext.Provider>
    </Provider>
  );
}
