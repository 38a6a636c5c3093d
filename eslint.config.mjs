// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * DESIGN.md's layers: each folder imports only from the ones after it. Type-only imports are allowed (they leave
 * nothing in the bundle), so a layer may name a type it is handed.
 */
function layerRules() {
  const REACT = ['react', 'react-dom', 'react-dom/*', 'jotai/react', 'react-i18next'];
  /** @type {Record<string, { ours: string[], react?: boolean }>} */
  const forbidden = {
    'elements/**': { ours: ['api', 'state', 'forms', 'ui', 'i18n'] },
    'src/components/**': { ours: ['api'] },
    'src/forms/**': { ours: ['api', 'state', 'components'] },
    'src/ui/**': { ours: ['api', 'state', 'components', 'forms', 'i18n'] },
    'src/state/**': { ours: ['components', 'forms', 'ui', 'i18n'], react: true },
    'src/i18n/**': { ours: ['api', 'state', 'components', 'forms', 'ui'] },
    'src/api/**': { ours: ['state', 'components', 'forms', 'ui', 'i18n'], react: true },
    'src/lib/**': { ours: ['api', 'state', 'components', 'forms', 'ui', 'i18n'], react: true },
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
              message: `${folder.split('/')[0] === 'src' ? folder.slice(4, -3) : 'elements'} may not import ${ours.join(', ')} (DESIGN.md layers).`,
              allowTypeImports: true,
            },
            ...(react ? [{ group: REACT, message: 'lib, api and state never import React.', allowTypeImports: true }] : []),
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text as text; untrusted HTML goes through the one sanitizing module.',
        },
        {
          selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]",
          message: 'Render text as text; untrusted HTML goes through the one sanitizing module.',
        },
      ],
    },
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
);
