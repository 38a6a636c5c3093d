// @ts-check
/**
 * custom-elements.json from the elements' JSDoc (`npm run manifest`, also run by `npm run build`).
 *
 * The elements are classes made by a factory (`export const XElement = createElementClass(…)` then
 * `defineElement('x-tag', XElement)`), which the analyzer does not see as classes. The plugin below turns each
 * such constant into a custom-element class declaration carrying the JSDoc above it (`@summary`, `@attr`,
 * `@fires`, `@csspart`, `@cssproperty`), links it to its tag, and completes it from the sources the JSDoc would
 * otherwise repeat:
 * - event types: `CustomEvent<…>` of each event's `detail` in `LoyaltyEventMap` (src/lib/events.ts);
 * - custom properties: every `--loyalty-*` the element's stylesheets (those its module reaches, see stylesheetFilesOf) use
 *   or define, with the default from styles/tokens.css (or the element's `:host` rule, or the `var()` fallback)
 *   and the description from the element's `@cssproperty`, else the token's comment in tokens.css.
 * test/lib/manifest.node.test.mjs checks the result against the sources.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const FACTORY = 'createElementClass';
const DEFINE = 'defineElement';

/**
 * The JSDoc tags of one comment, continuation lines joined.
 * @param {string} comment - the comment's text, `/**` to `*\/`.
 * @returns {{ description: string, tags: { tag: string, text: string }[] }}
 */
export function parseJsDoc(comment) {
  const lines = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  /** @type {{ tag: string, text: string }[]} */
  const tags = [];
  const description = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line);
    if (tag) tags.push({ tag: tag[1], text: tag[2] });
    else if (tags.length > 0) tags[tags.length - 1].text += ` ${line.trim()}`;
    else description.push(line);
  }
  return {
    description: description.join('\n').trim(),
    tags: tags.map(({ tag, text }) => ({ tag, text: text.replace(/\s+/g, ' ').trim() })),
  };
}

/**
 * `{type} [name=default] - description`, `{type} name - description` or `name - description`.
 * @param {string} text
 */
export function parseNamedTag(text) {
  const match = /^(?:\{([^}]*)\}\s*)?(?:\[([^=\]\s]+)=([^\]]*)\]|(\S+))\s*(?:-\s+)?(.*)$/.exec(text);
  if (!match) throw new Error(`cannot read the JSDoc tag "${text}"`);
  const [, type, optionalName, defaultValue, name, description] = match;
  return {
    name: optionalName ?? name,
    ...(type ? { type: { text: type } } : {}),
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
    description: description.trim(),
  };
}

/**
 * Custom properties of a stylesheet: declared `--loyalty-x: value; /* comment *\/` and used `var(--loyalty-x, fallback)`.
 * @param {string} css
 */
