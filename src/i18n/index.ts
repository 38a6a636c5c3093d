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

let instance: i18n | undefined;

/** The shared i18next instance, initialised synchronously on first use with Spanish as the default. */
export function getI18n(): i18n {
  if (!instance) {
    instance = createInstance({
      lng: 'es',
      fallbackLng: 'es',
      supportedLngs: [...LANGUAGES],
      resources: { es: { translation: es }, en: { translation: en } },
      initAsync: false,
      // React escapes what it renders; escaping here too would show "&amp;" to guests.
      interpolation: { escapeValue: false },
    });
    void instance.use(initReactI18next).init();
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
