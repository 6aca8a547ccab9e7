import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteLockFile } from './db/pglite-lock';

function temporaryDirectory(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'storefront-admin-cli-'));
}

function runAdmin(args: string[], environment: { DATABASE_URL?: string } = {}) {
  const dataDir = temporaryDirectory();
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: `pglite:${path.join(dataDir, 'db')}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ...environment,
    },
    timeout: 60_000,
  });
}

describe('npm run admin', () => {
  it('exits non-zero with a clear message for an unknown e-mail', () => {
    const result = runAdmin(['grant-admin', 'x@example.com']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No account uses the e-mail address x@example.com');
  });

  it('explains its usage when the command is wrong', () => {
    const result = runAdmin(['make-admin']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('grant-admin <email>');
  });

  it('refuses the embedded database while the server has it open', () => {
    const directory = path.join(temporaryDirectory(), 'db');
    // This test process stands in for a running server: a live pid other than the CLI's.
    writeFileSync(pgliteLockFile(directory), JSON.stringify({ pid: process.pid, by: 'server' }));
    const result = runAdmin(['grant-admin', 'x@example.com'], {
      DATABASE_URL: `pglite:${directory}`,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The shop server \\(pid ${process.pid}\\) has the embedded database \\S+ open: stop it first, or use PostgreSQL \\(DATABASE_URL\\)$`,
        ),
      ),
    ]);
    // It never opened the directory.
    expect(existsSync(directory)).toBe(false);
  });
});
