/**
 * The widget's own i18next instance: private (`createInstance`) so it never touches a host page's i18next.
 * Spanish is bundled; every other language's resource is a chunk of its own, fetched the first time an element
 * speaks it.
 */
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { warn } from '../lib/warn';
import { es } from './es';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { loadResource } from './resources';

export { LANGUAGES, languageFor, type Language } from './languages';

/** Where each other language's resource comes from; one chunk each. */

let base: i18n | undefined;
const instances = new Map<Language, i18n>();

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

/** A promise that also says, once settled, what it settled to: React's `use()` then reads it without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

const promises = new Map<Language, TrackedPromise<i18n>>();

/**
 * The i18next instance for a language, loading its resource first when needed: the same promise every time for a
 * language (one request however many elements ask), marked fulfilled once it is, so `use()` reads a loaded
 * language without suspending. A resource that fails to load (offline, a missing chunk) gives Spanish, with a
 * warning, until the page reloads.
 */
export function loadI18n(language: Language): Promise<i18n> {
  let promise = promises.get(language);
  if (!promise) {
    const loaded = loadedI18n(language);
    promise = loaded
      ? Promise.resolve(loaded)
      : loadResource(language).then(
          (resource) => {
            const spanish = baseInstance();
            spanish.addResourceBundle(language, 'translation', resource, true, true);
            const instance = spanish.cloneInstance({ lng: language });
            instances.set(language, instance);
            return instance;
          },
          (error: unknown) => {
            // Spanish for the rest of the page's life.
            const spanish = baseInstance();
            instances.set(language, spanish);
            warn(`could not load the "${language}" texts (${String(error)}); showing Spanish.`);
            return spanish;
          },
        );
    const tracked: TrackedPromise<i18n> = promise;
    void promise.then((instance) => {
      tracked.status = 'fulfilled';
      tracked.value = instance;
    });
    promises.set(language, tracked);
  }
  return promise;
}
