import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { productMedia, products } from '../../db/schema';
import type { Actor } from '../actor';
import { getPublishedProduct, listPublishedProducts } from '../catalog';
import {
  addMedia,
  createProduct,
  deleteMedia,
  deleteProduct,
  exportMediaCsv,
  getConsoleProduct,
  importMediaCsv,
  listConsoleProducts,
  moveMedia,
  setPrimaryMedia,
  updateMedia,
  updateProduct,
} from './index';

const productForm = {
  name: 'Marble Lotus Diya',
  price: '1249.50',
  description: 'A diya carved from one block of Makrana marble.',
  category: 'divine',
  material: 'Marble',
};

describe(`the product console on ${testDatabaseKind}`, () => {
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

  it('refuses every console read and write to a customer (403) and a visitor (401), changing nothing', async () => {
    const { db } = database;
    const { product, media } = await withMedia(2);
    const first = media[0]!.id;
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
      [
        'addMedia',
        (actor) => addMedia(db, actor, { productId: product.id, mediaUrl: '/images/x.webp' }),
      ],
      ['updateMedia', (actor) => updateMedia(db, actor, { id: first, mediaUrl: '/x.webp' })],
      ['deleteMedia', (actor) => deleteMedia(db, actor, { id: first })],
      ['setPrimaryMedia', (actor) => setPrimaryMedia(db, actor, { id: media[1]!.id })],
      ['moveMedia', (actor) => moveMedia(db, actor, { id: first, direction: 'down' })],
      ['importMediaCsv', (actor) => importMediaCsv(db, actor, { text: 'header\n' })],
      ['exportMediaCsv', (actor) => exportMediaCsv(db, actor)],
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

  it('adds media at the end by default and keeps exactly one primary', async () => {
    const { db } = database;
    const { product, media } = await withMedia(3);
    expect(media.map((item) => item.sortOrder)).toEqual([0, 1, 2]);
    await setPrimaryMedia(db, admin, { id: media[2]!.id });
    let primaries = (await mediaOf(product.id)).filter((item) => item.isPrimary);
    expect(primaries.map((item) => item.id)).toEqual([media[2]!.id]);
    // A new primary by the add form clears the old one too.
    await addMedia(db, admin, { productId: product.id, mediaUrl: '/n.webp', isPrimary: 'on' });
    primaries = (await mediaOf(product.id)).filter((item) => item.isPrimary);
    expect(primaries).toHaveLength(1);
    expect(primaries[0]).toMatchObject({ mediaUrl: '/n.webp', sortOrder: 3 });
  });

  it('swaps sort order with the neighbour; the first cannot move up, the last cannot move down', async () => {
    const { db } = database;
    const { product, media } = await withMedia(3);
    const [a, b, c] = media.map((item) => item.id);
    await moveMedia(db, admin, { id: b, direction: 'up' });
    expect((await mediaOf(product.id)).map((item) => item.id)).toEqual([b, a, c]);
    await moveMedia(db, admin, { id: b, direction: 'down' });
    expect((await mediaOf(product.id)).map((item) => item.id)).toEqual([a, b, c]);
    await expect(moveMedia(db, admin, { id: a, direction: 'up' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(moveMedia(db, admin, { id: c, direction: 'down' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await mediaOf(product.id)).map((item) => item.sortOrder)).toEqual([0, 1, 2]);
  });

  it('moves an item even when sort orders are equal', async () => {
    const { db } = database;
    const { product, media } = await withMedia(3);
    await db
      .update(productMedia)
      .set({ sortOrder: 0 })
      .where(eq(productMedia.productId, product.id));
    const last = media[2]!.id;
    await moveMedia(db, admin, { id: last, direction: 'up' });
    const order = (await mediaOf(product.id)).map((item) => item.id);
    expect(order.indexOf(last)).toBe(1);
  });

  it('edits and deletes media', async () => {
    const { db } = database;
    const { product, media } = await withMedia(2);
    await updateMedia(db, admin, {
      id: media[1]!.id,
      mediaUrl: 'https://example.com/v.mp4',
      mediaType: 'video',
      altText: 'Turning on the wheel',
    });
    expect((await mediaOf(product.id))[1]).toMatchObject({
      mediaType: 'video',
      altText: 'Turning on the wheel',
    });
    await deleteMedia(db, admin, { id: media[0]!.id });
    expect(await mediaOf(product.id)).toHaveLength(1);
    await expect(deleteMedia(db, admin, { id: media[0]!.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('deletes a product with its media in one go', async () => {
    const { db } = database;
    const { product } = await withMedia(2);
    await deleteProduct(db, admin, { id: product.id });
    expect(await db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await mediaOf(product.id)).toEqual([]);
  });

  describe('the CSV import', () => {
    let productIds: string[];
    beforeEach(async () => {
      const { db } = database;
      await db.delete(productMedia);
      productIds = [];
      for (let index = 0; index < 3; index += 1) {
        productIds.push((await insertProduct(db, { name: `Import Piece ${index}` })).id);
      }
      await addMedia(db, admin, { productId: productIds[0], mediaUrl: '/old.webp' });
    });

    function csvOf(
      count: number,
      row: (index: number) => string = (index) =>
        `${productIds[index % 3]},/images/${index}.webp,image,Picture ${index},${index},${index < 3 ? 'TRUE' : 'false'}`,
    ) {
      return ['product_id,media_url,media_type,alt_text,sort_order,is_primary']
        .concat(Array.from({ length: count }, (_, index) => row(index)))
        .join('\n');
    }

    it('replaces the media in batches of 50, reporting progress', async () => {
      const { db } = database;
      const progress: string[] = [];
      const report = await importMediaCsv(
        db,
        admin,
        { text: csvOf(1000) },
        ({ current, total }) => {
          progress.push(`${current}/${total}`);
        },
      );
      expect(report).toMatchObject({ imported: 1000, skipped: [] });
      expect(progress[0]).toBe('0/1000');
      expect(progress.slice(1)).toEqual(
        Array.from({ length: 20 }, (_, batch) => `${(batch + 1) * 50}/1000`),
      );
      const stored = await db.select().from(productMedia);
      expect(stored).toHaveLength(1000);
      expect(stored.some((item) => item.mediaUrl === '/old.webp')).toBe(false);
    });

    it('maps product names to ids and reports the skipped rows with their lines', async () => {
      const { db } = database;
      const text = [
        'product_id,media_url,media_type,alt_text,sort_order,is_primary',
        `Import Piece 1,"/images/a,b.webp",image,"Carved, polished",0,true`,
        'no-such-piece,/images/x.webp,image,x,0,false',
        `${productIds[2]},/images/y.webp,image,y,first,false`,
        `${productIds[2]},/images/z.webp`,
      ].join('\n');
      const report = await importMediaCsv(db, admin, { text });
      expect(report.imported).toBe(1);
      expect(report.skipped.map((row) => row.line)).toEqual([3, 4, 5]);
      const [stored] = await db.select().from(productMedia);
      expect(stored).toMatchObject({
        productId: productIds[1],
        mediaUrl: '/images/a,b.webp',
        altText: 'Carved, polished',
        isPrimary: true,
      });
    });

    it('leaves the old media exactly as they were when the 130th row fails to insert', async () => {
      const { db } = database;
      await db.execute(sql`
        create or replace function fail_on_poison() returns trigger language plpgsql as $$
        begin
          if new.media_url = '/poison.webp' then raise exception 'poisoned row'; end if;
          return new;
        end $$`);
      await db.execute(sql`
        create trigger product_media_poison before insert on product_media
        for each row execute function fail_on_poison()`);
      try {
        const before = await db.select().from(productMedia).orderBy(productMedia.id);
        const progress: number[] = [];
        await expect(
          importMediaCsv(
            db,
            admin,
            {
              text: csvOf(200, (index) =>
                index === 129
                  ? `${productIds[0]},/poison.webp,image,x,${index},false`
                  : `${productIds[index % 3]},/images/${index}.webp,image,x,${index},false`,
              ),
            },
            ({ current }) => {
              progress.push(current);
            },
          ),
        ).rejects.toThrow();
        // The first two batches went in before the third failed, and were rolled back.
        expect(progress).toEqual([0, 50, 100]);
        expect(await db.select().from(productMedia).orderBy(productMedia.id)).toEqual(before);
      } finally {
        await db.execute(sql`drop trigger product_media_poison on product_media`);
        await db.execute(sql`drop function fail_on_poison()`);
      }
    });

    it('keeps one primary per product when the file marks several', async () => {
      const { db } = database;
      const text = csvOf(
        2,
        (index) => `${productIds[0]},/images/${index}.webp,image,x,${index},TRUE`,
      );
      const report = await importMediaCsv(db, admin, { text });
      expect(report.imported).toBe(2);
      expect(report.notes.map((row) => row.line)).toEqual([3]);
      const primaries = (await mediaOf(productIds[0]!)).filter((item) => item.isPrimary);
      expect(primaries.map((item) => item.mediaUrl)).toEqual(['/images/0.webp']);
    });

    it('exports the media in the import format, formula cells neutralised', async () => {
      const { db } = database;
      await addMedia(db, admin, {
        productId: productIds[1],
        mediaUrl: '/images/e.webp',
        altText: '=HYPERLINK("http://evil.example")',
        isPrimary: 'on',
      });
      const csv = await exportMediaCsv(db, admin);
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('product_id,media_url,media_type,alt_text,sort_order,is_primary');
      const exported = lines.find((line) => line.includes('/images/e.webp'));
      expect(exported).toContain(`'=HYPERLINK`);
      expect(exported).toMatch(/,TRUE$/);
    });
  });
});
