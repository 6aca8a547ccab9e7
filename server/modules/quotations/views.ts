/**
 * What the quote lifecycle's pages get from the quotations module (docs/requirements.md §10): the customer's
 * quote page, their dashboard tab, and the owner's quotation page. Plain data: dates are Dates,
 * money is paise, formatted by the page with core/money/money.ts.
 */
import type {
  CustomerOfferAction,
  OfferStatus,
  OwnerOfferAction,
} from '../../../core/quotes/quote-offer';
import type { OfferLine, OfferPricing } from '../../../core/quotes/offer-totals';
import type { OrderStatus, PaymentStatus, QuotationStatus } from '../../../core/orders/statuses';
import type { ShipmentView } from '../../../core/orders/shipments';
import type { RefundView } from '../../../core/orders/refund-status';
import type { TaxDocumentSummary } from '../../db/order-documents';

export interface OfferLineView extends OfferLine {
  id: string;
  productId: string | null;
  /** docs/requirements.md §24: "Made to order (not returnable)"; a custom line always is. */
  madeToOrder: boolean;
}

/** The offer as every page, the API, the webhook and the PDF read it: mapped once from the rows. */
export interface OfferView extends OfferPricing<OfferLineView> {
  id: string;
  /** As stored. */
  status: OfferStatus;
  /** As shown now: a sent offer past its day reads expired before the job has run. */
  shownStatus: OfferStatus;
  terms: string;
  note: string | null;
  declineReason: string | null;
  sentAt: Date | null;
  decidedAt: Date | null;
  createdAt: Date;
}

export interface QuoteMessageView {
  id: string;
  author: 'customer' | 'shop';
  /**
   * A message, or the customer's step on an offer: asked for changes, declined (the body is the
   * optional reason, possibly empty), asked for a new offer after it expired.
   */
  kind: 'message' | 'changes-requested' | 'declined' | 'new-offer-requested';
  /** The offer version a step refers to. */
  offerVersion: number | null;
  body: string;
  createdAt: Date;
}

/** The order an accepted offer made, and how far its payment is. */
export interface QuoteOrderView {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: 'upi' | 'bank transfer' | null;
  totalMinor: number;
  /** docs/requirements.md §21: the advance asked for first, in paise; null when paid in one payment. */
  advanceMinor: number | null;
  /** The UTR or bank reference the customer submitted, once they have. */
  submittedPaymentReference: string | null;
  /** docs/requirements.md §21: the balance's own reference, once submitted. */
  submittedBalanceReference: string | null;
  /** docs/requirements.md §23: its tax invoice and credit notes, for the quote page's downloads. */
  documents: TaxDocumentSummary[];
  /** docs/requirements.md §24: its shipments, first to last. */
  shipments: ShipmentView[];
  /** docs/requirements.md §24: its refunds, whose money received still names the payments made (receipts). */
  refunds: RefundView[];
}

/** docs/requirements.md §18: one piece of a request, as the buyer asked for it. */
export interface QuoteRequestLineView {
  productId: string | null;
  productName: string;
  quantity: number;
  notes: string | null;
}

export interface QuoteRequestView {
  /** spec §3: the first piece's id, name and quantity (docs/decisions/021). */
  productId: string | null;
  productName: string;
  quantity: number;
  /** docs/requirements.md §18: every piece, in the buyer's order; one for a one-piece request. */
  lines: QuoteRequestLineView[];
  /** The notes for the whole request. */
  customizationNotes: string | null;
  customerName: string;
  customerCompany: string | null;
  customerMobile: string;
  customerEmail: string | null;
  /** docs/requirements.md §18: the buyer's GSTIN, when they gave one. */
  customerGstin: string | null;
}

/** docs/requirements.md §10: the quote page, for the requester (with the key, or as the linked account). */
export interface CustomerQuoteView {
  id: string;
  reference: string;
  status: QuotationStatus;
  createdAt: Date;
  request: QuoteRequestView;
  /** The latest offer sent (whatever became of it); null before the first. */
  currentOffer: OfferView | null;
  /** The versions sent before it, newest first. */
  earlierOffers: OfferView[];
  /** What the customer may do with the current offer now (core/quote-offer customerActionsFor). */
  actions: CustomerOfferAction[];
  messages: QuoteMessageView[];
  order: QuoteOrderView | null;
  /** docs/requirements.md §18: the request this one was merged into, when the owner merged it. */
  mergedInto: { reference: string } | null;
  /**
   * docs/requirements.md §15: a guest request the signed-in viewer may add to their account (their
   * verified e-mail is the one it names), or could by signing in; null otherwise.
   */
  claim: 'available' | 'sign-in' | null;
}

/** One row of the customer's dashboard tab "Quotations". */
export interface CustomerQuotationSummary {
  id: string;
  reference: string;
  productName: string;
  quantity: number;
  /** docs/requirements.md §18: every piece of the request. */
  lines: QuoteRequestLineView[];
  status: QuotationStatus;
  createdAt: Date;
  /** The latest sent offer's status as shown now, and its total. */
  offerStatus: OfferStatus | null;
  offerTotalMinor: number | null;
  orderNumber: string | null;
  /** docs/requirements.md §19: the order's state and payment state, for "Accepted, awaiting payment". */
  order: { status: OrderStatus; paymentStatus: PaymentStatus } | null;
}

/** A line the composer starts from: the request's piece at its catalogue price. */
export interface SuggestedOfferLine {
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceMinor: number;
}

export interface CataloguePiece {
  id: string;
  name: string;
  priceMinor: number;
}

/** docs/requirements.md §10: the owner's quotation page. */
export interface OwnerQuotationView {
  id: string;
  reference: string;
  status: QuotationStatus;
  createdAt: Date;
  request: QuoteRequestView;
  /** The signed-in account the request belongs to, if any. */
  userId: string | null;
  awaitingReplySince: Date | null;
  /** Every version but the draft, newest first. */
  offers: OfferView[];
  /** The draft being composed, if one is saved. */
  draft: OfferView | null;
  ownerActions: OwnerOfferAction[];
  messages: QuoteMessageView[];
  order: QuoteOrderView | null;
  /** Where the composer starts when there is no draft and no offer: the request's piece. */
  suggestedLines: SuggestedOfferLine[];
  /** The same customer's other requests and orders, by account or verified e-mail. */
  history: {
    requests: {
      id: string;
      reference: string;
      productName: string;
      status: QuotationStatus;
      createdAt: Date;
    }[];
    orders: {
      id: string;
      orderNumber: string;
      status: OrderStatus;
      totalMinor: number;
      createdAt: Date;
    }[];
  };
}
