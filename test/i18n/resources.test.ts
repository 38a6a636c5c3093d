import { expect } from '@open-wc/testing';
import { ca } from '../../src/i18n/ca';
import { de } from '../../src/i18n/de';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { fr } from '../../src/i18n/fr';
import { it as italian } from '../../src/i18n/it';
import { nl } from '../../src/i18n/nl';
import { pt } from '../../src/i18n/pt';

/**
 * Every resource is checked against the Spanish one at run time, not only by the `Resource` type: a resource
 * loaded lazily, cast, or edited by a translator without a type-check still has to match key for key.
 */
const RESOURCES = { en, fr, de, it: italian, pt, ca, nl } as const;
type Language = keyof typeof RESOURCES;
const LANGUAGES = Object.keys(RESOURCES) as Language[];

/**
 * Values that may equal the Spanish one, per language, each with the reason. Anything else identical to Spanish is
 * taken for a string someone forgot to translate. Keep it short: a word that merely could be the same is
 * usually better translated.
 */
const SAME_AS_SPANISH: Record<string, { languages: readonly Language[]; why: string }> = {
  // Only placeholders and punctuation: nothing to translate.
  'cart.packageOption': { languages: LANGUAGES, why: 'two placeholders and a separator' },
  'cart.supplement': { languages: LANGUAGES, why: 'a plus sign and a formatted amount' },
  // Genuinely the same word in these languages.
  'cart.total': { languages: ['en', 'fr', 'pt', 'ca'], why: '"Total" is the English, French, Portuguese and Catalan word' },
  'cart.adults_one': { languages: ['it', 'pt'], why: '"adulto" is Italian and Portuguese too' },
  'cart.adults_other': { languages: ['pt'], why: '"adultos" is Portuguese too' },
  'forms.submit': { languages: ['pt'], why: '"Enviar" is the Portuguese button verb too' },
  'auth.book': { languages: ['pt'], why: '"Reservar" is the Portuguese button verb too' },
  'auth.socialConfirm': { languages: ['pt'], why: '"Confirmar" is the Portuguese button verb too' },
  'forms.showPassword': { languages: ['pt'], why: '"Mostrar" is the Portuguese verb too' },
  'forms.hidePassword': { languages: ['pt'], why: '"Ocultar" is the Portuguese verb too' },
  'auth.welcomeTitle': { languages: ['ca'], why: '"Hola" is the Catalan greeting too' },
  'social.or': { languages: ['it', 'ca'], why: '"o" is the Italian and Catalan "or" too' },
};

/** Every leaf of a resource by its dotted key path; a leaf is whatever is not a plain object. */
function leaves(resource: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(resource)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [childPath, childValue] of leaves(value as object, path)) found.set(childPath, childValue);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

/** The `{{placeholder}}` names in a translation, sorted, with repeats once. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1]!))].sort();
}

const spanish = leaves(es);

/** The string leaves of a resource that are also in Spanish, paired with the Spanish string. */
function sharedStrings(resource: object): Array<{ path: string; value: string; reference: string }> {
  const shared: Array<{ path: string; value: string; reference: string }> = [];
  for (const [path, value] of leaves(resource)) {
    const reference = spanish.get(path);
    if (typeof value === 'string' && typeof reference === 'string') shared.push({ path, value, reference });
  }
  return shared;
}

/** Key paths in Spanish that the resource lacks. */
function missingKeys(resource: object): string[] {
  const own = leaves(resource);
  return [...spanish.keys()].filter((path) => !own.has(path));
}

/** Key paths in the resource that Spanish does not have. */
function extraKeys(resource: object): string[] {
  return [...leaves(resource).keys()].filter((path) => !spanish.has(path));
}

/** Key paths whose value is not a string with some non-blank text. */
function emptyValues(resource: object): string[] {
  return [...leaves(resource)].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([path]) => path);
}

