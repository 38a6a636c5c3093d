// @ts-check
/**
 * `node --test test/lib/manifest.node.test.mjs`: custom-elements.json agrees with the elements. It is what the
 * analyzer makes from the elements' JSDoc today, and that JSDoc agrees with the code: the attributes the
 * elements read, the events of `LoyaltyEventMap`, the `part` names the components render (per tag), the
 * `--loyalty-*` properties the stylesheets use. The documentation's Theming tables (README.md or a docs page) are
 * the ones scripts/theming-tables.mjs writes from it.
 */
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importBundled } from '../../scripts/import-bundled.mjs';
import { docFiles, readDoc } from '../../scripts/docs-sections.mjs';
import { tablesDoc, withTables } from '../../scripts/theming-tables.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const at = (/** @type {string} */ path) => join(ROOT, path);
const read = (/** @type {string} */ path) => readFileSync(at(path), 'utf8');

/**
 * @typedef {{ name: string, description?: string, default?: string, type?: { text: string } }} Documented
 * @typedef {{ name: string, tagName: string, customElement?: boolean, attributes?: Documented[], events?: Documented[], cssParts?: Documented[], cssProperties?: Documented[] }} Element
 */

/** @type {{ modules: { path: string, declarations?: Element[], exports?: { kind: string, name: string }[] }[] }} */
const manifest = JSON.parse(read('custom-elements.json'));
/** @type {Map<string, Element>} */
const elements = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement).map((element) => [element.tagName, element]),
);
const names = (/** @type {Documented[] | undefined} */ list) => new Set((list ?? []).map(({ name }) => name));
const union = (/** @type {(element: Element) => Documented[] | undefined} */ pick) => new Set([...elements.values()].flatMap((element) => [...names(pick(element))]));
const sorted = (/** @type {Iterable<string>} */ items) => [...new Set(items)].sort();
/** What `have` lacks of `want`, for messages that name the culprits. */
const missing = (/** @type {Iterable<string>} */ want, /** @type {Set<string>} */ have) => sorted([...want].filter((item) => !have.has(item)));

// ---------------------------------------------------------------------------------------------------------------
// Reading the sources with TypeScript's parser

/** @type {Map<string, ts.SourceFile>} */
const parsed = new Map();
function source(/** @type {string} */ file) {
  let sourceFile = parsed.get(file);
  if (!sourceFile) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, sourceFile);
  }
  return sourceFile;
}

function resolveModule(/** @type {string} */ from, /** @type {string} */ specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return [`${base}.tsx`, `${base}.ts`, join(base, 'index.ts'), join(base, 'index.tsx')].find((file) => existsSync(file)) ?? null;
}

/** The file that defines `name` as exported by `file`, following `export { … } from` barrels. */
function definingFile(/** @type {string} */ file, /** @type {string} */ name) {
  for (const statement of source(file).statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    const specifier = statement.exportClause.elements.find((element) => element.name.text === name);
    const target = specifier && resolveModule(file, /** @type {ts.StringLiteral} */ (statement.moduleSpecifier).text);
    if (specifier && target) return definingFile(target, (specifier.propertyName ?? specifier.name).text);
  }
  return file;
}

/** Local name → defining file of each named import of `file`. */
function importsOf(/** @type {string} */ file) {
  /** @type {Map<string, string>} */
  const imports = new Map();
  for (const statement of source(file).statements) {
    // A component loaded on demand: `const Panel = lazyTranslated(() => import('../src/…/Panel').then(…))`.
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        let specifier = '';
        if (declaration.initializer) {
          walk(declaration.initializer, (node) => {
            if (!specifier && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
              specifier = node.arguments[0].text;
            }
          });
        }
        const target = specifier ? resolveModule(file, specifier) : undefined;
        if (target && ts.isIdentifier(declaration.name)) imports.set(declaration.name.text, target);
      }
      continue;
    }
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const target = resolveModule(file, /** @type {ts.StringLiteral} */ (/** @type {ts.ImportDeclaration} */ (statement).moduleSpecifier).text);
    if (!target) continue;
    for (const element of bindings.elements) imports.set(element.name.text, definingFile(target, (element.propertyName ?? element.name).text));
  }
  return imports;
}

