import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { productMedia, products } from '../../db/schema';
import type { Actor } from '../actor';
import { parseShopQuery } from '../../../core/catalog/shop-query';
import {
  getPublishedProduct,
  listPublishedProducts,
  listShopPage,
  watchCatalogue,
} from '../catalog';
import { addMedia } from '../product-media';
import { createProduct, listConsoleProducts, updateProduct } from './index';
import { deleteProduct } from '../../flows/delete-product';
import { readConsoleProduct as getConsoleProduct } from '../../flows/read-console-product';

const productForm = {
  name: 'Marble Lotus Diya',
  price: '1249.50',
  description: 'A diya carved from one block of Makrana marble.',
  category: 'divine',
  material: 'Marble',
};

describe(`products in the console on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let admin: Actor;
  let customer: Actor;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    customer = { userId: (await insertUser(database.db)).id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function mediaOf(productId: string) {
    return database.db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productId, productId))
      .orderBy(asc(productMedia.sortOrder));
  }

  async function withMedia(count: number) {
    const product = await insertProduct(database.db);
    for (let index = 0; index < count; index += 1) {
      await addMedia(database.db, admin, {
        productId: product.id,
        mediaUrl: `/images/${product.id}-${index}.webp`,
        isPrimary: index === 0 ? 'on' : undefined,
      });
    }
    return { product, media: await mediaOf(product.id) };
  }

  it('refuses every product read and write to a customer (403) and a visitor (401), changing nothing', async () => {
    const { db } = database;
    const { product } = await withMedia(2);
    const snapshot = async () => ({
      products: await db.select().from(products).orderBy(products.id),
      media: await db.select().from(productMedia).orderBy(productMedia.id),
    });
    const before = await snapshot();
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['listConsoleProducts', (actor) => listConsoleProducts(db, actor)],
      ['getConsoleProduct', (actor) => getConsoleProduct(db, actor, product.id)],
      ['createProduct', (actor) => createProduct(db, actor, productForm)],
      ['updateProduct', (actor) => updateProduct(db, actor, { id: product.id, ...productForm })],
      ['deleteProduct', (actor) => deleteProduct(db, actor, { id: product.id })],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates a product with the spec §4 defaults and a unique slug id', async () => {
    const { db } = database;
    const first = await createProduct(db, admin, {
      ...productForm,
      inStock: 'on',
      published: 'on',
    });
    expect(first).toMatchObject({
      id: 'marble-lotus-diya',
      priceMinor: 124_950,
      inStock: true,
      published: true,
      featured: false,
      bestseller: false,
      newArrival: false,
    });
    const second = await createProduct(db, admin, productForm);
    expect(second.id).toBe('marble-lotus-diya-2');
  });

  it('refuses a product without its required fields, with the spec message, storing nothing', async () => {
    const { db } = database;
    const before = await db.select().from(products);
    for (const missing of ['name', 'price', 'description', 'category', 'material'] as const) {
      await expect(
        createProduct(db, admin, { ...productForm, [missing]: '' }),
        missing,
      ).rejects.toMatchObject({ code: 'invalid', message: 'Please fill in all required fields' });
    }
    expect(await db.select().from(products)).toHaveLength(before.length);
  });

  it('keeps the HSN code the owner types, clears it when emptied, and refuses one not of 4 to 8 digits', async () => {
    const { db } = database;
    const created = await createProduct(db, admin, { ...productForm, hsnCode: ' 6802 ' });
    expect(created.hsnCode).toBe('6802');
    for (const wrong of ['68', '680212345', '68O2']) {
      await expect(
        updateProduct(db, admin, { id: created.id, ...productForm, hsnCode: wrong }),
        wrong,
      ).rejects.toMatchObject({ code: 'invalid', message: 'An HSN code is 4 to 8 digits.' });
    }
    const [kept] = await db.select().from(products).where(eq(products.id, created.id));
    expect(kept?.hsnCode).toBe('6802');
    const cleared = await updateProduct(db, admin, { id: created.id, ...productForm, hsnCode: '' });
    expect(cleared.hsnCode).toBeNull();
  });

  it('updates a product and hides it from the storefront when unpublished', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    const updated = await updateProduct(db, admin, {
      id: product.id,
      ...productForm,
      name: 'Renamed Piece',
    });
    expect(updated).toMatchObject({ id: product.id, name: 'Renamed Piece', published: false });
    // Unticked "Published": gone from the storefront and its search.
    expect(await getPublishedProduct(db, product.id)).toBeNull();
    expect((await listPublishedProducts(db)).some((item) => item.id === product.id)).toBe(false);
  });

  it('deletes a product with its media in one go', async () => {
    const { db } = database;
    const { product } = await withMedia(2);
    await deleteProduct(db, admin, { id: product.id });
    expect(await db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await mediaOf(product.id)).toEqual([]);
  });
  it('drops the memoised catalogue when the module writes, whoever called it', async () => {
    const watch = await watchCatalogue(database);
    try {
      const materials = async () =>
        (await listShopPage(database.db, { query: parseShopQuery(new URLSearchParams()) }))
          .materials;
      expect(await materials()).not.toContain('Onyx');
      const created = await createProduct(database.db, admin, {
        ...productForm,
        material: 'Onyx',
        published: 'on',
      });
      // Read at once, before any change notice can arrive: the writer sees its own write.
      expect(await materials()).toContain('Onyx');
      await updateProduct(database.db, admin, {
        ...productForm,
        id: created.id,
        material: 'Jade',
        published: 'on',
      });
      expect(await materials()).toEqual(expect.arrayContaining(['Jade']));
      expect(await materials()).not.toContain('Onyx');
    } finally {
      await watch.stop();
    }
  });
});
