// @ts-check
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Stylesheets are imported as text: the elements adopt them into their shadow roots as constructable
 * stylesheets, which a strict Content-Security-Policy allows (no inline <style>).
 * @returns {import('rollup').Plugin}
 */
function cssText() {
  return {
    name: 'css-text',
    async load(id) {
      if (!id.endsWith('.css')) return null;
      const css = await readFile(id, 'utf8');
      return `export default ${JSON.stringify(css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').trim())};`;
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

/** @param {string} outDir */
const plugins = (outDir) => [
  cssText(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, exportConditions: ['browser', 'production'] }),
  commonjs(),
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*', 'elements/**/*', 'types/**/*'],
    exclude: ['test/**/*'],
    compilerOptions: { noEmit: false, outDir, declaration: false, types: [] },
  }),
  terser({ format: { comments: false }, compress: { passes: 2 } }),
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
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
    },
    plugins: [...plugins('dist'), bundleGraph()],
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
    plugins: plugins('dist'),
    onwarn,
  },
  {
    // The side-effect-free commerce subpath (`loyalty-elements/commerce`): formatting for host pages, DOM-free.
    input: 'src/commerce.ts',
    output: { file: 'dist/commerce.js', format: 'es', sourcemap: true },
    plugins: plugins('dist'),
    onwarn,
  },
];
