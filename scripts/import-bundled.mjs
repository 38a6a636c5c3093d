// @ts-check
/**
 * A TypeScript module evaluated in Node as esbuild bundles it, with what it imports: the build reads the
 * translations this way (rollup.config.mjs `packedTranslations`), and tests read modules of src/ as they run.
 */
import { build } from 'esbuild';

/**
 * @param {string} entry - the module's path.
 * @param {{ platform?: 'neutral' | 'node' | 'browser' }} [options] - esbuild's platform; default neutral.
 * @returns {Promise<any>} the module's namespace.
 */
export async function importBundled(entry, { platform = 'neutral' } = {}) {
  const { outputFiles } = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0]?.text ?? '').toString('base64')}`);
}
