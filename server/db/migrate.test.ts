import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { siteDefaults } from '../../content/site';
import { databaseUrlFor } from '../../tests/support/postgres-admin';
import { TEST_SHARED_BUFFERS, testDatabaseKind } from '../../tests/support/database';
import { openDatabase, type DatabaseHandle } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { quotationOffers, quotationRequests, shopSettings } from './schema';

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
    const handle = await openDatabase('pglite:memory', {
      pgliteSharedBuffers: TEST_SHARED_BUFFERS,
    });
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

/** Applies the committed migrations up to and including `lastTag` only, as an older release did. */
async function migrateUpTo(handle: DatabaseHandle, lastTag: string): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'storefront-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    expect(last, lastTag).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    const { driver } = handle;
    if (driver.kind === 'pglite') {
      await migratePglite(drizzlePglite(driver.client), { migrationsFolder: folder });
    } else {
      await migrateNodePg(drizzleNodePg(driver.pool), { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// An empty database migrated twice over: tens of seconds on a busy machine.
const MIGRATING_TIMEOUT = 90_000;

const OLD_DEFAULT_TERMS =
  '50% advance with the order, the balance before dispatch. Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.';

describe(`migration 0023 on ${testDatabaseKind}: offer terms without a typed payment`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function upgraded(before: {
    setting: string;
    offers: { status: 'draft' | 'sent'; terms: string }[];
  }) {
    const { handle, drop } = await openEmptyDatabase();
    cleanups.push(drop);
    await migrateUpTo(handle, '0022_search-count-visitors');
    const { db } = handle;
    await db.insert(shopSettings).values({ key: 'offerTerms', value: before.setting });
    const offerIds: string[] = [];
    for (const [index, offer] of before.offers.entries()) {
      const [request] = await db
        .insert(quotationRequests)
        .values({
          reference: `Q-20261124-000${index + 1}`,
          productName: 'Lotus Urli',
          quantity: 1,
          customerName: 'Meera',
          customerMobile: '98290 00000',
        })
        .returning({ id: quotationRequests.id });
      const [row] = await db
        .insert(quotationOffers)
        .values({
          quotationRequestId: request!.id,
          version: 1,
          status: offer.status,
          sentAt: offer.status === 'sent' ? new Date('2026-11-24T04:30:00Z') : null,
          subtotalMinor: 340_000,
          gstRateBasisPoints: 1200,
          gstMinor: 40_800,
          totalMinor: 380_800,
          validUntil: '2026-12-08',
          terms: offer.terms,
        })
        .returning({ id: quotationOffers.id });
      offerIds.push(row!.id);
    }
    await runMigrations(handle);
    const [setting] = await db
      .select({ value: shopSettings.value })
      .from(shopSettings)
      .where(eq(shopSettings.key, 'offerTerms'));
    const offers = await db
      .select({ id: quotationOffers.id, terms: quotationOffers.terms })
      .from(quotationOffers);
    return {
      setting: setting?.value,
      offers: offerIds.map((id) => offers.find((offer) => offer.id === id)?.terms),
    };
  }

  it(
    'rewrites the old default terms, stored or in a draft, to the new default',
    async () => {
      expect(OLD_DEFAULT_TERMS).not.toBe(siteDefaults.offerTerms);
      const after = await upgraded({
        setting: OLD_DEFAULT_TERMS,
        offers: [
          { status: 'draft', terms: OLD_DEFAULT_TERMS },
          { status: 'sent', terms: OLD_DEFAULT_TERMS },
        ],
      });
      expect(after.setting).toBe(siteDefaults.offerTerms);
      expect(after.setting).not.toContain('advance');
      // A draft is not yet the customer's; a sent offer stays as the customer received it.
      expect(after.offers).toEqual([siteDefaults.offerTerms, OLD_DEFAULT_TERMS]);
    },
    MIGRATING_TIMEOUT,
  );

  it(
    'leaves terms the owner wrote in their own words',
    async () => {
      const ownWords = `${OLD_DEFAULT_TERMS} Delivery by road within Rajasthan.`;
      const after = await upgraded({
        setting: ownWords,
        offers: [{ status: 'draft', terms: '30% advance, the rest on delivery.' }],
      });
      expect(after.setting).toBe(ownWords);
      expect(after.offers).toEqual(['30% advance, the rest on delivery.']);
    },
    MIGRATING_TIMEOUT,
  );
});
