/**
 * Returns against a real database (docs/requirements.md §24 "Returns", docs/decisions/028): the buyer asks to
 * return pieces of her own delivered order within 30 days of its delivery (the shop's calendar,
 * an injected clock), never a made-to-order piece; the owner approves with instructions or
 * declines with a reason, each mailed to the buyer once; "Record Refund" of the approved return
 * issues the credit note for the returned pieces and leaves the order "Returned · Refunded" once
 * every piece is back. Anyone else's order is not found, and nothing is kept of a refusal.
 */
import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { returnProblems } from '../../../core/orders/returns';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import {
  orderReturns,
  orders,
  quotationRequests,
  taxDocuments,
  webhookDeliveries,
} from '../../db/schema';
import { refundReturn } from '../../flows/refund-return';
import { localMediaStorage, type MediaStorage } from '../../media-storage';
import type { Actor } from '../actor';
import { issueInvoice } from '../invoices';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { countOrders, getOrderOfUser, listAllOrders } from '../orders';
import { createWebhookEndpoint } from '../webhooks';
import { decideReturn, requestReturn } from './index';

const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** Delivered on 1 December 2026 at 23:00 in India. */
const DELIVERED_AT = new Date('2026-12-01T17:30:00Z');
/** 5 December 2026, 10:00 in India. */
const NOW = new Date('2026-12-05T04:30:00Z');

function temporaryStorage(): { directory: string; storage: MediaStorage } {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-return-')), 'media');
  return { directory, storage: localMediaStorage(directory) };
}

