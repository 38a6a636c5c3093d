/**
 * Each language's texts, loaded on demand (the Spanish ones with the React part): what i18next is given
 * (./index.ts). The React-free core reads its few words from ./first-paint.ts instead.
 */
import { es, type Resource } from './es';
import type { Language } from './languages';

const LOADERS: Record<Exclude<Language, 'es'>, () => Promise<Resource>> = {
  en: () => import('./en').then((module) => module.en),
  fr: () => import('./fr').then((module) => module.fr),
  de: () => import('./de').then((module) => module.de),
  it: () => import('./it').then((module) => module.it),
  pt: () => import('./pt').then((module) => module.pt),
  ca: () => import('./ca').then((module) => module.ca),
  nl: () => import('./nl').then((module) => module.nl),
};

/** A language's texts: Spanish at once, another language's module loaded (the same module i18next gets). */
export function loadResource(language: Language): Promise<Resource> {
  return language === 'es' ? Promise.resolve(es) : LOADERS[language]();
}