function walk(/** @type {ts.Node} */ node, /** @type {(node: ts.Node) => void} */ visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The files whose components `file` renders: JSX tags it imports, and modules it loads lazily with `import()`. */
function renderedBy(/** @type {string} */ file) {
  const imports = importsOf(file);
  /** @type {Set<string>} */
  const files = new Set();
  walk(source(file), (node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ts.isIdentifier(node.tagName)) {
      const target = imports.get(node.tagName.text);
      if (target) files.add(target);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = resolveModule(file, node.arguments[0].text);
      if (target) files.add(target);
    }
  });
  return files;
}

/** Every file of the component tree under `file`'s components. */
function renderTree(/** @type {string[]} */ roots) {
  /** @type {Set<string>} */
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = /** @type {string} */ (stack.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...renderedBy(file));
  }
  return seen;
}

const HOLE = '\u0000';

/** The texts an expression can evaluate to; HOLE stands for a part only known at run time. */
function texts(/** @type {ts.Expression} */ node) {
  /** @type {string[]} */
  const none = [HOLE];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.templateSpans.reduce((text, span) => `${text}${HOLE}${span.literal.text}`, node.head.text)];
  }
  if (ts.isParenthesizedExpression(node)) return texts(node.expression);
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (ts.isArrayLiteralExpression(node)) return [node.elements.flatMap((element) => texts(/** @type {ts.Expression} */ (element))).join(' ')];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) return [...texts(node.left), ...texts(node.right)];
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return texts(node.right);
  }
  // ['a', cond ? 'b' : ''].filter(Boolean).join(' ')
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['filter', 'join'].includes(node.expression.name.text)) {
    return texts(node.expression.expression);
  }
  return none;
}

/** The value texts of a JSX attribute, or undefined when the attribute is absent. */
function attributeTexts(/** @type {ts.JsxAttributes} */ attributes, /** @type {string} */ name) {
  const attribute = attributes.properties.find((property) => ts.isJsxAttribute(property) && property.name.getText() === name);
  if (!attribute || !ts.isJsxAttribute(attribute)) return undefined;
  if (!attribute.initializer) return [HOLE];
  if (ts.isStringLiteral(attribute.initializer)) return [attribute.initializer.text];
  return attribute.initializer.expression ? texts(attribute.initializer.expression) : [HOLE];
}

/**
 * The `part` tokens `file` renders: `part` attributes of host and component elements, and literal arguments
 * given to a local function's `part` parameter. A token holding a HOLE (`field-${type}`) comes back as is.
 */
function partTokens(/** @type {string} */ file) {
  /** @type {Set<string>} */
  const tokens = new Set();
  const add = (/** @type {string[]} */ values) => {
    for (const value of values) for (const token of value.split(/\s+/)) if (token !== '' && token !== HOLE) tokens.add(token);
  };
  /** @type {Map<string, number>} */
  const partParameters = new Map();
  walk(source(file), (node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node))) {
      const values = attributeTexts(node.attributes, 'part');
      if (values) add(values);
    }
    // Plain DOM (<hotel-page>'s view): the attributes object given to its element builder, `{ part: '…' }`.
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'part') add(texts(node.initializer));
    const fn = ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) ? node.initializer : ts.isFunctionDeclaration(node) ? node : null;
    const name = ts.isVariableDeclaration(node) ? node.name.getText() : ts.isFunctionDeclaration(node) ? node.name?.text : undefined;
    const index = fn?.parameters.findIndex((parameter) => parameter.name.getText() === 'part') ?? -1;
    if (name && index >= 0) partParameters.set(name, index);
  });
  walk(source(file), (node) => {
    // The core's plain DOM: `element.setAttribute('part', …)`.
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setAttribute' && node.arguments[0] && ts.isStringLiteral(node.arguments[0]) && node.arguments[0].text === 'part' && node.arguments[1]) {
      add(texts(node.arguments[1]));
    }
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    const index = partParameters.get(node.expression.text);
    const argument = index === undefined ? undefined : node.arguments[index];
    if (argument) add(texts(argument));
  });
  return tokens;
}

/** A union of string literals declared as `name?: 'a' | 'b'` in a props interface. */
function literalUnion(/** @type {string} */ file, /** @type {string} */ property) {
  /** @type {string[]} */
  const values = [];
  walk(source(at(file)), (node) => {
    if (ts.isPropertySignature(node) && node.name.getText() === property && node.type && ts.isUnionTypeNode(node.type)) {
      for (const type of node.type.types) if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) values.push(type.literal.text);
    }
  });
  assert.ok(values.length > 0, `${file}: no '${property}' union of string literals`);
  return values;
}

