/**
 * The few texts the React-free core paints before i18next is there (docs/loyalty-widget.md "Languages"): the icon's
 * built-in label, the tooltip's and the notification's labels. Spanish is in the first payload; another language's
 * are a small chunk of their own (./first-paint/*.ts), loaded when an element first speaks it. The full resources
 * (./es.ts and the others, loaded with the React part) take these groups from here, so each text is written once.
 */
import type { Language } from './languages';

/** What the core paints before i18next: the groups and keys the full resources share. */
export interface FirstPaintTexts {
  icon: { label: string };
  tooltip: { label: string; close: string };
  /** `signedOut`: on the page a sign-out led to (docs/loyalty-widget.md "After sign-in"). */
  notice: { close: string; signedOut: string };
}

/** Spanish, the default language. */
export const esFirstPaint = {
  icon: { label: 'Club de fidelidad' },
  tooltip: { label: 'Aviso del club de fidelidad', close: 'Cerrar aviso' },
  notice: { close: 'Cerrar notificación', signedOut: 'Has cerrado sesión' },
} satisfies FirstPaintTexts;

const LOADERS: Record<Exclude<Language, 'es'>, () => Promise<FirstPaintTexts>> = {
  en: () => import('./first-paint/en').then((module) => module.en),
  fr: () => import('./first-paint/fr').then((module) => module.fr),
  de: () => import('./first-paint/de').then((module) => module.de),
  it: () => import('./first-paint/it').then((module) => module.it),
  pt: () => import('./first-paint/pt').then((module) => module.pt),
  ca: () => import('./first-paint/ca').then((module) => module.ca),
  nl: () => import('./first-paint/nl').then((module) => module.nl),
};

/**
 * A language's first-paint texts: Spanish at once, another language's chunk loaded (one request per language,
 * however many elements ask: the browser fetches a module once).
 *
 * @param language - the element's language (./languages.ts).
 */
export function loadFirstPaintTexts(language: Language): Promise<FirstPaintTexts> {
  return language === 'es' ? Promise.resolve(esFirstPaint) : LOADERS[language]();
}
