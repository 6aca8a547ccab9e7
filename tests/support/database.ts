/**
 * A fresh migrated database for one test file: PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL. Call it in `beforeAll` and close it in `afterAll`.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { databaseUrlFor } from './postgres-admin';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = inject('postgresTemplateName');
    const name = `${template}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await withAdmin(serverUrl, (admin) =>
      admin.query(`create database ${name} template ${template}`),
    );
    const handle = await openDatabase(databaseUrlFor(serverUrl, name));
    return {
      ...handle,
      async destroy() {
        await handle.close();
        await withAdmin(serverUrl, (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
      },
    };
  }
  const tarball = await readFile(inject('pgliteTemplateFile'));
  const handle = await openDatabase('pglite:memory', { pgliteLoadDataDir: new Blob([tarball]) });
  return { ...handle, destroy: () => handle.close() };
}

/** Which database the suite runs on, for test names. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
