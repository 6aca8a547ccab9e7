/**
 * docs/requirements.md §24: the orders the return and making-of operations act on, shared by their cases and
 * the owner's and the customer's API tests: each made afresh, named with a marker only its readers
 * may see.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../server/db/client';
import { orderReturns, orderUpdates, orders } from '../../../../server/db/schema';
import { localMediaStorage, type MediaStorage } from '../../../../server/media-storage';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../../core/time/shop-calendar';
import { requestReturn } from '../../../../server/modules/returns';
import { insertOrder, insertOrderItem, insertProduct } from '../../../factories';

const DAY_MS = 24 * 60 * 60 * 1000;
const marker = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/** Where a module would store a photo; the API's returns and updates carry none. */
export function scratchStorage(): MediaStorage {
  return localMediaStorage(path.join(mkdtempSync(path.join(tmpdir(), 'api-returns-')), 'media'));
}

/**
 * A buyer's order paid by UPI and delivered two days ago, inside its 30 days of returns: 2 brass
 * diyas at ₹1,500 with 12% GST (₹3,360), and, when asked, an inlay urli made to order at ₹10,000
 * more (not returnable).
 */
export async function aDeliveredOrder(
  db: Database,
  userId: string,
  options: {
    madeToOrderPiece?: boolean;
    deliveredAt?: Date;
    status?: 'delivered' | 'shipped';
  } = {},
) {
  const withUrli = options.madeToOrderPiece ?? false;
  const product = await insertProduct(db, { hsnCode: '7418' });
  const order = await insertOrder(db, {
    userId,
    orderNumber: marker('ORD-PRIVATE').replace(' ', '-'),
    status: options.status ?? 'delivered',
    paymentStatus: 'paid',
    paymentMethod: 'upi',
    paymentId: 'UTR 4242',
    deliveredAt:
      options.status === 'shipped'
        ? null
        : (options.deliveredAt ?? new Date(Date.now() - 2 * DAY_MS)),
    shippingAddress: {
      name: 'Asha Rao',
      streetAddress: '12 Lake Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
      country: 'IN',
    },
    subtotalMinor: withUrli ? 1_300_000 : 300_000,
    taxAmountMinor: withUrli ? 156_000 : 36_000,
    totalAmountMinor: withUrli ? 1_456_000 : 336_000,
  });
  const diya = await insertOrderItem(db, {
    orderId: order.id,
    productId: product.id,
    productName: marker('Brass diya'),
    quantity: 2,
    unitPriceMinor: 150_000,
  });
  const urli = withUrli
    ? await insertOrderItem(db, {
        orderId: order.id,
        productName: marker('Inlay urli'),
        quantity: 1,
        unitPriceMinor: 1_000_000,
        madeToOrder: true,
      })
    : null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    diya: { id: diya.id, name: diya.productName },
    urli: urli ? { id: urli.id, name: urli.productName } : null,
  };
}

/** What "Request a Return" sends over JSON: both diyas, a reason, the condition confirmed. */
export function returnBody(diyaId: string, reason = 'Two arrived dented.', quantity = 2) {
  return { pieces: [{ orderItemId: diyaId, quantity }], reason, condition: true };
}

/** A delivered order of the buyer's with her return of both diyas, waiting for the shop's answer. */
export async function aRequestedReturn(db: Database, userId: string) {
  const order = await aDeliveredOrder(db, userId);
  const reason = marker('Private return reason');
  const asked = await requestReturn(
    db,
    { userId, roles: [] },
    scratchStorage(),
    { orderId: order.id, request: returnBody(order.diya.id, reason), photos: [] },
    { now: new Date(), timeZone: DEFAULT_SHOP_TIME_ZONE },
  );
  return { ...order, returnId: asked.id, reason };
}

export const returnsOf = (db: Database, orderId: string) =>
  db
    .select({
      id: orderReturns.id,
      status: orderReturns.status,
      decisionNote: orderReturns.decisionNote,
      refundId: orderReturns.refundId,
    })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.createdAt));

export const updatesOf = (db: Database, orderId: string) =>
  db
    .select({ id: orderUpdates.id, note: orderUpdates.note })
    .from(orderUpdates)
    .where(eq(orderUpdates.orderId, orderId))
    .orderBy(asc(orderUpdates.createdAt));

export const orderStateOf = async (db: Database, orderId: string) =>
  (
    await db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0];
