/**
 * The widget's own i18next instance: private (`createInstance`) so it never touches a host page's i18next.
 */
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { es } from './es';

/** Languages with a complete resource. */
export const LANGUAGES = ['es', 'en'] as const;

/** One supported language. */
export type Language = (typeof LANGUAGES)[number];

let base: i18n | undefined;
const byLanguage = new Map<Language, i18n>();

/**
 * The widget's i18next instance for a language, initialised synchronously on first use. Each language has its
 * own clone (sharing the resources), so an English element and a Spanish one on the same page each keep theirs.
 *
 * @param language - default Spanish.
 */
export function getI18n(language: Language = 'es'): i18n {
  if (!base) {
    base = createInstance({
      lng: 'es',
      fallbackLng: 'es',
      supportedLngs: [...LANGUAGES],
      resources: { es: { translation: es }, en: { translation: en } },
      initAsync: false,
      // React escapes what it renders; escaping here too would show "&amp;" to guests.
      interpolation: { escapeValue: false },
    });
    void base.use(initReactI18next).init();
  }
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = language === 'es' ? base : base.cloneInstance({ lng: language });
    byLanguage.set(language, instance);
  }
  return instance;
}

/**
 * Picks the supported language for an element: its own `lang`, else the page's, else Spanish.
 *
 * @param element - the host element.
 */
export function languageFor(element: Element): Language {
  const tag = element.closest('[lang]')?.getAttribute('lang') ?? '';
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : 'es';
}