/** The string array constant `name` of `file`. */
function stringArray(/** @type {string} */ file, /** @type {string} */ name) {
  /** @type {string[]} */
  let values = [];
  walk(source(at(file)), (node) => {
    if (!ts.isVariableDeclaration(node) || node.name.getText() !== name || !node.initializer) return;
    let initializer = node.initializer;
    while (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer)) initializer = initializer.expression;
    if (ts.isArrayLiteralExpression(initializer)) values = initializer.elements.filter(ts.isStringLiteral).map((element) => element.text);
  });
  assert.ok(values.length > 0, `${file}: no string array ${name}`);
  return values;
}

/**
 * The values a prop takes on a component's elements across `files`: literal values, the prop's default when an
 * element leaves it out, and every value of its type when one is only known at run time.
 */
function propValues(/** @type {Set<string>} */ files, /** @type {string} */ componentFile, /** @type {string} */ prop, /** @type {string[]} */ all, /** @type {string} */ fallback) {
  /** @type {Set<string>} */
  const values = new Set();
  for (const file of files) {
    const imports = importsOf(file);
    walk(source(file), (node) => {
      if (!(ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) || !ts.isIdentifier(node.tagName) || imports.get(node.tagName.text) !== at(componentFile)) return;
      const given = attributeTexts(node.attributes, prop) ?? [fallback];
      for (const value of given) for (const known of value === HOLE ? all : [value]) values.add(known);
    });
  }
  return values;
}

/** Parts made as `prefix-${value}`: which component and prop give the value, and all the values it may take. */
const DYNAMIC_PARTS = {
  'button-': (/** @type {Set<string>} */ files) => propValues(files, 'src/ui/Button.tsx', 'variant', literalUnion('src/ui/Button.tsx', 'variant'), 'primary'),
  'message-': (/** @type {Set<string>} */ files) => propValues(files, 'src/ui/Message.tsx', 'tone', literalUnion('src/ui/Message.tsx', 'tone'), 'info'),
  // A field's type comes from the server's field definitions: any text-like type can show.
  'field-': () => new Set(stringArray('src/forms/field-definition.ts', 'TEXT_INPUT_TYPES')),
  // <hotel-page>'s sections, and its pictures by CDN preset (src/lib/cdn-images.ts IMAGE_PRESETS, in kebab case).
  'section-': () => new Set(stringArray('src/components/hotel-page/hotel-page.ts', 'HOTEL_PAGE_SECTIONS')),
  'image-': () => new Set(['home-principal', 'home-section', 'availability-room']),
};

/** The part names a set of component files renders, dynamic ones spelt out. */
function partsRenderedBy(/** @type {Set<string>} */ files) {
  /** @type {Set<string>} */
  const parts = new Set();
  for (const file of files) {
    for (const token of partTokens(file)) {
      if (!token.includes(HOLE)) {
        parts.add(token);
        continue;
      }
      const prefix = token.slice(0, token.indexOf(HOLE));
      const expand = DYNAMIC_PARTS[/** @type {keyof typeof DYNAMIC_PARTS} */ (prefix)];
      assert.ok(expand && token.endsWith(HOLE), `${relative(ROOT, file)}: a part made at run time, "${token.replace(HOLE, '${…}')}": add its values to DYNAMIC_PARTS`);
      for (const value of expand(files)) parts.add(`${prefix}${value}`);
    }
  }
  return parts;
}

/**
 * What each kind of element renders (src/core/element.ts `ElementKind`): its React part, the component
 * src/components/react-part.tsx maps the kind to (imported, or loaded on demand), and what the core paints
 * without React (the icon's button and notification, the tooltip: src/core/).
 */
