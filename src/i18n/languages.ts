/**
 * The languages the widget speaks and how an element picks one. No i18next here: this module is in the first
 * payload, the resources of every language but Spanish load on demand (./index.ts).
 */

/** Languages with a complete resource; Spanish first, the default. */
export const LANGUAGES = ['es', 'en', 'fr', 'de', 'it', 'pt', 'ca', 'nl'] as const;

/** One supported language. */
export type Language = (typeof LANGUAGES)[number];

/** The default language, whose resource is always loaded. */
export const DEFAULT_LANGUAGE: Language = 'es';

/**
 * Picks the supported language for an element: its own `lang`, else the nearest ancestor's (the page's), else
 * Spanish. A region or script (`en-GB`, `pt_BR`) is ignored; an unsupported language gives Spanish.
 *
 * @param element - the host element.
 */
export function languageFor(element: Element): Language {
  const tag = element.closest('[lang]')?.getAttribute('lang') ?? '';
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}
