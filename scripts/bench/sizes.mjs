// @ts-check
/**
 * Sizes of the build (gzip -9, deterministic), computed from `dist/bundle-graph.json`, which the rollup config
 * writes beside the ES build: for each chunk its file, static `imports`, `dynamicImports` and the source modules
 * it contains (paths relative to the repository).
 *
 * - first payload: the ES entry and its static closure, what a page loads to paint the icon;
 * - sign-in ready: the first payload and every chunk needed to show the panel's SIGNIN section with its form
 *   ({@link signInReadyFiles});
 * - everything: every ES chunk a page in one language can load (not the classic script, not the commerce
 *   subpath): every chunk but the other languages' resources, of which the largest one counts
 *   ({@link everythingFiles});
 * - classic script (`loyalty-elements.iife.js`), commerce subpath (`commerce.js`), and each chunk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {object} GraphChunk
 * @property {string} file path under the output folder, e.g. `chunks/AuthPanel-abc.js`
 * @property {string} name
 * @property {boolean} isEntry
 * @property {boolean} isDynamicEntry
 * @property {string[]} imports files this chunk imports statically
 * @property {string[]} dynamicImports files this chunk may `import()`
 * @property {string | null} facadeModuleId
 * @property {string[]} moduleIds source modules, relative to the repository
 * @property {Record<string, number>} renderedLengths bytes each module renders to (tree-shaken, not minified)
 */

/** @typedef {{ chunks: GraphChunk[] }} BundleGraph */

export const ENTRY_FILE = 'loyalty-elements.js';
export const CLASSIC_FILE = 'loyalty-elements.iife.js';
export const COMMERCE_FILE = 'commerce.js';
export const GRAPH_FILE = 'bundle-graph.json';

/**
 * Modules the SIGNIN section renders, each of which must be in some chunk of the build: the auth panel that
 * switches sections, the sign-in section, its form, and the form renderer it uses. When one moves or is renamed
 * the rule throws, so it is updated rather than silently measuring less.
 */
export const SIGN_IN_MODULES = [
  /^src\/components\/auth\/AuthPanel\.tsx$/,
  /^src\/components\/auth\/SignInSection\.tsx$/,
  /^src\/components\/auth\/SignInForm\.tsx$/,
  /^src\/forms\/Form\.tsx$/,
  /^src\/forms\/FormField\.tsx$/,
];

/** The language of the page the benchmark shows (the widget's default). */
export const PAGE_LANGUAGE = 'es';

/** Texts of an element other than the panel, kept under src/i18n/ but loaded with that element's own chunk. */
const ELEMENT_TEXTS = ['src/i18n/hotel-page.ts', 'src/i18n/price-texts.ts'];

/**
 * Whether a module is i18n code or text the panel needs at runtime on a {@link PAGE_LANGUAGE} page: anything
 * under `src/i18n/` except another language's resources, i.e. a module with a path segment (folder, or file
 * name up to its first dot) that is a language code other than the page's ({@link isLanguageCode}: `en.ts`, `en/auth.ts`, `panel.en.ts`,
 * `pt-BR.json`).
 * @param {string} id module path relative to the repository
 */
