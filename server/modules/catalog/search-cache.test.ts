/**
 * The memoised search follows catalogue writes made by anyone (catalog/catalogue-cache.ts): on
 * PostgreSQL a second connection pool stands for another server process; PGlite notifies only
 * inside its own process, so there the write goes through the same handle.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog';
import { watchCatalogue, type CatalogueWatch } from '.';
import { searchProducts } from './search';

describe(`the search cache on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let writer: DatabaseHandle;
  let watch: CatalogueWatch;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
    writer =
      database.driver.kind === 'postgres' ? await openDatabase(database.driver.url) : database;
    watch = await watchCatalogue(database);
  });
  afterAll(async () => {
    await watch.stop();
    if (writer !== database) await writer.close();
    await database.destroy();
  });

  const names = async (query: string) =>
    (await searchProducts(database.db, query)).map((result) => result.name);

  it('serves from memory until told, and drops the memo on invalidate()', async () => {
    expect(await names('quetzal')).toEqual([]);
    // A write the triggers do not see (replica mode), as a missed notice would be.
    await writer.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(products).values({
        id: 'quetzal-feather-box',
        name: 'Quetzal Feather Box',
        priceMinor: 120_000,
        description: 'A lacquered box.',
        category: 'home',
        material: 'Wood',
      });
    });
    expect(await names('quetzal')).toEqual([]);
    watch.invalidate();
    expect(await names('quetzal')).toEqual(['Quetzal Feather Box']);
  });

  it('finds a product written through another handle, after the notice', async () => {
    expect(await names('zanzibar')).toEqual([]);
    await insertProduct(writer.db, { id: 'zanzibar-lamp', name: 'Zanzibar Lamp' });
    await expect.poll(() => names('zanzibar')).toEqual(['Zanzibar Lamp']);
  });

  it('shows a renamed product by its new name and a new primary image at once', async () => {
    await writer.db
      .update(products)
      .set({ name: 'Zanzibar Lantern' })
      .where(sql`${products.id} = 'zanzibar-lamp'`);
    await expect.poll(() => names('lantern')).toContain('Zanzibar Lantern');
    await writer.db.insert(productMedia).values({
      productId: 'zanzibar-lamp',
      mediaUrl: '/images/products/zanzibar.webp',
      isPrimary: true,
    });
    await expect
      .poll(async () => (await searchProducts(database.db, 'zanzibar'))[0]?.image?.url)
      .toBe('/images/products/zanzibar.webp');
  });

  it('drops an unpublished product', async () => {
    await writer.db
      .update(products)
      .set({ published: false })
      .where(sql`${products.id} = 'zanzibar-lamp'`);
    await expect.poll(() => names('zanzibar')).toEqual([]);
  });
});
