// @ts-check
/**
 * `node --test test/lib/readme-commerce.node.test.mjs`: the documentation's section on `loyalty-elements/commerce`
 * (found by its heading in README.md or docs/*.md, scripts/docs-sections.mjs) is true.
 * Every ```ts block of the section is a module of its own that must
 * - type-check with `tsc` against the source entry (`loyalty-elements/commerce` mapped to src/commerce.ts, under
 *   the project's strict options),
 * - run, in Node, on a page whose tag manager made `dataLayer`, with each `expression; // → result` line giving
 *   that result (compared with deepStrictEqual),
 * and every export of src/commerce.ts must have a one-line description (`// name: …`, or `// a, b: …`) and be used
 * in the code of some block.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { findSection } from '../../scripts/docs-sections.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const ENTRY = join(ROOT, 'src/commerce.ts');
const SPECIFIER = 'loyalty-elements/commerce';
const HEADING = 'Prices, currencies, images and analytics (`loyalty-elements/commerce`)';

const section = findSection(HEADING);
/** Where the section is, for messages: `docs/commerce.md line 12`. */
const at = (/** @type {number} */ line) => `${section.file} line ${line}`;

/** The ```ts blocks of the section, each with the line (of its file) its code starts on. */
function readBlocks() {
  const { text, firstLine } = section;
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
    code: match[1] ?? '',
    line: firstLine + text.slice(0, match.index).split('\n').length,
  }));
}

/** The names src/commerce.ts exports, values and types. */
function commerceExports() {
  const source = readFileSync(ENTRY, 'utf8');
  return [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean),
  );
}

const blocks = readBlocks();
const IMPORTS = /^import (?:type )?\{[^}]*\} from '([^']+)';$/gm;

test('the section has ts blocks, and they import only loyalty-elements/commerce', () => {
  assert.ok(blocks.length >= 4, `expected the prices, conversion, images and analytics blocks, found ${blocks.length}`);
  for (const { code, line } of blocks) {
    const specifiers = [...code.matchAll(IMPORTS)].map((match) => match[1]);
    assert.ok(specifiers.length > 0, `${at(line)}: the block imports nothing`);
    for (const specifier of specifiers) assert.equal(specifier, SPECIFIER, at(line));
  }
});

test('every export of src/commerce.ts has a one-line description and is used in an example', () => {
  const described = new Set();
  const used = new Set();
  for (const { code } of blocks) {
    for (const [, names = ''] of code.matchAll(/^\/\/ ([\w$]+(?:, [\w$]+)*): \S/gm)) {
      for (const name of names.split(', ')) described.add(name);
    }
    const body = code.replace(IMPORTS, '').split('\n').filter((line) => !line.trimStart().startsWith('//')).join('\n');
    for (const [word] of body.matchAll(/[\w$]+/g)) used.add(word);
  }
  const exported = commerceExports();
  assert.ok(exported.length > 50, `read ${exported.length} exports from src/commerce.ts`);
  assert.deepEqual(exported.filter((name) => !described.has(name)), [], 'exports without a `// name: description` line');
  assert.deepEqual(exported.filter((name) => !used.has(name)), [], 'exports no example uses');
});

test('tsc: every block type-checks against the source entry', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-commerce-'));
  try {
    const files = blocks.map(({ code, line }) => {
      const file = join(dir, `readme-line-${line}.ts`);
      writeFileSync(file, code);
      return file;
    });
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noUncheckedIndexedAccess: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        noEmit: true,
        types: [],
        paths: { [SPECIFIER]: [ENTRY] },
      },
      files,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const result = await promisify(execFile)(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: ROOT }).catch(
      (/** @type {{ code?: number, stdout?: string, stderr?: string }} */ error) => error,
    );
    assert.equal(
      result.code ?? 0,
      0,
      `the examples of ${section.file} do not type-check (readme-line-N.ts(L,C) is its line N + L - 1):\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Turns each `expression; // → result` line into a check; other lines run as written. */
function withChecks(/** @type {string} */ code, /** @type {number} */ firstLine) {
  let checks = 0;
  const lines = code.split('\n').map((text, index) => {
    const match = /^(\s*)(.+?);\s*\/\/ → (.+)$/.exec(text);
    if (!match) return text;
    checks += 1;
    const [, indent, expression, expected] = match;
    return `${indent}globalThis.__readmeCheck(() => (${expression}), () => (${expected}), ${firstLine + index}, ${JSON.stringify(text.trim())});`;
  });
  return { code: lines.join('\n'), checks };
}

test('every block runs and each `// →` line gives the documented result', async () => {
  const scope = /** @type {Record<string, unknown>} */ (globalThis);
  /** @type {string[]} */
  const failures = [];
  let checked = 0;
  scope['__readmeCheck'] = (/** @type {() => unknown} */ actual, /** @type {() => unknown} */ expected, /** @type {number} */ line, /** @type {string} */ text) => {
    checked += 1;
    try {
      assert.deepStrictEqual(actual(), expected());
    } catch (error) {
      failures.push(`${at(line)}: ${text}\n${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const warn = console.warn;
  // The examples feed unknown locales and currency names on purpose; their one-time warnings are not news here.
  console.warn = () => {};
  // A page with a tag manager: the page-level tracking functions find window.dataLayer.
  scope['dataLayer'] = [];
  try {
    let expected = 0;
    for (const { code, line } of blocks) {
      const runnable = withChecks(code.replaceAll(`'${SPECIFIER}'`, JSON.stringify(ENTRY)), line);
      expected += runnable.checks;
      const result = await build({ stdin: { contents: runnable.code, loader: 'ts', resolveDir: ROOT }, bundle: true, format: 'esm', write: false, logLevel: 'silent' });
      await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]?.text ?? '').toString('base64')}`);
    }
    assert.ok(expected >= 40, `only ${expected} documented results`);
    assert.equal(checked, expected, 'every documented result was checked');
  } finally {
    console.warn = warn;
    delete scope['dataLayer'];
    delete scope['__readmeCheck'];
  }
  assert.deepEqual(failures, []);
});
