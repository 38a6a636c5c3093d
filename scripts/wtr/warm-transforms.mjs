// @ts-check
/**
 * Fills the dev server's transform cache before the browsers start: every source module (and what each imports,
 * node_modules included) is asked for once, so the first test file of a run does not pay the cold transforms inside
 * its own waits.
 *
 * The dev server transforms a module (esbuild, import resolution) on its first request and caches the result by
 * address for the rest of the run. A run's first file paid those first requests for the whole widget: on the busy
 * 2-core machine (the gate's three browsers, load ~10) its first lazily loaded section took over 5 s to show
 * ("Timeout: SIGNIN shown" in guest-experience, "timed out waiting for the dropped-cart dialog" in xss, both files
 * opening Chromium's lane 1), where a later file's new page took 1.5 s (docs/development.md "Browser engines").
 * The warm-up runs in {@link warmingFirst}, before the first browser starts: after every plugin's `serverStart`
 * (the node-resolve plugin's among them: a module asked for before it has run fails to resolve).
 *
 * Bounded: at most {@link MAX_MODULES} addresses and {@link DEADLINE_MS}, loopback only; `LOYALTY_WTR_WARM=0`
 * skips it.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders whose modules are asked for: the elements, the library and the tests' own support modules. */
const ROOTS = ['elements', 'src', join('test', 'support'), join('test', 'api')];
const MAX_MODULES = 3000;
const DEADLINE_MS = 120_000;
/** Requests at once: the machine has 2 cores, and the transforms are the server's own work. */
const AT_ONCE = 4;
/**
 * The addresses a served module imports, statically or by `import()` with a literal: enough for a cache warmer (an
 * import it misses is only transformed later, on the browser's first request, as before).
 */
const IMPORTS = /\b(?:from|import)\s*\(?\s*(["'])([^"'\n]+)\1/g;

/** Every TypeScript module under `dir`, as an address of the test server. */
function moduleAddresses(/** @type {string} */ rootDir, /** @type {string} */ dir) {
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(join(rootDir, dir))) {
    const path = join(dir, name);
    if (statSync(join(rootDir, path)).isDirectory()) found.push(...moduleAddresses(rootDir, path));
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name)) found.push(`/${relative('.', path).split(sep).join('/')}`);
  }
  return found;
}

/**
 * Asks for every module once, following imports, at most {@link AT_ONCE} at a time.
 * @param {string} origin - the test server.
 * @param {string} rootDir - the project's root.
 * @returns {Promise<string>} what it did, for the run's log
 */
async function warmTransforms(origin, rootDir) {
  const started = Date.now();
  const seen = new Set(ROOTS.flatMap((root) => moduleAddresses(rootDir, root)));
  const queue = [...seen];
  let failed = 0;
  const visit = async (/** @type {string} */ address) => {
    let source;
    try {
      const response = await fetch(new URL(address, origin), { signal: AbortSignal.timeout(30_000) });
      source = await response.text();
      if (!response.ok || !/javascript/.test(response.headers.get('content-type') ?? '')) return;
    } catch {
      failed += 1;
      return;
    }
    for (const [, , specifier] of source.matchAll(IMPORTS)) {
      if (!specifier || !(specifier.startsWith('/') || specifier.startsWith('.'))) continue;
      const next = new URL(specifier, new URL(address, origin));
      if (next.origin !== origin) continue;
      const path = `${next.pathname}${next.search}`;
      if (seen.has(path) || seen.size >= MAX_MODULES) continue;
      seen.add(path);
      queue.push(path);
    }
  };
  const worker = async () => {
    for (let address = queue.shift(); address !== undefined && Date.now() - started < DEADLINE_MS; address = queue.shift()) await visit(address);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return `[warm-transforms] ${seen.size} modules transformed ahead in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`;
}

/**
 * A launcher whose browser starts once the server's transform cache is warm. The test runner starts the browsers
 * after the server and every plugin's `serverStart` (the node-resolve plugin's comes last, after the config's), so
 * the modules are asked for as a browser would ask; one warm-up for all the run's browsers.
 * @template {import('@web/test-runner').BrowserLauncher} L
 * @param {L} launcher
 * @param {{ rootDir?: string }} [options]
 * @returns {L}
 */
export function warmingFirst(launcher, { rootDir = process.cwd() } = {}) {
  if (process.env['LOYALTY_WTR_WARM'] === '0') return launcher;
  const initialize = launcher.initialize?.bind(launcher);
  launcher.initialize = async (config, testFiles) => {
    warming ??= warmTransforms(`http://127.0.0.1:${config.port}`, rootDir).then((line) => console.log(line));
    await warming;
    await initialize?.(config, testFiles);
  };
  return launcher;
}

/** @type {Promise<void> | undefined} */
let warming;
