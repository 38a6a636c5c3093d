// @ts-check
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { transform } from 'esbuild';
import { analyze } from 'eslint-scope';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './scripts/import-bundled.mjs';

const REPO_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * react-i18next imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React 16 and
 * 17; React 18 and later have the hook, and the shim then only hands it on. The build gives react-i18next React's
 * own (0.4 KB gzip less on the panel's path).
 * @returns {import('rollup').Plugin}
 */
function reactSyncExternalStore() {
  const ID = '\0react-sync-external-store';
  return {
    name: 'react-sync-external-store',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? ID : null),
    load: (id) => (id === ID ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * React's packages resolved straight to their production CommonJS builds. Each package's entry only chooses between
 * its development and production build (react-dom's two also run React DevTools' dead-code check, which only warns a
 * developer whose bundle is not minified); NODE_ENV is always production here, so the choice is made once, at build.
 * @returns {import('rollup').Plugin}
 */
function reactProductionBuilds() {
  const BUILDS = {
    react: 'react/cjs/react.production.js',
    'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
    'react-dom': 'react-dom/cjs/react-dom.production.js',
    'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
    scheduler: 'scheduler/cjs/scheduler.production.js',
  };
  return {
    name: 'react-production-builds',
    // The packages' `exports` do not list their builds: the file is named by path.
    resolveId: (source) => (source in BUILDS ? `${REPO_ROOT}node_modules/${BUILDS[source]}` : null),
  };
}

/** Browsers whose CSS the minifier may write for (constructable stylesheets need these or later). */
const CSS_TARGET = ['chrome111', 'firefox113', 'safari16.4'];

/**
 * Stylesheets are imported as text, minified by esbuild: the elements adopt them into their shadow roots as constructable
 * stylesheets, which a strict Content-Security-Policy allows (no inline <style>).
 * @returns {import('rollup').Plugin}
 */
function cssText() {
  return {
    name: 'css-text',
    async load(id) {
      if (!id.endsWith('.css')) return null;
      const { code } = await transform(await readFile(id, 'utf8'), { loader: 'css', minify: true, target: CSS_TARGET });
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}

/**
 * Ships each language but Spanish packed (./src/i18n/packed.ts): its module becomes its strings in the order of the
 * Spanish resource's keys and a call that puts the keys back, 30 % less gzip per language. The sources, the tests
 * and the dev server keep the `key: text` objects. Runs after the TypeScript plugin and replaces its output.
 * @returns {import('rollup').Plugin}
 */
function packedTranslations() {
  const I18N = `${REPO_ROOT}src/i18n/`;
  /** @type {Promise<{ packResource: (resource: unknown) => string[], languageOf: Map<string, string> }> | undefined} */
  let setup;
  const load = () =>
    (setup ??= Promise.all([importBundled(`${I18N}packed.ts`), importBundled(`${I18N}languages.ts`)]).then(([packed, { LANGUAGES, DEFAULT_LANGUAGE }]) => ({
      packResource: packed.packResource,
      // Each language module but the default's (src/i18n/languages.ts), by its path.
      languageOf: new Map(LANGUAGES.filter((/** @type {string} */ language) => language !== DEFAULT_LANGUAGE).map((/** @type {string} */ language) => [`${I18N}${language}.ts`, language])),
    })));
  return {
    name: 'packed-translations',
    buildStart() {
      // Read again on every build (`rollup -w`): the packing follows the Spanish resource's keys.
      setup = undefined;
    },
    async transform(_code, id) {
      if (!id.startsWith(I18N)) return null;
      const { packResource, languageOf } = await load();
      const language = languageOf.get(id);
      if (language === undefined) return null;
      const { [language]: resource } = await importBundled(id);
      if (resource === undefined) throw new Error(`packedTranslations: ${id} does not export \`${language}\``);
      // A change to the Spanish keys repacks every language.
      this.addWatchFile(`${I18N}es.ts`);
      this.addWatchFile(`${I18N}packed.ts`);
      const code = `import { unpackResource } from './packed';\nexport const ${language} = /*#__PURE__*/ unpackResource(${JSON.stringify(packResource(resource))});\n`;
      return { code, map: { mappings: '' } };
    },
  };
}

/**
 * Writes `bundle-graph.json` beside the ES build: for each chunk its file, its static `imports` and
 * `dynamicImports` (file names), and the source modules it contains, relative to the repository (`\0` virtual
 * ids keep their query, e.g. `node_modules/react/index.js?commonjs-module`), with each module's rendered length
 * (bytes after tree-shaking, before minifying). `scripts/bench.mjs` computes the first payload and sign-in ready
 * from it instead of parsing the minified output.
 * @returns {import('rollup').Plugin}
 */
function bundleGraph() {
  const repoPath = (/** @type {string} */ id) => {
    const bare = id.replace(/^\0/, '');
    return bare.startsWith('/') ? relative(REPO_ROOT, bare).split('\\').join('/') : bare;
  };
  return {
    name: 'bundle-graph',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          facadeModuleId: chunk.facadeModuleId === null ? null : repoPath(chunk.facadeModuleId),
          moduleIds: chunk.moduleIds.map(repoPath),
          renderedLengths: Object.fromEntries(Object.entries(chunk.modules).map(([id, module]) => [repoPath(id), module.renderedLength])),
        }))
        .sort((a, b) => a.file.localeCompare(b.file));
      this.emitFile({ type: 'asset', fileName: 'bundle-graph.json', source: `${JSON.stringify({ chunks }, null, 2)}\n` });
    },
  };
}

/**
 * Groups the lazily loaded modules into the few chunks a page loads together, instead of one chunk per shared
 * module: each chunk is gzipped on its own, so a dozen small chunks cost more than the one they make together
 * (2.4 KB gzip on the panel's path). A group is the static closure of its root modules, less what the entry
 * already holds (`index`, the first payload: the React-free core that defines the tags and paints the icon, built into
 * the entry itself: see {@link handOver}) and
 * what an earlier group took:
 *
 * - `start`: everything the core does beyond painting, asked for right after the icon's first frame
 *   (./src/core/element-wiring.ts, ./src/core/start-chunk.ts): the jotai store and the session's atoms, the widget's
 *   start with the GET transport (./src/api/transport.ts, ./src/api/widget-start.ts), the page's stylesheets, the
 *   `open-loyalty` listener, `<loyalty-price>`'s start, the notices' state and the analytics' first call;
 * - `api`: the transport's decoding and POSTs with all of CSRF (./src/api/http.ts, ./src/lib/csrf.ts), valibot and
 *   the loyalty client with its schemas (./src/api/loyalty.ts): what the React part and `<loyalty-price>`'s request
 *   (./src/core/price-request.ts) share, so the price loads no React for it; the core reads the start's two answers
 *   without it (./src/api/widget-start.ts);
 * - `shell`: React, react-dom, jotai's React bindings and the elements' React part
 *   (./src/components/react-part.tsx), loaded when an element must show what React draws, on a guest's intent or
 *   when the page is idle; with them i18next and react-i18next (./src/components/TranslatedRoot.tsx) with the
 *   Spanish texts and the unpacking the other languages' chunks call (./src/i18n/packed.ts; the core paints its
 *   few words from ./src/i18n/first-paint.ts), which every React part needs, and the panel's frame
 *   (./src/components/LoyaltyPanel.tsx) with the presentational pieces and stylesheet the dropped-cart dialog
 *   and the cart share: loaded with the first part that shows text. The two were chunks of their own, but every part
 *   that shows text but the icon's label needs both (0.4 KB gzip less as one);
 * - `analytics`: the dataLayer layer and its catalogues, loaded with the first event (src/lib/analytics/track.ts;
 *   nothing imports it statically, so a blocked analytics chunk takes nothing else with it);
 * - `auth`: the auth panel with the sign-in and pre-sign-up sections and the form engine
 *   (./src/components/auth/AuthPanel.tsx), loaded when the panel opens;
 * - `auth-more`: the sections reached from there by a link or a reply, the consent checkboxes with the
 *   legal-document modal, and the social providers and flow, loaded together the first time the guest leaves
 *   SIGNIN or PRE_SIGNUP, or once a provider's SDK has arrived when the hotel has social sign-in (the SDK loaders
 *   are `auth`'s, ./src/components/social/SocialButtons.tsx), with the legal-document
 *   client the element roots load on the first document (./src/state/legal-documents.ts) (0.6 KB gzip less than
 *   two chunks; the cost is 3.5 KB loaded early on one side or the other, after the form is already usable);
 * - `notices`: the tooltip and the notification, painted without React, with Floating UI that places them, loaded
 *   when the first of them may show.
 *
 * What these load with `import()` and no group holds (DOMPurify, the cart, the dropped-cart dialog, other
 * languages) stays in chunks of
 * its own, loaded when needed.
 * @returns {import('rollup').GetManualChunk}
 */
function loadGroups() {
  const ENTRY = 'elements/index.ts';
  const GROUPS = [
    { name: 'start', roots: ['src/core/element-wiring.ts', 'src/core/price.ts'] },
    { name: 'api', roots: ['src/api/http.ts', 'src/api/loyalty.ts'] },
    {
      name: 'shell',
      roots: [
        'src/components/react-part.tsx',
        'src/i18n/packed.ts',
        'src/components/TranslatedRoot.tsx',
        'src/components/LoyaltyPanel.tsx',
        'src/ui/Button.tsx',
        'src/ui/Dialog.tsx',
        'src/ui/Loader.tsx',
        'src/ui/Message.tsx',
        'styles/forms.css',
      ],
    },
    { name: 'analytics', roots: ['src/lib/analytics/data-layer.ts'] },
    // The CDN image helpers serve the panel's advantages and <hotel-page>: a chunk of their own, or the hotel page
    // would import the auth chunk (and the shell behind it) for them.
    { name: 'cdn-images', roots: ['src/lib/cdn-images.ts'] },
    { name: 'auth', roots: ['src/components/auth/AuthPanel.tsx'] },
    {
      name: 'auth-more',
      roots: [
        'src/components/auth/SignInSuccessSection.tsx',
        'src/components/auth/SignUpSection.tsx',
        'src/components/auth/SocialConsentSection.tsx',
        'src/components/auth/PasswordRecoverySection.tsx',
        'src/components/auth/PasswordChangeSection.tsx',
        'src/forms/ConsentCheckbox.tsx',
        'src/state/legal-documents.ts',
        'src/components/social/SocialProviders.tsx',
      ],
    },
    { name: 'notices', roots: ['src/core/notification.ts', 'src/core/tooltip.ts'] },
  ];
  /** @type {Map<string, string> | undefined} */
  let groupOf;
  return (id, { getModuleInfo }) => {
    if (!groupOf) {
      groupOf = new Map();
      const staticClosure = (/** @type {string} */ root) => {
        const seen = new Set([root]);
        const queue = [root];
        while (queue.length > 0) {
          const info = getModuleInfo(/** @type {string} */ (queue.pop()));
          for (const imported of info?.importedIds ?? []) {
            if (!seen.has(imported)) {
              seen.add(imported);
              queue.push(imported);
            }
          }
        }
        return seen;
      };
      // Named too: rollup pulls a manual chunk's unassigned dependencies into it, React included.
      for (const module of staticClosure(`${REPO_ROOT}${ENTRY}`)) groupOf.set(module, 'index');
      for (const { name, roots } of GROUPS) {
        for (const root of roots) {
          // A root that moved or was renamed would silently group nothing: say so instead.
          if (!getModuleInfo(`${REPO_ROOT}${root}`)) throw new Error(`loadGroups: the ${name} group's root ${root} is not in the build`);
          for (const module of staticClosure(`${REPO_ROOT}${root}`)) if (!groupOf.has(module)) groupOf.set(module, name);
        }
      }
    }
    return groupOf.get(id);
  };
}

/** The global symbol under which src/lib/fresh-import.ts installs its import function. */
const IMPORT_CHUNK = 'globalThis[Symbol.for("loyalty-elements.import")]';

/**
 * A chunk that failed to load is loaded again at a fresh address, and every chunk that imports it uses that address
 * (src/lib/fresh-import.ts). Three rewrites of the ES build:
 *
 * - each `import()` of a chunk becomes a call of the import function, with the chunk's absolute address;
 * - each static import of a chunk loaded later (anything but the entry and the chunks it imports, which the page ran
 *   before any other) becomes an `await` of the same function, on a first line of its own; the static import is
 *   blanked with spaces, so every column of the sourcemap still holds and only its lines move down by one.
 *   Otherwise a chunk importing the React part's chunk would name the address that failed: Firefox and WebKit keep
 *   that failure for the page's life, and Chromium would fetch and run a second copy of React;
 * - each static import of the entry by a chunk loaded later becomes a read of the bindings the entry handed over
 *   ({@link handOver}), on that same first line: the first payload is the entry alone, one request.
 *
 * The chunks the page loads first keep their static imports. Imported bindings become constants, so an exported
 * binding that its chunk reassigns, or a cycle of static imports between the later chunks (an `await` would wait
 * for itself), fails the build. The classic script has no chunks.
 * @returns {import('rollup').Plugin}
 */
function freshImports() {
  return {
    name: 'fresh-imports',
    // The rewrite below comes after the chunks' hashes: its version goes into them, so a changed rewrite names new files.
    augmentChunkHash: () => 'fresh-imports 2',
    renderDynamicImport({ format, targetChunk }) {
      if (format !== 'es' || !targetChunk) return null;
      return { left: `${IMPORT_CHUNK}(import.meta.resolve(`, right: '))' };
    },
    generateBundle({ format }, bundle) {
      if (format !== 'es') return;
      const chunks = /** @type {import('rollup').OutputChunk[]} */ (Object.values(bundle).filter((output) => output.type === 'chunk'));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The first payload: the entries and what they import statically, run before any chunk loaded later.
      const first = new Set();
      const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        if (first.has(file)) continue;
        first.add(file);
        queue.push(...(byFile.get(file)?.imports ?? []));
      }
      const later = chunks.filter((chunk) => !first.has(chunk.fileName));
      assertNoCycles(later, first);
      /** @type {Map<string, Set<string>>} */
      const reassigned = new Map();
      const isReassigned = (/** @type {string} */ file, /** @type {string} */ name) => {
        if (!reassigned.has(file)) reassigned.set(file, reassignedExports(/** @type {import('rollup').OutputChunk} */ (byFile.get(file)), this));
        return /** @type {Set<string>} */ (reassigned.get(file)).has(name);
      };
      /** Each entry's key for the bindings it hands over: its name and a digest of its code, so two builds on one page keep theirs apart. */
      const entryKeys = new Map(
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => [chunk.fileName, `loyalty-elements:${createHash('sha256').update(chunk.fileName).update(chunk.code).digest('hex').slice(0, 10)}`]),
      );
      const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      /** The bindings each entry hands to the chunks loaded later, by the name it exports them under. */
      /** @type {Map<string, Set<string>>} */
      const handedOver = new Map();
      for (const chunk of later) {
        const imported = chunk.imports.filter((file) => !first.has(file) || entries.has(file));
        if (imported.length === 0) continue;
        const program = /** @type {any} */ (this.parse(chunk.code));
        /** @type {string[]} */
        const patterns = [];
        /** @type {string[]} */
        const addresses = [];
        /** @type {string[]} */
        const fromEntry = [];
        let code = chunk.code;
        for (const node of program.body) {
          if (node.source === undefined || node.source === null) continue;
          const target = posix.join(posix.dirname(chunk.fileName), node.source.value);
          if (first.has(target) && !entries.has(target)) continue;
          if (node.type !== 'ImportDeclaration') throw new Error(`freshImports: ${chunk.fileName} re-exports from ${target}, a chunk loaded later`);
          /** @type {string[]} */
          const names = [];
          let namespace = null;
          for (const specifier of node.specifiers) {
            if (specifier.type === 'ImportNamespaceSpecifier') namespace = specifier.local.name;
            else {
              const name = specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.imported.type === 'Literal' ? specifier.imported.value : specifier.imported.name;
              if (isReassigned(target, name)) throw new Error(`freshImports: ${target} reassigns its export ${name}, which ${chunk.fileName} imports`);
              names.push(`${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}:${specifier.local.name}`);
            }
          }
          if (namespace !== null && names.length > 0) throw new Error(`freshImports: ${chunk.fileName} imports ${target} both as a namespace and by name`);
          code = code.slice(0, node.start) + code.slice(node.start, node.end).replace(/[^\n]/g, ' ') + code.slice(node.end);
          if (entries.has(target)) {
            if (namespace !== null) throw new Error(`freshImports: ${chunk.fileName} imports the entry ${target} as a namespace`);
            const handed = handedOver.get(target) ?? new Set();
            for (const specifier of node.specifiers) handed.add(specifier.imported.type === 'Literal' ? specifier.imported.value : specifier.imported.name);
            handedOver.set(target, handed);
            fromEntry.push(`const{${names.join(',')}}=globalThis[Symbol.for(${JSON.stringify(entryKeys.get(target))})];`);
            continue;
          }
          patterns.push(namespace ?? `{${names.join(',')}}`);
          addresses.push(JSON.stringify(node.source.value));
        }
        if (patterns.length === 0 && fromEntry.length === 0) continue;
        const awaited =
          patterns.length === 0
            ? ''
            : patterns.length === 1
              ? `const ${patterns[0]}=await ${IMPORT_CHUNK}(import.meta.resolve(${addresses[0]}));`
              : `const[${patterns.join(',')}]=await Promise.all([${addresses.join(',')}].map(s=>${IMPORT_CHUNK}(import.meta.resolve(s))));`;
        chunk.code = `${fromEntry.join('')}${awaited}\n${code}`;
        // One line more at the top: the same mappings, a line lower.
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const mapAsset = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
        if (mapAsset?.type === 'asset') {
          const map = JSON.parse(String(mapAsset.source));
          map.mappings = `;${map.mappings}`;
          mapAsset.source = JSON.stringify(map);
        }
      }
      for (const [file, names] of handedOver) handOver(/** @type {import('rollup').OutputChunk} */ (byFile.get(file)), names, /** @type {string} */ (entryKeys.get(file)), this);
    },
  };
}

