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
  const handle = await openDatabase('pglite:memory', {
    pgliteLoadDataDir: await templateTarball(),
    pgliteSharedBuffers: TEST_SHARED_BUFFERS,
  });
  return { ...handle, destroy: () => handle.close() };
}

/**
 * docs/testing.md "Opening a test database": a clone holds a few hundred rows, and PGlite's default
 * 128 MB of shared buffers took about half of each opening to set up.
 */
export const TEST_SHARED_BUFFERS = '16MB';

/** The migrated template's bytes, read once per worker (a worker opens many test databases). */
let templateBytesRead: Promise<ArrayBuffer> | undefined;

/** The migrated PGlite template, for `openDatabase`'s `pgliteLoadDataDir`. */
export async function templateTarball(): Promise<Blob> {
  templateBytesRead ??= readFile(inject('pgliteTemplateFile')).then((file) =>
    file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength),
  );
  return new TemplateTarball(await templateBytesRead);
}

/**
 * The template as the Blob PGlite loads, answering a copy of the bytes already in memory: Node's
 * own Blob copies 45 MB in and reads it back in chunks, about a quarter of an opening on this
 * machine (docs/testing.md "Opening a test database"). Each opening gets its own copy, so no clone
 * can change the next one's template.
 */
class TemplateTarball extends Blob {
  constructor(private readonly templateBytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
  }

  override get size(): number {
    return this.templateBytes.byteLength;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.templateBytes.slice(0);
  }
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
