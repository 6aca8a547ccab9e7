/**
 * "Reorder" (DESIGN.md §5): a quotation request for each chosen item of one of the customer's own
 * orders, all made or none: the orders module reads the order (the customer's own only), the
 * quotations module makes the requests, and the owner hears of each.
 */
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/shop-calendar';
import { DomainError } from '../modules/errors';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { reorderRequestsOfUser } from '../modules/orders';
import { createQuotationRequests } from '../modules/quotations';

export async function reorderAsQuotations(
  db: Database,
  actor: Actor,
  input: { orderId: string } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
): Promise<{ created: number }> {
  const requests = await reorderRequestsOfUser(db, actor, input);
  await createQuotationRequests(db, actor, requests, now, timeZone).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'not_found') {
      throw new DomainError('not_found', 'A piece of this order is no longer in the catalogue');
    }
    throw error;
  });
  return { created: requests.length };
}
