/**
 * What the payment panel shows of an order (issue 16 "Paying"), built on the server: the UPI link
 * and its QR code as SVG (rendered here, so the browser loads no QR library), and the shop's bank
 * details.
 */
import {
  offerPaymentMethods,
  upiPaymentUri,
  type OfferPaymentMethod,
} from '../../../core/quote-offer';
import type { PaymentStatus } from '../../../core/statuses';
import type { SiteSettings } from '../../../content/site';
import { upiQrSvg } from '../../../server/modules/quotations/upi-qr';
import type { PaymentPanelData } from './payment-panel';

export interface PayableOrder {
  id: string;
  orderNumber: string;
  paymentMethod: string | null;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  submittedPaymentReference: string | null;
}

function offerPaymentMethodOf(method: string | null): OfferPaymentMethod | null {
  return offerPaymentMethods.find((known) => known === method) ?? null;
}

/**
 * The panel of an order paid by UPI or bank transfer whose payment is still pending; null for any
 * other order (paid, cancelled, or paid another way), which has nothing left to pay here.
 */
export async function paymentPanelFor(
  order: PayableOrder,
  site: Pick<SiteSettings, 'upiId' | 'shopName' | 'bankDetails'>,
): Promise<PaymentPanelData | null> {
  const paymentMethod = offerPaymentMethodOf(order.paymentMethod);
  if (!paymentMethod || order.paymentStatus !== 'pending') return null;
  // issue 16: upi://pay?pa={UPI_ID}&pn={shop}&am={total}&cu=INR&tn={orderNumber}
  const upiUri = upiPaymentUri({
    upiId: site.upiId,
    shopName: site.shopName,
    totalMinor: order.totalMinor,
    orderNumber: order.orderNumber,
  });
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentMethod,
    totalMinor: order.totalMinor,
    submittedPaymentReference: order.submittedPaymentReference,
    upiUri,
    qrSvg: await upiQrSvg(upiUri),
    bankDetails: site.bankDetails,
  };
}
