/**
 * "Reorder" (DESIGN.md §5): one quotation request with every chosen item of one of the
 * customer's own orders (issue 29: it made one request per piece before): the orders module reads
 * the order (the customer's own only), the quotations module makes the request, and the owner
 * hears of it once.
 */
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/shop-calendar';
import { DomainError } from '../modules/errors';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { reorderRequestOfUser } from '../modules/orders';
import { createMultiPieceRequest } from '../modules/quotations';

export async function reorderAsQuotations(
  db: Database,
  actor: Actor,
  input: { orderId: string } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
): Promise<{ created: number; reference: string }> {
  const request = await reorderRequestOfUser(db, actor, input);
  const stored = await createMultiPieceRequest(db, actor, request, now, timeZone).catch(
    (error: unknown) => {
      if (error instanceof DomainError && error.code === 'not_found') {
        throw new DomainError('not_found', 'A piece of this order is no longer in the catalogue');
      }
      throw error;
    },
  );
  return { created: 1, reference: stored.reference };
}
