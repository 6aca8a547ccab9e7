/**
 * The refund that closes an approved return (docs/requirements.md §24 "Returns", docs/decisions/028), in one
 * transaction: the returns module gives the return's pieces, the invoices module issues the credit
 * note for those pieces when the order has an invoice (CGST Rule 53), the refunds module records
 * the refund (its webhook, and the buyer's mail, which carries that credit note), the orders
 * module moves the order through its machine ("Returned" once every piece is back, with the
 * payment status the refund leaves), and the return reads "Refunded". If any step refuses,
 * nothing is kept.
 */
import type { SiteSettings } from '../../content/site';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { creditNoteForReturnedPieces } from '../modules/invoices';
import { requireAdmin, requireRowId } from '../modules/kernel';
import { setOrderStatus } from '../modules/orders';
import { recordRefund } from '../modules/refunds';
import { approvedReturnToRefund, markReturnRefunded } from '../modules/returns';

export async function refundReturn(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; returnId: unknown; refund: unknown },
  site: SiteSettings,
  now: Date,
) {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  return db.transaction(async (tx) => {
    const closing = await approvedReturnToRefund(tx, actor, { orderId, returnId: input.returnId });
    const creditNote = await creditNoteForReturnedPieces(
      tx,
      actor,
      { orderId, pieces: closing.pieces },
      site,
      now,
      { mailTheBuyer: false },
    );
    const { refund, paymentStatus } = await recordRefund(
      tx,
      actor,
      { orderId, refund: input.refund, creditNoteId: creditNote?.id ?? null },
      { now, timeZone: site.shopTimeZone },
    );
    const changed = await setOrderStatus(
      tx,
      actor,
      {
        orderId,
        action: 'record-refund',
        refunded: paymentStatus,
        returnsEverything: closing.returnsEverything,
      },
      now,
    );
    await markReturnRefunded(tx, actor, { returnId: closing.returnId, refundId: refund.id });
    return {
      status: changed.status,
      paymentStatus,
      refund,
      creditNoteNumber: creditNote?.number ?? null,
    };
  });
}