/**
 * An entry's hand-over to the chunks loaded later: the bindings they import from it leave its `export` statement,
 * which keeps the entry module's own exports, and go into an object under a global symbol of this build instead.
 * A chunk reads that object, never the entry's address: a page may load the entry under any address (a query, a
 * hashed copy from a static-files pipeline, twice), and a static import by the entry's built name would run a second
 * copy of everything the first paint set up.
 * @param {import('rollup').OutputChunk} chunk the entry
 * @param {Set<string>} names the exported names the later chunks import
 * @param {string} key
 * @param {import('rollup').PluginContext} context
 */
function handOver(chunk, names, key, context) {
  const program = /** @type {any} */ (context.parse(chunk.code));
  const statement = program.body.at(-1);
  if (statement?.type !== 'ExportNamedDeclaration' || statement.source || statement.declaration) throw new Error(`freshImports: ${chunk.fileName} does not end with its export statement`);
  const own = new Set(chunk.facadeModuleId === null ? [] : (context.getModuleInfo(chunk.facadeModuleId)?.exports ?? []));
  const reassigned = reassignedExports(chunk, context);
  /** @type {string[]} */
  const kept = [];
  /** @type {string[]} */
  const handed = [];
  for (const specifier of statement.specifiers) {
    const exported = specifier.exported.type === 'Literal' ? specifier.exported.value : specifier.exported.name;
    const local = specifier.local.name;
    if (names.has(exported)) {
      if (reassigned.has(exported)) throw new Error(`freshImports: ${chunk.fileName} reassigns its export ${exported}, which a chunk loaded later imports`);
      handed.push(`${exported}:${local}`);
    }
    if (own.has(exported) || !names.has(exported)) kept.push(exported === local ? local : `${local} as ${exported}`);
  }
  const exports = kept.length > 0 ? `export{${kept.join(',')}};` : '';
  chunk.code = `${chunk.code.slice(0, statement.start)}globalThis[Symbol.for(${JSON.stringify(key)})]??={${handed.join(',')}};${exports}${chunk.code.slice(statement.end)}`;
}

