/**
 * What a domain function queues to be mailed (a `Notice`): what happened, with ids or the stored
 * row, as JSON in the job until the worker renders it (server/mail, decision 013). One shape, here
 * in core/, for the modules that queue notices and the mail that renders them.
 */
import type { ContactMessage } from '../community/contact';
import type { PaymentStage } from '../orders/payment-terms';
import type { QuotationRequest } from '../quotes/quotation';

/** The identity mails (server/auth), each with the purpose its limit is counted under. */
export const accountMailPurposes = [
  // The verification link a sign-up sends (anyone can sign up with any address).
  'sign-up',
  // A new verification link, asked for by the signed-in account holder.
  'verify-email',
  'reset-password',
  'confirm-new-email',
  'sign-in-code',
  'sign-up-attempt',
  // docs/decisions/022 (amended): a passkey was added to the account; a notice, never held.
  'passkey-added',
] as const;
export type AccountMailPurpose = (typeof accountMailPurposes)[number];

/** A mail an earlier version rendered when it was queued: its envelope and text. */
export interface QueuedMailMessage {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

type StoredQuotation = QuotationRequest & {
  id: string;
  /** spec §3: the first piece's (docs/decisions/021). */
  productId: string;
  productName: string;
  reference: string;
  /**
   * docs/requirements.md §18: every piece, in the buyer's order, and the buyer's GSTIN. Absent from a notice an
   * earlier version queued, whose one piece is the fields above.
   */
  lines?: { productId: string; productName: string; quantity: number; notes: string | null }[];
  customerGstin?: string | null;
};

/** One e-mail to send, as a domain function enqueues it (JSON: it is stored until delivered). */
export type Notice =
  | {
      kind: 'quotation-request';
      to: 'owner' | 'requester';
      quotation: StoredQuotation;
      recipientVerified: boolean;
      /** docs/requirements.md §15: made by someone not signed in, so its mail offers to add it. */
      guest?: boolean;
    }
  | { kind: 'contact-message'; message: ContactMessage & { id: string } }
  /** docs/requirements.md §13: the welcome pop-up's call-back request, to the owner like a contact message. */
  | { kind: 'callback-request'; lead: { id: string; phoneNumber: string } }
  | {
      kind: 'newsletter-welcome';
      email: string;
      /**
       * The signed unsubscribe link under the shop's public URL, made by the newsletter module
       * (docs/design.md §7); absent in a welcome queued before it was carried.
       */
      unsubscribePath?: string;
    }
  /** docs/requirements.md §13: an identity mail (server/auth): a link or a code for the address it goes to. */
  | AccountNotice
  /** A mail an earlier version rendered when it was queued (Better Auth's links and codes). */
  | { kind: 'message'; message: QueuedMailMessage }
  /** docs/requirements.md §11: a webhook endpoint failing for 3 days was disabled; the owner hears of it once. */
  | { kind: 'webhook-endpoint-disabled'; url: string; failingSince: string }
  | DailyDigestNotice
  | QuotationEventNotice
  | QuotationMergedNotice
  | PriceDropNotice;

/**
 * docs/requirements.md §21: a wished piece's price fell below the price the wisher added it at.
 */
export interface PriceDropNotice {
  kind: 'price-drop';
  to: string;
  userId: string;
  productId: string;
  productName: string;
  priceMinor: number;
  /** The price the wisher added it at (the mail's "was"). */
  thenPriceMinor: number;
  /**
   * The unsubscribe link under the shop's public URL, signed for `userId` by the account module
   * (docs/design.md §7); absent in a mail queued before it was carried.
   */
  unsubscribePath?: string;
}

export interface AccountNotice {
  kind: 'account';
  purpose: AccountMailPurpose;
  to: string;
  /** The link a link mail carries. */
  url?: string;
  /** The code a code mail carries. */
  code?: string;
  /** The name of the passkey a "passkey added" notice is about; absent when it has none. */
  passkeyName?: string;
}

/** docs/requirements.md §12: the 09:00 digest of the requests awaiting the shop's reply, as it was queued. */
export interface DailyDigestNotice {
  kind: 'daily-digest';
  /** The shop day, YYYY-MM-DD. */
  day: string;
  /** When the digest was made (ISO): the waits are counted to it. */
  now: string;
  /** Every request waiting; `requests` lists the longest-waiting of them. */
  total: number;
  requests: {
    id: string;
    reference: string;
    customerName: string;
    productName: string;
    waitingSince: string;
  }[];
  /**
   * docs/requirements.md §24: paid (or advance-paid) orders not yet all shipped 14 days after the payment;
   * absent from a digest queued before it was counted.
   */
  unshippedOrders?: number;
  /** docs/requirements.md §24: returns the buyers asked that wait for the owner's answer; absent before they were counted. */
  returnsRequested?: number;
}

/** docs/requirements.md §10: the quote lifecycle's mails. */
export type QuotationEvent =
  | 'offer-sent'
  | 'offer-withdrawn'
  | 'message'
  | 'offer-accepted'
  | 'offer-expiring'
  | 'offer-expired'
  | 'payment-reference'
  | 'payment-confirmed'
  // docs/requirements.md §21: the advance confirmed (the mail asks for the balance), then the balance
  | 'advance-confirmed'
  | 'balance-confirmed'
  // docs/requirements.md §24: a shipment recorded, with its tracking, the invoice attached
  | 'order-shipped'
  // docs/requirements.md §24: the delivery recorded (by the owner or the buyer), and a refund
  | 'order-delivered'
  | 'order-refunded'
  // docs/requirements.md §24: a making-of update, with its first photo
  | 'production-update'
  // docs/requirements.md §24: the buyer's return request (to the owner), and the owner's answer (to the buyer)
  | 'return-requested'
  | 'return-approved'
  | 'return-declined'
  // docs/requirements.md §23: the buyer's GST documents, each mailed with its PDF as it is issued
  | 'invoice-issued'
  | 'credit-note-issued';

/** A lifecycle mail as queued: ids only, read at delivery (server/modules/quotations/mail-facts). */
export interface QuotationEventNotice {
  kind: 'quotation-event';
  event: QuotationEvent;
  to: 'customer' | 'owner';
  quotationId: string;
  offerId?: string;
  orderId?: string;
  messageId?: string;
  /** docs/requirements.md §23: the tax invoice or credit note a document's mail attaches. */
  documentId?: string;
  /** docs/requirements.md §24: the shipment of an `order-shipped` mail. */
  shipmentId?: string;
  /** docs/requirements.md §24: the refund of an `order-refunded` mail. */
  refundId?: string;
  /** docs/requirements.md §24: the making-of update of a `production-update` mail. */
  updateId?: string;
  /** docs/requirements.md §24: the return of a `return-requested`, `return-approved` or `return-declined` mail. */
  returnId?: string;
  /** docs/requirements.md §24: who recorded an `order-delivered` mail's delivery. */
  confirmedBy?: 'shop' | 'customer';
  /**
   * A payment reference's notice: which payment it pays and how, as they were when it was
   * submitted; by delivery the owner may have confirmed it and the order asks for the next.
   */
  payment?: { stage: PaymentStage; method: 'upi' | 'bank transfer' };
}

/**
 * docs/requirements.md §18 "Merge Requests": the customer's one mail about their requests merged into the one the
 * owner kept. The worker makes the mail's private link to the kept request when it delivers it.
 */
export interface QuotationMergedNotice {
  kind: 'quotation-merged';
  /** The kept request's address, or its account's verified one. */
  to: string;
  quotationId: string;
  reference: string;
  mergedReferences: string[];
  customerName: string;
  /** Every piece of the kept request after the merge, as the catalogue named them. */
  pieces: { productId: string | null; productName: string; quantity: number }[];
}
