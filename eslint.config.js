import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * docs/design.md §3 "One writer per table" (docs/decisions/019): the domain modules of server/modules, each of
 * which may import only itself and the kernel: the checks (kernel, actor, errors), the job
 * queue's enqueue (with the webhook event it carries), the activity log's record and the signed link
 * token. (The clock
 * is a `now` each function is given.) Work across modules is a flow
 * (server/flows), which imports the modules it calls.
 */
const modules = readdirSync(new URL('./server/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const kernel = [
  './server/modules/kernel.ts',
  './server/modules/actor.ts',
  './server/modules/errors.ts',
  './server/modules/jobs/enqueue.ts',
  './server/modules/activity/record.ts',
  // docs/design.md §3: the signed link token every module's mailed links use (one HMAC, one purpose each).
  './server/modules/signed-token.ts',
  // An event is an enqueue too: the deliveries of the webhooks module, in the caller's transaction.
  './server/modules/webhooks/emit.ts',
];

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
      // The boundary of docs/design.md §4a: the UI reaches data only through the domain modules.
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
      // docs/design.md §3: a module never imports from app/ or server/http/, and takes only types
      // from server/auth (Better Auth's wiring); a flow joins a module's work to an auth write.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)app/', message: 'Domain modules must not import the UI.' },
            { regex: '(^|/)http/', message: 'Domain modules must not import the HTTP layer.' },
            {
              regex: '^(\\.\\./)+auth(/|$)',
              message:
                'Domain modules take only types from server/auth: let a flow in server/flows call both.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // A module's test may start Better Auth itself; the other boundaries hold for tests too.
    files: ['server/modules/**/*.test.ts'],
    rules: {
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
    files: ['server/mail/**/*.ts', 'server/mail/**/*.tsx'],
    // A test may set up the mailer with a module's implementation (a rate limiter).
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // docs/design.md §3: the mail layer renders what a notice carries; what a module owns (a
      // signed link, the facts of an offer) comes in the notice or from the worker, never by
      // calling the module from here. Types only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message:
                'server/mail must not import server/modules (types only): carry it in the notice, or let the worker pass it.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/worker.ts'],
    rules: {
      // docs/design.md §3: the worker serves jobs, not requests; what it shares with the HTTP layer
      // is a rule, and a rule lives in core/ or in a module.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http/',
              message:
                'The worker must not import the HTTP layer: take the rule from core/ or a module.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/decisions/019: no import cycle anywhere in the shop's own code…
    files: ['app/**/*.{ts,tsx}', 'core/**/*.ts', 'server/**/*.ts', 'content/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the files it follows, and the project's own resolution.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // …and no module importing another (a module's tests may set up what they need with others).
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: modules.map((name) => ({
            target: `./server/modules/${name}`,
            from: './server/modules',
            except: [`./${name}`, ...kernel.map((file) => file.replace('./server/modules/', './'))],
            message:
              'A module imports only itself and the kernel; work across modules is a flow (server/flows).',
          })),
        },
      ],
    },
  },
  {
    // docs/design.md §3, one calendar: days are counted in the shop's zone by core/time/shop-calendar.ts
    // (and written out by core/time/dates.ts) only; UTC arithmetic elsewhere is how a Monday 01:00 in
    // India came to count in the week before.
    files: ['app/**/*.{ts,tsx}', 'core/**/*.ts', 'server/**/*.{ts,tsx}', 'content/**/*.ts'],
    ignores: ['core/time/shop-calendar.ts', 'core/time/dates.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='UTC']",
          message: 'Date.UTC counts days on the UTC clock: use core/time/shop-calendar.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^getUTC/]',
          message: 'getUTC* reads the UTC clock: use core/time/shop-calendar.ts.',
        },
        {
          selector:
            "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']",
          message:
            "toISOString().slice() cuts a UTC day: use core/time/shop-calendar.ts's utcDayOf or shopDayOf.",
        },
        {
          // docs/decisions/030: what only some work uses loads with that work, not with every
          // process start (the server, each command line, each test file).
          selector:
            "ImportDeclaration[importKind='value'][source.value=/^(pdfkit|ioredis|@aws-sdk\\u002Fclient-s3|@react-email\\u002Fcomponents)$/]",
          message:
            'This library loads on first use (docs/decisions/030): import() it where it is used, and import its types with `import type`.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'server/**/*cli.ts', 'tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
  {
    // docs/testing.md (the time budget): one axe scan for every journey, in the page itself.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/axe.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'axe-core',
              message:
                'Check a page with expectNoAxeViolations or axeViolations from tests/e2e/support/axe.ts (docs/testing.md).',
            },
          ],
        },
      ],
    },
  },
);