/**
 * Fails unless the static imports between the chunks loaded later form no cycle: each waits for what it imports.
 * @param {import('rollup').OutputChunk[]} later
 * @param {Set<string>} first
 */
function assertNoCycles(later, first) {
  const byFile = new Map(later.map((chunk) => [chunk.fileName, chunk]));
  /** @type {Map<string, 'visiting' | 'done'>} */
  const state = new Map();
  const visit = (/** @type {string} */ file, /** @type {string[]} */ path) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') throw new Error(`freshImports: a cycle of static imports between chunks loaded later: ${[...path, file].join(' → ')}`);
    state.set(file, 'visiting');
    for (const imported of byFile.get(file)?.imports ?? []) if (!first.has(imported)) visit(imported, [...path, file]);
    state.set(file, 'done');
  };
  for (const chunk of later) visit(chunk.fileName, []);
}

/**
 * Which of a chunk's exports it reassigns: those whose top-level binding is written after its declaration
 * (eslint-scope's analysis, so a name shadowed in a function is not taken for it).
 * @param {import('rollup').OutputChunk} chunk
 * @param {import('rollup').PluginContext} context
 * @returns {Set<string>} the export names
 */
function reassignedExports(chunk, context) {
  const program = /** @type {any} */ (context.parse(chunk.code));
  // eslint-scope reads each node's `range`; rollup's parser gives `start` and `end`.
  const ranged = (/** @type {any} */ node) => {
    if (Array.isArray(node)) return node.forEach(ranged);
    if (!node || typeof node !== 'object') return;
    if (typeof node.type === 'string') node.range = [node.start, node.end];
    for (const [key, value] of Object.entries(node)) if (key !== 'range' && value && typeof value === 'object') ranged(value);
  };
  ranged(program);
  const scopes = analyze(program, { ecmaVersion: 2022, sourceType: 'module' });
  const moduleScope = scopes.globalScope?.childScopes.find((scope) => scope.type === 'module');
  /** @type {Set<string>} */
  const written = new Set();
  for (const variable of moduleScope?.variables ?? []) {
    if (variable.references.some((reference) => reference.isWrite() && !reference.init)) written.add(variable.name);
  }
  /** @type {Set<string>} */
  const reassigned = new Set();
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration' || node.source) continue;
    for (const specifier of node.specifiers) {
      if (written.has(specifier.local.name)) reassigned.add(specifier.exported.type === 'Literal' ? specifier.exported.value : specifier.exported.name);
    }
  }
  return reassigned;
}

