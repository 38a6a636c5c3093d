// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of docs/architecture.md "The import rule": each folder imports only from the ones after it. Type-only imports are allowed (they leave
 * nothing in the bundle), so a layer may name a type it is handed.
 */
function layerRules() {
  const REACT = ['react', 'react-dom', 'react-dom/*', 'jotai/react', 'react-i18next'];
  /** @type {Record<string, { ours: string[], react?: boolean }>} */
  const forbidden = {
    'elements/**': { ours: ['api', 'state', 'forms', 'ui', 'i18n'] },
    'src/components/**': { ours: ['api'] },
    'src/core/**': { ours: ['api', 'components', 'forms', 'ui'], react: true },
    'src/forms/**': { ours: ['api', 'state', 'components', 'core'] },
    'src/ui/**': { ours: ['api', 'state', 'components', 'core', 'forms', 'i18n'] },
    'src/state/**': { ours: ['components', 'core', 'forms', 'ui', 'i18n'], react: true },
    'src/i18n/**': { ours: ['api', 'state', 'components', 'core', 'forms', 'ui'] },
    'src/api/**': { ours: ['state', 'components', 'core', 'forms', 'ui', 'i18n'], react: true },
    'src/lib/**': { ours: ['api', 'state', 'components', 'core', 'forms', 'ui', 'i18n'], react: true },
  };
  return Object.entries(forbidden).map(([folder, { ours, react }]) => ({
    files: [`${folder}/*.{ts,tsx}`, folder],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.{1,2}/(?:.*/)?(?:src/)?(?:${ours.join('|')})(?:/|$)`,
              message: `${folder.split('/')[0] === 'src' ? folder.slice(4, -3) : 'elements'} may not import ${ours.join(', ')} (docs/architecture.md, "The import rule").`,
              allowTypeImports: true,
            },
            ...(react ? [{ group: REACT, message: 'core, state, api and lib never import React.', allowTypeImports: true }] : []),
          ],
        },
      ],
    },
  }));
}

/** The only file that may turn markup into DOM; everything else renders text as text. */
export const SANITIZING_MODULE = 'src/lib/sanitize-html.ts';

export const HTML_SINK_MESSAGE =
  'Render text as text; untrusted HTML goes through the one sanitizing module (src/lib/sanitize-html.ts).';

/**
 * Every way code of ours could hand a string to the HTML parser of a live document (or to a frame's), as esquery
 * selectors for `no-restricted-syntax` in `src/` and `elements/`. test/lib/lint-html-sinks.node.test.mjs proves
 * each one fires, and that the sanitizing module is exempt.
 */
export const HTML_SINKS = [
  // React's escape hatch: <div dangerouslySetInnerHTML={…}>.
  "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  // el.innerHTML = …, el.outerHTML += …, iframe.srcdoc = …, and the computed el['innerHTML'] = ….
  'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML|srcdoc)$/]',
  'AssignmentExpression[left.property.value=/^(innerHTML|outerHTML|srcdoc)$/]',
  // Object.assign(el, { innerHTML: … }) and other objects that carry a sink's name.
  'ObjectExpression > Property[key.name=/^(innerHTML|outerHTML|srcdoc)$/]',
  'ObjectExpression > Property[key.value=/^(innerHTML|outerHTML|srcdoc)$/]',
  // el.insertAdjacentHTML(…), range.createContextualFragment(…), el.setHTMLUnsafe(…), Document.parseHTMLUnsafe(…),
  // new DOMParser().parseFromString(…) (its nodes' handlers run once moved into the page).
  'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe|parseFromString)$/]',
  // document.write(…), document.writeln(…), el.ownerDocument.write(…), window.document.write(…).
  "CallExpression[callee.property.name=/^(write|writeln)$/][callee.object.name='document']",
  'CallExpression[callee.property.name=/^(write|writeln)$/][callee.object.property.name=/^(document|ownerDocument)$/]',
  // el.setAttribute('srcdoc', …) and <iframe srcDoc={…}>.
  "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^srcdoc$/i]",
  'JSXAttribute[name.name=/^srcdoc$/i]',
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', ...HTML_SINKS.map((selector) => ({ selector, message: HTML_SINK_MESSAGE }))],
    },
  },
  {
    // The one module allowed to turn markup into DOM (through DOMPurify); test/lib/lint-html-sinks.node.test.mjs.
    files: [SANITIZING_MODULE],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...layerRules(),
  {
    files: ['**/*.mjs', 'demo/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // open-wc's waitUntil gives up after 1 s, less than a lazily loaded module can take on a busy 2-core machine.
    files: ['test/**/*.{ts,tsx}'],
    ignores: ['test/support/wait-until.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@open-wc/testing', importNames: ['waitUntil'], message: 'Use test/support/wait-until.ts: its default timeout is 5 s, not 1 s.' }] },
      ],
    },
  },
);
