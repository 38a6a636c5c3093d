// @ts-check
/**
 * `node --test test/lib/readme-bookcore.node.test.mjs`: the documentation's section on `loyalty-elements/bookcore`
 * (found by its heading in README.md or docs/*.md, scripts/docs-sections.mjs) is true.
 * Every ```ts block of the section is a module of its own that must
 * - type-check with `tsc` against the source entry (`loyalty-elements/bookcore` mapped to src/bookcore.ts, under
 *   the project's strict options),
 * - run, in Node, against the dev bookcore over HTTP (`https://hotel.example` replaced by its address; the server
 *   reset before each block), with each `expression; // → result` line giving that result (deepStrictEqual),
 * and every export of src/bookcore.ts must have a one-line description (`// name: …`) and be used in the code of
 * some block.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { findSection } from '../../scripts/docs-sections.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const ENTRY = join(ROOT, 'src/bookcore.ts');
const SPECIFIER = 'loyalty-elements/bookcore';
const HEADING = 'Bookcore clients (`loyalty-elements/bookcore`)';
const PLACEHOLDER = 'https://hotel.example';

const section = findSection(HEADING);
/** Where the section is, for messages: `docs/bookcore-clients.md line 12`. */
const at = (/** @type {number} */ line) => `${section.file} line ${line}`;

/** The ```ts blocks of the section, each with the line (of its file) its code starts on. */
function readBlocks() {
  const { text, firstLine } = section;
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
    code: match[1] ?? '',
    line: firstLine + text.slice(0, match.index).split('\n').length,
  }));
}

/** The names src/bookcore.ts exports, values and types. */
function bookcoreExports() {
  const source = readFileSync(ENTRY, 'utf8');
  const listed = [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean),
  );
  const declared = [...source.matchAll(/^export (?:const|function|interface|type|class) ([\w$]+)/gm)].map((match) => match[1] ?? '');
  return [...listed, ...declared];
}

const blocks = readBlocks();
const IMPORTS = /^import (?:type )?\{[^}]*\} from '([^']+)';$/gm;

const bookcore = createBookcore();
const server = createServer(async (req, res) => {
  if (!(await bookcore.handle(req, res))) {
    res.statusCode = 404;
    res.end('not bookcore');
  }
});
/** @type {string} */
let base;

before(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test('the section has ts blocks, and they import loyalty-elements/bookcore (and valibot for its schemas)', () => {
  assert.ok(blocks.length >= 5, `expected the client, loyalty, cart, mobile and errors blocks, found ${blocks.length}`);
  for (const { code, line } of blocks) {
    const specifiers = [...code.matchAll(IMPORTS)].map((match) => match[1]);
    assert.ok(specifiers.includes(SPECIFIER), `${at(line)}: the block does not import ${SPECIFIER}`);
    for (const specifier of specifiers) assert.equal(specifier, SPECIFIER, `${at(line)}`);
  }
});

test('every export of src/bookcore.ts has a one-line description and is used in an example', () => {
  const described = new Set();
  const used = new Set();
  for (const { code } of blocks) {
    for (const [, names = ''] of code.matchAll(/^\/\/ ([\w$]+(?:, [\w$]+)*): \S/gm)) {
      for (const name of names.split(', ')) described.add(name);
    }
    const body = code.replace(IMPORTS, '').split('\n').filter((line) => !line.trimStart().startsWith('//')).join('\n');
    for (const [word] of body.matchAll(/[\w$]+/g)) used.add(word);
  }
  const exported = bookcoreExports();
  assert.ok(exported.length > 40, `read ${exported.length} exports from src/bookcore.ts`);
  assert.deepEqual(exported.filter((name) => !described.has(name)), [], 'exports without a `// name: description` line');
  assert.deepEqual(exported.filter((name) => !used.has(name)), [], 'exports no example uses');
});

test('tsc: every block type-checks against the source entry', async () => {
  // Inside the repository, so that the blocks' other imports (valibot) resolve from its node_modules.
  const dir = mkdtempSync(join(ROOT, '.readme-bookcore-'));
  try {
    const files = blocks.map(({ code, line }) => {
      const file = join(dir, `readme-line-${line}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
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
    return `${indent}await globalThis.__readmeCheck(async () => (${expression}), () => (${expected}), ${firstLine + index}, ${JSON.stringify(text.trim())});`;
  });
  return { code: lines.join('\n'), checks };
}

test('every block runs against the dev bookcore and each `// →` line gives the documented result', async () => {
  const scope = /** @type {Record<string, unknown>} */ (globalThis);
  /** @type {string[]} */
  const failures = [];
  let checked = 0;
  scope['__readmeCheck'] = async (/** @type {() => Promise<unknown>} */ actual, /** @type {() => unknown} */ expected, /** @type {number} */ line, /** @type {string} */ text) => {
    checked += 1;
    try {
      assert.deepStrictEqual(await actual(), expected());
    } catch (error) {
      failures.push(`${at(line)}: ${text}\n${error instanceof Error ? error.message : String(error)}`);
    }
  };
  try {
    let expected = 0;
    for (const { code, line } of blocks) {
      bookcore.reset();
      const runnable = withChecks(code.replaceAll(`'${SPECIFIER}'`, JSON.stringify(ENTRY)).replaceAll(`'${PLACEHOLDER}'`, JSON.stringify(base)), line);
      expected += runnable.checks;
      const result = await build({ stdin: { contents: runnable.code, loader: 'ts', resolveDir: ROOT }, bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
      await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]?.text ?? '').toString('base64')}`).catch((error) => {
        failures.push(`the block at ${at(line)} threw: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    assert.ok(expected >= 30, `only ${expected} documented results`);
    assert.deepEqual(failures, []);
    assert.equal(checked, expected, 'every documented result was checked');
  } finally {
    delete scope['__readmeCheck'];
  }
});