export function customPropertiesOf(css) {
  // Comments go, except one closing a declaration's line: that one describes the property.
  const withoutComments = css.replace(/(;[ \t]*)?\/\*[\s\S]*?\*\//g, (comment, afterDeclaration) => (afterDeclaration ? comment : ''));
  /** @type {Map<string, { value: string, comment: string }>} */
  const declared = new Map();
  for (const match of withoutComments.matchAll(/(--loyalty-[\w-]+)\s*:\s*([^;\n]+);[ \t]*(?:\/\*\s*(.*?)\s*\*\/)?/g)) {
    declared.set(match[1], { value: match[2].trim(), comment: match[3] ?? '' });
  }
  /** @type {Map<string, string | undefined>} */
  const used = new Map();
  for (const match of css.matchAll(/var\(\s*(--loyalty-[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g)) {
    if (!used.has(match[1]) || match[2] !== undefined) used.set(match[1], match[2]?.trim());
  }
  return { declared, used };
}

/** The detail type text of each event of `LoyaltyEventMap`. */
function eventTypes(ts) {
  const path = join(ROOT, 'src/lib/events.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  /** @type {Map<string, string>} */
  const types = new Map();
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'LoyaltyEventMap') continue;
    for (const member of statement.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
      types.set(name, `CustomEvent<${member.type.getText(source).replace(/\s+/g, ' ')}>`);
    }
  }
  if (types.size === 0) throw new Error('no LoyaltyEventMap in src/lib/events.ts');
  return types;
}

/** The custom-element declaration of a factory-made element class. */
function elementDeclaration({ name, comment, stylesheets, tokens, events }) {
  const { description, tags } = parseJsDoc(comment);
  const of = (/** @type {string[]} */ ...kinds) => tags.filter(({ tag }) => kinds.includes(tag)).map(({ text }) => parseNamedTag(text));
  const summary = tags.find(({ tag }) => tag === 'summary')?.text;

  const documented = new Map(of('cssproperty', 'cssprop').map((property) => [property.name, property]));
  /** @type {Map<string, { name: string, description: string, default?: string }>} */
  const properties = new Map();
  for (const css of stylesheets) {
    const { declared, used } = customPropertiesOf(css);
    for (const propertyName of new Set([...declared.keys(), ...used.keys()])) {
      const token = tokens.get(propertyName);
      const fallback = used.get(propertyName);
      const own = declared.get(propertyName)?.value;
      const value = token && token.value !== 'initial' ? token.value : (own ?? fallback ?? properties.get(propertyName)?.default);
      properties.set(propertyName, {
        name: propertyName,
        description: documented.get(propertyName)?.description || token?.comment || '',
        ...(value !== undefined ? { default: value } : {}),
      });
    }
  }
  // A documented property no stylesheet uses stays in, so the manifest test can name it.
  for (const [propertyName, property] of documented) if (!properties.has(propertyName)) properties.set(propertyName, property);

  return {
    kind: 'class',
    description,
    name,
    ...(summary ? { summary } : {}),
    cssProperties: [...properties.values()].sort((a, b) => a.name.localeCompare(b.name)),
    cssParts: of('csspart', 'part').map(({ name: partName, description: text }) => ({ name: partName, description: text })),
    members: [],
    events: of('fires', 'event').map(({ name: eventName, description: text }) => ({
      name: eventName,
      type: { text: events.get(eventName) ?? 'unknown: not in LoyaltyEventMap' },
      description: text,
    })),
    attributes: of('attr', 'attribute'),
    superclass: { name: 'HTMLElement', package: 'global:' },
    tagName: '',
    customElement: true,
  };
}

/**
 * The stylesheets an element renders with: the `.css` files imported by its module, by what its kind renders
 * ({@link PART_FILES}: what the core paints and the React part's component), or by any module they reach through
 * relative imports, static or `import()` (the panel's, the cart's and the notices' styles travel with their lazily
 * loaded components). The shared element plumbing (elements/define.ts) is not followed; what the React part adds
 * to every widget element (the dropped-cart dialog, {@link WIDGET_EXTRAS}) counts for widget elements only.
 * @param {string} entry absolute path of the element's module
 * @param {{ widget: boolean, kind?: string }} options whether the element is part of the loyalty widget, and its kind
 * @returns {string[]} absolute paths, in the order first reached
 */
export function stylesheetFilesOf(entry, { widget, kind }) {
  /** @type {string[]} */
  const found = [];
  const seen = new Set();
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)) {
      const target = resolve(dirname(file), match[1]);
      if (target.endsWith('.css')) {
        if (!found.includes(target)) found.push(target);
        continue;
      }
      // The plumbing: the element class and the token defaults it adopts into the document, not an element's own styles.
      if (target === join(ROOT, 'elements/define') || target === join(ROOT, 'src/core/stylesheets')) continue;
      const module = ['.ts', '.tsx', '/index.ts'].map((extension) => target + extension).find((candidate) => existsSync(candidate));
      if (module) visit(module);
    }
  };
  visit(entry);
  for (const part of PART_FILES[/** @type {keyof typeof PART_FILES} */ (kind)] ?? []) visit(join(ROOT, part));
  if (widget) for (const extra of WIDGET_EXTRAS) visit(join(ROOT, extra));
  return found;
}

/** What src/components/react-part.tsx renders in every widget element besides its feature component. */
const WIDGET_EXTRAS = ['src/components/notices/DroppedCartGate.tsx'];

/**
 * What each kind of element renders (`FEATURES` of src/components/react-part.tsx, and the icon's button painted by
 * src/core/icon.ts); test/lib/manifest.node.test.mjs reads the same map from react-part.tsx.
 */
