/**
 * Other languages' texts as the build ships them: the strings alone, in the order of the Spanish resource's keys.
 * The keys were a third of each language's chunk (gzip), and the i18n chunk that loads a language already holds
 * them in the Spanish resource. The sources stay `key: text` objects for translators; the build packs them
 * (`packedTranslations` in rollup.config.mjs) and the chunk unpacks itself when it loads.
 */
import { es, type Resource } from './es';

type Texts = Record<string, Record<string, string>>;

/** Every `group.key` of the Spanish resource, in its order. */
function keyPaths(): Array<[group: string, key: string]> {
  return Object.entries(es).flatMap(([group, texts]) => Object.keys(texts).map((key): [string, string] => [group, key]));
}

/**
 * A resource's strings in the order of the Spanish resource's keys. Throws, naming the key, when the resource
 * lacks one of Spanish's keys or has one Spanish does not, or when a text is not a string: the build stops
 * rather than ship a language whose strings would land on the wrong keys.
 */
export function packResource(resource: Resource): string[] {
  const texts = resource as unknown as Texts;
  const paths = keyPaths();
  const known = new Set(paths.map(([group, key]) => `${group}.${key}`));
  for (const [group, groupTexts] of Object.entries(texts)) {
    for (const key of Object.keys(groupTexts)) {
      if (!known.has(`${group}.${key}`)) throw new Error(`packResource: "${group}.${key}" is not a key of the Spanish resource`);
    }
  }
  return paths.map(([group, key]) => {
    const text = texts[group]?.[key];
    if (typeof text !== 'string') throw new Error(`packResource: "${group}.${key}" is missing or not a string`);
    return text;
  });
}

/**
 * The resource whose strings `packResource` gave, keys taken from the Spanish resource. Throws when the count
 * differs from Spanish's keys (a chunk from another build): the language then falls back to Spanish, with a
 * warning, like any language that fails to load.
 */
export function unpackResource(values: readonly string[]): Resource {
  const paths = keyPaths();
  if (values.length !== paths.length) {
    throw new Error(`unpackResource: ${values.length} texts for the ${paths.length} keys of the Spanish resource`);
  }
  const texts: Texts = {};
  paths.forEach(([group, key], index) => {
    (texts[group] ??= {})[key] = values[index]!;
  });
  return texts as unknown as Resource;
}
