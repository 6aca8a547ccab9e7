/**
 * What the payment panel shows of an order (docs/requirements.md §10 "Paying"), built on the server: the UPI link
 * and its QR code as SVG (rendered here, so the browser loads no QR library), and the shop's bank
 * details. docs/requirements.md §21: it asks for the amount due now (the advance, then the balance), and leaves
 * UPI out when the shop's per-payment limit is below that amount.
 */
import { offerPaymentMethods, type OfferPaymentMethod } from '../../../core/quotes/quote-offer';
import { amountDue, payingMethodFor, upiPaymentFor } from '../../../core/orders/payment-terms';
import type { PaymentStatus } from '../../../core/orders/statuses';
import type { SiteSettings } from '../../../content/site';
import type { TypedSettings } from '../../../server/modules/settings';
import { upiQrSvg } from '../../../server/modules/quotations/upi-qr';
import type { PaymentPanelData } from './payment-panel';

export interface PayableOrder {
  id: string;
  orderNumber: string;
  paymentMethod: string | null;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  advanceMinor: number | null;
  submittedPaymentReference: string | null;
  submittedBalanceReference: string | null;
}

/** The orders module's view of an order, as the panel reads it (the dashboard's orders). */
export function payableOrderOf(order: {
  id: string;
  orderNumber: string;
  paymentMethod: string | null;
  paymentStatus: PaymentStatus;
  totalAmountMinor: number;
  advanceMinor: number | null;
  submittedPaymentReference: string | null;
  submittedBalanceReference: string | null;
}): PayableOrder {
  return { ...order, totalMinor: order.totalAmountMinor };
}

function offerPaymentMethodOf(method: string | null): OfferPaymentMethod | null {
  return offerPaymentMethods.find((known) => known === method) ?? null;
}

/**
 * The panel of an order paid by UPI or bank transfer with an amount still due; null for any other
 * order (paid, cancelled, or paid another way), which has nothing left to pay here.
 */
export async function paymentPanelFor(
  order: PayableOrder,
  site: Pick<SiteSettings, 'upiId' | 'shopName' | 'bankDetails'>,
  settings: Pick<TypedSettings, 'upiLimitMinor'>,
): Promise<PaymentPanelData | null> {
  const paymentMethod = offerPaymentMethodOf(order.paymentMethod);
  const due = amountDue(order);
  if (!paymentMethod || !due) return null;
  // docs/requirements.md §10: upi://pay?pa={UPI_ID}&pn={shop}&am={amount}&cu=INR&tn={orderNumber}
  const upi = upiPaymentFor(
    { amountMinor: due.amountMinor, orderNumber: order.orderNumber },
    site,
    settings.upiLimitMinor,
  );
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    // docs/requirements.md §21: above the UPI limit the payment, and its reference, are a bank transfer's
    paymentMethod: payingMethodFor(paymentMethod, due.amountMinor, settings.upiLimitMinor),
    stage: due.stage,
    amountMinor: due.amountMinor,
    submittedPaymentReference:
      due.stage === 'balance' ? order.submittedBalanceReference : order.submittedPaymentReference,
    upiUri: upi.upiUri,
    qrSvg: upi.upiUri ? await upiQrSvg(upi.upiUri) : null,
    upiOverLimit: upi.overLimitLine,
    bankDetails: site.bankDetails,
  };
}
