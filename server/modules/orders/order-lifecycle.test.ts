import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { orderItems, orders, quotationRequests, users } from '../../db/schema';
import type { Actor } from '../actor';
import { countOrders, listAllOrders, listOrdersOfUser, setOrderStatus } from './index';
import { createOrderFromQuotation } from '../../flows/create-order-from-quotation';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

const address = {
  name: 'Ravi Kumar',
  streetAddress: '4 Fort Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'IN',
};

describe(`orders as the admin makes and moves them on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let admin: Actor;
  let customer: Actor;
  let customerEmail: string;
  let productId: string;
  let ids: { quotation: string; order: string };

  async function snapshot() {
    const { db } = database;
    return {
      quotations: await db.select().from(quotationRequests).orderBy(quotationRequests.id),
      orders: await db.select().from(orders).orderBy(orders.id),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    admin = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const customerRow = await insertUser(db, { email: `ravi-${Date.now()}@example.com` });
    customerEmail = customerRow.email;
    customer = { userId: customerRow.id, roles: [] };
    productId = (await insertProduct(db, { name: 'Lotus Urli' })).id;
    const [quotation] = await db
      .insert(quotationRequests)
      .values({
        productId,
        productName: 'Lotus Urli',
        quantity: 3,
        customerName: 'Ravi Kumar',
        customerMobile: '+91 94140 55555',
        // The customer's own request (docs/requirements.md §11: a guest's would stay a guest's).
        customerEmail: customerEmail.toUpperCase(),
        userId: customerRow.id,
      })
      .returning();
    const order = await insertOrder(db, { userId: customerRow.id, paymentMethod: 'upi' });
    ids = { quotation: quotation!.id, order: order.id };
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('refuses every order read and write of the admin to a customer (403) and a visitor (401), changing nothing', async () => {
    const { db } = database;
    const before = await snapshot();
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['countOrders', (actor) => countOrders(db, actor)],
      ['listAllOrders', (actor) => listAllOrders(db, actor, { page: 1 })],
      [
        'setOrderStatus',
        (actor) => setOrderStatus(db, actor, { orderId: ids.order, action: 'confirm' }),
      ],
      [
        'createOrderFromQuotation',
        (actor) =>
          createOrderFromQuotation(
            db,
            actor,
            {
              quotationId: ids.quotation,
              quantity: 3,
              unitPrice: '1500',
              shipping: '0',
              tax: '0',
              paymentMethod: 'upi',
              ...address,
            },
            new Date(),
            DEFAULT_SHOP_TIME_ZONE,
          ),
      ],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('moves an order through the machine and refuses actions not on offer', async () => {
    const { db } = database;
    await expect(
      setOrderStatus(db, admin, { orderId: ids.order, action: 'ship' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(
      await setOrderStatus(db, admin, {
        orderId: ids.order,
        action: 'confirm-payment',
        paymentReference: 'UPI-4471',
      }),
    ).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    for (const [action, status] of [
      ['start-processing', 'processing'],
      ['ship', 'shipped'],
      ['deliver', 'delivered'],
    ] as const) {
      expect((await setOrderStatus(db, admin, { orderId: ids.order, action })).status).toBe(status);
    }
    await expect(
      setOrderStatus(db, admin, { orderId: ids.order, action: 'cancel' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const [stored] = await db.select().from(orders).where(eq(orders.id, ids.order));
    expect(stored).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      paymentId: 'UPI-4471',
    });
  });

  it("turns a quotation into the requester's pending order, in one transaction", async () => {
    const { db } = database;
    const created = await createOrderFromQuotation(
      db,
      admin,
      {
        quotationId: ids.quotation,
        quantity: '3',
        unitPrice: '1500.50',
        shipping: '250',
        tax: '540',
        paymentMethod: 'bank transfer',
        ...address,
      },
      new Date(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(created.orderNumber).toMatch(/^ORD-\d{8}-\d{4}$/);
    // The request's own account, and visible in the customer's own order history.
    expect(created.userId).toBe(customer!.userId);
    const mine = await listOrdersOfUser(db, customer);
    const order = mine.find((candidate) => candidate.id === created.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      subtotalMinor: 450_150,
      totalAmountMinor: 450_150 + 25_000 + 54_000,
    });
    expect(order?.items).toMatchObject([{ productName: 'Lotus Urli', quantity: 3 }]);
    const [quotation] = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, ids.quotation));
    expect(quotation?.status).toBe('completed');
    // A completed quotation makes no second order.
    await expect(
      createOrderFromQuotation(
        db,
        admin,
        {
          quotationId: ids.quotation,
          quantity: 1,
          unitPrice: '10',
          shipping: '0',
          tax: '0',
          paymentMethod: 'upi',
          ...address,
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('leaves nothing behind when the order cannot be made', async () => {
    const { db } = database;
    const [quotation] = await db
      .insert(quotationRequests)
      .values({
        productId,
        productName: 'Lotus Urli',
        quantity: 1,
        customerName: 'A',
        customerMobile: '1234567',
      })
      .returning();
    const before = await db.select().from(orders);
    await expect(
      createOrderFromQuotation(
        db,
        admin,
        {
          quotationId: quotation!.id,
          quantity: 1,
          unitPrice: '-5',
          shipping: '0',
          tax: '0',
          paymentMethod: 'upi',
          ...address,
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    ).rejects.toMatchObject({ code: 'invalid' });
    expect(await db.select().from(orders)).toHaveLength(before.length);
    expect(await db.select().from(orderItems).where(eq(orderItems.productName, 'A'))).toEqual([]);
  });

  it('counts the orders with a count query and pages them newest first', async () => {
    const { db } = database;
    expect(await countOrders(db, admin)).toBe(2);
    const listed = await listAllOrders(db, admin, { page: 1 });
    // The order made from the quotation is newer than the one made before the tests.
    expect(listed).toHaveLength(2);
    expect(listed[0]?.items.map((item) => item.productName)).toEqual(['Lotus Urli']);
    expect(listed[1]?.id).toBe(ids.order);
    expect(await listAllOrders(db, admin, { page: 2 })).toEqual([]);
  });

  it('gives orders made at the same moment distinct, consecutive numbers', async () => {
    const { db } = database;
    const quotations = await db
      .insert(quotationRequests)
      .values(
        ['B', 'C', 'D'].map((customerName) => ({
          productId,
          productName: 'Lotus Urli',
          quantity: 1,
          customerName,
          customerMobile: '1234567',
        })),
      )
      .returning();
    const created = await Promise.all(
      quotations.map((quotation) =>
        createOrderFromQuotation(
          db,
          admin,
          {
            quotationId: quotation.id,
            quantity: 1,
            unitPrice: '900',
            shipping: '0',
            tax: '0',
            paymentMethod: 'upi',
            ...address,
          },
          new Date(),
          DEFAULT_SHOP_TIME_ZONE,
        ),
      ),
    );
    const sequences = created.map((order) => Number(order.orderNumber.slice(-4))).sort();
    expect(new Set(created.map((order) => order.orderNumber)).size).toBe(3);
    expect(sequences[2]! - sequences[0]!).toBe(2);
  });

  // docs/requirements.md §14, §15: an order joins an account only when its holder adds the request.
  it("keeps a guest's order out of an account with the same e-mail, verified or not", async () => {
    const { db } = database;
    const victimEmail = `victor-${Date.now()}@example.com`;
    const guestQuotation = async () => {
      const [quotation] = await db
        .insert(quotationRequests)
        .values({
          productId,
          productName: 'Lotus Urli',
          quantity: 1,
          customerName: 'Victor Guest',
          customerMobile: '+91 94140 77777',
          customerEmail: victimEmail,
        })
        .returning();
      return quotation!.id;
    };
    const orderFrom = (quotationId: string) =>
      createOrderFromQuotation(
        db,
        admin,
        {
          quotationId,
          quantity: 1,
          unitPrice: '900',
          shipping: '0',
          tax: '0',
          paymentMethod: 'upi',
          ...address,
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      );
    const holder = await insertUser(db, { email: victimEmail, emailVerified: false });
    const holderActor: Actor = { userId: holder.id, roles: [] };
    expect((await orderFrom(await guestQuotation())).userId).toBeNull();
    // Verified or not, the address does not put a guest's order in the account.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, holder.id));
    expect((await orderFrom(await guestQuotation())).userId).toBeNull();
    expect(await listOrdersOfUser(db, holderActor)).toEqual([]);
  });
});
