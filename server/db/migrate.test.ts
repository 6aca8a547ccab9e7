import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../../tests/support/postgres-admin';
import { testDatabaseKind } from '../../tests/support/database';
import { openDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

const expectedTables = [
  'products',
  'product_media',
  'reviews',
  'review_media',
  'review_helpful_votes',
  'product_questions',
  'product_answers',
  'quotation_requests',
  'contact_messages',
  'newsletter_subscriptions',
  'profiles',
  'addresses',
  'orders',
  'order_items',
  'wishlist_items',
  'user_roles',
  'users',
  'sessions',
  'accounts',
  'verifications',
];

/** An empty database of the kind under test, without the migrated template. */
async function openEmptyDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase('pglite:memory');
    return { handle, drop: () => handle.close() };
  }
  const name = `storefront_empty_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handle = await openDatabase(databaseUrlFor(serverUrl, name));
  return {
    handle,
    async drop() {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe(`migrations on an empty ${testDatabaseKind} database`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('create every table, and a second run changes nothing', async () => {
    const { handle, drop } = await openEmptyDatabase();
    cleanups.push(drop);

    await runMigrations(handle);
    const tables = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.rows.map((row) => row.table_name);
    for (const table of expectedTables) expect(names).toContain(table);

    const applied = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    await runMigrations(handle);
    const appliedAgain = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(appliedAgain.rows[0]?.count).toBe(applied.rows[0]?.count);
    expect(applied.rows[0]?.count).toBeGreaterThanOrEqual(2);
  });
});
