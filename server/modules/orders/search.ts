/**
 * docs/requirements.md §12 "Lists that find things": which orders an admin's filters select, and the "Export CSV"
 * of all of them. The search finds an order by its number, by its quotation (reference, name,
 * e-mail, mobile: the quotation search itself), by its shipping address's name and phone, and by
 * its account's e-mail. Each branch is one indexed lookup (migration 0011), joined as a UNION of
 * order ids rather than an OR that would make PostgreSQL read every order.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { adminSearch } from '../../../core/search/admin-search';
import { minorToRupees } from '../../../core/money/money';
import type { AdminListFilter } from '../../../core/admin/admin-list-query';
import type { OrderListState } from '../../../core/admin/admin-list-query';
import {
  byDate,
  csvInBatches,
  exportBatch,
  nameMatches,
  reversedDigits,
  startsWith,
  statusAndDays,
  type ListFilterParts,
} from '../../db/admin-search';
import { quotationSearchCondition } from '../../db/quotation-conditions';
import type { Database } from '../../db/client';
import { orderItems, orderReturns, orders, quotationRequests, users } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../kernel';

export type OrderListFilter = Partial<AdminListFilter<OrderListState>> &
  Pick<ListFilterParts, 'timeZone'>;

const shippingName = sql`${orders.shippingAddress}->>'name'`;
const shippingPhone = sql`${orders.shippingAddress}->>'phone'`;

function orderSearchCondition(db: Database, query: string | undefined): SQL | undefined {
  const search = adminSearch(query ?? '');
  if (!search) return undefined;
  const ids = (where: SQL) => db.select({ id: orders.id }).from(orders).where(where);
  const branches = [
    ids(startsWith(orders.orderNumber, search.code)),
    db
      .select({ id: orders.id })
      .from(quotationRequests)
      .innerJoin(orders, eq(orders.quotationRequestId, quotationRequests.id))
      .where(quotationSearchCondition(search.lowered)!),
    // Better Auth keeps e-mails lower-cased; the unique index answers the exact address.
    db
      .select({ id: orders.id })
      .from(users)
      .innerJoin(orders, eq(orders.userId, users.id))
      .where(eq(users.email, search.lowered)),
    ...(search.namePrefixes === null ? [] : [ids(nameMatches(shippingName, search.namePrefixes))]),
    ...(search.reversedMobileDigits === null
      ? []
      : [ids(startsWith(reversedDigits(shippingPhone), search.reversedMobileDigits))]),
  ] as const;
  const [first, second, ...rest] = branches;
  return inArray(orders.id, unionAll(first, second, ...rest));
}

/**
 * docs/requirements.md §24: "Return Requested", a return waiting for the shop (to answer, or to refund), and
 * "Refunded", money given back, are states of the order that no status column holds.
 */
function orderStateCondition(db: Database, state: OrderListState | null | undefined) {
  if (state === 'return_requested') {
    return inArray(
      orders.id,
      db
        .select({ id: orderReturns.orderId })
        .from(orderReturns)
        .where(inArray(orderReturns.status, ['requested', 'approved'])),
    );
  }
  if (state === 'refunded') return inArray(orders.paymentStatus, ['refunded', 'partly_refunded']);
  return undefined;
}

/** The filters as one condition on orders (undefined: every order). */
export function orderFilterCondition(db: Database, filter: OrderListFilter): SQL | undefined {
  const byState = filter.status === 'return_requested' || filter.status === 'refunded';
  return and(
    orderSearchCondition(db, filter.q),
    orderStateCondition(db, filter.status),
    ...statusAndDays(
      { status: orders.status, createdAt: orders.createdAt },
      byState ? { ...filter, status: null } : filter,
    ),
  );
}

export function orderListOrder(filter: OrderListFilter): SQL[] {
  return byDate({ createdAt: orders.createdAt, id: orders.id }, filter.sort);
}

const EXPORT_HEADER = [
  'order_number',
  'placed',
  'status',
  'payment_status',
  'payment_method',
  'customer_name',
  'customer_phone',
  'customer_email',
  'quotation_reference',
  'items',
  'total',
  'currency',
] as const;

/**
 * docs/requirements.md §12 "Export CSV": every order the filters select (not only the page), in the list's order,
 * a batch at a time; amounts in rupees. Owner only: checked before anything is read.
 */
export async function exportOrders(
  db: Database,
  actor: Actor,
  filter: OrderListFilter,
): Promise<AsyncGenerator<string>> {
  requireAdmin(actor);
  const columns = { createdAt: orders.createdAt, id: orders.id };
  return csvInBatches({
    header: EXPORT_HEADER,
    fetch: (after) => {
      const batch = exportBatch(columns, filter.sort, after);
      return db
        .select({
          order: orders,
          accountEmail: users.email,
          quotationReference: quotationRequests.reference,
          quotationEmail: quotationRequests.customerEmail,
          quotationMobile: quotationRequests.customerMobile,
          items: sql<string>`coalesce((
            select string_agg(${orderItems.quantity} || ' × ' || ${orderItems.productName}, '; ' order by ${orderItems.productName})
            from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          ), '')`,
          cursor: batch.cursor,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(quotationRequests, eq(quotationRequests.id, orders.quotationRequestId))
        .where(and(orderFilterCondition(db, filter), batch.after))
        .orderBy(...batch.order)
        .limit(batch.limit);
    },
    line: ({ order, accountEmail, quotationReference, quotationEmail, quotationMobile, items }) => [
      order.orderNumber,
      order.createdAt.toISOString(),
      order.status,
      order.paymentStatus ?? 'pending',
      order.paymentMethod,
      order.shippingAddress?.name,
      order.shippingAddress?.phone ?? quotationMobile,
      accountEmail ?? quotationEmail,
      quotationReference,
      items,
      minorToRupees(order.totalAmountMinor).toFixed(2),
      order.currency,
    ],
  });
}
