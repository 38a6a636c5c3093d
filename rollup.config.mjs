// @ts-check
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { readFile } from 'node:fs/promises';

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
    plugins: plugins('dist'),
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
