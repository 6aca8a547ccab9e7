/**
 * docs/requirements.md §14 against a real database: an upload is authorised before the image is
 * decoded or stored and leaves no file behind when its row cannot be written.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { productMedia } from '../../db/schema';
import type { Actor } from '../actor';
import { localMediaStorage, type MediaStorage } from '../../media-storage';
import { addUploadedMedia } from './index';

function temporaryStorage(): { directory: string; storage: MediaStorage } {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-upload-')), 'media');
  return { directory, storage: localMediaStorage(directory) };
}

describe(`uploaded media on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let admin: Actor;
  let customer: Actor;
  let png: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    customer = { userId: (await insertUser(database.db)).id, roles: [] };
    png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const mediaRowsOf = (productId: string) =>
    database.db.select().from(productMedia).where(eq(productMedia.productId, productId));

  it('refuses a visitor (401) and a customer (403) before the image is decoded or stored', async () => {
    const product = await insertProduct(database.db);
    const { directory, storage } = temporaryStorage();
    let decodedOrStored = 0;
    const watched: MediaStorage = {
      ...storage,
      put: async (...args) => {
        decodedOrStored += 1;
        await storage.put(...args);
      },
    };
    const input = { productId: product.id, altText: 'Front', image: png };

    await expect(addUploadedMedia(database.db, null, watched, input)).rejects.toMatchObject({
      name: 'DomainError',
      code: 'unauthenticated',
      message: 'Please sign in to continue.',
    });
    await expect(addUploadedMedia(database.db, customer, watched, input)).rejects.toMatchObject({
      name: 'DomainError',
      code: 'forbidden',
      message: 'You do not have administrator privileges.',
    });

    expect(decodedOrStored).toBe(0);
    expect(readdirSync(directory)).toEqual([]);
    expect(await mediaRowsOf(product.id)).toEqual([]);
  });

  it("stores the admin's upload as variants and adds its row, pointing at the largest WebP", async () => {
    const product = await insertProduct(database.db);
    const { directory, storage } = temporaryStorage();

    const media = await addUploadedMedia(database.db, admin, storage, {
      productId: product.id,
      altText: 'Front view',
      isPrimary: 'on',
      // An upload is an image whatever the form says.
      mediaType: 'video',
      image: png,
    });

    const files = readdirSync(directory).sort();
    expect(files).toHaveLength(4);
    expect(media).toMatchObject({
      productId: product.id,
      mediaType: 'image',
      altText: 'Front view',
      isPrimary: true,
      sortOrder: 0,
    });
    expect(media.mediaUrl).toMatch(/^\/media\/[0-9a-f-]{36}-800\.webp$/);
    expect(files).toContain(path.basename(media.mediaUrl));
    expect(await mediaRowsOf(product.id)).toHaveLength(1);
  });

  it('deletes the stored files when the row cannot be inserted (unknown product)', async () => {
    const { directory, storage } = temporaryStorage();
    let stored = 0;
    const counting: MediaStorage = {
      ...storage,
      put: async (...args) => {
        stored += 1;
        await storage.put(...args);
      },
    };

    await expect(
      addUploadedMedia(database.db, admin, counting, { productId: 'no-such-piece', image: png }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Product not found' });

    // The files were written, then removed again: none is left without its row.
    expect(stored).toBe(4);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('deletes the stored files when the database refuses the insert', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    const { directory, storage } = temporaryStorage();
    await db.execute(sql`
      create or replace function refuse_media() returns trigger language plpgsql as $$
      begin raise exception 'media refused'; end $$`);
    await db.execute(sql`
      create trigger product_media_refused before insert on product_media
      for each row execute function refuse_media()`);
    try {
      await expect(
        addUploadedMedia(db, admin, storage, { productId: product.id, image: png }),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger product_media_refused on product_media`);
      await db.execute(sql`drop function refuse_media()`);
    }
    expect(readdirSync(directory)).toEqual([]);
    expect(await mediaRowsOf(product.id)).toEqual([]);
  });

  it("checks the form's other fields before the image is decoded", async () => {
    const product = await insertProduct(database.db);
    const { directory, storage } = temporaryStorage();
    await expect(
      addUploadedMedia(database.db, admin, storage, {
        productId: product.id,
        altText: 'a'.repeat(301),
        image: png,
      }),
    ).rejects.toMatchObject({ code: 'invalid', message: 'Please keep this under 300 characters' });
    expect(readdirSync(directory)).toEqual([]);
  });
});
