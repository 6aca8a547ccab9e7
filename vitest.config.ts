import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesNeedingOwnProcess } from './tests/support/test-isolation.ts';

// docs/testing.md: tests of pure code (core/, app/, content/, scripts/) run once, on the PGlite
// stage; the PostgreSQL stage (TEST_SCOPE=database) runs the folders that reach a database,
// server/ and tests/integration/, which therefore run on both.
const folders =
  process.env.TEST_SCOPE === 'database'
    ? ['server', 'tests/integration']
    : ['app', 'core', 'server', 'content', 'scripts', 'tests/integration'];
const include = [`{${folders.join(',')}}/**/*.test.{ts,tsx}`];
// docs/testing.md "One module graph per worker": a file that replaces a module or changes the
// time zone runs in a process of its own (tests/support/test-isolation.ts says why for each).
const ownProcess = filesNeedingOwnProcess(path.dirname(fileURLToPath(import.meta.url)), folders);

// docs/testing.md "Pages rendered in a test": Vitest answers a stylesheet with an empty string, and
// the root route's link to app/app.css would have no address (React reports it as an error). The
// built shop links a hashed file under /assets/; every file that renders pages gets such an
// address here, so none has to replace the module (which would cost it a process of its own).
// The module is given an id of its own: Vitest empties whatever a CSS file's id loads.
const stylesheetAddressId = '\0stylesheet-address';
const stylesheetAddress: Plugin = {
  name: 'stylesheet-address',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './app.css?url' && importer?.endsWith('/app/root.tsx'))
      return stylesheetAddressId;
  },
  load(id) {
    if (id === stylesheetAddressId) return "export default '/assets/app.css';";
  },
};

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  plugins: [stylesheetAddress],
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/webhook-contract.ts'],
    // docs/testing.md: every core. Vitest's own default leaves one core idle, which on CI's two
    // cores means one test file at a time (measured: 63 s → 50 s on PGlite, 28 s → 21 s on
    // PostgreSQL for the quotations, orders and catalogue modules).
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared module graph',
          include,
          exclude: [...configDefaults.exclude, ...ownProcess],
          // The server's modules load once per worker, not once per file (docs/testing.md).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'own process',
          include: ownProcess.length > 0 ? ownProcess : ['no file needs a process of its own'],
          pool: 'forks',
          isolate: true,
        },
      },
    ],
  },
});
