/**
 * The owner's order actions (spec §4) with the GST documents they bring (docs/decisions/027), in one
 * transaction: the orders module moves the order through its state machine, and the invoices
 * module then issues what the move needs. "Mark as Shipped" issues the tax invoice when the order
 * has none, since goods may not leave without one (CGST Rule 46): if it cannot be issued, the order
 * is not shipped and the owner is told why. Cancelling an invoiced order issues a credit note for
 * the whole invoice (CGST Rule 53). Confirming a payment before the invoice issues its receipt
 * voucher (CGST Rule 50).
 */
import { z } from 'zod';
import type { SiteSettings } from '../../content/site';
import { orderActions } from '../../core/admin/admin';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import {
  creditNoteForCancelledOrder,
  invoiceBeforeShipping,
  receiptVoucherForConfirmedPayment,
} from '../modules/invoices';
import { parseInput, requireAdmin, requireRowId } from '../modules/kernel';
import { setOrderStatus } from '../modules/orders';

export async function applyOrderAction(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; action: unknown; paymentReference?: unknown },
  site: SiteSettings,
  now: Date,
) {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const action = parseInput(z.enum(orderActions), input.action);
  return db.transaction(async (tx) => {
    const changed = await setOrderStatus(tx, actor, { ...input, orderId, action }, now);
    const shipped =
      action === 'ship' ? await invoiceBeforeShipping(tx, actor, orderId, site, now) : null;
    const creditNote =
      action === 'cancel' ? await creditNoteForCancelledOrder(tx, actor, orderId, site, now) : null;
    const receipt =
      action === 'confirm-payment' || action === 'confirm-balance'
        ? await receiptVoucherForConfirmedPayment(tx, actor, orderId, site, now)
        : null;
    return {
      ...changed,
      // The invoice the goods leave with, and whether this action issued it.
      invoiceNumber: shipped?.invoice.number ?? null,
      invoiceIssuedNow: shipped?.issuedNow ?? false,
      creditNoteNumber: creditNote?.number ?? null,
      receiptVoucherNumber: receipt?.voucher?.number ?? null,
      /** Why a payment confirmed before the invoice has no receipt voucher, when it could not be made. */
      receiptVoucherProblem: receipt?.problem ?? null,
    };
  });
}
