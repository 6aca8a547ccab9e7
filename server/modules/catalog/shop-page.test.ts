/**
 * The SQL shop listing against the rules of core/catalog/shop-listing.ts: for every sort, filter and page
 * the database must return what the pure rules return over the whole published catalogue.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogueInto } from '../../../scripts/bench/generate-catalogue';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { findCategoryByValue, type CategoryValue } from '../../../core/catalog/categories';
import {
  applyShopQuery,
  distinctMaterials,
  SORT_OPTIONS,
  type ShopQuery,
} from '../../../core/catalog/shop-listing';
import { parseShopQuery } from '../../../core/catalog/shop-query';
import { products, reviews } from '../../db/schema';
import { listShopPage, watchCatalogue, type CatalogueWatch } from './index';

describe(`the SQL shop listing on ${testDatabaseKind}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await generateCatalogueInto(database.db, 130);
    // Names that differ only in case, and a tie broken by id, on top of the generated ones.
    await insertProduct(database.db, { id: 'alpha-b', name: 'ALPHA lamp', material: 'Brass' });
    await insertProduct(database.db, { id: 'alpha-a', name: 'alpha lamp', material: 'Brass' });
    await insertProduct(database.db, { id: 'hidden-lamp', name: 'Hidden Lamp', published: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The whole published catalogue as the pure rules see it, review counts counted afresh. */
  async function catalogue() {
    const counted = await database.db
      .select({ productId: reviews.productId, value: count() })
      .from(reviews)
      .groupBy(reviews.productId);
    const reviewCounts = new Map(counted.map((row) => [row.productId, row.value]));
    // In catalogue order, newest first, as the search index holds it: ties keep this order.
    const rows = await database.db
      .select()
      .from(products)
      .where(eq(products.published, true))
      .orderBy(desc(products.createdAt), asc(products.name));
    return rows.map((row) => ({
      ...row,
      categorySlug: findCategoryByValue(row.category)?.slug ?? row.category,
      reviewCount: reviewCounts.get(row.id) ?? 0,
    }));
  }

  const filters: [string, CategoryValue | undefined, string][] = [
    ['everything', undefined, ''],
    ['a category', 'divine', ''],
    ['two materials', undefined, 'material=Brass&material=Wood'],
    ['a price range', undefined, 'minPrice=1000&maxPrice=4000'],
    ['all filters together', 'home', 'material=Marble&material=Brass&minPrice=500&maxPrice=9000'],
    ['no match', undefined, 'minPrice=20000'],
  ];

  it.each(filters)(
    'gives the rules’ products, order, total and "Load more" for every sort: %s',
    async (_label, category, search) => {
      const everything = await catalogue();
      const inCategory = everything.filter((row) => !category || row.category === category);
      for (const { value: sort } of SORT_OPTIONS) {
        for (const page of [1, 2, 7]) {
          const query: ShopQuery = parseShopQuery(
            new URLSearchParams(`${search}&sort=${sort}&page=${page}`),
          );
          const expected = applyShopQuery(inCategory, query);
          const listed = await listShopPage(database.db, { category, query });
          expect({
            ids: listed.products.map((product) => product.id),
            total: listed.total,
            hasMore: listed.hasMore,
          }).toEqual({
            ids: expected.products.map((product) => product.id),
            total: expected.total,
            hasMore: expected.hasMore,
          });
        }
      }
    },
  );

  it('shows each product with its primary image and review count', async () => {
    const listed = await listShopPage(database.db, {
      query: parseShopQuery(new URLSearchParams('sort=name-a-z')),
    });
    const [first] = listed.products;
    expect(first).toMatchObject({ id: 'alpha-a', name: 'alpha lamp' });
    const bench = listed.products.find((product) => product.id === 'bench-3');
    expect(bench?.primaryImage?.url).toMatch(/^\/images\/products\//);
    expect(bench?.reviewCount).toBe(3);
  });

  it('offers the materials of all published products, whatever the category', async () => {
    const listed = await listShopPage(database.db, {
      category: 'culinary',
      query: parseShopQuery(new URLSearchParams()),
    });
    expect(listed.materials).toEqual(distinctMaterials(await catalogue()));
  });

  it('ranks a searched listing as the header search does, and pages it', async () => {
    const everything = await catalogue();
    for (const search of ['q=brass+lamp', 'q=rajasthan&sort=price-high&page=2', 'q=zebra']) {
      const query = parseShopQuery(new URLSearchParams(search));
      const expected = applyShopQuery(everything, query);
      const listed = await listShopPage(database.db, { query });
      expect(listed.products.map((product) => product.id)).toEqual(
        expected.products.map((product) => product.id),
      );
      expect(listed.total).toBe(expected.total);
    }
  });

  describe('while the catalogue is watched', () => {
    let watch: CatalogueWatch;
    beforeAll(async () => {
      watch = await watchCatalogue(database);
    });
    afterAll(async () => {
      await watch.stop();
    });

    it('counts a product added after the count was memoised', async () => {
      const query = parseShopQuery(new URLSearchParams('material=Onyx'));
      expect((await listShopPage(database.db, { query })).total).toBe(0);
      await insertProduct(database.db, { id: 'onyx-bowl', name: 'Onyx Bowl', material: 'Onyx' });
      await expect.poll(async () => (await listShopPage(database.db, { query })).total).toBe(1);
      await expect
        .poll(async () => (await listShopPage(database.db, { query })).materials)
        .toContain('Onyx');
    });
  });
});