describe(`returns on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let stranger: Actor;
  let productId: string;
  let png: Buffer;
  let requests = 0;

  async function mailJobsOf(event: string, orderId: string) {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    return (result.rows as unknown as { id: string; data: MailJob }[]).filter(
      (job) =>
        job.data.kind === 'quotation-event' &&
        job.data.event === event &&
        job.data.orderId === orderId,
    );
  }
  const webhooksOf = async (type: string, orderId: string) =>
    (await database.db.select().from(webhookDeliveries)).filter(
      (delivery) =>
        delivery.eventType === type &&
        (delivery.payload as { data: { orderId: string } }).data.orderId === orderId,
    );

  /**
   * Asha's delivered order, paid in full: 4 brass diyas at ₹2,500 (returnable) and an inlay urli
   * made to order at ₹40,000, with 12% GST: ₹50,000 + ₹6,000 = ₹56,000.
   */
  async function deliveredOrder() {
    const [request] = await database.db
      .insert(quotationRequests)
      .values({
        productName: 'Brass diya',
        quantity: 4,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        customerEmail: 'asha@example.com',
        reference: `Q-20261205-${String((requests += 1)).padStart(4, '0')}`,
      })
      .returning();
    const order = await insertOrder(database.db, {
      userId: buyer!.userId,
      status: 'delivered',
      paymentStatus: 'paid',
      paymentMethod: 'upi',
      paymentId: 'UTR600000000001',
      deliveredAt: DELIVERED_AT,
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      },
      subtotalMinor: 50_000_00,
      taxAmountMinor: 6_000_00,
      totalAmountMinor: 56_000_00,
      quotationRequestId: request!.id,
    });
    const diya = await insertOrderItem(database.db, {
      orderId: order.id,
      productId,
      productName: 'Brass diya',
      quantity: 4,
      unitPriceMinor: 2_500_00,
    });
    const urli = await insertOrderItem(database.db, {
      orderId: order.id,
      productId,
      productName: 'Inlay urli',
      quantity: 1,
      unitPriceMinor: 40_000_00,
      madeToOrder: true,
    });
    return { order, diya, urli };
  }

  const ask = (
    orderId: string,
    request: Record<string, unknown>,
    {
      actor = buyer,
      now = NOW,
      photos = [] as Uint8Array[],
      storage = temporaryStorage().storage,
    } = {},
  ) =>
    requestReturn(
      database.db,
      actor,
      storage,
      { orderId, request, photos },
      {
        now,
        timeZone: site.shopTimeZone,
      },
    );
  const returnRows = (orderId: string) =>
    database.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
  const orderRow = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(database.db)).id, roles: [] };
    stranger = { userId: (await insertUser(database.db)).id, roles: [] };
    productId = (await insertProduct(database.db, { name: 'Brass diya', hsnCode: '7418' })).id;
    png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 140, b: 60 } },
    })
      .png()
      .toBuffer();
    await createWebhookEndpoint(
      database.db,
      owner,
      { url: 'http://127.0.0.1:9/hooks', events: ['order.return_requested', 'order.refunded'] },
      { allowPrivate: true, requireHttps: false },
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('returns every returnable piece: asked with a photo, approved, refunded with a credit note, "Returned · Refunded"', async () => {
    const { order, diya } = await deliveredOrder();
    await issueInvoice(database.db, owner, { orderId: order.id }, site, NOW);
    const { directory, storage } = temporaryStorage();
    const asked = await ask(
      order.id,
      {
        pieces: [{ orderItemId: diya.id, quantity: '4' }],
        reason: '  Two arrived dented.  ',
        condition: 'on',
      },
      { photos: [png], storage },
    );
    expect(asked).toMatchObject({
      status: 'requested',
      reason: 'Two arrived dented.',
      pieces: [{ orderItemId: diya.id, quantity: 4, productName: 'Brass diya' }],
    });
    expect(asked.photos[0]!.url).toMatch(/^\/media\/[0-9a-f-]+-800\.webp$/);
    expect(readdirSync(directory)).toHaveLength(4);
    expect(await mailJobsOf('return-requested', order.id)).toHaveLength(1);
    const [hook] = await webhooksOf('order.return_requested', order.id);
    expect((hook!.payload as { data: unknown }).data).toMatchObject({
      returnId: asked.id,
      reason: 'Two arrived dented.',
      pieces: [{ orderItemId: diya.id, productName: 'Brass diya', quantity: 4 }],
    });
    // One return waits at a time.
    await expect(
      ask(order.id, {
        pieces: [{ orderItemId: diya.id, quantity: '1' }],
        reason: 'x',
        condition: 'on',
      }),
    ).rejects.toThrow(returnProblems.openReturn);

    // A refund before the approval is refused.
    await expect(
      refundReturn(
        database.db,
        owner,
        {
          orderId: order.id,
          returnId: asked.id,
          refund: { amount: '11200', method: 'upi', reference: 'UTR1' },
        },
        site,
        NOW,
      ),
    ).rejects.toThrow(returnProblems.notApproved);

    const approved = await decideReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        answer: { decision: 'approve', note: 'Send them to 4 Tripolia Bazar, Jaipur 302002.' },
      },
      NOW,
    );
    expect(approved).toMatchObject({
      status: 'approved',
      decisionNote: 'Send them to 4 Tripolia Bazar, Jaipur 302002.',
    });
    // Answered once: a second answer is refused.
    await expect(
      decideReturn(
        database.db,
        owner,
        { orderId: order.id, returnId: asked.id, answer: { decision: 'decline', note: 'No' } },
        NOW,
      ),
    ).rejects.toThrow(returnProblems.notRequested);
    expect(await mailJobsOf('return-approved', order.id)).toHaveLength(1);

    // 4 diyas: ₹10,000 + 12% GST = ₹11,200.
    const done = await refundReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        refund: { amount: '11,200', method: 'upi', reference: 'UTR612345678903' },
      },
      site,
      NOW,
    );
    // The urli was made to order and stays: the order is not all returned.
    expect(done).toMatchObject({ status: 'delivered', paymentStatus: 'partly_refunded' });
    expect(done.creditNoteNumber).toMatch(/^KKC\/26-27\//);
    const [note] = await database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.number, done.creditNoteNumber!));
    expect(note).toMatchObject({
      taxableMinor: 10_000_00,
      taxMinor: 1_200_00,
      totalMinor: 11_200_00,
    });
    expect(note!.content.lines.map((line) => [line.description, line.quantity])).toEqual([
      ['Brass diya', 4],
    ]);
    expect(note!.content.reason).toBe('Goods returned');

    const view = await getOrderOfUser(database.db, buyer, { orderId: order.id });
    expect(view.returns.map((each) => each.status)).toEqual(['refunded']);
    expect(view.returns[0]!.refundId).toBe(done.refund.id);
    expect(view.paymentStatus).toBe('partly_refunded');
    expect(await mailJobsOf('order-refunded', order.id)).toHaveLength(1);
    // Nothing returnable is left.
    await expect(
      ask(order.id, {
        pieces: [{ orderItemId: diya.id, quantity: '1' }],
        reason: 'x',
        condition: 'on',
      }),
    ).rejects.toThrow(returnProblems.nothingReturnable);
  });

  it('reads "Returned" and "Refunded" once every piece of the order is back', async () => {
    const { order, diya, urli } = await deliveredOrder();
    // An order of returnable pieces only.
    await database.db.delete(orderReturns).where(eq(orderReturns.orderId, order.id));
    await database.db.execute(sql`delete from order_items where id = ${urli.id}`);
    await database.db
      .update(orders)
      .set({ subtotalMinor: 10_000_00, taxAmountMinor: 1_200_00, totalAmountMinor: 11_200_00 })
      .where(eq(orders.id, order.id));
    const asked = await ask(order.id, {
      pieces: [{ orderItemId: diya.id, quantity: '4' }],
      reason: 'Not the shade I wanted.',
      condition: 'on',
    });
    await decideReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        answer: { decision: 'approve', note: 'Post them back.' },
      },
      NOW,
    );
    const done = await refundReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        refund: { amount: '11200', method: 'upi', reference: 'UTR9' },
      },
      site,
      NOW,
    );
    expect(done).toMatchObject({ status: 'returned', paymentStatus: 'refunded' });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'returned',
      paymentStatus: 'refunded',
    });
  });

  it('declines with a reason, mailed once; the pieces can then be asked again', async () => {
    const { order, diya } = await deliveredOrder();
    const asked = await ask(order.id, {
      pieces: [{ orderItemId: diya.id, quantity: '1' }],
      reason: 'Changed my mind.',
      condition: true,
    });
    const declined = await decideReturn(
      database.db,
      owner,
      {
        orderId: order.id,
        returnId: asked.id,
        answer: { decision: 'decline', note: 'The diya was used: its wick is burnt.' },
      },
      NOW,
    );
    expect(declined.status).toBe('declined');
    expect(await mailJobsOf('return-declined', order.id)).toHaveLength(1);
    expect(await mailJobsOf('return-approved', order.id)).toHaveLength(0);
    // A declined return does not hold its pieces, and the order has not moved.
    expect((await orderRow(order.id)).status).toBe('delivered');
    await expect(
      ask(order.id, {
        pieces: [{ orderItemId: diya.id, quantity: '4' }],
        reason: 'Dented',
        condition: 'on',
      }),
    ).resolves.toMatchObject({ status: 'requested' });
  });

  it('refuses a return past 30 days from delivery in the shop’s calendar, and keeps nothing', async () => {
    const { order, diya } = await deliveredOrder();
    const request = {
      pieces: [{ orderItemId: diya.id, quantity: '1' }],
      reason: 'Late',
      condition: 'on',
    };
    // Delivered on December 1 (shop day): the last day is December 31, to its last minute in India.
    const lastMinute = new Date('2026-12-31T18:29:00Z');
    const tooLate = new Date(lastMinute.getTime() + 60_000);
    const { directory, storage } = temporaryStorage();
    await expect(ask(order.id, request, { now: tooLate, photos: [png], storage })).rejects.toThrow(
      'Returns close 30 days after delivery; the last day for this order was December 31, 2026.',
    );
    // No photo was stored for a refused request.
    expect(existsSync(directory) ? readdirSync(directory) : []).toEqual([]);
    expect(await returnRows(order.id)).toEqual([]);
    await expect(ask(order.id, request, { now: lastMinute })).resolves.toMatchObject({
      status: 'requested',
    });
  });

  it('never returns a made-to-order piece, nor more than was delivered', async () => {
    const { order, diya, urli } = await deliveredOrder();
    await expect(
      ask(order.id, {
        pieces: [{ orderItemId: urli.id, quantity: '1' }],
        reason: 'Cracked',
        condition: 'on',
      }),
    ).rejects.toThrow('“Inlay urli” was made to order and cannot be returned.');
    await expect(
      ask(order.id, {
        pieces: [{ orderItemId: diya.id, quantity: '5' }],
        reason: 'Cracked',
        condition: 'on',
      }),
    ).rejects.toThrow('Only 4 of “Brass diya” can be returned.');
    await expect(
      ask(order.id, { pieces: [{ orderItemId: diya.id, quantity: '1' }], reason: 'Cracked' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    expect(await returnRows(order.id)).toEqual([]);
    expect(await mailJobsOf('return-requested', order.id)).toHaveLength(0);
  });

  it('is asked by the buyer of the order only, answered and refunded by the owner only', async () => {
    const { order, diya } = await deliveredOrder();
    const request = {
      pieces: [{ orderItemId: diya.id, quantity: '1' }],
      reason: 'Dented',
      condition: 'on',
    };
    const watched: MediaStorage = {
      ...temporaryStorage().storage,
      put: () => {
        throw new Error('no photo is stored for a stranger');
      },
    };
    await expect(
      ask(order.id, request, { actor: stranger, photos: [png], storage: watched }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ask(order.id, request, { actor: owner, storage: watched })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ask(order.id, request, { actor: null })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    const asked = await ask(order.id, request);
    for (const actor of [null, buyer, stranger]) {
      await expect(
        decideReturn(
          database.db,
          actor,
          {
            orderId: order.id,
            returnId: asked.id,
            answer: { decision: 'approve', note: 'Send it' },
          },
          NOW,
        ),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
      await expect(
        refundReturn(
          database.db,
          actor,
          {
            orderId: order.id,
            returnId: asked.id,
            refund: { amount: '1', method: 'upi', reference: 'U' },
          },
          site,
          NOW,
        ),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
    expect((await returnRows(order.id)).map((row) => row.status)).toEqual(['requested']);
    expect(await mailJobsOf('return-approved', order.id)).toHaveLength(0);
  });

  it('lists the orders with a return waiting for the shop ("Return Requested") and those refunded', async () => {
    const waiting = await deliveredOrder();
    const asked = await ask(waiting.order.id, {
      pieces: [{ orderItemId: waiting.diya.id, quantity: '1' }],
      reason: 'Dented',
      condition: 'on',
    });
    const idsOf = async (status: 'return_requested' | 'refunded' | 'delivered') =>
      (await listAllOrders(database.db, owner, { page: 1, status })).map((order) => order.id);
    expect(await idsOf('return_requested')).toContain(waiting.order.id);
    expect(await idsOf('refunded')).not.toContain(waiting.order.id);
    // Approved, it still waits for the shop: its refund.
    await decideReturn(
      database.db,
      owner,
      {
        orderId: waiting.order.id,
        returnId: asked.id,
        answer: { decision: 'approve', note: 'Post it.' },
      },
      NOW,
    );
    expect(await idsOf('return_requested')).toContain(waiting.order.id);
    await refundReturn(
      database.db,
      owner,
      {
        orderId: waiting.order.id,
        returnId: asked.id,
        refund: { amount: '2800', method: 'upi', reference: 'UTR77' },
      },
      site,
      NOW,
    );
    expect(await idsOf('return_requested')).not.toContain(waiting.order.id);
    expect(await idsOf('refunded')).toContain(waiting.order.id);
    // An order status filters as before.
    expect(await idsOf('delivered')).toContain(waiting.order.id);
    expect(await countOrders(database.db, owner, { status: 'refunded' })).toBeGreaterThan(0);
  });
});
