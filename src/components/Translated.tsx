import { Suspense, type ComponentType, type ReactNode } from 'react';
import { loadI18n, type Language } from '../i18n';
import { recoverableLazy } from './recoverable-lazy';

// i18next, react-i18next and the legal-document fetcher: loaded with the first component that shows translated
// text, not with the icon's first paint (docs/architecture.md "The import rule").
const TranslatedRoot = recoverableLazy(() => import('./TranslatedRoot').then((module) => module.default));

/** Props of {@link Translated}. */
export interface TranslatedProps {
  children: ReactNode;
  /** What shows until i18next and the element's language have loaded; nothing by default. */
  fallback?: ReactNode;
}

/** Renders its children with the widget's i18next in the element's language, loading both on first use. */
export function Translated({ children, fallback = null }: TranslatedProps) {
  return (
    <Suspense fallback={fallback}>
      <TranslatedRoot>{children}</TranslatedRoot>
    </Suspense>
  );
}

/** A {@link lazyTranslated} component, which can be asked to load ahead of its first render. */
export type PreloadableTranslated<Props extends object> = ComponentType<Props> & {
  /**
   * Loads its code, i18next and `language`'s texts, and resolves once all have settled (loaded or failed); never
   * rejects. Rendered after that in that language, it shows at once: nothing in it suspends.
   */
  preload(language: Language): Promise<void>;
};

/**
 * A component whose code loads on first render, inside {@link Translated}: for the parts of an element that are
 * not needed to paint the icon (the panel, the tooltip, the cart, the notices).
 *
 * @param load - imports the module and picks the component.
 */
export function lazyTranslated<Props extends object>(load: () => Promise<ComponentType<Props>>): PreloadableTranslated<Props> {
  const Lazy = recoverableLazy(load);
  function LazyTranslated(props: Props) {
    return (
      <Translated>
        <Lazy {...props} />
      </Translated>
    );
  }
  const preload = (language: Language) =>
    Promise.all([TranslatedRoot.preload(), Lazy.preload(), loadI18n(language)]).then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LazyTranslated, { preload });
}
