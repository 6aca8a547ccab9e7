import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function runAdmin(args: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-admin-cli-'));
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: `pglite:${path.join(dataDir, 'db')}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
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
});
