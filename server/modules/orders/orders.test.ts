import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { orders, products, quotationRequestLines, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { createOrderEventsHub, type OrderChange } from '../realtime';
import { getOrderOfUser, listOrdersOfUser } from './index';
import { reorderAsQuotations } from '../../flows/reorder';

const testConfig = loadConfig({ AUTH_SECRET: 'orders-test-secret-orders-test-secret' });

describe(`a customer's orders on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let customerA: Actor;
  let customerB: Actor;
  let ordersOfA: { older: string; newer: string };
  let productIds: string[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const a = await insertUser(db);
    const b = await insertUser(db);
    customerA = { userId: a.id, roles: [] };
    customerB = { userId: b.id, roles: [] };
    const pieces = await Promise.all(
      ['Boat Ganesh', 'Lotus Urli', 'Cake Stand', 'Brass Diya', 'Wine Chiller'].map((name) =>
        insertProduct(db, { name }),
      ),
    );
    productIds = pieces.map((piece) => piece.id);
    const older = await insertOrder(db, {
      userId: a.id,
      status: 'delivered',
      createdAt: new Date('2026-10-01T10:00:00Z'),
    });
    const newer = await insertOrder(db, {
      userId: a.id,
      status: 'pending',
      paymentMethod: 'upi',
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    for (const piece of pieces) {
      await insertOrderItem(db, {
        orderId: newer.id,
        productId: piece.id,
        productName: piece.name,
        quantity: 2,
      });
    }
    await insertOrder(db, { userId: b.id });
    ordersOfA = { older: older.id, newer: newer.id };
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("lists only the acting user's orders, newest first, with their items", async () => {
    const list = await listOrdersOfUser(database.db, customerA);
    expect(list.map((order) => order.id)).toEqual([ordersOfA.newer, ordersOfA.older]);
    expect(list[0]?.items).toHaveLength(5);
    // spec §3: payment status is pending when absent
    expect(list[0]?.paymentStatus).toBe('pending');
    expect((await listOrdersOfUser(database.db, customerB)).map((order) => order.id)).not.toContain(
      ordersOfA.newer,
    );
    await expect(listOrdersOfUser(database.db, null)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it("answers not found when customer B asks for customer A's order", async () => {
    const { db } = database;
    expect((await getOrderOfUser(db, customerA, { orderId: ordersOfA.newer })).id).toBe(
      ordersOfA.newer,
    );
    await expect(getOrderOfUser(db, customerB, { orderId: ordersOfA.newer })).rejects.toMatchObject(
      { code: 'not_found' },
    );
    await expect(getOrderOfUser(db, customerA, { orderId: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  // docs/requirements.md §18: a reorder of several pieces is one request with all of them, as the quote list makes.
  it('reorders as one quotation request with every chosen piece, the owner and the requester told once', async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, testConfig);
    const items = productIds.slice(0, 3).map((productId) => ({ productId, quantity: '4' }));
    const result = await reorderAsQuotations(db, customerA, {
      orderId: ordersOfA.newer,
      customerName: 'Asha Rao',
      customerMobile: '+91 98290 11111',
      customerEmail: 'asha@example.com',
      items,
    });
    const stored = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.userId, customerA!.userId));
    expect(stored).toHaveLength(1);
    expect(result).toEqual({ created: 1, reference: stored[0]!.reference });
    expect(stored[0]).toMatchObject({ status: 'pending', productId: productIds[0], quantity: 4 });
    const lines = await db
      .select()
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, stored[0]!.id))
      .orderBy(asc(quotationRequestLines.position));
    expect(lines.map((line) => [line.productName, line.quantity])).toEqual([
      ['Boat Ganesh', 4],
      ['Lotus Urli', 4],
      ['Cake Stand', 4],
    ]);
    // docs/requirements.md §13: a reorder is a quotation request like any other; the owner hears of it once.
    const mails = await queue.mails();
    const toOwner = mails.filter((mail) => mail.to === testConfig.site.shopEmail);
    expect(toOwner.map((mail) => mail.subject)).toEqual([
      'New quotation request: Boat Ganesh × 4 and 2 more pieces',
    ]);
    const toRequester = mails.filter((mail) => mail.to === 'asha@example.com');
    expect(toRequester).toHaveLength(1);
    for (const name of ['Boat Ganesh', 'Lotus Urli', 'Cake Stand']) {
      expect(toRequester[0]?.text).toContain(`${name}\n`);
    }
    expect(toRequester[0]?.text.match(/Quantity: 4/g)).toHaveLength(3);
    expect(toRequester[0]?.text).toContain(stored[0]!.reference);
  });

  it("refuses to reorder customer A's order for customer B, or a bad form, and stores nothing", async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, testConfig);
    const before = await db.select().from(quotationRequests);
    const form = {
      orderId: ordersOfA.newer,
      customerName: 'Bala',
      customerMobile: '+91 98290 22222',
      items: [{ productId: productIds[0], quantity: 1 }],
    };
    await expect(reorderAsQuotations(db, customerB, form)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(reorderAsQuotations(db, null, form)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(
      reorderAsQuotations(db, customerA, { ...form, customerName: '' }),
    ).rejects.toMatchObject({ code: 'invalid', message: 'Please fill in all required fields.' });
    // A piece gone from the catalogue refuses the whole request: nothing is written and no
    // notice is queued (docs/requirements.md §13).
    await db.update(products).set({ published: false }).where(eq(products.id, productIds[1]!));
    await expect(
      reorderAsQuotations(db, customerA, {
        ...form,
        items: productIds.slice(0, 2).map((productId) => ({ productId, quantity: 1 })),
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'A piece of this order is no longer in the catalogue',
    });
    await db.update(products).set({ published: true }).where(eq(products.id, productIds[1]!));
    expect(await db.select().from(quotationRequests)).toHaveLength(before.length);
    expect(await queue.mails()).toEqual([]);
  });

  it("streams a change of A's order to A's subscribers only", async () => {
    const { db } = database;
    const hub = createOrderEventsHub(database);
    const seenByA: OrderChange[] = [];
    const seenByB: OrderChange[] = [];
    const stopA = await hub.subscribe(customerA!.userId, (change) => seenByA.push(change));
    const stopB = await hub.subscribe(customerB!.userId, (change) => seenByB.push(change));
    await db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, ordersOfA.newer));
    await expect.poll(() => seenByA.length).toBe(1);
    expect(seenByA[0]).toMatchObject({
      orderId: ordersOfA.newer,
      status: 'confirmed',
      op: 'UPDATE',
    });
    expect(seenByB).toEqual([]);
    await stopA();
    await stopB();
    await hub.close();
  });
});
