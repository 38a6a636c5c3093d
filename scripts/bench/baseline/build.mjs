// @ts-check
/**
 * Builds the baseline element (./baseline-element.js) the way rollup.config.mjs builds the library: node
 * resolution with the browser and production conditions, CommonJS, `process.env.NODE_ENV` = "production", and
 * terser with the same options; one ES module.
 */
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';

export const BASELINE_FILE = 'baseline.js';

/**
 * @param {string} outDir folder to write `baseline.js` into
 * @returns {Promise<{ file: string, gzip: number }>} the written file and its gzip -9 size
 */
export async function buildBaseline(outDir) {
  const bundle = await rollup({
    input: fileURLToPath(new URL('./baseline-element.js', import.meta.url)),
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true, exportConditions: ['browser', 'production'] }),
      commonjs(),
      terser({ format: { comments: false }, compress: { passes: 2 } }),
    ],
    onwarn(warning, warn) {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
  });
  const file = join(outDir, BASELINE_FILE);
  try {
    await bundle.write({ file, format: 'es' });
  } finally {
    await bundle.close();
  }
  return { file, gzip: gzipSync(readFileSync(file), { level: 9 }).length };
}
