/**
 * The owner turns a quotation request into an order (beyond the spec; docs/design.md §5), in one
 * transaction: the quotations module completes the request (the owner only), the orders module
 * makes the pending order with its item, numbered by the shop's day in `timeZone`, and tells
 * integrations `order.created`.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { orderFromQuotationSchema } from '../../core/orders/orders';
import { parseInput, requireAdmin } from '../modules/kernel';
import { createOrderFromRequest } from '../modules/orders';
import { completeRequestForOrder } from '../modules/quotations';

export async function createOrderFromQuotation(
  db: Database,
  actor: Actor,
  input: { quotationId: unknown } & Record<string, unknown>,
  now: Date,
  timeZone: string,
): Promise<{ orderId: string; orderNumber: string; userId: string | null }> {
  requireAdmin(actor, 'orders:write');
  // Bad input is refused before anything is read or changed.
  const values = parseInput(orderFromQuotationSchema, input);
  return db.transaction(async (tx) => {
    const request = await completeRequestForOrder(tx, actor, input);
    return createOrderFromRequest(tx, actor, request, values, now, timeZone);
  });
}
