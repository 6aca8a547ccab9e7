/**
 * The buyer's mail of each shipment (docs/requirements.md §24): recording a shipment of an order
 * made from a quotation queues her "Your order {number} has shipped" in its transaction; the
 * worker delivers it with the carrier, the tracking number beside its link, the pieces, a link to
 * the first photo of the packed boxes when there is one, and the order's tax invoice attached
 * when it has one.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import type { Notice } from '../../../core/admin/notices';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { quotationRequests } from '../../db/schema';
import { localMediaStorage } from '../../media-storage';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import { issueInvoice } from '../invoices';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { recordShipment, withShipmentPhotos } from './index';

const config = loadConfig({ AUTH_SECRET: 'shipped-mail-test-secret-shipped-mail-test' });
const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 30 November 2026, 11:00 in India. */
const SHIPPING_DAY = new Date('2026-11-30T05:30:00Z');
const BUYER_EMAIL = 'asha@example.com';
const BLUE_DART_LINK =
  'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901';
const MORE_TO_FOLLOW = 'More pieces of your order will follow in another shipment.';

interface QueuedMail {
  id: string;
  data: MailJob;
}

/** A mail's plain-text part as one line of words. */
const wordsOf = (text: string) => text.replaceAll(/\s+/g, ' ');

describe(`the shipped mail on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let elephantsId: string;
  let requests = 0;

  /** Every mail job queued so far, oldest first. */
  async function mailJobs(): Promise<QueuedMail[]> {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    return result.rows as unknown as QueuedMail[];
  }

  async function deliver(job: QueuedMail | { id: string; data: Notice }) {
    return mailOfNotice(
      database.db,
      job.data as Notice,
      await shopAtDelivery(database.db, config),
      SHIPPING_DAY,
      { mailId: job.id },
    );
  }

  /**
   * A paid order in processing of `quantity` Makrana elephant pairs, made from a quotation of
   * Asha's unless `fromQuotation` is false.
   */
  async function processingOrder({
    quantity = 2,
    fromQuotation = true,
  }: { quantity?: number; fromQuotation?: boolean } = {}) {
    const { db } = database;
    const [request] = fromQuotation
      ? await db
          .insert(quotationRequests)
          .values({
            productName: 'Makrana marble elephant pair',
            quantity,
            customerName: 'Asha Rao',
            customerMobile: '+91 98290 00000',
            customerEmail: BUYER_EMAIL,
            reference: `Q-20261130-${String((requests += 1)).padStart(4, '0')}`,
          })
          .returning()
      : [];
    const order = await insertOrder(db, {
      userId: null,
      status: 'processing',
      paymentStatus: 'paid',
      paymentMethod: 'bank transfer',
      paymentId: 'UTR0001',
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      },
      subtotalMinor: 135_000 * quantity,
      taxAmountMinor: 16_200 * quantity,
      totalAmountMinor: 151_200 * quantity,
      quotationRequestId: request?.id ?? null,
    });
    const item = await insertOrderItem(db, {
      orderId: order.id,
      productId: elephantsId,
      productName: 'Makrana marble elephant pair',
      quantity,
      unitPriceMinor: 135_000,
    });
    return { order, item, request: request ?? null };
  }

  /**
   * Records a Blue Dart shipment of `quantity` of the order's item, with the photos of its boxes
   * stored first; the shipped mails it queued.
   */
  async function ship(
    orderId: string,
    orderItemId: string,
    quantity: number,
    now = SHIPPING_DAY,
    photos: Uint8Array[] = [],
  ) {
    const before = new Set((await mailJobs()).map((job) => job.id));
    const shipment = {
      carrier: 'blue-dart',
      trackingNumber: '12345678901',
      trackingUrl: '',
      dispatchedOn: now.toISOString().slice(0, 10),
      boxes: 1,
      pieces: [{ orderItemId, quantity }],
    };
    const storage = localMediaStorage(
      path.join(mkdtempSync(path.join(os.tmpdir(), 'shipped-mail-')), 'media'),
    );
    const recorded = await withShipmentPhotos(owner, storage, { shipment, photos }, (stored) =>
      database.db.transaction((tx) =>
        recordShipment(tx, owner, { orderId, shipment, photos: stored }, now),
      ),
    );
    const jobs = (await mailJobs()).filter(
      (job) =>
        !before.has(job.id) &&
        job.data.kind === 'quotation-event' &&
        job.data.event === 'order-shipped',
    );
    return { shipment: recorded.shipment, jobs };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    elephantsId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('mails the buyer the carrier, the tracking number and its link, and the pieces, with her invoice attached', async () => {
    const { order, item, request } = await processingOrder();
    const invoice = await issueInvoice(
      database.db,
      owner,
      { orderId: order.id },
      site,
      SHIPPING_DAY,
    );
    expect(invoice.number).toBe('KK/26-27/0001');

    const { shipment, jobs } = await ship(order.id, item.id, 2);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({
      event: 'order-shipped',
      to: 'customer',
      quotationId: request!.id,
      orderId: order.id,
      shipmentId: shipment.id,
      // docs/requirements.md §13: the shop's own mail, which no limit holds.
      cause: { by: 'shop' },
    });

    const mail = await deliver(jobs[0]!);
    expect(mail?.to).toBe(BUYER_EMAIL);
    expect(mail?.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    const text = wordsOf(mail!.text);
    expect(text).toContain('Dear Asha Rao,');
    expect(text).toContain(
      `Your order ${order.orderNumber} left us on November 30, 2026 with Blue Dart.`,
    );
    expect(text).toContain('Tracking number: 12345678901');
    expect(mail!.text.split('\n')).toContain(BLUE_DART_LINK);
    expect((mail!.html ?? '').replaceAll('&amp;', '&')).toContain(`href="${BLUE_DART_LINK}"`);
    expect(text).toContain('2 × Makrana marble elephant pair');
    expect(text).toContain('1 box');
    // Every piece has left: nothing more to follow.
    expect(text).not.toContain(MORE_TO_FOLLOW);
    // Her private link to the quotation page.
    expect(text).toMatch(new RegExp(`/quotes/${request!.reference}\\?key=\\S+`));

    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({
      filename: 'Tax-Invoice-KK-26-27-0001.pdf',
      contentType: 'application/pdf',
    });
    expect(attachment!.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('attaches nothing to the mail of an order without an invoice', async () => {
    const { order, item } = await processingOrder();
    const { jobs } = await ship(order.id, item.id, 2);
    expect(jobs).toHaveLength(1);
    const mail = await deliver(jobs[0]!);
    expect(mail?.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(mail?.attachments ?? []).toEqual([]);
    expect(wordsOf(mail!.text)).not.toContain('invoice');
  });

  it('says more pieces will follow while some are left, each mail as of its own shipment', async () => {
    const { order, item } = await processingOrder({ quantity: 3 });
    const first = await ship(order.id, item.id, 2);
    const second = await ship(order.id, item.id, 1, new Date('2026-12-01T05:30:00Z'));
    // Delivered after the second shipment was recorded, the first still tells of its own.
    const firstMail = wordsOf((await deliver(first.jobs[0]!))!.text);
    expect(firstMail).toContain('2 × Makrana marble elephant pair');
    expect(firstMail).toContain(MORE_TO_FOLLOW);
    const secondMail = wordsOf((await deliver(second.jobs[0]!))!.text);
    expect(secondMail).toContain('left us on December 1, 2026');
    expect(secondMail).toContain('1 × Makrana marble elephant pair');
    expect(secondMail).not.toContain(MORE_TO_FOLLOW);
  });

  it('links the first photo of the packed boxes by its whole address, and no photo without', async () => {
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 150, g: 110, b: 60 } },
    })
      .png()
      .toBuffer();
    const { order, item } = await processingOrder({ quantity: 2 });
    const { shipment, jobs } = await ship(order.id, item.id, 1, SHIPPING_DAY, [png, png]);
    expect(shipment.photos).toHaveLength(2);
    const mail = await deliver(jobs[0]!);
    const photo = `${config.publicUrl}${shipment.photos[0]!.url}`;
    expect(photo).toMatch(/^http:\/\/localhost:3000\/media\/[0-9a-f-]+-400\.webp$/);
    expect(mail!.text).toContain(`See the photo of your packed boxes\n${photo}`);
    expect(mail!.html).toContain(`href="${photo}"`);
    expect(mail!.text).not.toContain(shipment.photos[1]!.url);
    // A link, never a picture: a mail loads nothing from elsewhere.
    expect(mail!.html).not.toMatch(/<img\b/i);

    const without = await deliver((await ship(order.id, item.id, 1)).jobs[0]!);
    expect(without!.text).not.toContain('photo');
  });

  it('mails nothing for a shipment of another order, nor for an order made without a quotation', async () => {
    const mine = await processingOrder();
    const other = await processingOrder();
    const { shipment } = await ship(other.order.id, other.item.id, 2);
    expect(
      await deliver({
        id: 'forged',
        data: {
          kind: 'quotation-event',
          event: 'order-shipped',
          to: 'customer',
          quotationId: mine.request!.id,
          orderId: mine.order.id,
          shipmentId: shipment.id,
        },
      }),
    ).toBeNull();

    const direct = await processingOrder({ fromQuotation: false });
    expect((await ship(direct.order.id, direct.item.id, 2)).jobs).toEqual([]);
  });
});