const PART_FILES = {
  icon: ['src/core/icon.ts', 'src/core/notification.ts'],
  panel: ['src/components/LoyaltyPanel.tsx'],
  tooltip: ['src/core/tooltip.ts'],
  cart: ['src/components/cart/PackageCartView.tsx'],
};

/** @returns {import('@custom-elements-manifest/analyzer').Plugin} */
function factoryElementsPlugin() {
  /** @type {Map<string, string> | undefined} */
  let events;
  /** @type {Map<string, { value: string, comment: string }>} */
  let tokens = new Map();
  return {
    name: 'loyalty-elements: createElementClass + defineElement',
    initialize({ ts }) {
      events = eventTypes(ts);
      tokens = customPropertiesOf(readFileSync(join(ROOT, 'styles/tokens.css'), 'utf8')).declared;
    },
    analyzePhase({ ts, node, moduleDoc }) {
      const file = node.getSourceFile().fileName;
      if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) {
          const call = declaration.initializer;
          if (!call || !ts.isCallExpression(call) || call.expression.getText() !== FACTORY) continue;
          const comment = node.getFullText().slice(0, node.getLeadingTriviaWidth()).match(/\/\*\*[\s\S]*?\*\//g)?.pop();
          if (!comment) throw new Error(`${file}: ${declaration.name.getText()} has no JSDoc`);
          const kind = call.arguments.map((argument) => /\bkind\s*:\s*'(\w+)'/.exec(argument.getText())?.[1]).find(Boolean);
          const widget = kind !== undefined && kind !== 'cart';
          const stylesheets = stylesheetFilesOf(resolve(ROOT, file), { widget, kind }).map((css) => readFileSync(css, 'utf8'));
          const name = declaration.name.getText();
          moduleDoc.declarations = (moduleDoc.declarations ?? []).filter((existing) => existing.name !== name);
          moduleDoc.declarations.push(elementDeclaration({ name, comment, stylesheets, tokens, events }));
        }
      }
      // An element written without React whose view is a chunk imported on connect (<hotel-page>): its stylesheets
      // are the view's.
      if (ts.isClassDeclaration(node) && node.name && node.heritageClauses?.some((clause) => /\bHTMLElement\b/.test(clause.getText())) && /\bimport\(/.test(node.getText())) {
        const comment = node.getFullText().slice(0, node.getLeadingTriviaWidth()).match(/\/\*\*[\s\S]*?\*\//g)?.pop();
        if (!comment) throw new Error(`${file}: ${node.name.getText()} has no JSDoc`);
        // It adopts the token defaults into the document itself (adoptDocumentTokens of src/core/stylesheets.ts), on
        // a page that may hold no loyalty element: tokens.css counts as its own.
        const files = [...stylesheetFilesOf(resolve(ROOT, file), { widget: false }), join(ROOT, 'styles/tokens.css')];
        const stylesheets = [...new Set(files)].map((css) => readFileSync(css, 'utf8'));
        const name = node.name.getText();
        moduleDoc.declarations = (moduleDoc.declarations ?? []).filter((existing) => existing.name !== name);
        moduleDoc.declarations.push(elementDeclaration({ name, comment, stylesheets, tokens, events }));
      }
      if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression) && node.expression.expression.getText() === DEFINE) {
        const [tag, elementClass] = node.expression.arguments;
        if (!tag || !ts.isStringLiteral(tag) || !elementClass) throw new Error(`${file}: ${DEFINE}() needs a literal tag name`);
        const declaration = moduleDoc.declarations?.find((existing) => existing.name === elementClass.getText());
        if (declaration && 'tagName' in declaration) declaration.tagName = tag.text;
        moduleDoc.exports = [
          ...(moduleDoc.exports ?? []),
          {
            kind: 'custom-element-definition',
            name: tag.text,
            declaration: { name: elementClass.getText(), module: relative(ROOT, resolve(ROOT, file)) },
          },
        ];
      }
    },
  };
}

export default {
  globs: ['elements/*.ts'],
  exclude: ['elements/index.ts', 'elements/define.ts'],
  outdir: '.',
  packagejson: false,
  plugins: [factoryElementsPlugin()],
};
