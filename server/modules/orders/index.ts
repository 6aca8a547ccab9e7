/**
 * A customer's orders (spec §2 Customer dashboard Orders, §3 Order, §7 Dashboard calls), and
 * "Reorder" (docs/design.md §5): one quotation request for each item, in one transaction. The admin's
 * side of orders too (spec §2 Admin, §4, §7 Admin calls): the list, the order actions, and an order
 * made from a quotation (beyond the spec).
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import { formatRupees, rupeesToMinor } from '../../../core/money/money';
import { reorderSchema, type OrderFromQuotation } from '../../../core/orders/orders';
import type { OrderStatus, PaymentStatus } from '../../../core/orders/statuses';
import type { Database } from '../../db/client';
import {
  orderItems,
  orders,
  products,
  quotationOffers,
  type ShippingAddress,
} from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { primaryImages } from '../../db/product-images';
import { orderCreatedData } from './created-event';
import { drawOrderNumber } from './order-number';
import { orderFilterCondition, orderListOrder, type OrderListFilter } from './search';
import { DomainError } from '../errors';
import { pageOffset, parseInput, requireAdmin, requireRowId, requireUser } from '../kernel';
import { documentsOfOrders, type TaxDocumentSummary } from '../../db/order-documents';
import { shipmentsOfOrders, type ShipmentView } from '../../db/order-shipments';
import { refundsOfOrders, type RefundView } from '../../db/order-refunds';
import { updatesOfOrders, type ProductionUpdateView } from '../../db/order-updates';
import { returnsOfOrders, type ReturnView } from '../../db/order-returns';
import { emitWebhookEvent } from '../webhooks/emit';

export { exportOrders, type OrderListFilter } from './search';
export * from './from-offers';
// spec §4: the owner's order actions
export { confirmDeliveryAsBuyer, DELIVERY_REFUSED, setOrderStatus } from './order-status';

export interface OrderItemView {
  id: string;
  productId: string | null;
  productName: string;
  productImage: string | null;
  quantity: number;
  unitPriceMinor: number;
  totalPriceMinor: number;
  /** docs/requirements.md §24: "Made to order (not returnable)", as the accepted offer said. */
  madeToOrder: boolean;
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
  /** docs/requirements.md §10: the UTR or bank reference the customer submitted, before the shop confirms it. */
  submittedPaymentReference: string | null;
  /** docs/requirements.md §21: the advance asked for first, in paise; null when paid in one payment. */
  advanceMinor: number | null;
  /** docs/requirements.md §21: the balance's reference, as the customer submitted it and as the shop confirmed it. */
  submittedBalanceReference: string | null;
  balancePaymentId: string | null;
  /** docs/requirements.md §10: the quotation the order was made from (its accepted offer, or the admin's form). */
  quotationRequestId: string | null;
  /** docs/requirements.md §10: the accepted offer's discount, copied with its totals. */
  discountMinor: number;
  paymentMethod: string | null;
  shippingAddress: ShippingAddress | null;
  currency: string;
  subtotalMinor: number;
  shippingAmountMinor: number;
  taxAmountMinor: number;
  totalAmountMinor: number;
  /** The GST rate of the offer the order was made from; null for an order of no offer. */
  gstRateBasisPoints: number | null;
  createdAt: Date;
  /** docs/requirements.md §23: its tax invoice and credit notes, oldest first. */
  documents: TaxDocumentSummary[];
  /** docs/requirements.md §24: its shipments, first to last. */
  shipments: ShipmentView[];
  /** docs/requirements.md §24: when it was delivered, by the owner's word or the buyer's. */
  deliveredAt: Date | null;
  /** docs/requirements.md §24: the money given back, first to last. */
  refunds: RefundView[];
  /** docs/requirements.md §24: the making-of updates, oldest first. */
  updates: ProductionUpdateView[];
  /** docs/requirements.md §24: the buyer's returns, oldest first. */
  returns: ReturnView[];
  /** docs/requirements.md §23: when the first payment (the advance, or payment in full) was confirmed. */
  paidAt: Date | null;
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
  const orderId = requireRowId(input.orderId, 'Order');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  const [order] = await getOrderRowsWithItems(db, rows);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}

