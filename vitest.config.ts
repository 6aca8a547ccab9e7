import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    // docs/testing.md: tests of pure code (core/, app/, content/, scripts/) run once, on the
    // PGlite stage; the PostgreSQL stage (TEST_SCOPE=database) runs the folders that reach a
    // database, server/ and tests/integration/, which therefore run on both.
    include:
      process.env.TEST_SCOPE === 'database'
        ? ['{server,tests/integration}/**/*.test.{ts,tsx}']
        : ['{app,core,server,content,scripts,tests/integration}/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/webhook-contract.ts'],
    // docs/testing.md: every core. Vitest's own default leaves one core idle, which on CI's two
    // cores means one test file at a time (measured: 63 s → 50 s on PGlite, 28 s → 21 s on
    // PostgreSQL for the quotations, orders and catalogue modules).
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