/**
 * @param {string} outDir
 * @param {'es' | 'iife'} format
 */
const plugins = (outDir, format) => [
  cssText(),
  reactSyncExternalStore(),
  reactProductionBuilds(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, exportConditions: ['browser', 'production'] }),
  commonjs({ strictRequires: 'auto' }),
  // noCheck: the build emits, `npm test`'s type-check checks (each of the four builds type-checked the whole program
  // again: 47 s of rollup's alone became 31 s, the output byte for byte the same).
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*', 'elements/**/*', 'types/**/*'],
    exclude: ['test/**/*'],
    compilerOptions: { noEmit: false, outDir, declaration: false, types: [], noCheck: true },
  }),
  packedTranslations(),
  // ES modules only (strict, own scope): names at the top level are the module's to shorten. The classic script
  // keeps its global name.
  terser({ module: format === 'es', ecma: 2020, format: { comments: false }, compress: { passes: 3, unsafe_arrows: true } }),
];

/** @type {import('rollup').WarningHandlerWithDefault} */
function onwarn(warning, warn) {
  // React libraries mark their modules 'use client' for server components; a browser bundle has no such split.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
}

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: { 'loyalty-elements': 'elements/index.ts' },
    // The first payload's modules go into the entry itself, not a chunk the entry imports: one request before the
    // icon instead of two in a row. What the later chunks import from it leaves its exports again (freshImports).
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      manualChunks: loadGroups(),
    },
    plugins: [...plugins('dist', 'es'), freshImports(), bundleGraph()],
    onwarn,
  },
  {
    input: 'elements/index.ts',
    output: {
      file: 'dist/loyalty-elements.iife.js',
      format: 'iife',
      name: 'LoyaltyElements',
      inlineDynamicImports: true,
      sourcemap: true,
    },
    plugins: plugins('dist', 'iife'),
    onwarn,
  },
  {
    // The side-effect-free commerce subpath (`loyalty-elements/commerce`): formatting for host pages, DOM-free.
    input: 'src/commerce.ts',
    output: { file: 'dist/commerce.js', format: 'es', sourcemap: true, inlineDynamicImports: true },
    plugins: plugins('dist', 'es'),
    onwarn,
  },
  {
    // The side-effect-free bookcore subpath (`loyalty-elements/bookcore`): every SPEC.md §7 call, DOM-free.
    input: 'src/bookcore.ts',
    // One file: the CSRF warning the transport imports on a refusal is inlined.
    output: { file: 'dist/bookcore.js', format: 'es', sourcemap: true, inlineDynamicImports: true },
    plugins: plugins('dist', 'es'),
    onwarn,
  },
];
