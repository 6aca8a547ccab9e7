import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The boundary of DESIGN.md §4a: the UI reaches data only through the domain modules.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/db(/|$)',
              message:
                'app/ must not import server/db: call a domain module in server/modules instead.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    rules: {
      // DESIGN.md §3: a module never imports from app/ or server/http/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)app/', message: 'Domain modules must not import the UI.' },
            { regex: '(^|/)http/', message: 'Domain modules must not import the HTTP layer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'server/**/*cli.ts', 'tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
