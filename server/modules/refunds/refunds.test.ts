/**
 * Refunds and deliveries against a real database (docs/requirements.md §24, docs/decisions/028): "Cancel
 * Order" of an order with money received records its refund, all of it ("Refunded") or a part
 * ("Partly Refunded", then "Record Refund" for the rest); the buyer is mailed once for each, with
 * the cancellation's credit note attached when the order had an invoice; a refund of more than is
 * left, or by anyone but the owner, changes nothing. A delivery, by the owner's "Mark as
 * Delivered" or the buyer's "I Have Received It", mails the buyer once and tells integrations.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { orderActionRefusals } from '../../../core/admin/admin';
import type { Notice } from '../../../core/admin/notices';
import { refundProblems } from '../../../core/orders/refunds';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { orderRefunds, orders, quotationRequests, webhookDeliveries } from '../../db/schema';
import { applyOrderAction } from '../../flows/apply-order-action';
import { refundOrder } from '../../flows/refund-order';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import { issueInvoice } from '../invoices';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { confirmDeliveryAsBuyer, DELIVERY_REFUSED, getOrderOfUser } from '../orders';
import { createWebhookEndpoint } from '../webhooks';

const config = loadConfig({ AUTH_SECRET: 'refunds-test-secret-refunds-test-secret-xx' });
const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 1 December 2026, 10:00 in India. */
const NOW = new Date('2026-12-01T04:30:00Z');
const BUYER_EMAIL = 'asha@example.com';

interface QueuedMail {
  id: string;
  data: MailJob;
}

const wordsOf = (text: string) => text.replaceAll(/\s+/g, ' ');

