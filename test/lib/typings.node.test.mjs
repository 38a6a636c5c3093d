// @ts-check
/**
 * `node --test test/lib/typings.node.test.mjs`: the framework typings in types/ type-check a React 19 and an
 * Angular fixture (test/types/, tsc) and Vue single-file components (test/types/vue/, vue-tsc with the real vue,
 * with loose and with strict templates), refuse the misuses the fixtures mark `@ts-expect-error` or
 * `@vue-expect-error` (an unused directive is an error, so a typing that stops biting fails the check), and name
 * the same attributes and events as custom-elements.json.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (/** @type {string} */ path) => readFileSync(join(ROOT, path), 'utf8');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const VUE_TSC = createRequire(import.meta.url).resolve('vue-tsc/bin/vue-tsc.js');

/** @type {{ modules: { declarations?: { tagName?: string, customElement?: boolean, attributes?: { name: string }[], events?: { name: string }[] }[] }[] }} */
const manifest = JSON.parse(read('custom-elements.json'));
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);
const sorted = (/** @type {Iterable<string>} */ items) => [...items].sort();

/** Member names of the interfaces of a declaration file, by interface name (merged when declared twice). */
function interfaces(/** @type {string} */ path) {
  const file = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
  /** @type {Map<string, string[]>} */
  const found = new Map();
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isInterfaceDeclaration(node)) {
      const members = node.members.filter((member) => member.name).map((member) => (ts.isStringLiteral(/** @type {ts.PropertyName} */ (member.name)) ? /** @type {ts.StringLiteral} */ (member.name).text : /** @type {ts.PropertyName} */ (member.name).getText(file)));
      found.set(node.name.text, [...(found.get(node.name.text) ?? []), ...members]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('tsc -p test/types: the React and Angular fixtures type-check and every marked misuse is refused', async () => {
  const result = await promisify(execFile)(process.execPath, [TSC, '-p', 'test/types', '--pretty', 'false'], { cwd: ROOT }).catch((error) => error);
  assert.equal(result.code ?? 0, 0, `tsc -p test/types failed:\n${result.stdout}${result.stderr}`);
});

for (const config of ['test/types/vue/tsconfig.json', 'test/types/vue/tsconfig.strict.json']) {
  test(`vue-tsc -p ${config}: the Vue components type-check and every marked misuse is refused`, async () => {
    const result = await promisify(execFile)(process.execPath, [VUE_TSC, '-p', config, '--pretty', 'false'], { cwd: ROOT }).catch((error) => error);
    assert.equal(result.code ?? 0, 0, `vue-tsc -p ${config} failed:\n${result.stdout}${result.stderr}`);
  });
}

test('each framework fixture marks misuses the typings must refuse', () => {
  for (const [fixture, directive] of [
    ['test/types/react.tsx', /@ts-expect-error: /g],
    ['test/types/vue/Misuses.vue', /@vue-expect-error: /g],
    ['test/types/angular.ts', /@ts-expect-error: /g],
  ]) {
    const directives = read(/** @type {string} */ (fixture)).match(/** @type {RegExp} */ (directive)) ?? [];
    assert.ok(directives.length >= 1, `${fixture}: at least one marked misuse`);
  }
});

test("the typings' attributes and events per tag are the manifest's", () => {
  const declared = interfaces('types/loyalty-elements.d.ts');
  const pascal = (/** @type {string} */ tag) => tag.replace(/(^|-)(\w)/g, (_, __, letter) => letter.toUpperCase());
  assert.deepEqual(sorted(declared.get('LoyaltyElementTypes') ?? []), sorted(elements.map(({ tagName }) => /** @type {string} */ (tagName))));
  for (const element of elements) {
    const name = pascal(/** @type {string} */ (element.tagName));
    // The panel writes `section`, a page only reads it; `userLoginSuccess` goes to document, not to an element.
    const attributes = (element.attributes ?? []).map(({ name: attribute }) => attribute).filter((attribute) => attribute !== 'section');
    const events = (element.events ?? []).map(({ name: event }) => event).filter((event) => event !== 'userLoginSuccess');
    assert.deepEqual(sorted(declared.get(`${name}Attributes`) ?? []), sorted(attributes), `${name}Attributes`);
    assert.deepEqual(sorted(declared.get(`${name}Events`) ?? []), sorted(events), `${name}Events`);
  }
});

test('React and Vue declare every tag', () => {
  const tags = sorted(elements.map(({ tagName }) => /** @type {string} */ (tagName)));
  assert.deepEqual(sorted(interfaces('types/react.d.ts').get('IntrinsicElements') ?? []), tags);
  assert.deepEqual(sorted(interfaces('types/vue.d.ts').get('GlobalComponents') ?? []), tags);
});
