/**
 * A customer's orders (spec §2 Customer dashboard Orders, §3 Order, §7 Dashboard calls), and
 * "Reorder" (DESIGN.md §5): one quotation request per item, in one transaction.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowKey } from '../../../core/form-text';
import { hasMailableEmail } from '../../../core/identity';
import { quotationRequestSchema } from '../../../core/quotation';
import type { OrderStatus, PaymentStatus } from '../../../core/statuses';
import type { Database } from '../../db/client';
import {
  orderItems,
  orders,
  products,
  quotationRequests,
  users,
  type ShippingAddress,
} from '../../db/schema';
import { requireUser, type Actor } from '../actor';
import { primaryImages } from '../catalog';
import { DomainError, parseInput } from '../errors';

export interface OrderItemView {
  id: string;
  productId: string | null;
  productName: string;
  productImage: string | null;
  quantity: number;
  unitPriceMinor: number;
  totalPriceMinor: number;
}

export interface OrderView {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  // spec §3: payment status is pending when absent
  paymentStatus: PaymentStatus;
  /** The stored payment status: null when absent, which changes the admin's actions (spec §4). */
  storedPaymentStatus: PaymentStatus | null;
  /** The UPI or bank reference recorded when the payment was confirmed. */
  paymentId: string | null;
  paymentMethod: string | null;
  shippingAddress: ShippingAddress | null;
  currency: string;
  subtotalMinor: number;
  shippingAmountMinor: number;
  taxAmountMinor: number;
  totalAmountMinor: number;
  createdAt: Date;
  items: OrderItemView[];
}

const ORDER_NOT_FOUND = 'Order not found';

// spec §7: orders with nested order_items, newest first, of the acting user only
export async function listOrdersOfUser(db: Database, actor: Actor): Promise<OrderView[]> {
  const userId = requireUser(actor);
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  return getOrderRowsWithItems(db, rows);
}

export async function getOrderOfUser(
  db: Database,
  actor: Actor,
  input: { orderId: string },
): Promise<OrderView> {
  const userId = requireUser(actor);
  if (!z.uuid().safeParse(input.orderId).success)
    throw new DomainError('not_found', ORDER_NOT_FOUND);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)));
  const [order] = await getOrderRowsWithItems(db, rows);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}

const reorderSchema = z.object({
  customerName: quotationRequestSchema.shape.customerName,
  customerMobile: quotationRequestSchema.shape.customerMobile,
  customerEmail: quotationRequestSchema.shape.customerEmail,
  customizationNotes: quotationRequestSchema.shape.customizationNotes,
  items: z
    .array(
      z.object({
        productId: rowKey,
        quantity: quotationRequestSchema.shape.quantity,
      }),
    )
    .min(1, 'Choose at least one piece to reorder'),
});

/**
 * "Reorder": a quotation request for each chosen item of one of the user's own orders, all stored
 * or none. Answers how many requests were made.
 */
export async function reorderAsQuotations(
  db: Database,
  actor: Actor,
  input: { orderId: string } & Record<string, unknown>,
): Promise<{ created: number }> {
  const order = await getOrderOfUser(db, actor, { orderId: input.orderId });
  const values = parseInput(reorderSchema, input);
  const orderedIds = new Set(order.items.map((item) => item.productId));
  const wanted = values.items.filter((item) => orderedIds.has(item.productId));
  if (wanted.length !== values.items.length) {
    throw new DomainError('invalid', 'Only pieces of this order can be reordered');
  }
  const available = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          wanted.map((item) => item.productId),
        ),
        eq(products.published, true),
      ),
    );
  const names = new Map(available.map((product) => [product.id, product.name]));
  const missing = wanted.find((item) => !names.has(item.productId));
  if (missing) {
    throw new DomainError('not_found', 'A piece of this order is no longer in the catalogue');
  }
  await db.transaction(async (tx) => {
    await tx.insert(quotationRequests).values(
      wanted.map((item) => ({
        productId: item.productId,
        productName: names.get(item.productId) ?? item.productId,
        quantity: item.quantity,
        customizationNotes: values.customizationNotes ?? `Reorder of ${order.orderNumber}`,
        customerName: values.customerName,
        customerCompany: null,
        customerMobile: values.customerMobile,
        customerEmail: values.customerEmail,
        userId: actor?.userId ?? null,
        status: 'pending',
      })),
    );
  });
  return { created: wanted.length };
}

/**
 * issue 14, DESIGN.md §5: an account owns an e-mail address only once it is verified, and then the
 * guest records made with that address join it. This is the one place that links them: Better
 * Auth calls it whenever an account's row is written verified (the verification link, a confirmed
 * change of address, a sign-in by a code mailed to it), so orders made as a guest BEFORE the
 * customer verified appear in their dashboard once they do. Orders made AFTER are linked when they
 * are created (createOrderFromQuotation). The link is stored as the user id, so it stays when the
 * account later moves to another address. Idempotent; one transaction.
 */
export async function linkGuestOrdersToVerifiedAccount(
  db: Database,
  actor: Actor,
): Promise<{ orders: number; quotations: number }> {
  const userId = requireUser(actor);
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  // Unverified addresses link nothing: that is the rule. Phone accounts have no real address.
  if (!account?.emailVerified || !hasMailableEmail(account.email)) {
    return { orders: 0, quotations: 0 };
  }
  const email = account.email.toLowerCase();
  const guestQuotationsWithEmail = and(
    eq(sql`lower(${quotationRequests.customerEmail})`, email),
    or(isNull(quotationRequests.userId), eq(quotationRequests.userId, userId)),
  );
  return db.transaction(async (tx) => {
    const linkedOrders = await tx
      .update(orders)
      .set({ userId })
      .where(
        and(
          isNull(orders.userId),
          inArray(
            orders.quotationRequestId,
            tx
              .select({ id: quotationRequests.id })
              .from(quotationRequests)
              .where(guestQuotationsWithEmail),
          ),
        ),
      )
      .returning({ id: orders.id });
    const linkedQuotations = await tx
      .update(quotationRequests)
      .set({ userId })
      .where(and(isNull(quotationRequests.userId), guestQuotationsWithEmail))
      .returning({ id: quotationRequests.id });
    return { orders: linkedOrders.length, quotations: linkedQuotations.length };
  });
}

/** Orders with their items and pictures, for the customer's list and the admin console. */
export async function getOrderRowsWithItems(
  db: Database,
  rows: (typeof orders.$inferSelect)[],
): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.productName));
  const images = await primaryImages(
    db,
    items.flatMap((item) => (item.productId && !item.productImage ? [item.productId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status as OrderStatus,
    paymentStatus: (row.paymentStatus ?? 'pending') as PaymentStatus,
    storedPaymentStatus: row.paymentStatus as PaymentStatus | null,
    paymentId: row.paymentId,
    paymentMethod: row.paymentMethod,
    shippingAddress: row.shippingAddress,
    currency: row.currency,
    subtotalMinor: row.subtotalMinor,
    shippingAmountMinor: row.shippingAmountMinor,
    taxAmountMinor: row.taxAmountMinor,
    totalAmountMinor: row.totalAmountMinor,
    createdAt: row.createdAt,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        productName: item.productName,
        productImage:
          item.productImage ?? (item.productId ? (images.get(item.productId)?.url ?? null) : null),
        quantity: item.quantity,
        unitPriceMinor: item.unitPriceMinor,
        totalPriceMinor: item.totalPriceMinor,
      })),
  }));
}
