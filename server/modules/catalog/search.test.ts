import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { seedCatalog } from '../../db/seed/catalog';
import { searchProducts } from './search';

describe(`header search on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('finds a product by its name, best first, with its score and relevance bars', async () => {
    const [first] = await searchProducts(database.db, 'Boat Ganesh');
    expect(first).toMatchObject({
      id: 'boat-ganesh',
      name: 'Boat Ganesh',
      categoryName: 'Divine Artistry',
      image: { url: '/images/products/boat-ganesh-1.svg' },
    });
    // spec §5: name +10; each word in the name +2 and in the description +1
    expect(first?.score).toBe(10 + 2 + 1 + 2 + 1);
    expect(first?.relevance).toBe(5);
  });

  it('finds products by their region', async () => {
    const results = await searchProducts(database.db, 'swamimalai');
    expect(results.map((result) => result.id)).toEqual(['brass-nandi']);
    expect(results[0]?.score).toBe(4);
    expect(results[0]?.relevance).toBe(2);
  });

  it('returns at most 6, and nothing for a blank query', async () => {
    expect(await searchProducts(database.db, 'marble')).toHaveLength(6);
    expect(await searchProducts(database.db, '   ')).toEqual([]);
  });

  it('never shows unpublished products', async () => {
    await insertProduct(database.db, { name: 'Secret Zebra Stand', published: false });
    expect(await searchProducts(database.db, 'zebra')).toEqual([]);
  });
});
