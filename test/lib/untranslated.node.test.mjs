// @ts-check
/**
 * `node --test test/lib/untranslated.node.test.mjs`: no component shows a guest a literal string (docs/loyalty-widget.md "Languages").
 * Every `.tsx` under src/components, src/forms and src/ui (and the `.ts` beside them, which build field
 * definitions and other texts) is parsed with the TypeScript compiler and searched for text a guest reads or
 * hears that does not come from `t()` or the hotel's settings:
 * - JSX text with letters (`<p>Cargando</p>`), and string literals rendered as children (`{ok && 'Hecho'}`);
 * - string literals given to a text attribute or prop (`aria-label="Cerrar"`, `<Dialog closeLabel={'Cerrar'}>`);
 * - string literals under a text-prop name in an object (`{ label: 'Cerrar' }`) or as a destructuring default
 *   (`function Dialog({ closeLabel = 'Close' })`).
 * Text with no letter at all (punctuation, numbers, the ' (*)' marker docs/forms-and-consent.md "Field definitions" asks for, '·', '+') is allowed.
 * It runs in Node because it reads the source tree.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['src/components', 'src/forms', 'src/ui'];

/** Attributes and props whose value a guest reads or a screen reader speaks. */
const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  // A form field definition's messages (docs/forms-and-consent.md "Field definitions").
  'error',
  'errorPattern',
]);
/** Our own text props follow one naming pattern: `closeLabel`, `andLabel`, `errorText`, `loyaltyTitle`. */
const TEXT_PROP_SUFFIX = /[a-z](?:Label|Title|Text|Message)$/;

/** @param {string} name */
function isTextProp(name) {
  return TEXT_PROPS.has(name) || TEXT_PROP_SUFFIX.test(name);
}

/** Whether a piece of text has something to translate: a letter in any script, once HTML entities are gone. */
function hasLetters(/** @type {string} */ text) {
  return /\p{L}/u.test(text.replace(/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/gi, ''));
}

/**
 * The literal text an expression can evaluate to, looking through conditionals, `&&`/`||`/`??`, parentheses and
 * template literals; not into calls, whose string arguments are keys (`t('cart.total')`) or data.
 * @param {ts.Node | undefined} node
 * @returns {{ node: ts.Node, text: string }[]}
 */
function literalTexts(node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ node, text: node.text }];
  if (ts.isTemplateExpression(node)) {
    return [{ node, text: [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ') }];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return literalTexts(node.expression);
  }
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(node.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    }
  }
  return [];
}

/** The name of a property, attribute or binding, when it is a plain one. */
function nameOf(/** @type {ts.Node | undefined} */ name) {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}

/**
 * Every literal a guest would read in one source file.
 * @param {string} fileName - shown in the findings; `.ts` is parsed without JSX.
 * @param {string} source - TS or TSX source.
 * @returns {string[]} `file:line:column kind "text"`, one per finding.
 */
export function findUntranslated(fileName, source) {
  const kind = fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  /** @type {string[]} */
  const findings = [];
  const report = (/** @type {ts.Node} */ node, /** @type {string} */ kind, /** @type {string} */ text) => {
    if (!hasLetters(text)) return;
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push(`${fileName}:${line + 1}:${character + 1} ${kind} ${JSON.stringify(text.trim())}`);
  };
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isJsxText(node)) {
      report(node, 'JSX text', node.text);
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const { node: literal, text } of literalTexts(node.expression)) report(literal, 'JSX child', text);
    } else if (ts.isJsxAttribute(node)) {
      const name = nameOf(node.name);
      if (name && isTextProp(name)) {
        const value = node.initializer;
        const texts = !value ? [] : ts.isStringLiteral(value) ? [{ node: value, text: value.text }] : ts.isJsxExpression(value) ? literalTexts(value.expression) : [];
        for (const { node: literal, text } of texts) report(literal, `${name}=`, text);
      }
    } else if (ts.isPropertyAssignment(node) || ts.isBindingElement(node) || ts.isParameter(node)) {
      const name = ts.isBindingElement(node) ? nameOf(node.propertyName ?? node.name) : nameOf(node.name);
      if (name && isTextProp(name)) {
        for (const { node: literal, text } of literalTexts(node.initializer)) report(literal, `${name}:`, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

/** Every `.ts` and `.tsx` file under a folder, recursively, relative to the project root; no declarations. */
function sourceFiles(/** @type {string} */ folder) {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name))
    .sort();
}

test('no component, form or ui piece shows a guest an untranslated literal', () => {
  const files = FOLDERS.flatMap(sourceFiles);
  // A scan of nothing would pass: make sure it saw the tree.
  for (const folder of FOLDERS) assert.ok(files.some((file) => file.startsWith(folder) && file.endsWith('.tsx')), `no .tsx found under ${folder}`);
  assert.ok(files.length >= 30, `only ${files.length} source files found`);
  const findings = files.flatMap((file) => findUntranslated(file, readFileSync(join(ROOT, file), 'utf8')));
  assert.deepEqual(findings, [], `literal text a guest would read; use t() with a key in src/i18n/es.ts (and every language):\n${findings.join('\n')}`);
});

test('the scan finds each kind of literal (it can fail)', () => {
  const source = `
    export function Sample({ closeLabel = 'Cerrar', title }: { closeLabel?: string; title?: string }) {
      const options = [{ value: 'a', label: 'Opción A', error: 'Obligatorio' }];
      return (
        <section aria-label="Club de fidelidad" title={title ?? 'Aviso'}>
          <h2>Bienvenido</h2>
          {ready && 'Listo'}
          {busy ? \`Cargando \${name}\` : null}
          <Dialog closeLabel={'Cerrar'} errorText={\`Error\`} />
          <img alt="Logotipo" />
          <input placeholder={'Correo'} />
        </section>
      );
    }`;
  const kinds = findUntranslated('sample.tsx', source).map((finding) => finding.replace(/^sample\.tsx:\d+:\d+ /, ''));
  assert.deepEqual(kinds, [
    'closeLabel: "Cerrar"',
    'label: "Opción A"',
    'error: "Obligatorio"',
    'aria-label= "Club de fidelidad"',
    'title= "Aviso"',
    'JSX text "Bienvenido"',
    'JSX child "Listo"',
    'JSX child "Cargando"',
    'closeLabel= "Cerrar"',
    'errorText= "Error"',
    'alt= "Logotipo"',
    'placeholder= "Correo"',
  ]);
});

test('a .ts file is parsed as TypeScript, not TSX, and its text props are checked', () => {
  const source = `export const field = <T,>(value: T) => ({ value, label: 'Nombre', error: t('forms.required') });
    export const cast = <string>'SIGNIN';`;
  assert.deepEqual(
    findUntranslated('fields.ts', source).map((finding) => finding.replace(/^fields\.ts:\d+:\d+ /, '')),
    ['label: "Nombre"'],
  );
});

test('the scan lets translated, configured and letter-free text through', () => {
  const source = `
    export function Sample({ label, closeLabel = t('ui.close') }: { label?: string; closeLabel?: string }) {
      return (
        <section aria-label={label ?? t('panel.label')} title={settings.loyaltyTitle} part="panel" role="dialog">
          <h2>{t('auth.welcomeTitle', { name })}</h2>
          <span>{count} · {price}</span>
          <label>{definition.label}{required && ' (*)'}</label>
          <img alt="" src={src} />
          &nbsp;&mdash;&#160;
          <Button label={t('cart.removeLabel', { name })} type="button" variant="secondary">+</Button>
        </section>
      );
    }`;
  assert.deepEqual(findUntranslated('sample.tsx', source), []);
});
