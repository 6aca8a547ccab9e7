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
import { addMedia, deleteMedia, moveMedia, setPrimaryMedia, updateMedia } from './index';

describe(`product media in the console on ${testDatabaseKind}`, () => {
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

  it('refuses every media write to a customer (403) and a visitor (401), changing nothing', async () => {
    const { db } = database;
    const { product, media } = await withMedia(2);
    const first = media[0]!.id;
    const snapshot = async () => ({
      products: await db.select().from(products).orderBy(products.id),
      media: await db.select().from(productMedia).orderBy(productMedia.id),
    });
    const before = await snapshot();
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      [
        'addMedia',
        (actor) => addMedia(db, actor, { productId: product.id, mediaUrl: '/images/x.webp' }),
      ],
      ['updateMedia', (actor) => updateMedia(db, actor, { id: first, mediaUrl: '/x.webp' })],
      ['deleteMedia', (actor) => deleteMedia(db, actor, { id: first })],
      ['setPrimaryMedia', (actor) => setPrimaryMedia(db, actor, { id: media[1]!.id })],
      ['moveMedia', (actor) => moveMedia(db, actor, { id: first, direction: 'down' })],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await snapshot()).toEqual(before);
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
    // An id that cannot name a media row is answered like a missing one, before any query.
    for (const call of [
      () => deleteMedia(db, admin, { id: 'not-a-uuid' }),
      () => updateMedia(db, admin, { id: 'not-a-uuid', mediaUrl: '/x.webp' }),
      () => setPrimaryMedia(db, admin, { id: 42 }),
      () => moveMedia(db, admin, { direction: 'up' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'not_found', message: 'Media not found' });
    }
    await expect(
      addMedia(db, admin, { productId: 'a\u0000b', mediaUrl: '/x.webp' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Product not found' });
  });
});
