import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../tests/factories';
import {
  createTestDatabase,
  templateTarball,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { openDatabase, type DatabaseHandle } from './client';

const opened: Array<Pick<TestDatabase, 'destroy'>> = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((database) => database.destroy()));
});

async function productCount(database: DatabaseHandle): Promise<number> {
  const { rows } = await database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from products`,
  );
  return rows[0]!.count;
}

describe(`test databases (${testDatabaseKind})`, () => {
  it('each starts from the migrated template, whatever another one wrote', async () => {
    const first = await createTestDatabase();
    opened.push(first);
    const before = await productCount(first);
    await insertProduct(first.db);
    expect(await productCount(first)).toBe(before + 1);

    const second = await createTestDatabase();
    opened.push(second);
    expect(await productCount(second)).toBe(before);
  });
});

describe.runIf(testDatabaseKind === 'pglite')('openDatabase on PGlite', () => {
  // docs/testing.md "Opening a test database": the clones boot with small shared buffers.
  it('boots with the shared buffers asked for, and with PGlite’s default otherwise', async () => {
    const small = await createTestDatabase();
    opened.push(small);
    const usual = await openDatabase('pglite:memory', {
      pgliteLoadDataDir: await templateTarball(),
    });
    opened.push({ destroy: () => usual.close() });

    const sharedBuffers = async (database: DatabaseHandle) =>
      (await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`)).rows[0]!
        .shared_buffers;
    expect(await sharedBuffers(small)).toBe('16MB');
    expect(await sharedBuffers(usual)).toBe('128MB');
  });
});
