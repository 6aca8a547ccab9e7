import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../tests/factories';
import { createTestDatabase, testDatabaseKind } from '../tests/support/database';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { pgliteLockFile } from './db/pglite-lock';
import { userRoles } from './db/schema';

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

/**
 * A database the CLI (another process) and this test can both reach: a PGlite directory, opened
 * here only between CLI runs (one process at a time), or a fresh PostgreSQL database.
 */
async function databaseSharedWithTheCli(): Promise<{
  url: string;
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}> {
  if (testDatabaseKind === 'postgres') {
    const database = await createTestDatabase();
    if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return {
      url: database.driver.url,
      use: (work) => work(database.db),
      destroy: () => database.destroy(),
    };
  }
  const directory = temporaryDirectory();
  const url = `pglite:${path.join(directory, 'db')}`;
  return {
    url,
    async use(work) {
      const database = await openDatabase(url);
      try {
        await runMigrations(database);
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    async destroy() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('npm run admin', () => {
  // The first run starts the CLI cold (tsx compiles it), about 20 s on a quiet machine: twice
  // that on a busy one is no failure.
  it('exits non-zero with a clear message for an unknown e-mail', { timeout: 120_000 }, () => {
    const result = runAdmin(['grant-admin', 'x@example.com']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No account uses the e-mail address x@example.com');
  });

  it('explains its usage when the command is wrong', () => {
    const result = runAdmin(['make-admin']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('grant-admin <email>');
  });

  it(
    `grant-admin writes the user_roles row and revoke-admin removes it (${testDatabaseKind})`,
    {
      timeout: 120_000,
    },
    async () => {
      const database = await databaseSharedWithTheCli();
      try {
        const user = await database.use((db) => insertUser(db));
        const adminRoles = () =>
          database.use((db) =>
            db
              .select({ role: userRoles.role })
              .from(userRoles)
              .where(eq(userRoles.userId, user.id)),
          );

        const granted = runAdmin(['grant-admin', user.email], { DATABASE_URL: database.url });
        expect(granted.stderr).toBe('');
        expect(granted.status).toBe(0);
        expect(granted.stdout).toContain(`${user.email} is now an admin.`);
        expect(await adminRoles()).toEqual([{ role: 'admin' }]);

        const revoked = runAdmin(['revoke-admin', user.email], { DATABASE_URL: database.url });
        expect(revoked.stderr).toBe('');
        expect(revoked.status).toBe(0);
        expect(revoked.stdout).toContain(`${user.email} is no longer an admin.`);
        expect(await adminRoles()).toEqual([]);
      } finally {
        await database.destroy();
      }
    },
  );

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
