import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogueInto } from '../../../scripts/bench/generate-catalogue';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import type { Actor } from '../actor';
import { listConsoleProducts, PRODUCT_PICKER_LIMIT } from './index';

const admin: Actor = { userId: 'picker-admin', roles: ['admin'] };

describe(`the product picker among many products on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await generateCatalogueInto(database.db, 300);
    await insertProduct(database.db, { id: 'zari-peacock-lantern', name: 'Zari Peacock Lantern' });
    await insertProduct(database.db, {
      id: 'peacock-tray',
      name: 'peacock Tray',
      published: false,
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists the first products A to Z and says there are more', async () => {
    const picker = await listConsoleProducts(database.db, admin);
    expect(picker.products).toHaveLength(PRODUCT_PICKER_LIMIT);
    expect(picker.hasMore).toBe(true);
    const names = picker.products.map((product) => product.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain('zari peacock lantern');
  });

  it('finds a product by part of its name, ignoring case, unpublished ones too', async () => {
    const picker = await listConsoleProducts(database.db, admin, { search: ' PEACOCK ' });
    expect(picker).toEqual({
      products: [
        { id: 'peacock-tray', name: 'peacock Tray', published: false },
        { id: 'zari-peacock-lantern', name: 'Zari Peacock Lantern', published: true },
      ],
      hasMore: false,
    });
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const picker = await listConsoleProducts(database.db, admin, { search: '%' });
    expect(picker.products).toEqual([]);
  });

  it('is for administrators only', async () => {
    await expect(listConsoleProducts(database.db, null)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});
