/**
 * Making-of updates against a real database (docs/requirements.md §24): the owner posts a note with photos on
 * a paid order being made; the photos go through the image pipeline; the buyer reads the update
 * on her order, is mailed it once with its first photo, and integrations are told. Anyone else,
 * too many photos, a file that is not an image, an order not yet paid or already shipped: refused,
 * with nothing stored.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionUpdateProblems } from '../../../core/orders/production-updates';
import type { Notice } from '../../../core/admin/notices';
import { insertOrder, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { orderUpdates, quotationRequests, webhookDeliveries } from '../../db/schema';
import { localMediaStorage, type MediaStorage } from '../../media-storage';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { getOrderOfUser } from '../orders';
import { createWebhookEndpoint } from '../webhooks';
import { addProductionUpdate } from './index';

const config = loadConfig({ AUTH_SECRET: 'order-updates-test-secret-order-updates-xx' });
/** 2 December 2026, 11:00 in India. */
const NOW = new Date('2026-12-02T05:30:00Z');
const NOTE = 'The marble for your urli is cut and the inlay is half done.';

function temporaryStorage(): { directory: string; storage: MediaStorage } {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-update-')), 'media');
  return { directory, storage: localMediaStorage(directory) };
}

describe(`making-of updates on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let png: Buffer;
  let requests = 0;

  async function mailJobsOf(orderId: string) {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    return (result.rows as unknown as { id: string; data: MailJob }[]).filter(
      (job) =>
        job.data.kind === 'quotation-event' &&
        job.data.event === 'production-update' &&
        job.data.orderId === orderId,
    );
  }

  /** Asha's order of her quotation, in the state given. */
  async function order(status: string, paymentStatus: string | null) {
    const [request] = await database.db
      .insert(quotationRequests)
      .values({
        productName: 'Floral inlay marble urli',
        quantity: 1,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        customerEmail: 'asha@example.com',
        reference: `Q-20261202-${String((requests += 1)).padStart(4, '0')}`,
      })
      .returning();
    return insertOrder(database.db, {
      userId: buyer!.userId,
      status: status as 'processing',
      paymentStatus: paymentStatus as 'paid',
      paymentMethod: 'upi',
      totalAmountMinor: 2_49_200_00,
      quotationRequestId: request!.id,
    });
  }

  const post = (
    orderId: string,
    storage: MediaStorage,
    note: unknown,
    photos: Uint8Array[],
    actor: Actor = owner,
  ) => addProductionUpdate(database.db, actor, storage, { orderId, note, photos }, NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(database.db)).id, roles: [] };
    png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    await createWebhookEndpoint(
      database.db,
      owner,
      { url: 'http://127.0.0.1:9/hooks', events: ['order.production_update'] },
      { allowPrivate: true, requireHttps: false },
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('posts a note with two photos: stored as product media are, read by the buyer, mailed once, sent to integrations', async () => {
    const making = await order('processing', 'partially_paid');
    const { directory, storage } = temporaryStorage();
    const update = await post(making.id, storage, `  ${NOTE}  `, [png, png]);
    expect(update.note).toBe(NOTE);
    expect(update.photos).toHaveLength(2);
    expect(update.photos[0]).toMatchObject({ width: 800, height: 533 });
    expect(update.photos[0]!.url).toMatch(/^\/media\/[0-9a-f-]+-800\.webp$/);
    // WebP and AVIF at 400 and 800 wide, for each photo.
    expect(readdirSync(directory)).toHaveLength(8);

    const view = await getOrderOfUser(database.db, buyer, { orderId: making.id });
    expect(view.updates.map(({ note, photos }) => ({ note, photos: photos.length }))).toEqual([
      { note: NOTE, photos: 2 },
    ]);

    const jobs = await mailJobsOf(making.id);
    expect(jobs).toHaveLength(1);
    const mail = await mailOfNotice(
      database.db,
      jobs[0]!.data as Notice,
      await shopAtDelivery(database.db, config),
      NOW,
      { mailId: jobs[0]!.id },
    );
    expect(mail?.to).toBe('asha@example.com');
    expect(mail?.subject).toBe(`News of your order ${making.orderNumber}`);
    expect(mail?.text).toContain(NOTE);
    expect(mail?.text).toContain(`http://localhost:3000${update.photos[0]!.url}`);
    expect(mail?.text).toContain('1 more photo on your order’s page.');

    const [hook] = (await database.db.select().from(webhookDeliveries)).filter(
      (delivery) => delivery.eventType === 'order.production_update',
    );
    expect((hook!.payload as { data: unknown }).data).toEqual({
      orderId: making.id,
      orderNumber: making.orderNumber,
      updateId: update.id,
      note: NOTE,
      photoUrls: update.photos.map((photo) => photo.url),
    });
  });

  it('refuses anyone but the owner before a photo is decoded or stored', async () => {
    const making = await order('processing', 'paid');
    const { directory, storage } = temporaryStorage();
    let stored = 0;
    const watched: MediaStorage = {
      ...storage,
      put: async (...args) => {
        stored += 1;
        await storage.put(...args);
      },
    };
    for (const actor of [null, buyer]) {
      await expect(post(making.id, watched, NOTE, [png], actor)).rejects.toMatchObject({
        code: actor ? 'forbidden' : 'unauthenticated',
      });
    }
    expect(stored).toBe(0);
    expect(readdirSync(directory)).toEqual([]);
    expect(
      await database.db.select().from(orderUpdates).where(eq(orderUpdates.orderId, making.id)),
    ).toEqual([]);
  });

  it('refuses a bad note, too many photos, a file that is not an image, and an order not being made; nothing stays', async () => {
    const making = await order('confirmed', 'paid');
    const { directory, storage } = temporaryStorage();
    await expect(post(making.id, storage, '   ', [])).rejects.toThrow(
      productionUpdateProblems.note,
    );
    await expect(post(making.id, storage, 'x'.repeat(1001), [])).rejects.toThrow(
      productionUpdateProblems.noteTooLong,
    );
    await expect(post(making.id, storage, NOTE, [png, png, png, png, png])).rejects.toThrow(
      productionUpdateProblems.tooManyPhotos,
    );
    // The first photo is stored before the second is found wrong: it is removed again.
    await expect(
      post(making.id, storage, NOTE, [png, new TextEncoder().encode('<svg></svg>')]),
    ).rejects.toMatchObject({ code: 'invalid' });
    expect(readdirSync(directory)).toEqual([]);
    for (const [status, paymentStatus] of [
      ['pending', 'pending'],
      ['shipped', 'paid'],
      ['cancelled', 'refunded'],
    ] as const) {
      const closed = await order(status, paymentStatus);
      await expect(post(closed.id, storage, NOTE, [png])).rejects.toThrow(
        productionUpdateProblems.notOpen,
      );
    }
    expect(readdirSync(directory)).toEqual([]);
    expect(
      await database.db.select().from(orderUpdates).where(eq(orderUpdates.orderId, making.id)),
    ).toEqual([]);
    expect(await mailJobsOf(making.id)).toEqual([]);
    // A note alone is an update too.
    await post(making.id, storage, NOTE, []);
    expect(await mailJobsOf(making.id)).toHaveLength(1);
  });
});
