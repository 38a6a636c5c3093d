/**
 * Each language's texts, loaded on demand (the Spanish ones are in the first payload): what i18next is given
 * (./index.ts) and what the React-free core reads its few words from (the icon's label) before i18next is there.
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
