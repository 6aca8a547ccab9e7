import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../core/catalog/categories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { productMedia, products } from '../schema';
import { seedCatalog } from './catalog';

describe(`seeding the catalogue on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('loads at least 29 products with media, and runs only once', async () => {
    const { db } = database;
    const first = await seedCatalog(db);
    expect(first.skipped).toBe(false);
    expect(first.productsInserted).toBeGreaterThanOrEqual(29);

    const second = await seedCatalog(db);
    expect(second.skipped).toBe(true);
    const forced = await seedCatalog(db, { force: true });
    expect(forced.productsInserted).toBe(0);

    const [productCount] = await db.select({ value: count() }).from(products);
    const [mediaCount] = await db.select({ value: count() }).from(productMedia);
    expect(productCount?.value).toBe(first.productsInserted);
    expect(mediaCount?.value).toBe(first.mediaInserted);
  });

  it('gives every piece the HSN code of its material, for its tax invoice', async () => {
    const rows = await database.db
      .select({ id: products.id, material: products.material, hsnCode: products.hsnCode })
      .from(products);
    for (const row of rows) expect(row.hsnCode, row.id).toMatch(/^\d{4,8}$/);
    const marble = rows.filter((row) => row.material === 'Marble');
    expect(marble.length).toBeGreaterThan(0);
    for (const row of marble) expect(row.hsnCode, row.id).toBe('6802');
  });

  it('gives every category products', async () => {
    const perCategory = await database.db
      .select({ category: products.category, value: count() })
      .from(products)
      .groupBy(products.category);
    for (const category of categories) {
      const row = perCategory.find((entry) => entry.category === category.adminValue);
      expect(row?.value ?? 0, category.name).toBeGreaterThan(0);
    }
  });

  it('gives every product exactly one primary image whose file exists', async () => {
    const rows = await database.db
      .select({ id: products.id, url: productMedia.mediaUrl })
      .from(products)
      .leftJoin(
        productMedia,
        and(eq(productMedia.productId, products.id), eq(productMedia.isPrimary, true)),
      );
    const ids = new Set(rows.map((row) => row.id));
    expect(rows).toHaveLength(ids.size);
    for (const row of rows) {
      expect(row.url, row.id).toBeTruthy();
      expect(existsSync(path.join(process.cwd(), 'public', row.url ?? '')), row.url ?? row.id).toBe(
        true,
      );
    }
  });

  it('does not bring back a product the owner deleted', async () => {
    const { db } = database;
    await db.delete(products).where(eq(products.id, 'lotus-urli'));
    await seedCatalog(db);
    const [left] = await db
      .select({ value: count() })
      .from(products)
      .where(sql`${products.id} = 'lotus-urli'`);
    expect(left?.value).toBe(0);
  });
});
