// @ts-check
/**
 * `npm start`: builds the library as `npm run build` does, saying what each step is doing (the build takes about
 * a minute, most of it in rollup), then runs the demo and dev bookcore server (demo/server/start.mjs) and, once it
 * listens, says where to go: the demo's address, the mailbox, the seeded member.
 *
 *   npm start                  build, then serve (PORT as for demo/server/start.mjs: 8000 by default, 0 for any)
 *   npm start -- --no-build    serve the dist/ already built
 *
 * The steps are package.json's `build` script, split at its top-level `&&`, so `npm start` always builds what
 * `npm run build` builds. The server's own first line (`bookcore dev server: http://127.0.0.1:PORT/`, which the
 * tests read) is passed through unchanged.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_MEMBERS } from '../demo/server/seed.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(ROOT, 'demo/server/start.mjs');
const PREFIX = 'npm start:';

/** What each known step of the build script does, for the line printed before it. */
const STEP_DESCRIPTIONS = /** @type {const} */ ([
  [/rmSync\(\s*'dist'/, 'removing the previous dist/'],
  [/^rollup\b/, 'bundling with rollup: the ES module and its chunks, the classic script, the subpath modules (the longest step)'],
  [/^tsc -p tsconfig\.build\.json/, 'writing the type declarations into dist/types (tsc)'],
  [/^npm run manifest\b/, "writing custom-elements.json from the elements' JSDoc, and the theming tables"],
  [/cpSync\(\s*'custom-elements\.json'/, 'copying custom-elements.json and the framework typings into dist/'],
]);

/** The dev bookcore's first validated seeded member, whose credentials the serving lines give. */
export const SEED_MEMBER = /** @type {import('../demo/server/seed.mjs').SeedMember} */ (SEED_MEMBERS.find((member) => member.active));

/**
 * A shell command line split at its top-level `&&` (not inside quotes), each part trimmed.
 * @param {string} script
 * @returns {string[]}
 */
export function splitSteps(script) {
  /** @type {string[]} */
  const steps = [];
  let current = '';
  /** @type {string | null} */
  let quote = null;
  for (let index = 0; index < script.length; index += 1) {
    const char = script[index];
    if (quote) {
      if (char === '\\' && quote === '"') {
        current += char + (script[index + 1] ?? '');
        index += 1;
        continue;
      }
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '&' && script[index + 1] === '&') {
      steps.push(current.trim());
      current = '';
      index += 1;
      continue;
    }
    current += char;
  }
  steps.push(current.trim());
  return steps.filter(Boolean);
}

/**
 * The line printed before a step: its description, else the command itself.
 * @param {string} step
 */
export function describeStep(step) {
  return STEP_DESCRIPTIONS.find(([pattern]) => pattern.test(step))?.[1] ?? step;
}

/** The steps of package.json's build script. */
export function buildSteps() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return splitSteps(String(manifest.scripts?.build ?? ''));
}

/**
 * The lines printed once the server listens at `origin` (e.g. http://127.0.0.1:8000).
 * @param {string} origin
 */
export function servingLines(origin) {
  return [
    `${PREFIX} the demo is up: open ${origin}/ (its index links every demo page)`,
    `${PREFIX} sign in as ${SEED_MEMBER.email} / ${SEED_MEMBER.password}, or sign up and find the validation mail in ${origin}/__dev/mailbox`,
    `${PREFIX} fault switches: POST ${origin}/__dev/faults (see the README); Ctrl-C stops the server`,
  ];
}

/** @param {number} ms */
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Runs the build's steps one after the other in the root folder, each announced; stops at the first that fails.
 * @param {string[]} steps shell commands
 * @param {{ log?: (line: string) => void, error?: (line: string) => void, tickMs?: number }} [output]
 *   where lines go, and how often a step still running says so (default every 30 s)
 * @returns {Promise<number>} the failing step's exit code, or 0
 */
export async function build(steps, { log = console.log, error = console.error, tickMs = 30_000 } = {}) {
  const env = { ...process.env, PATH: [join(ROOT, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter) };
  const started = Date.now();
  log(`${PREFIX} building dist/ (${steps.length} steps, as npm run build; about a minute on an idle machine)`);
  for (const [index, step] of steps.entries()) {
    const stepStarted = Date.now();
    log(`${PREFIX} [${index + 1}/${steps.length}] ${describeStep(step)}…`);
    const ticker = setInterval(() => log(`${PREFIX}       still running (${seconds(Date.now() - stepStarted)})`), tickMs);
    const code = await new Promise((/** @type {(code: number) => void} */ resolve) => {
      const child = spawn(step, { cwd: ROOT, env, shell: true, stdio: 'inherit' });
      child.on('error', () => resolve(1));
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    }).finally(() => clearInterval(ticker));
    if (code !== 0) {
      error(`${PREFIX} step ${index + 1} failed (exit code ${code}): ${step}`);
      return code;
    }
    log(`${PREFIX}       done in ${seconds(Date.now() - stepStarted)}`);
  }
  log(`${PREFIX} built in ${seconds(Date.now() - started)}; starting the server`);
  return 0;
}

/** Runs the server, passing its output through and adding the serving lines once it listens. */
function serve() {
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: process.env, stdio: ['inherit', 'pipe', 'inherit'] });
  let output = '';
  let announced = false;
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (announced) return;
    output += chunk;
    const origin = /bookcore dev server: (http:\/\/[^/\s]+)\//.exec(output)?.[1];
    if (!origin) return;
    announced = true;
    for (const line of servingLines(origin)) console.log(line);
  });
  // Ctrl-C reaches the server from the terminal too; SIGTERM after it is harmless (the server stops once).
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = process.argv.includes('--no-build') ? 0 : await build(buildSteps());
  if (code !== 0) process.exit(code);
  serve();
}
