/**
 * The quote lifecycle's addresses (docs/requirements.md §10): a quotation's private link, the quote
 * page's claim panel anchor and the UPI payment URI. Apart from core/quotes/quote-offer.ts's schemas so
 * that the pages linking to them load without zod (docs/decisions/020); core/quotes/quote-offer.ts re-exports them.
 */

/** docs/requirements.md §15: the quote page's "Is this your request? Add it to your account" panel. */
export const CLAIM_ANCHOR = 'add-to-account';

/** The private link of a quotation, as the mails and the success answer carry it. */
export function quotationLink(publicUrl: string, reference: string, key: string | null): string {
  const path = `/quotes/${reference}`;
  return `${publicUrl}${path}${key ? `?key=${key}` : ''}`;
}

/** docs/requirements.md §10: upi://pay?pa={UPI_ID}&pn={shop}&am={total}&cu=INR&tn={orderNumber} */
export function upiPaymentUri(payment: {
  upiId: string;
  shopName: string;
  totalMinor: number;
  orderNumber: string;
}): string {
  const amount = `${Math.floor(payment.totalMinor / 100)}.${String(payment.totalMinor % 100).padStart(2, '0')}`;
  const query = [
    ['pa', payment.upiId],
    ['pn', payment.shopName],
    ['am', amount],
    ['cu', 'INR'],
    ['tn', payment.orderNumber],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `upi://pay?${query}`;
}

/** docs/requirements.md §10: wa.me takes the number in international form, digits only; a bare Indian mobile gets 91. */
export function whatsappNumberOf(mobile: string): string {
  const digits = mobile.replaceAll(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/**
 * docs/requirements.md §10 "Send on WhatsApp" and docs/requirements.md §19 "Send and Share on WhatsApp": WhatsApp's click-to-chat
 * with the customer's private link, the one address outside the shop a redirect may go to
 * (server/http/shop-only-redirects.ts).
 */
export function whatsappChatUrl(share: {
  publicUrl: string;
  shopName: string;
  reference: string;
  key: string;
  customerName: string;
  customerMobile: string;
}): string {
  const link = quotationLink(share.publicUrl, share.reference, share.key);
  const text = `Hello ${share.customerName}, your quotation ${share.reference} from ${share.shopName} is ready: ${link}`;
  return `https://wa.me/${whatsappNumberOf(share.customerMobile)}?text=${encodeURIComponent(text)}`;
}
