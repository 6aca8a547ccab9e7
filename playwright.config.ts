import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from './scripts/chromium';

// One random port per run, chosen once: workers inherit the runner's environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
process.env.E2E_DATA_DIR ??= `/tmp/storefront-e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // docs/testing.md: on CI a journey that fails is tried once more, and one that passes only then
  // is listed by name at the end of the run as flaky, to be mended; locally the first failure stands.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  globalSetup: './tests/e2e/support/global-setup.ts',
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      // Debian's Chromium, its headless shell when installed; never a downloaded browser
      // (docs/decisions/031-journeys-in-the-headless-shell.md).
      executablePath: JOURNEY_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    // docs/testing.md: recording a trace costs a fifth of a journey's time, and CI keeps no files,
    // so CI records one only when it tries a failed journey again; locally a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: {
    // The production build on a fresh embedded database of its own.
    command: `rm -rf ${process.env.E2E_DATA_DIR} && node build/server/index.js`,
    url: `${process.env.E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses: posts from it carry this origin, which the server checks
      // (docs/requirements.md §14; PUBLIC_URL would otherwise default to http://localhost:<port>).
      PUBLIC_URL: process.env.E2E_BASE_URL,
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: `pglite:${process.env.E2E_DATA_DIR}/db`,
      LOG_LEVEL: 'warn',
      // Every journey comes from one address; the limit itself is tested on a server of its own.
      FORM_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
      MAIL_RATE_LIMIT: '100000',
      // Phone sign-in codes go to the outbox, where the journeys read them.
      SMS_PROVIDER: 'outbox',
    },
  },
});
