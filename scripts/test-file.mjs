// @ts-check
/**
 * `npm run test:file -- <name>`: the loop for one test file. The name is a path or a part of one (`panel`,
 * `api/http`, `faults.test.tsx`); the one test file it names runs, watching, until Ctrl+C: a browser test file in
 * Chromium (web-test-runner `--watch`: saved sources run it again), a Node test file (`*.node.test.mjs`,
 * test/server/, test/e2e/, test/django/) with `node --test --watch`. Several files matching the name are listed, and
 * nothing runs.
 *
 * `--browser=firefox` (or webkit) runs a browser test file in that engine instead; `--once` runs it once, without
 * watching, and exits with its result.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Browser test files, as web-test-runner.config.mjs `files` names them. */
const isBrowserTest = (/** @type {string} */ path) => /\.test\.tsx?$/.test(path);
/** Node test files: the dev server's, the library's, the end-to-end journeys (WebKit's too), the Django ones, the visual suite. */
const isNodeTest = (/** @type {string} */ path) => /\.test\.mjs$/.test(path) || (path.startsWith(join('test', 'e2e', 'webkit-')) && path.endsWith('.mjs'));

/** Every test file under test/, relative to the repository root, with `/` separators. */
function testFiles(/** @type {string} */ dir = 'test') {
  /** @type {string[]} */
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'baselines') continue;
    if (statSync(path).isDirectory()) files.push(...testFiles(path));
    else if (isBrowserTest(path) || isNodeTest(path)) files.push(path.split(sep).join('/'));
  }
  return files;
}

/**
 * The test file a name means: an existing path, else the files whose path contains it (case-insensitive); of several,
 * the one whose file name is the name plus a test suffix (`panel` → panel.test.tsx, not panel-analytics.test.tsx).
 * @param {string} name
 * @param {string[]} files
 * @returns {{ file: string } | { matches: string[] }}
 */
export function resolveTestFile(name, files) {
  const asPath = relative(process.cwd(), name).split(sep).join('/');
  if (files.includes(asPath)) return { file: asPath };
  const wanted = name.toLowerCase().replace(/\\/g, '/');
  const matches = files.filter((file) => file.toLowerCase().includes(wanted));
  if (matches.length === 1) return { file: /** @type {string} */ (matches[0]) };
  const exact = matches.filter((file) => {
    const base = /** @type {string} */ (file.split('/').at(-1)).toLowerCase();
    return base.replace(/\.(node\.)?test\.(tsx?|mjs)$/, '') === wanted.split('/').at(-1);
  });
  if (exact.length === 1) return { file: /** @type {string} */ (exact[0]) };
  return { matches };
}

const args = process.argv.slice(2);
const once = args.includes('--once');
const engineArg = args.find((arg) => arg.startsWith('--browser='));
const names = args.filter((arg) => !arg.startsWith('--'));
if (names.length !== 1) {
  console.error('Usage: npm run test:file -- <name or path of one test file> [--browser=firefox|webkit] [--once]');
  process.exit(2);
}
const resolved = resolveTestFile(/** @type {string} */ (names[0]), testFiles());
if (!('file' in resolved)) {
  console.error(
    resolved.matches.length
      ? `"${names[0]}" names ${resolved.matches.length} test files; say which:\n${resolved.matches.map((file) => `  ${file}`).join('\n')}`
      : `No test file under test/ matches "${names[0]}".`,
  );
  process.exit(2);
}
const { file } = resolved;
/** @type {[string, string[], Record<string, string>]} */
const [command, commandArgs, env] = isBrowserTest(file)
  ? ['npx', ['wtr', '--files', file, ...(once ? [] : ['--watch'])], // Its own summary file: a whole run's (.test-results/browser.json) is left alone.
    { LOYALTY_BROWSERS: engineArg ? engineArg.slice('--browser='.length) : 'chromium', LOYALTY_WTR_SUMMARY: '.test-results/browser-file.json', LOYALTY_WTR_WARM: process.env.LOYALTY_WTR_WARM ?? '0' }]
  : [process.execPath, ['--test', ...(once ? [] : ['--watch']), file], {}];
if (!existsSync(file)) throw new Error(`${file} vanished`);
console.log(`${file}: ${[command === process.execPath ? 'node' : command, ...commandArgs].join(' ')}`);
const child = spawn(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
child.on('close', (code) => process.exit(code ?? 1));