export function isPageI18nModule(id) {
  if (!id.startsWith('src/i18n/')) return false;
  // Another element's own texts, which travel in that element's chunk (`<hotel-page>`, `<loyalty-price>`'s drawn price).
  if (ELEMENT_TEXTS.includes(id)) return false;
  const segments = id.slice('src/i18n/'.length).split('/');
  const names = segments.flatMap((segment, index) => (index === segments.length - 1 ? segment.split('.').slice(0, -1) : [segment]));
  return !names.some((name) => isLanguageCode(name) && name.toLowerCase().slice(0, 2) !== PAGE_LANGUAGE);
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether a name is a language code Intl knows (`en`, `pt-BR`), not a word that looks like one (`ui`). */
function isLanguageCode(/** @type {string} */ name) {
  if (!/^[a-z]{2}(?:[-_][a-z]{2})?$/i.test(name)) return false;
  try {
    return LANGUAGE_NAMES.of(name.replace('_', '-')) !== undefined;
  } catch {
    return false;
  }
}

/**
 * @param {string} dist the build folder
 * @returns {BundleGraph}
 */
export function readGraph(dist) {
  const file = join(dist, GRAPH_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: build with \`npm run build\` (rollup.config.mjs writes it).`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The files a chunk loads statically, transitively, itself included; `import()` targets are left out, they load
 * when needed.
 * @param {BundleGraph} graph
 * @param {string} file
 * @param {Set<string>} [seen]
 */
export function staticClosure(graph, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  const chunk = graph.chunks.find((candidate) => candidate.file === file);
  if (!chunk) throw new Error(`${GRAPH_FILE} has no chunk ${file}`);
  seen.add(file);
  for (const imported of chunk.imports) staticClosure(graph, imported, seen);
  return seen;
}

/**
 * THE SIGN-IN-READY RULE: the files a page has loaded once the panel shows its SIGNIN section with the form,
 * computed from the build graph so it follows code moves.
 *
 * 1. The first payload: the static closure of the entry (it defines `<loyalty-panel>` and paints the icon).
 * 2. Every chunk holding a module the SIGNIN view renders ({@link SIGN_IN_MODULES}), wherever the build put it
 *    (the entry's closure, a dynamic chunk, or a chunk that a dynamic chunk imports in turn), with its static
 *    closure.
 * 3. Every chunk holding i18n code or text the panel needs at runtime on a Spanish page
 *    ({@link isPageI18nModule}: not other languages' resources), with its static closure.
 *
 * Dynamic imports of those chunks are not followed: what they load (DOMPurify for legal documents, the cart,
 * other languages) waits for its own need. The full benchmark checks the rule against the files Chromium
 * actually fetched before the sign-in form became interactive.
 *
 * @param {BundleGraph} graph
 * @returns {string[]} files under the output folder, sorted
 */
export function signInReadyFiles(graph) {
  const files = staticClosure(graph, ENTRY_FILE);
  for (const pattern of SIGN_IN_MODULES) {
    const holders = graph.chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
    if (holders.length === 0) {
      throw new Error(`sign-in-ready rule: no chunk holds a module matching ${pattern}; update SIGN_IN_MODULES in scripts/bench/sizes.mjs`);
    }
    for (const chunk of holders) staticClosure(graph, chunk.file, files);
  }
  for (const chunk of graph.chunks) {
    if (chunk.moduleIds.some(isPageI18nModule)) staticClosure(graph, chunk.file, files);
  }
  return [...files].sort();
}

/**
 * Whether a chunk holds only another language's resource (`src/i18n/fr.ts`…): a page loads the one its elements
 * speak, not all seven.
 * @param {GraphChunk} chunk
 */
function isOtherLanguageChunk(chunk) {
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.startsWith('src/i18n/') && !isPageI18nModule(id));
}

/**
 * Every chunk a page in one language can load: all of them except the other languages' resource chunks, of
 * which only the largest counts (a page in that language).
 * @param {BundleGraph} graph
 * @returns {string[]}
 */
export function everythingFiles(graph) {
  const rendered = (/** @type {GraphChunk} */ chunk) => Object.values(chunk.renderedLengths).reduce((sum, length) => sum + length, 0);
  const [largest] = graph.chunks.filter(isOtherLanguageChunk).sort((a, b) => rendered(b) - rendered(a));
  return graph.chunks.filter((chunk) => !isOtherLanguageChunk(chunk) || chunk === largest).map((chunk) => chunk.file);
}

/**
 * Every chunk a page in the benchmark's language ({@link PAGE_LANGUAGE}) can load: all of them but the other
 * languages' resource chunks. The outside-in benchmark imports these in the page to count "everything in one
 * language" from what the browser fetched (scripts/bench/outside.mjs).
 * @param {BundleGraph} graph
 * @returns {string[]}
 */
export function oneLanguageFiles(graph) {
  return graph.chunks.filter((chunk) => !isOtherLanguageChunk(chunk)).map((chunk) => chunk.file);
}

const gzipSize = (/** @type {string} */ file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * @param {string} dist the build folder
 */
export function measureSizes(dist) {
  const graph = readGraph(dist);
  /** @type {Record<string, number>} */
  const chunks = Object.fromEntries(graph.chunks.map(({ file }) => [file, gzipSize(join(dist, file))]));
  const total = (/** @type {Iterable<string>} */ files) => [...files].reduce((sum, file) => sum + (chunks[file] ?? 0), 0);
  const firstPayloadFiles = [...staticClosure(graph, ENTRY_FILE)].sort();
  const signInFiles = signInReadyFiles(graph);
  const sizes = {
    firstPayload: total(firstPayloadFiles),
    signInReady: total(signInFiles),
    everything: total(everythingFiles(graph)),
    classicScript: gzipSize(join(dist, CLASSIC_FILE)),
    commerce: gzipSize(join(dist, COMMERCE_FILE)),
  };
  // What the first payload is made of, largest first (bytes before minifying): where to look when it grows.
  const firstPayloadModules = graph.chunks
    .filter((chunk) => firstPayloadFiles.includes(chunk.file))
    .flatMap((chunk) => Object.entries(chunk.renderedLengths))
    .filter(([, length]) => length > 0)
    .sort((a, b) => b[1] - a[1]);
  const packageOf = (/** @type {string} */ id) => id.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : id);
  /** @type {Record<string, number>} */
  const firstPayloadByPackage = {};
  for (const [id, length] of firstPayloadModules) firstPayloadByPackage[packageOf(id)] = (firstPayloadByPackage[packageOf(id)] ?? 0) + length;
  return {
    sizes,
    chunks,
    files: { firstPayload: firstPayloadFiles, signInReady: signInFiles },
    firstPayloadRenderedBytes: Object.fromEntries(Object.entries(firstPayloadByPackage).sort((a, b) => b[1] - a[1])),
  };
}

export { gzipSize };