/** "path: {{found}} instead of {{expected}}" for each string whose placeholders differ from the Spanish one. */
function placeholderMismatches(resource: object): string[] {
  const list = (names: string[]) => names.map((name) => `{{${name}}}`).join(', ') || 'none';
  return sharedStrings(resource)
    .filter(({ value, reference }) => placeholders(value).join() !== placeholders(reference).join())
    .map(({ path, value, reference }) => `${path}: ${list(placeholders(value))} instead of ${list(placeholders(reference))}`);
}

/** "path: value" for each string identical to the Spanish one and not allowed to be. */
function untranslated(resource: object, language: Language): string[] {
  return sharedStrings(resource)
    .filter(({ path, value, reference }) => value === reference && !SAME_AS_SPANISH[path]?.languages.includes(language))
    .map(({ path, value }) => `${path}: "${value}"`);
}

describe('translation resources', () => {
  it('Spanish, the reference, has only non-empty strings', () => {
    const bad = emptyValues(es);
    expect(bad, `es: empty or non-string values at ${bad.join(', ')}`).to.deep.equal([]);
    expect(spanish.size).to.be.above(100);
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const resource = RESOURCES[language];

      it('has exactly the Spanish keys, nested the same way', () => {
        const missing = missingKeys(resource);
        const extra = extraKeys(resource);
        expect(missing, `${language}: missing keys ${missing.join(', ')}`).to.deep.equal([]);
        expect(extra, `${language}: keys not in es ${extra.join(', ')}`).to.deep.equal([]);
      });

      it('has a non-empty string for every key', () => {
        const bad = emptyValues(resource);
        expect(bad, `${language}: empty or non-string values at ${bad.join(', ')}`).to.deep.equal([]);
      });

      it('uses the same {{placeholders}} as Spanish in every string', () => {
        const bad = placeholderMismatches(resource);
        expect(bad, `${language}: placeholders differ at\n${bad.join('\n')}`).to.deep.equal([]);
      });

      it('translates every string, unless the allowlist says why it is the same as Spanish', () => {
        const bad = untranslated(resource, language);
        expect(bad, `${language}: identical to Spanish at\n${bad.join('\n')}`).to.deep.equal([]);
      });

      it('has no stale allowlist entry: each one is still identical to Spanish', () => {
        const own = leaves(resource);
        const stale = Object.entries(SAME_AS_SPANISH)
          .filter(([path, { languages }]) => languages.includes(language) && own.get(path) !== spanish.get(path))
          .map(([path]) => path);
        expect(stale, `${language}: translated now, remove from SAME_AS_SPANISH: ${stale.join(', ')}`).to.deep.equal([]);
      });
    });
  }

  it('finds each kind of defect in a deliberately broken resource, so the checks above can fail', () => {
    const broken = {
      ...en,
      cart: { ...en.cart, heading: ' ', removeLabel: 'Remove {{item}} from the cart', retry: es.cart.retry, extra: 'x' },
      auth: { ...en.auth, welcomeTitle: { nested: 'Hello' } },
      ui: { close: en.ui.close },
    };
    expect(missingKeys(broken)).to.deep.equal(['auth.welcomeTitle', 'ui.loading']);
    expect(extraKeys(broken)).to.deep.equal(['cart.extra', 'auth.welcomeTitle.nested']);
    expect(emptyValues(broken)).to.deep.equal(['cart.heading']);
    expect(placeholderMismatches(broken)).to.deep.equal(['cart.removeLabel: {{item}} instead of {{name}}']);
    expect(untranslated(broken, 'en')).to.deep.equal(['cart.retry: "Reintentar"']);
    // The same string is fine where the allowlist names the language, and only there.
    expect(untranslated({ cart: { total: 'Total' } }, 'fr')).to.deep.equal([]);
    expect(untranslated({ cart: { total: 'Total' } }, 'de')).to.deep.equal(['cart.total: "Total"']);
  });
});
