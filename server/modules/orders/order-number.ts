/** Order numbers (ORD-YYYYMMDD-NNNN by the shop's day), drawn one at a time. */
import { desc, like, sql } from 'drizzle-orm';
import { orderNumberFor, orderNumberPrefix } from '../../../core/admin/admin';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * The next order number of the shop's day (in `timeZone`, the shop's), inside the caller's
 * transaction: the lock holds until it commits, so two orders made at once (two admins, two
 * customers accepting) never draw the same.
 */
export async function drawOrderNumber(tx: Database, now: Date, timeZone: string): Promise<string> {
  const dayPrefix = orderNumberPrefix(now, timeZone);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order-number'))`);
  const [latest] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(like(orders.orderNumber, `${dayPrefix}%`))
    .orderBy(desc(orders.orderNumber))
    .limit(1);
  const lastSequence = Number(latest?.orderNumber.slice(dayPrefix.length)) || 0;
  return orderNumberFor(now, lastSequence + 1, timeZone);
}
