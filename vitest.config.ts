import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: ['{app,core,server,content,scripts,tests/integration}/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/webhook-contract.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