function partRoots() {
  const file = at('src/components/react-part.tsx');
  const imports = importsOf(file);
  /** @type {Map<string, string[]>} */
  // What the core paints without React: the icon's button and notification, the tooltip.
  const roots = new Map([
    ['icon', [at('src/core/icon.ts'), at('src/core/notification.ts')]],
    ['tooltip', [at('src/core/tooltip.ts')]],
  ]);
  walk(source(file), (node) => {
    if (!ts.isVariableDeclaration(node) || node.name.getText() !== 'FEATURES' || !node.initializer || !ts.isObjectLiteralExpression(node.initializer)) return;
    for (const property of node.initializer.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      let component = imports.get(property.initializer.getText()) ?? '';
      walk(property.initializer, (inner) => {
        if (!component && ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword && inner.arguments[0] && ts.isStringLiteral(inner.arguments[0])) {
          component = resolveModule(file, inner.arguments[0].text) ?? '';
        }
      });
      if (!component && ts.isIdentifier(property.initializer)) component = imports.get(property.initializer.text) ?? '';
      if (!component) {
        // `panel: Panel`, `const Panel = lazyTranslated(() => loadPanel().then(…))`, `const loadPanel = () =>
        // import('./LoyaltyPanel')`: the component's import is in the file's constants the value names, followed
        // through as many as it takes.
        /** @type {Map<string, import('typescript').Expression>} */
        const constants = new Map();
        walk(source(file), (inner) => {
          if (ts.isVariableDeclaration(inner) && inner.initializer && ts.isIdentifier(inner.name)) constants.set(inner.name.text, inner.initializer);
        });
        const seen = new Set();
        const follow = (/** @type {import('typescript').Node} */ node) =>
          walk(node, (inner) => {
            if (component) return;
            if (ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword && inner.arguments[0] && ts.isStringLiteral(inner.arguments[0])) {
              component = resolveModule(file, inner.arguments[0].text) ?? '';
            } else if (ts.isIdentifier(inner) && constants.has(inner.text) && !seen.has(inner.text)) {
              seen.add(inner.text);
              follow(/** @type {import('typescript').Node} */ (constants.get(inner.text)));
            }
          });
        follow(property.initializer);
      }
      assert.ok(component, `react-part.tsx: FEATURES.${property.name.getText()} names no component`);
      roots.set(property.name.getText(), [...(roots.get(property.name.getText()) ?? []), component]);
    }
  });
  return roots;
}

/** Each tag's element module: its tag, the files of what it renders, and whether it belongs to the loyalty widget. */
function elementModules() {
  const roots = partRoots();
  return readdirSync(at('elements'))
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && name !== 'define.ts')
    .map((name) => {
      const file = at(`elements/${name}`);
      let tag = '';
      let kind = '';
      // A plain element of the core (no React part, `<loyalty-price>`): its class and the src/core module it connects through.
      const plain = /\bextends HTMLElement\b/.test(read(`elements/${name}`));
      /** @type {string[]} */
      const views = [];
      walk(source(file), (node) => {
        // A plain element whose view is a chunk (<hotel-page>): every module of the view's folder renders its parts.
        if (plain && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
          const view = resolveModule(file, node.arguments[0].text);
          if (view) views.push(...readdirSync(dirname(view)).filter((entry) => entry.endsWith('.ts')).map((entry) => join(dirname(view), entry)));
        }
        if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
        if (node.expression.text === 'defineElement' && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) tag = node.arguments[0].text;
        if (node.expression.text === 'createElementClass' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
          for (const property of node.arguments[0].properties) {
            if (ts.isPropertyAssignment(property) && property.name.getText() === 'kind' && ts.isStringLiteral(property.initializer)) kind = property.initializer.text;
          }
        }
      });
      const core = plain ? [...importsOf(file).values()].filter((target) => relative(ROOT, target).startsWith(`src${sep}core${sep}`) && !/(element|stylesheets)\.ts$/.test(target)) : [];
      // The dropped-cart dialog is every widget element's React part (see 'parts' below).
      const components = plain ? [file, ...new Set([...core, ...views])] : (roots.get(kind) ?? []);
      assert.ok(tag && components.length > 0, `elements/${name}: defineElement('tag', …) and createElementClass({ kind }) of a kind react-part.tsx renders expected, or a plain element class`);
      return { file, tag, components, widget: !plain && kind !== 'cart', plain };
    });
}

// ---------------------------------------------------------------------------------------------------------------

