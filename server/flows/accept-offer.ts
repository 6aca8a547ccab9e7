/**
 * issue 16 "Accept Offer": the customer accepts the offer and the order is made, in one
 * transaction: the quotations module checks the customer and the offer and records the
 * acceptance, the orders module makes the order from the offer's lines (its totals copied), then
 * both sides are mailed and integrations hear `offer.accepted` and `order.created`. `timeZone` is
 * the shop's (Settings): the offer holds to the end of its day there, and the order is numbered
 * by that day.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { createOrderFromOffer } from '../modules/orders';
import {
  acceptOfferOfCustomer,
  announceAcceptance,
  type OfferAddress,
  type QuotationAccess,
} from '../modules/quotations';

export async function acceptOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & Record<string, unknown>,
  now: Date,
  timeZone: string,
): Promise<{ orderId: string; orderNumber: string }> {
  return db.transaction(async (tx) => {
    const accepted = await acceptOfferOfCustomer(tx, actor, input, now, timeZone);
    const order = await createOrderFromOffer(tx, accepted.order, now, timeZone);
    await announceAcceptance(tx, accepted.request, accepted.offer, order, now);
    return { orderId: order.id, orderNumber: order.orderNumber };
  });
}