describe(`refunds and deliveries on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let stranger: Actor;
  let productId: string;
  let requests = 0;

  async function mailJobs(): Promise<QueuedMail[]> {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    return result.rows as unknown as QueuedMail[];
  }

  /** The mails of `event` queued for `orderId`, each as the worker delivers it. */
  async function mailsOf(event: string, orderId: string) {
    const jobs = (await mailJobs()).filter(
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

  /**
   * Asha's order of 2 elephant pairs, ₹3,02,400 with GST, made from her quotation: paid in full,
   * or its advance of ₹1,00,000 confirmed.
   */
  async function receivedOrder({
    status = 'confirmed',
    advanceMinor = null,
  }: { status?: 'confirmed' | 'processing' | 'shipped'; advanceMinor?: number | null } = {}) {
    const { db } = database;
    const [request] = await db
      .insert(quotationRequests)
      .values({
        productName: 'Makrana marble elephant pair',
        quantity: 2,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        customerEmail: BUYER_EMAIL,
        reference: `Q-20261201-${String((requests += 1)).padStart(4, '0')}`,
      })
      .returning();
    const order = await insertOrder(db, {
      userId: buyer!.userId,
      status,
      paymentStatus: advanceMinor === null ? 'paid' : 'partially_paid',
      paymentMethod: 'upi',
      paymentId: 'UTR600000000001',
      advanceMinor,
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      },
      subtotalMinor: 270_000_00,
      taxAmountMinor: 32_400_00,
      totalAmountMinor: 302_400_00,
      quotationRequestId: request!.id,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 135_000_00,
    });
    return order;
  }

  const refund = (
    orderId: string,
    action: 'cancel' | 'record-refund',
    given: Record<string, unknown>,
    actor: Actor = owner,
    now: Date = NOW,
  ) => refundOrder(database.db, actor, { orderId, action, refund: given }, site, now);
  /** The next day, when the rest of a refund goes back. */
  const NEXT_DAY = new Date(NOW.getTime() + 24 * 60 * 60 * 1000);

  const orderRow = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const refundRows = (orderId: string) =>
    database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const webhooksOf = async (type: string, orderId: string) =>
    (await database.db.select().from(webhookDeliveries)).filter(
      (delivery) =>
        delivery.eventType === type &&
        (delivery.payload as { data: { orderId: string } }).data.orderId === orderId,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(db, { email: BUYER_EMAIL })).id, roles: [] };
    stranger = { userId: (await insertUser(db)).id, roles: [] };
    productId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
    await createWebhookEndpoint(
      db,
      owner,
      { url: 'http://127.0.0.1:9/hooks', events: ['order.refunded', 'order.delivered'] },
      { allowPrivate: true, requireHttps: false },
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('refuses to cancel an order with money received without its refund, and changes nothing', async () => {
    const order = await receivedOrder();
    await expect(
      applyOrderAction(database.db, owner, { orderId: order.id, action: 'cancel' }, site, NOW),
    ).rejects.toThrow(orderActionRefusals.refundWithCancel);
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('cancels with a part refunded ("Partly Refunded"), then refunds the rest ("Refunded"), one mail each', async () => {
    const order = await receivedOrder({ status: 'processing' });
    const first = await refund(order.id, 'cancel', {
      amount: '1,51,200',
      method: 'upi',
      reference: ' UTR612345678901 ',
    });
    expect(first).toMatchObject({ status: 'cancelled', paymentStatus: 'partly_refunded' });
    expect(first.refund).toMatchObject({
      amountMinor: 151_200_00,
      method: 'upi',
      reference: 'UTR612345678901',
      receivedMinor: 302_400_00,
      refundedOn: '2026-12-01',
    });
    // More than is left is refused, and nothing is kept of it.
    await expect(
      refund(order.id, 'record-refund', {
        amount: '151201',
        method: 'bank transfer',
        reference: 'NEFT0002',
      }),
    ).rejects.toThrow(refundProblems.tooMuch(151_200_00));
    expect(await refundRows(order.id)).toHaveLength(1);
    const second = await refund(
      order.id,
      'record-refund',
      { amount: '151200', method: 'bank transfer', reference: 'NEFT0002' },
      owner,
      NEXT_DAY,
    );
    expect(second).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // Nothing is left: "Record Refund" is no longer offered, and is refused.
    await expect(
      refund(order.id, 'record-refund', { amount: '1', method: 'upi', reference: 'X' }),
    ).rejects.toThrow();
    // The buyer's view lists both refunds.
    const view = await getOrderOfUser(database.db, buyer, { orderId: order.id });
    expect(view.refunds.map((row) => row.amountMinor)).toEqual([151_200_00, 151_200_00]);
    expect(view.paymentStatus).toBe('refunded');

    const mails = await mailsOf('order-refunded', order.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Refund of ₹1,51,200 for ${order.orderNumber}`);
    expect(wordsOf(mails[0]!.text)).toContain(
      '₹1,51,200 of the ₹3,02,400 you paid is now refunded',
    );
    expect(wordsOf(mails[1]!.text)).toContain('Everything you paid, ₹3,02,400, is now refunded');
    expect(await webhooksOf('order.refunded', order.id)).toHaveLength(2);
    const [lastHook] = (await webhooksOf('order.refunded', order.id)).slice(-1);
    expect((lastHook!.payload as { data: unknown }).data).toMatchObject({
      amountMinor: 151_200_00,
      method: 'bank transfer',
      refundedMinor: 302_400_00,
      receivedMinor: 302_400_00,
      paymentStatus: 'refunded',
    });
  });

  it('refunds an advance, the money received, and mails the credit note of an invoiced order with the refund', async () => {
    const order = await receivedOrder({ advanceMinor: 100_000_00 });
    await issueInvoice(database.db, owner, { orderId: order.id }, site, NOW);
    await expect(
      refund(order.id, 'cancel', { amount: '100001', method: 'upi', reference: 'UTR1' }),
    ).rejects.toThrow(refundProblems.tooMuch(100_000_00));
    const done = await refund(order.id, 'cancel', {
      amount: '100000',
      method: 'upi',
      reference: 'UTR612345678902',
    });
    expect(done.paymentStatus).toBe('refunded');
    expect(done.creditNoteNumber).toMatch(/^KKC\/26-27\//);
    // One mail, the refund's, with the credit note attached; none of the credit note's own.
    expect(await mailsOf('credit-note-issued', order.id)).toHaveLength(0);
    const [mail] = await mailsOf('order-refunded', order.id);
    expect(wordsOf(mail!.text)).toContain(`Credit note ${done.creditNoteNumber}`);
    expect(mail!.attachments?.map((file) => file.filename)).toEqual([
      expect.stringMatching(/^Credit-Note-/),
    ]);
  });

  it('records a refund for the owner only, of a cancelled order with money received only', async () => {
    const order = await receivedOrder();
    for (const actor of [null, buyer, stranger]) {
      await expect(
        refund(order.id, 'cancel', { amount: '10', method: 'upi', reference: 'UTR1' }, actor),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
    const nothingPaid = await insertOrder(database.db, {
      userId: buyer!.userId,
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'upi',
      totalAmountMinor: 100_00,
    });
    await expect(
      refund(nothingPaid.id, 'cancel', { amount: '10', method: 'upi', reference: 'UTR1' }),
    ).rejects.toThrow(refundProblems.nothingReceived);
    for (const given of [
      { amount: '0', method: 'upi', reference: 'UTR1' },
      { amount: '12.345', method: 'upi', reference: 'UTR1' },
      { amount: '10', method: 'cash', reference: 'UTR1' },
      { amount: '10', method: 'upi', reference: '' },
      { amount: '10', method: 'upi', reference: 'U'.repeat(101) },
    ]) {
      await expect(refund(order.id, 'cancel', given)).rejects.toMatchObject({ code: 'invalid' });
    }
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect((await orderRow(nothingPaid.id)).status).toBe('pending');
    expect(await refundRows(order.id)).toEqual([]);
    expect(await mailsOf('order-refunded', order.id)).toHaveLength(0);
  });

  it('records the delivery by the buyer ("I Have Received It") or the owner, each mailed once', async () => {
    const mine = await receivedOrder({ status: 'shipped' });
    // Another customer's order is not found, and a processing order cannot be received.
    await expect(
      confirmDeliveryAsBuyer(database.db, stranger, { orderId: mine.id }, NOW),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      confirmDeliveryAsBuyer(database.db, null, { orderId: mine.id }, NOW),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    const making = await receivedOrder({ status: 'processing' });
    await expect(
      confirmDeliveryAsBuyer(database.db, buyer, { orderId: making.id }, NOW),
    ).rejects.toThrow(DELIVERY_REFUSED);
    expect(await mailsOf('order-delivered', mine.id)).toHaveLength(0);

    await confirmDeliveryAsBuyer(database.db, buyer, { orderId: mine.id }, NOW);
    const row = await orderRow(mine.id);
    expect(row.status).toBe('delivered');
    expect(row.deliveredAt?.toISOString()).toBe(NOW.toISOString());
    // Twice is refused: it is delivered already.
    await expect(
      confirmDeliveryAsBuyer(database.db, buyer, { orderId: mine.id }, NOW),
    ).rejects.toThrow(DELIVERY_REFUSED);
    const [byBuyer, ...more] = await mailsOf('order-delivered', mine.id);
    expect(more).toHaveLength(0);
    expect(byBuyer!.subject).toBe(`Your order ${mine.orderNumber} was delivered`);
    expect(wordsOf(byBuyer!.text)).toContain('was delivered on December 1, 2026');
    expect(wordsOf(byBuyer!.text)).toContain('Thank you for letting us know');

    const theirs = await receivedOrder({ status: 'shipped' });
    await applyOrderAction(
      database.db,
      owner,
      { orderId: theirs.id, action: 'deliver' },
      site,
      NOW,
    );
    const [byShop, ...again] = await mailsOf('order-delivered', theirs.id);
    expect(again).toHaveLength(0);
    expect(wordsOf(byShop!.text)).toContain('If it has not reached you');
    expect(
      (await webhooksOf('order.delivered', mine.id)).map(
        (delivery) => (delivery.payload as { data: unknown }).data,
      ),
    ).toEqual([
      {
        orderId: mine.id,
        orderNumber: mine.orderNumber,
        deliveredAt: NOW.toISOString(),
        confirmedBy: 'customer',
      },
    ]);
    expect(await webhooksOf('order.delivered', theirs.id)).toHaveLength(1);
  });
});