test('custom-elements.json is what the analyzer makes from the elements today (npm run manifest)', async () => {
  const fresh = await cli({ argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'], cwd: ROOT, noWrite: true });
  assert.deepEqual(manifest, JSON.parse(JSON.stringify(fresh)), 'custom-elements.json is stale: run npm run manifest');
});

test('every defined tag is a custom element of the manifest, and nothing else is', () => {
  const defined = elementModules().map(({ tag }) => tag);
  assert.deepEqual(sorted(elements.keys()), sorted(defined));
  const definitions = manifest.modules.flatMap((module) => module.exports ?? []).filter(({ kind }) => kind === 'custom-element-definition');
  assert.deepEqual(sorted(definitions.map(({ name }) => name)), sorted(defined));
});

describe('attributes', () => {
  /** @type {{ CONFIG_ATTRIBUTES: string[], DEFAULT_CONFIG: Record<string, unknown> & { endpoints: Record<string, string> }, endpointAttribute: (key: string) => string }} */
  let config;

  before(async () => {
    // The configuration module as the browser runs it (valibot and all), for its attribute list and defaults.
    config = await importBundled(at('src/state/config.ts'), { platform: 'node' });
  });

  test('the elements are configured by attributes alone: the manifest lists no property (member) for any tag', () => {
    for (const element of elements.values()) assert.deepEqual(element.members ?? [], [], `${element.tagName}: members`);
  });

  test('<loyalty-panel> lists exactly the configuration attributes, and its reflected section', () => {
    const written = [...read('src/components/LoyaltyPanel.tsx').matchAll(/host\.setAttribute\('([\w-]+)'/g)].map((match) => match[1]);
    assert.deepEqual(written, ['section']);
    assert.deepEqual(sorted(names(elements.get('loyalty-panel')?.attributes)), sorted([...config.CONFIG_ATTRIBUTES, ...written]));
  });

  test("<loyalty-panel>'s documented defaults are the configuration's defaults", () => {
    const attributes = new Map((elements.get('loyalty-panel')?.attributes ?? []).map((attribute) => [attribute.name, attribute]));
    /** @type {[string, unknown][]} */
    const defaults = [];
    for (const [key, value] of Object.entries(config.DEFAULT_CONFIG)) {
      if (key === 'endpoints') {
        for (const [endpoint, path] of Object.entries(config.DEFAULT_CONFIG.endpoints)) defaults.push([config.endpointAttribute(endpoint), path]);
      } else {
        // isDesktop → data-is-desktop, tokenUID → data-token-uid
        defaults.push([config.CONFIG_ATTRIBUTES.find((name) => name.replace(/-/g, '') === `data${key.toLowerCase()}`) ?? key, value]);
      }
    }
    assert.equal(defaults.length, config.CONFIG_ATTRIBUTES.length, 'one default per configuration attribute');
    for (const [name, value] of defaults) {
      assert.equal(attributes.get(name)?.default, JSON.stringify(value), `${name}: documented default`);
    }
  });

  test('<loyalty-icon>, <loyalty-tooltip> and <package-cart> list exactly the attributes they read', () => {
    const icon = [...read('src/core/notification.ts').matchAll(/(?:millisecondsAttribute\(host, |host\.getAttribute\()'([\w-]+)'\)/g)].map((match) => match[1]);
    const tooltip = [...read('src/core/tooltip.ts').matchAll(/host\.getAttribute\('([\w-]+)'\)/g)].map((match) => match[1]);
    // `lang` is a global HTML attribute: every element has it, the manifest does not repeat it.
    const cart = stringArray('src/components/cart/cart-attributes.ts', 'OBSERVED').filter((name) => name !== 'lang');
    for (const [tag, read] of /** @type {const} */ ([['loyalty-icon', icon], ['loyalty-tooltip', tooltip], ['package-cart', cart]])) {
      assert.ok(read.length > 0, `${tag}: found what it reads`);
      assert.deepEqual(sorted(names(elements.get(tag)?.attributes)), sorted(read), tag);
    }
  });

  test('every data attribute a component reads from an element is in the manifest', () => {
    // Read from page elements, not from ours: the `open-loyalty` triggers' section, join price and origin; the hotel
    // page's JSON-LD marks on the head's scripts.
    const PAGE_ATTRIBUTES = new Set(['data-external-auth-section', 'data-join-price', 'data-loyalty-origin', 'data-hotel-page-schema']);
    const documented = union((element) => element.attributes);
    // The React parts and the core, which paints the icon, the notification and the tooltip.
    const files = ['src/components', 'src/core'].flatMap((folder) =>
      readdirSync(at(folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => `${folder}/${name}`),
    );
    /** @type {string[]} */
    const readNames = [];
    for (const name of files) {
      const text = read(name);
      for (const match of text.matchAll(/(?:getAttribute|millisecondsAttribute\(\s*host,)\s*\(?\s*'(data-[\w-]+)'/g)) readNames.push(match[1]);
    }
    assert.ok(readNames.includes('data-target'), 'found the attribute reads');
    assert.deepEqual(missing(readNames.filter((name) => !PAGE_ATTRIBUTES.has(name)), documented), []);
  });
});

describe('events', () => {
  const events = (() => {
    /** @type {string[]} */
    const found = [];
    walk(source(at('src/lib/events.ts')), (node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'LoyaltyEventMap') {
        for (const member of node.members) if (member.name) found.push(ts.isStringLiteral(member.name) ? member.name.text : member.name.getText());
      }
    });
    return found;
  })();

  test('the manifest lists every event of LoyaltyEventMap, userLoginSuccess included, and no other', () => {
    assert.ok(events.includes('userLoginSuccess') && events.length >= 8, `LoyaltyEventMap read: ${events}`);
    assert.deepEqual(sorted(union((element) => element.events)), sorted(events));
  });

  test("each event's type is the CustomEvent of its detail", () => {
    for (const element of elements.values()) {
      for (const event of element.events ?? []) assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/, `${element.tagName} ${event.name}`);
    }
  });

  test("a tag lists the events its own components fire on it", () => {
    for (const { tag, components } of elementModules()) {
      const fired = [...renderTree(components)].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/emit\(host, '([\w-]+)'/g)].map((match) => match[1]));
      assert.deepEqual(missing(fired, names(elements.get(tag)?.events)), [], tag);
    }
  });
});

describe('parts', () => {
  const modules = elementModules();
  const droppedCart = at('src/components/notices/DroppedCartDialog.tsx');
  const loadFailure = at('src/components/recoverable-lazy.tsx');
  const signedOut = at('src/core/signed-out-notice.ts');
  // src/components/react-part.tsx renders the dropped-cart dialog in every widget element (not in <package-cart>), and wraps
  // every element's parts in the error boundary that shows a chunk's load failure; the core shows the sign-out's
  // confirmation in the element page-wide notices go to, which may be any widget element.
  const trees = new Map(
    modules.map(({ tag, components, widget, plain }) => [tag, renderTree(plain ? components : widget ? [...components, droppedCart, signedOut, loadFailure] : [...components, loadFailure])]),
  );

  test('each tag documents exactly the parts its component tree renders', () => {
    for (const [tag, files] of trees) {
      const rendered = partsRenderedBy(files);
      const documented = names(elements.get(tag)?.cssParts);
      assert.ok(rendered.size > 3, `${tag}: found its parts`);
      assert.deepEqual({ tag, undocumented: missing(rendered, documented), notRendered: missing(documented, rendered) }, { tag, undocumented: [], notRendered: [] });
    }
  });

  test('every file that renders a part is in some tag’s tree, so every part="…" is documented', () => {
    const reached = new Set([...trees.values()].flatMap((files) => [...files]));
    const withParts = ['src/components', 'src/ui', 'src/forms']
      .flatMap((folder) => readdirSync(at(folder), { recursive: true, encoding: 'utf8' }).map((name) => at(`${folder}/${name}`)))
      .filter((file) => /\.tsx$/.test(file) && /\bpart=/.test(readFileSync(file, 'utf8')));
    assert.ok(withParts.length > 10, 'found the files with parts');
    assert.deepEqual(withParts.filter((file) => !reached.has(file)).map((file) => relative(ROOT, file)), []);
  });

  test('every part has a description', () => {
    for (const element of elements.values()) for (const part of element.cssParts ?? []) assert.ok(part.description, `${element.tagName} ::part(${part.name})`);
  });
});

describe('custom properties', () => {
  const styles = readdirSync(at('styles')).filter((name) => name.endsWith('.css'));
  const tokensCss = read('styles/tokens.css');
  const tokens = new Map([...tokensCss.matchAll(/^\s*(--loyalty-[\w-]+)\s*:\s*([^;]+);/gm)].map((match) => [match[1], match[2].trim()]));
  const documented = union((element) => element.cssProperties);

  test('every --loyalty-* property a stylesheet uses or sets is declared in the manifest', () => {
    assert.ok(tokens.size >= 15, 'read tokens.css');
    const inStyles = styles.flatMap((name) => [...read(`styles/${name}`).matchAll(/--loyalty-[\w-]+/g)].map((match) => match[0]));
    assert.deepEqual(missing(inStyles, documented), []);
    assert.deepEqual(missing(tokens.keys(), documented), [], 'every token of tokens.css');
  });

  test('the manifest declares no property that neither tokens.css nor a stylesheet knows', () => {
    const known = new Set(styles.flatMap((name) => [...read(`styles/${name}`).matchAll(/--loyalty-[\w-]+/g)].map((match) => match[0])));
    assert.deepEqual(missing(documented, known), []);
  });

  test("each property has a description and a default, tokens the one tokens.css gives", () => {
    for (const element of elements.values()) {
      for (const property of element.cssProperties ?? []) {
        const where = `${element.tagName} ${property.name}`;
        assert.ok(property.description, `${where}: description (a comment in tokens.css or @cssproperty)`);
        assert.ok(property.default, `${where}: default`);
        const token = tokens.get(property.name);
        if (token && token !== 'initial') assert.equal(property.default, token, `${where}: default from tokens.css`);
      }
    }
  });

  test('colours are tokens: no stylesheet but tokens.css writes a colour', () => {
    const colour = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])(?:white|black|red|green|blue|gray|grey|silver|orange|purple|yellow)(?![\w-])/gi;
    const found = styles
      .filter((name) => name !== 'tokens.css')
      .flatMap((name) => [...read(`styles/${name}`).replace(/\/\*[\s\S]*?\*\//g, '').matchAll(colour)].map((match) => `${name}: ${match[0]}`));
    assert.deepEqual(found, []);
  });

  test('fonts, radii and spacing are tokens: no stylesheet but tokens.css writes a font family, a radius or a spacing length', () => {
    // A circle (50 %) and the visually-hidden pattern's 1px are shapes, not brand choices; sizes relative to the
    // text (em) follow the brand's font token.
    const literal = [
      /font-family:(?![^;]*var\()[^;]+/gi,
      /border(?:-[a-z]+)*-radius:(?![^;]*var\(|\s*50%)[^;]+/gi,
      /(?:margin|padding|gap|inset)(?:-[a-z]+)*:\s*(?![^;]*var\()[^;]*\d(?:\.\d+)?(?:px|rem)[^;]*/gi,
    ];
    const allowed = /^margin:\s*-1px$/;
    const found = styles
      .filter((name) => name !== 'tokens.css')
      .flatMap((name) => {
        const css = read(`styles/${name}`).replace(/\/\*[\s\S]*?\*\//g, '');
        return literal.flatMap((pattern) => [...css.matchAll(pattern)].map((match) => match[0].trim())).filter((text) => !allowed.test(text)).map((text) => `${name}: ${text}`);
      });
    assert.deepEqual(found, []);
  });
});

test('the documentation shows the brand screenshots, one per brand stylesheet in demo/brands, each a PNG', () => {
  // Image links in README.md and docs/*.md, resolved against the file that holds them.
  const shown = docFiles().flatMap((file) =>
    [...readDoc(file).matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)\)/g)]
      .map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1] ?? '')).split('\\').join('/'))
      .filter((path) => path.startsWith('docs/screenshots/')),
  );
  const brands = readdirSync(new URL('../../demo/brands/', import.meta.url)).filter((file) => file.endsWith('.css')).map((file) => file.replace(/\.css$/, ''));
  assert.deepEqual([...shown].sort(), brands.map((brand) => `docs/screenshots/${brand}.png`).sort());
  for (const file of shown) {
    const bytes = readFileSync(new URL(`../../${file}`, import.meta.url));
    assert.ok(bytes.length > 1000 && bytes.subarray(1, 4).toString('latin1') === 'PNG', `${file} is a PNG`);
  }
});

test("the documentation's Theming tables are the ones the manifest gives (node scripts/theming-tables.mjs)", () => {
  const { file, text } = tablesDoc();
  assert.equal(text, withTables(text, manifest), `${file}: the Theming tables are stale: run npm run manifest`);
});
