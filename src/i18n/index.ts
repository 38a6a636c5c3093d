/**
 * The widget's own i18next instance: private (`createInstance`) so it never touches a host page's i18next.
 * Spanish is bundled; every other language's resource is a chunk of its own, fetched the first time an element
 * speaks it.
 */
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { warn } from '../lib/warn';
import { es, type Resource } from './es';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

export { LANGUAGES, languageFor, type Language } from './languages';

/** Where each other language's resource comes from; one chunk each. */
const LOADERS: Record<Exclude<Language, 'es'>, () => Promise<Resource>> = {
  en: () => import('./en').then((module) => module.en),
  fr: () => import('./fr').then((module) => module.fr),
  de: () => import('./de').then((module) => module.de),
  it: () => import('./it').then((module) => module.it),
  pt: () => import('./pt').then((module) => module.pt),
  ca: () => import('./ca').then((module) => module.ca),
  nl: () => import('./nl').then((module) => module.nl),
};

let base: i18n | undefined;
const instances = new Map<Language, i18n>();
const pending = new Map<Language, Promise<i18n>>();

function baseInstance(): i18n {
  if (!base) {
    base = createInstance({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: { es: { translation: es } },
      initAsync: false,
      // React escapes what it renders; escaping here too would show "&amp;" to guests.
      interpolation: { escapeValue: false },
    });
    void base.use(initReactI18next).init();
    instances.set(DEFAULT_LANGUAGE, base);
  }
  return base;
}

/**
 * The i18next instance for a language if its resource is loaded, else undefined. Each language has its own clone
 * (sharing the resources), so an English element and a Spanish one on the same page each keep theirs.
 */
export function loadedI18n(language: Language): i18n | undefined {
  baseInstance();
  return instances.get(language);
}

/**
 * The i18next instance for a language, loading its resource first when needed; one request per language however
 * many elements ask. A resource that fails to load (offline, a missing chunk) gives Spanish, with a warning, and
 * is tried again next time.
 */
export function loadI18n(language: Language): Promise<i18n> {
  const loaded = loadedI18n(language);
  if (loaded) return Promise.resolve(loaded);
  let promise = pending.get(language);
  if (!promise) {
    promise = LOADERS[language as Exclude<Language, 'es'>]().then(
      (resource) => {
        const spanish = baseInstance();
        spanish.addResourceBundle(language, 'translation', resource, true, true);
        const instance = spanish.cloneInstance({ lng: language });
        instances.set(language, instance);
        pending.delete(language);
        return instance;
      },
      (error: unknown) => {
        pending.delete(language);
        warn(`could not load the "${language}" texts (${String(error)}); showing Spanish.`);
        return baseInstance();
      },
    );
    pending.set(language, promise);
  }
  return promise;
}
