/**
 * A refund of an order's money received (docs/requirements.md §24, docs/decisions/028), in one transaction:
 * "Cancel Order" of an order with money received comes with its refund, and "Record Refund" gives
 * back what a cancellation left. The invoices module issues the cancellation's credit note when
 * the order has an invoice (CGST Rule 53), the refunds module records the refund (its webhook,
 * and the buyer's mail, which carries that credit note, so no mail of its own is sent for it),
 * and the orders module moves the order through its machine with the payment status the refund
 * leaves: "Refunded" or "Partly Refunded". If the machine refuses the move, nothing is kept.
 */
import { z } from 'zod';
import type { SiteSettings } from '../../content/site';
import { refundingActions } from '../../core/orders/refunds';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { creditNoteForCancelledOrder } from '../modules/invoices';
import { parseInput, requireAdmin, requireRowId } from '../modules/kernel';
import { setOrderStatus } from '../modules/orders';
import { recordRefund } from '../modules/refunds';

export async function refundOrder(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; action: unknown; refund: unknown },
  site: SiteSettings,
  now: Date,
) {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const action = parseInput(z.enum(refundingActions), input.action);
  return db.transaction(async (tx) => {
    const creditNote =
      action === 'cancel'
        ? await creditNoteForCancelledOrder(tx, actor, orderId, site, now, { mailTheBuyer: false })
        : null;
    const { refund, paymentStatus } = await recordRefund(
      tx,
      actor,
      { orderId, refund: input.refund, creditNoteId: creditNote?.id ?? null },
      { now, timeZone: site.shopTimeZone },
    );
    const changed = await setOrderStatus(
      tx,
      actor,
      { orderId, action, refunded: paymentStatus },
      now,
    );
    return {
      status: changed.status,
      paymentStatus,
      refund,
      creditNoteNumber: creditNote?.number ?? null,
    };
  });
}
