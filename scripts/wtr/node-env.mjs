// @ts-check
/**
 * Some ES-module packages read `process.env.NODE_ENV` directly and leave it to the bundler to replace (jotai 3
 * does); the browser has no `process`. The test runner serves node_modules unbundled, so this plugin does the
 * bundler's part for those files: development, as the rest of the test build.
 */

/** Packages whose published ES modules read `process.env.NODE_ENV`. */
const PACKAGES = ['jotai'];

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function nodeEnvPlugin() {
  const inPackage = new RegExp(`/node_modules/(?:${PACKAGES.join('|')})/`);
  return {
    name: 'node-env',
    transform(context) {
      if (!inPackage.test(context.path) || typeof context.body !== 'string') return undefined;
      return { body: context.body.replaceAll('process.env.NODE_ENV', '"development"') };
    },
  };
}
