// @ts-check
/**
 * React 19 ships CommonJS only, which the test runner cannot serve as ES modules. This plugin pre-bundles
 * React and the CommonJS shims our dependencies import into ES modules with esbuild (code-split, so the page
 * holds exactly one React) and points the bare imports at them.
 */
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Bare specifier → file name of its ES module wrapper. */
const VENDORED = {
  react: 'react.js',
  'react/jsx-runtime': 'react-jsx-runtime.js',
  'react/jsx-dev-runtime': 'react-jsx-dev-runtime.js',
  'react-dom': 'react-dom.js',
  'react-dom/client': 'react-dom-client.js',
  'use-sync-external-store/shim': 'use-sync-external-store-shim.js',
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store-shim-with-selector.js',
  'use-sync-external-store/shim/with-selector.js': 'use-sync-external-store-shim-with-selector.js',
};

const PREFIX = '/__vendor/';

/** A wrapper re-exporting every named export of a CommonJS module, which esbuild cannot infer by itself. */
function wrapperSource(specifier) {
  const names = Object.keys(require(specifier)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return [
    `import * as cjs from ${JSON.stringify(specifier)};`,
    'const mod = cjs.default ?? cjs;',
    'export default mod;',
    ...names.map((name) => `export const ${name} = mod.${name};`),
  ].join('\n');
}

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function reactVendorPlugin() {
  /** @type {Map<string, string>} */
  const files = new Map();
  /** @type {string | undefined} */
  let workDir;
  return {
    name: 'react-vendor',
    async serverStart() {
      workDir = await mkdtemp(join(tmpdir(), 'loyalty-vendor-'));
      const entryPoints = {};
      for (const [specifier, file] of Object.entries(VENDORED)) {
        const entry = join(workDir, `entry-${file}`);
        await writeFile(entry, wrapperSource(specifier));
        entryPoints[file.replace(/\.js$/, '')] = entry;
      }
      const outdir = join(workDir, 'out');
      const result = await build({
        entryPoints,
        outdir,
        bundle: true,
        splitting: true,
        format: 'esm',
        target: 'es2022',
        define: { 'process.env.NODE_ENV': '"development"' },
        nodePaths: [join(process.cwd(), 'node_modules')],
        write: true,
        metafile: true,
        logLevel: 'error',
      });
      for (const output of Object.keys(result.metafile.outputs)) {
        const name = output.slice(output.lastIndexOf('/') + 1);
        files.set(name, await readFile(output, 'utf8'));
      }
    },
    async serverStop() {
      if (workDir) await rm(workDir, { recursive: true, force: true });
    },
    resolveImport({ source }) {
      const file = VENDORED[source];
      return file ? PREFIX + file : undefined;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const body = files.get(context.path.slice(PREFIX.length));
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
