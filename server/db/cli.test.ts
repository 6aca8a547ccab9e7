import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteLockFile } from './pglite-lock';

describe('npm run db:migrate and db:seed', () => {
  it.each(['migrate', 'seed'])(
    '%s refuses the embedded database while the server has it open',
    (command) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-db-cli-'));
      const directory = path.join(dataDir, 'db');
      // This test process stands in for a running server: a live pid other than the CLI's.
      writeFileSync(pgliteLockFile(directory), JSON.stringify({ pid: process.pid, by: 'server' }));
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/cli.ts', command], {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: `pglite:${directory}`,
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
        },
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        `The shop server (pid ${process.pid}) has the embedded database ${path.relative(process.cwd(), directory)} open: stop it first, or use PostgreSQL (DATABASE_URL)`,
      );
      expect(existsSync(directory)).toBe(false);
    },
  );
});
