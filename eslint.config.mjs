// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules everywhere, the React
// hooks rules and the jsx-a11y rules on the components. `npm run lint` runs it with Prettier's check.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Outputs, caches and generated pages (see .gitignore). The generated folders are those of
    // plugins/generate/registry.ts (this .mjs cannot import TypeScript): tests/unit/generated-registry.test.ts
    // fails naming any it misses.
    ignores: [
      '**/node_modules/',
      '**/build/',
      'build-root/',
      '**/.docusaurus/',
      '.cache-loader/',
      '.bench/',
      '.generated/',
      '.dev-search/',
      '.probe/',
      '.prof/',
      '.scratch/',
      'static/fhir-tools/',
      'docs/api/fhir/resources/',
      'docs/api/fhir/datatypes/',
      'docs/api/fhir/medplum/',
      'docs/sdk/',
      'docs/api/react-components/',
      'docs/api/react-hooks/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    rules: {
      // A leading underscore marks a value left out on purpose (`const { id: _id, ...rest } = r`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The rules of hooks. (The plugin's React Compiler rules are left out: the site does not use the compiler.)
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moving into a search box the reader just opened is fine; autoFocus on a DOM element is still checked.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A scrolling region (role="region") must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Tests reach into mocks and untyped JSON.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Fixtures are inputs of the failing-build tests, broken or unchecked on purpose.
    files: ['tests/fixtures/**'],
    rules: { '@typescript-eslint/ban-ts-comment': 'off' },
  },
  {
    // CommonJS files (webpack loaders, config written for require).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