/**
 * "Reorder" (docs/design.md §5): the quotation request to make of the chosen items of one of the
 * user's own orders; docs/requirements.md §18: one request with every chosen piece (server/flows/reorder.ts).
 */
export async function reorderRequestOfUser(
  db: Database,
  actor: Actor,
  input: { orderId: string } & Record<string, unknown>,
): Promise<
  Record<string, unknown> & {
    lines: { productId: string; quantity: number }[];
    /** docs/requirements.md §19: the request the order was made from, whose piece notes carry over. */
    quotationRequestId: string | null;
  }
> {
  const order = await getOrderOfUser(db, actor, { orderId: input.orderId });
  const values = parseInput(reorderSchema, input);
  const orderedIds = new Set(order.items.map((item) => item.productId));
  const wanted = values.items.filter((item) => orderedIds.has(item.productId));
  if (wanted.length !== values.items.length) {
    throw new DomainError('invalid', 'Only pieces of this order can be reordered');
  }
  return {
    lines: wanted.map((item) => ({ productId: item.productId, quantity: item.quantity })),
    customizationNotes: values.customizationNotes ?? `Reorder of ${order.orderNumber}`,
    customerName: values.customerName,
    customerMobile: values.customerMobile,
    customerEmail: values.customerEmail ?? '',
    quotationRequestId: order.quotationRequestId,
  };
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
  const offerIds = rows.flatMap((row) => (row.offerId ? [row.offerId] : []));
  const gstRates = new Map(
    offerIds.length === 0
      ? []
      : (
          await db
            .select({ id: quotationOffers.id, rate: quotationOffers.gstRateBasisPoints })
            .from(quotationOffers)
            .where(inArray(quotationOffers.id, offerIds))
        ).map((offer) => [offer.id, offer.rate]),
  );
  const images = await primaryImages(
    db,
    items.flatMap((item) => (item.productId && !item.productImage ? [item.productId] : [])),
  );
  // docs/requirements.md §23: the order's GST documents, for its "Download Invoice" and "Download Credit Note"
  const documents = await documentsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  // docs/requirements.md §24: its shipments, each with its carrier, tracking and pieces
  const shipments = await shipmentsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  // docs/requirements.md §24: its refunds, each with its amount, method and reference
  const refunds = await refundsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  // docs/requirements.md §24: its making-of updates, with their photos
  const updates = await updatesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  // docs/requirements.md §24: its returns, each with its pieces, reason, photos and the shop's answer
  const returns = await returnsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus ?? 'pending',
    storedPaymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    submittedPaymentReference: row.submittedPaymentReference,
    advanceMinor: row.advanceMinor,
    submittedBalanceReference: row.submittedBalanceReference,
    balancePaymentId: row.balancePaymentId,
    quotationRequestId: row.quotationRequestId,
    discountMinor: row.discountMinor,
    paymentMethod: row.paymentMethod,
    shippingAddress: row.shippingAddress,
    currency: row.currency,
    subtotalMinor: row.subtotalMinor,
    shippingAmountMinor: row.shippingAmountMinor,
    taxAmountMinor: row.taxAmountMinor,
    totalAmountMinor: row.totalAmountMinor,
    gstRateBasisPoints: row.offerId ? (gstRates.get(row.offerId) ?? null) : null,
    createdAt: row.createdAt,
    documents: documents.get(row.id) ?? [],
    shipments: shipments.get(row.id) ?? [],
    deliveredAt: row.deliveredAt,
    refunds: refunds.get(row.id) ?? [],
    updates: updates.get(row.id) ?? [],
    returns: returns.get(row.id) ?? [],
    paidAt: row.paidAt,
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
        madeToOrder: item.madeToOrder,
      })),
  }));
}

// The admin tab's label shows a count query, not a count of loaded rows; docs/decisions/016: with a
// filter, the "{n} matching" line's count of the rows it selects.
export async function countOrders(
  db: Database,
  actor: Actor,
  filter: OrderListFilter = {},
): Promise<number> {
  requireAdmin(actor);
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(orderFilterCondition(db, filter));
  return row?.value ?? 0;
}

