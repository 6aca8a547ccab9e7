/**
 * The return mails as the worker delivers them, from real rows (docs/requirements.md §24 "Returns"): the
 * buyer asks to return pieces of her delivered order and the owner is mailed what, why, her photos
 * (links to their whole addresses) and the way to answer; the owner approves with instructions or
 * declines with a reason and the buyer is mailed them; the refund that closes an approved return
 * names its pieces in the refund mail.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import type { Notice } from '../../../core/admin/notices';
import { insertOrder, insertOrderItem, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { quotationRequests } from '../../db/schema';
import { refundReturn } from '../../flows/refund-return';
import { localMediaStorage } from '../../media-storage';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { decideReturn, requestReturn } from '../returns';

const config = loadConfig({ AUTH_SECRET: 'mail-facts-test-secret-mail-facts-test-xx' });
const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 10 December 2026, 11:00 in India: a week after the delivery. */
const NOW = new Date('2026-12-10T05:30:00Z');
const DELIVERED_AT = new Date('2026-12-03T06:30:00Z');
const BUYER_EMAIL = 'asha@example.com';
const context = { now: NOW, timeZone: site.shopTimeZone };

const wordsOf = (text: string) => text.replaceAll(/\s+/g, ' ');

describe(`the return mails from the database on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let png: Buffer;
  let requests = 0;
  const storage = localMediaStorage(
    path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-return-mail-')), 'media'),
  );

  /** The mails of `event` queued for `orderId`, each as the worker delivers it. */
  async function mailsOf(event: string, orderId: string) {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    const jobs = (result.rows as unknown as { id: string; data: MailJob }[]).filter(
      (job) =>
        job.data.kind === 'quotation-event' &&
        job.data.event === event &&
        job.data.orderId === orderId,
    );
    const shop = await shopAtDelivery(database.db, config);
    const delivered = [];
    for (const job of jobs) {
      delivered.push(
        await mailOfNotice(database.db, job.data as Notice, shop, NOW, { mailId: job.id }),
      );
    }
    return delivered.filter((mail) => mail !== null);
  }

  /** Asha's delivered order of her quotation: 3 planters and a mirror, paid in full. */
  async function deliveredOrder() {
    const { db } = database;
    const [request] = await db
      .insert(quotationRequests)
      .values({
        productName: 'Blue pottery planter',
        quantity: 3,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        customerEmail: BUYER_EMAIL,
        reference: `Q-20261201-${String((requests += 1)).padStart(4, '0')}`,
      })
      .returning();
    const order = await insertOrder(db, {
      userId: buyer!.userId,
      status: 'delivered',
      deliveredAt: DELIVERED_AT,
      paymentStatus: 'paid',
      paymentMethod: 'upi',
      paymentId: 'UTR600000000001',
      subtotalMinor: 60_000_00,
      totalAmountMinor: 60_000_00,
      quotationRequestId: request!.id,
    });
    const planter = await insertOrderItem(db, {
      orderId: order.id,
      productName: 'Blue Pottery Planter',
      quantity: 3,
      unitPriceMinor: 10_000_00,
    });
    const mirror = await insertOrderItem(db, {
      orderId: order.id,
      productName: 'Sheesham Jharokha Mirror',
      quantity: 1,
      unitPriceMinor: 30_000_00,
    });
    return { order, planter, mirror };
  }

  /** Asha asks to return 2 planters and the mirror, with `photos`. */
  async function askToReturn(photos: Uint8Array[]) {
    const { order, planter, mirror } = await deliveredOrder();
    const asked = await requestReturn(
      database.db,
      buyer,
      storage,
      {
        orderId: order.id,
        request: {
          pieces: [
            { orderItemId: planter.id, quantity: 2 },
            { orderItemId: mirror.id, quantity: 1 },
          ],
          reason: 'Two planters arrived chipped.\nThe mirror is too small for the wall.',
          condition: true,
        },
        photos,
      },
      context,
    );
    return { order, asked };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(database.db, { email: BUYER_EMAIL })).id, roles: [] };
    png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('mails the owner the request once: the pieces, the reason, a link to each photo and the way to answer', async () => {
    const { order, asked } = await askToReturn([png, png]);
    const [mail, ...more] = await mailsOf('return-requested', order.id);
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(site.shopEmail);
    expect(mail?.replyTo).toBe(BUYER_EMAIL);
    expect(mail?.subject).toBe(`Return requested for ${order.orderNumber}`);
    const text = wordsOf(mail!.text);
    expect(text).toContain(`Asha Rao asks to return pieces of order ${order.orderNumber}.`);
    expect(text).toContain('2 × Blue Pottery Planter 1 × Sheesham Jharokha Mirror');
    expect(mail!.text).toContain(
      'Reason: Two planters arrived chipped.\nThe mirror is too small for the wall.',
    );
    expect(text).toContain('2 photos with the request.');
    // The stored photos' whole addresses, as links: the mail loads none of them.
    expect(asked.photos).toHaveLength(2);
    for (const [index, photo] of asked.photos.entries()) {
      expect(mail!.text).toContain(
        `Photo ${index + 1}\n${new URL(photo.url, config.publicUrl).href}`,
      );
    }
    expect(mail!.html).not.toMatch(/<img\b[^>]*media/i);
    expect(mail!.text).toContain(
      `Answer the Return\n${config.publicUrl}/admin?tab=orders&q=${order.orderNumber}`,
    );
  });

  it('mails the buyer the approval with its instructions, then names the pieces in the refund that closes it', async () => {
    const { order, asked } = await askToReturn([]);
    const [request] = await mailsOf('return-requested', order.id);
    expect(request?.text).not.toMatch(/photo/i);

    await decideReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        answer: {
          decision: 'approve',
          note: 'Pack them in their boxes.\nSend them to 14 Johari Bazar, Jaipur.',
        },
      },
      NOW,
    );
    const [approved, ...more] = await mailsOf('return-approved', order.id);
    expect(more).toHaveLength(0);
    expect(approved?.to).toBe(BUYER_EMAIL);
    expect(approved?.subject).toBe(`Your return for ${order.orderNumber} is approved`);
    const text = wordsOf(approved!.text);
    expect(text).toContain(
      'We have approved the return of: 2 × Blue Pottery Planter 1 × Sheesham Jharokha Mirror How to send them back:',
    );
    expect(approved!.text).toContain(
      'Pack them in their boxes.\nSend them to 14 Johari Bazar, Jaipur.',
    );
    expect(text).toContain('Return shipping is yours to arrange and pay.');
    expect(text).toContain('We will refund you once the pieces are back with us.');
    expect(approved!.text).toContain(`View your order\n${config.publicUrl}/quotes/`);

    await refundReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        refund: { amount: '50000', method: 'upi', reference: 'UTR612345678901' },
      },
      site,
      NOW,
    );
    const [refunded] = await mailsOf('order-refunded', order.id);
    const refundText = wordsOf(refunded!.text);
    const sentence =
      'This refund is for the pieces you returned: 2 × Blue Pottery Planter, 1 × Sheesham Jharokha Mirror.';
    expect(refundText).toContain(sentence);
    expect(refundText.indexOf(sentence)).toBeGreaterThan(
      refundText.indexOf('We have refunded ₹50,000'),
    );
  });

  it('mails the buyer the decline with its reason', async () => {
    const { order, asked } = await askToReturn([png]);
    await decideReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        answer: { decision: 'decline', note: 'The chips are the glaze of hand-made pottery.' },
      },
      NOW,
    );
    const [declined, ...more] = await mailsOf('return-declined', order.id);
    expect(more).toHaveLength(0);
    expect(declined?.to).toBe(BUYER_EMAIL);
    expect(declined?.subject).toBe(`Your return for ${order.orderNumber} was declined`);
    const text = wordsOf(declined!.text);
    expect(text).toContain(
      'We cannot accept the return of: 2 × Blue Pottery Planter 1 × Sheesham Jharokha Mirror',
    );
    expect(text).toContain('Why: The chips are the glaze of hand-made pottery.');
    expect(text).toContain('If you have a question, reply to this mail.');
    // Her photos are for the owner.
    expect(declined!.text).not.toContain('/media/');
    expect(await mailsOf('return-approved', order.id)).toHaveLength(0);
  });
});
