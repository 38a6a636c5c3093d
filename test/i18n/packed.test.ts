import { expect } from '@open-wc/testing';
import { ca } from '../../src/i18n/ca';
import { de } from '../../src/i18n/de';
import { en } from '../../src/i18n/en';
import { es, type Resource } from '../../src/i18n/es';
import { fr } from '../../src/i18n/fr';
import { it as italian } from '../../src/i18n/it';
import { nl } from '../../src/i18n/nl';
import { packResource, unpackResource } from '../../src/i18n/packed';
import { pt } from '../../src/i18n/pt';

/** The build ships these packed (rollup.config.mjs `packedTranslations`); test/e2e/languages.test.mjs checks the build's chunks. */
const RESOURCES = { en, fr, de, it: italian, pt, ca, nl } as const;

/** Every `group.key` with its text, in the object's own order. */
const entries = (resource: Resource) =>
  Object.entries(resource).flatMap(([group, texts]) => Object.entries(texts as Record<string, string>).map(([key, text]) => [`${group}.${key}`, text]));

describe('packed translations', () => {
  for (const [language, resource] of Object.entries(RESOURCES)) {
    it(`${language}: unpacking the packed strings gives the resource back, key for key`, () => {
      const packed = packResource(resource);
      expect(packed).to.have.length(entries(es).length);
      expect(unpackResource(packed)).to.deep.equal(resource);
    });
  }

  it('packs in the Spanish key order, whatever order the resource was written in', () => {
    const reversed = Object.fromEntries(
      Object.entries(en)
        .reverse()
        .map(([group, texts]) => [group, Object.fromEntries(Object.entries(texts).reverse())]),
    ) as unknown as Resource;
    expect(packResource(reversed)).to.deep.equal(packResource(en));
    expect(entries(unpackResource(packResource(reversed)))).to.deep.equal(entries(es).map(([path]) => [path, entries(en).find(([own]) => own === path)![1]]));
  });

  it('refuses a resource with a key Spanish lacks, or without one Spanish has, naming it', () => {
    const extra = { ...en, cart: { ...en.cart, extra: 'x' } } as unknown as Resource;
    expect(() => packResource(extra)).to.throw('"cart.extra" is not a key of the Spanish resource');
    const cartWithoutRetry: Record<string, string> = { ...en.cart };
    delete cartWithoutRetry['retry'];
    const missing = { ...en, cart: cartWithoutRetry } as unknown as Resource;
    expect(() => packResource(missing)).to.throw('"cart.retry" is missing or not a string');
    const nested = { ...en, ui: { ...en.ui, close: { text: 'Close' } } } as unknown as Resource;
    expect(() => packResource(nested)).to.throw('"ui.close" is missing or not a string');
  });

  it('refuses strings packed against another set of keys', () => {
    const packed = packResource(fr);
    expect(() => unpackResource(packed.slice(1))).to.throw(`${packed.length - 1} texts for the ${packed.length} keys`);
    expect(() => unpackResource([...packed, 'x'])).to.throw(`${packed.length + 1} texts for the ${packed.length} keys`);
  });
});