// spec §7: every list newest first; docs/requirements.md §12: filtered, and "sort by date" either way
export async function listAllOrders(
  db: Database,
  actor: Actor,
  input: { page: number } & OrderListFilter,
) {
  requireAdmin(actor, 'orders:read');
  const rows = await db
    .select()
    .from(orders)
    .where(orderFilterCondition(db, input))
    .orderBy(...orderListOrder(input))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
  return getOrderRowsWithItems(db, rows);
}

/** docs/requirements.md §11: one order, with its items, for the owner (the console shows it in its list). */
export async function getOrderForOwner(
  db: Database,
  actor: Actor,
  input: { orderId: unknown },
): Promise<OrderView> {
  requireAdmin(actor, 'orders:read');
  const orderId = requireRowId(input.orderId, 'Order');
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await getOrderRowsWithItems(db, rows);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}

/** The request an order made by the owner comes from, as the quotations module hands it over. */
export interface OrderedRequest {
  id: string;
  reference: string;
  status: string;
  userId: string | null;
  productId: string | null;
  productName: string;
  customerMobile: string;
}

/**
 * Quotation → order (beyond the spec): a pending order with its item and an order number, linked
 * to the request's own account, if it has one (docs/requirements.md §10: never an account found by the
 * e-mail a guest named). In the transaction of server/flows/create-order-from-quotation.ts, which
 * authorises and completes the request first.
 */
export async function createOrderFromRequest(
  tx: Database,
  actor: Actor,
  request: OrderedRequest,
  values: OrderFromQuotation,
  now: Date,
  timeZone: string,
): Promise<{ orderId: string; orderNumber: string; userId: string | null }> {
  const userId = request.userId;
  const [product] = request.productId
    ? await tx.select({ id: products.id }).from(products).where(eq(products.id, request.productId))
    : [];
  const unitPriceMinor = rupeesToMinor(values.unitPrice);
  const subtotal = unitPriceMinor * values.quantity;
  const shipping = rupeesToMinor(values.shipping);
  const tax = rupeesToMinor(values.tax);
  const orderNumber = await drawOrderNumber(tx, now, timeZone);
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      orderNumber,
      status: 'pending',
      // Absent until the shop records a payment: "Confirm Order" stays on offer (spec §4).
      paymentStatus: null,
      paymentMethod: values.paymentMethod,
      shippingAddress: {
        name: values.name,
        streetAddress: values.streetAddress,
        apartment: values.apartment || null,
        city: values.city,
        state: values.state,
        postalCode: values.postalCode,
        country: values.country,
        phone: request.customerMobile,
      },
      subtotalMinor: subtotal,
      shippingAmountMinor: shipping,
      taxAmountMinor: tax,
      totalAmountMinor: subtotal + shipping + tax,
      quotationRequestId: request.id,
    })
    .returning();
  if (!order) throw new Error('order not stored');
  await tx.insert(orderItems).values({
    orderId: order.id,
    productId: product?.id ?? null,
    productName: request.productName,
    quantity: values.quantity,
    unitPriceMinor,
    totalPriceMinor: subtotal,
  });
  const made = { reference: request.reference, paymentMethod: values.paymentMethod };
  await emitWebhookEvent(tx, 'order.created', orderCreatedData(order, made), now);
  // docs/requirements.md §12: the new order's terms, and the quotation it completes
  await recordActivity(
    tx,
    actor,
    {
      kind: 'order.created',
      subject: order.orderNumber,
      summary: `Order ${order.orderNumber} created from ${request.reference}`,
      changes: changedFields(
        { quotationStatus: request.status },
        {
          quotationStatus: 'completed',
          quantity: values.quantity,
          total: formatRupees(order.totalAmountMinor),
          paymentMethod: values.paymentMethod,
        },
      ),
    },
    now,
  );
  return { orderId: order.id, orderNumber: order.orderNumber, userId };
}
