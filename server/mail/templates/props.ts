/**
 * What each of the shop's mail templates is given (docs/requirements.md §13): one template per mail, each a
 * React Email component that renders the HTML part and, from the same markup, the plain-text part.
 * Amounts are integer paise and dates ISO strings; the templates format them with `core/money`
 * and `core/dates`, as the pages do. Every link is a whole address: the mail is read far from the
 * shop.
 */
import type { OfferPricing } from '../../../core/quotes/offer-totals';
import type { DisplayRate } from '../../../core/money/display-amount';
import type { PaymentStage } from '../../../core/orders/payment-terms';

/** The shop as the layout shows it: from Settings, as they are when the mail is delivered. */
export interface MailShop {
  name: string;
  email: string;
  phone: string;
  /** Digits with the country code, for https://wa.me/<number>; empty shows no WhatsApp link. */
  whatsappNumber: string;
  address: string;
  /** The shop's public address, without a trailing slash. */
  publicUrl: string;
}

/** One piece of a request, as the catalogue names it (never as the requester typed it). */
export interface MailPiece {
  name: string;
  productUrl: string;
  quantity: number;
  /**
   * docs/requirements.md §18: the buyer's notes for this piece; null when there are none, or when the mail may
   * not carry what the requester wrote (an unverified confirmation).
   */
  notes: string | null;
}

/** The requester's own words and details; shown only to the owner or a verified requester. */
export interface MailRequester {
  name: string;
  company: string | null;
  mobile: string;
  email: string | null;
  /** docs/requirements.md §18: the buyer's GSTIN, shown when they gave one. */
  gstin: string | null;
}

/** An offer's lines and totals: the one priced shape of core/quotes/offer-totals.ts. */
export type MailOffer = OfferPricing;

export type MailPaymentMethod = 'upi' | 'bank transfer' | null;

/** A returned line as the return mails name it ("2 × Lotus Urli", docs/requirements.md §24). */
export interface MailReturnedPiece {
  productName: string;
  quantity: number;
}

/** The kinds of a customer's step on the thread (the quotation_messages kinds). */
export type CustomerMessageKind =
  'message' | 'changes-requested' | 'declined' | 'new-offer-requested';

export interface MailTemplateProps {
  /**
   * To the owner: a new quotation request, every piece with its quantity and notes (docs/requirements.md §18).
   * Subject "New quotation request: {the piece}", or for several "… : {piecesSummary}".
   */
  'quotation-request-owner': {
    reference: string;
    pieces: MailPiece[];
    /** The notes for the whole request. */
    notes: string | null;
    requester: MailRequester;
    adminUrl: string;
  };
  /**
   * To the requester: we received it. `requester` is null when the address is not the signed-in
   * requester's verified one (docs/requirements.md §13: anyone can type an address into the form): then
   * the mail carries nothing the request wrote, only what the shop knows, and says to ignore it if
   * it was not them (no piece's notes either). Subject "We received your quotation request for
   * {the piece}", or for several pieces their summary.
   */
  'quotation-request-customer': {
    reference: string;
    pieces: MailPiece[];
    notes: string | null;
    requester: MailRequester | null;
    quotationUrl: string;
    /**
     * docs/requirements.md §15: a guest's request, which joins an account only when the holder of this
     * address adds it, signed in: the link to do so; null for a signed-in requester's own.
     */
    claimUrl: string | null;
  };
  /** To the owner: the contact form. Subject "New message: {subject}". */
  'contact-message-owner': {
    name: string;
    email: string;
    subject: string;
    message: string;
    adminUrl: string;
  };
  /** To the owner: the welcome pop-up's number. Subject "Call-back request from {phone}". */
  'callback-request-owner': { phoneNumber: string; adminUrl: string };
  /** To a new subscriber; the layout shows the unsubscribe link. */
  'newsletter-welcome': { unsubscribeUrl: string; shopUrl: string };
  /** To the owner (docs/requirements.md §11). Subject "Webhook endpoint disabled: {url}". */
  'webhook-endpoint-disabled': { url: string; failingSince: string; adminUrl: string };
  /** To the owner at 09:00 (docs/requirements.md §12). Subject "{n} requests await your reply". */
  'daily-digest': {
    total: number;
    requests: {
      reference: string;
      customerName: string;
      productName: string;
      /** "5 hours", "3 days" (core/week-at-a-glance waitedFor). */
      waited: string;
      adminUrl: string;
    }[];
    /** The admin's list, when more wait than are listed. */
    listUrl: string;
    /** docs/requirements.md §24: paid orders not yet all shipped 14 days after the payment, and their list. */
    unshippedOrders: number;
    ordersUrl: string;
    /** docs/requirements.md §24: returns waiting for the owner's answer, and the orders filtered to them. */
    returnsRequested: number;
    returnsUrl: string;
    settingsUrl: string;
  };
  /** To the customer: an offer, or a revision of it; the PDF is attached. */
  'offer-sent-customer': {
    customerName: string;
    reference: string;
    /**
     * What the request asked for (docs/requirements.md §18): "Lotus Urli", or "Floral Inlay Marble Urli and 3
     * more pieces" (./pieces.ts); the other lifecycle mails say it the same way.
     */
    requestedPieces: string;
    /** The offer's document, as its PDF prints it: the shop's free-text terms and its note too. */
    offer: MailOffer & { terms: string; note: string | null };
    /** docs/requirements.md §21: the reader's display currency, whose "(≈ US$2,287)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
    quotationUrl: string;
  };
  /** To the customer: the shop withdrew the offer it had sent. */
  'offer-withdrawn-customer': {
    customerName: string;
    reference: string;
    requestedPieces: string;
    version: number;
    quotationUrl: string;
  };
  /** To the customer: the shop wrote on the thread. */
  'shop-message-customer': {
    customerName: string;
    reference: string;
    body: string;
    quotationUrl: string;
  };
  /**
   * To the owner: the customer wrote, asked for changes, declined or asked for a new offer.
   * `offerVersion` is the offer the step is about (null for a plain message).
   */
  'customer-message-owner': {
    reference: string;
    customerName: string;
    /** "Lotus Urli", or "Lotus Urli and 3 more pieces": what the offer is for. */
    requestedPieces: string;
    kind: CustomerMessageKind;
    offerVersion: number | null;
    body: string;
    adminUrl: string;
  };
  /** To the customer: their order was made from the offer they accepted; how to pay. */
  'offer-accepted-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    totalMinor: number;
    paymentMethod: MailPaymentMethod;
    /** docs/requirements.md §21: what is asked for now: the advance, or the total when paid in one payment. */
    amountDueMinor: number;
    /** docs/requirements.md §21: the balance due before dispatch, when an advance is asked for first. */
    balanceMinor: number | null;
    /** The `upi://pay?…` link of the amount due when the order is paid by UPI, else null. */
    upiUrl: string | null;
    /** docs/requirements.md §21: why there is no UPI link: the amount is above the shop's UPI limit. */
    upiOverLimit: string | null;
    upiId: string;
    bankDetails: string;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /** docs/requirements.md §21: to the customer: the advance is in; the balance is due before dispatch. */
  'advance-confirmed-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    advanceMinor: number;
    balanceMinor: number;
    paymentMethod: MailPaymentMethod;
    upiUrl: string | null;
    upiOverLimit: string | null;
    upiId: string;
    bankDetails: string;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /** docs/requirements.md §21: to the customer: the balance is in; the order is paid in full. */
  'balance-confirmed-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    balanceMinor: number;
    totalMinor: number;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /** To the owner: the customer accepted. */
  'offer-accepted-owner': {
    reference: string;
    customerName: string;
    version: number;
    orderNumber: string;
    totalMinor: number;
    paymentMethod: MailPaymentMethod;
    adminUrl: string;
  };
  /** To the customer, two days before the offer's last day. */
  'offer-expiring-customer': {
    customerName: string;
    reference: string;
    requestedPieces: string;
    version: number;
    totalMinor: number;
    validUntil: string;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  'offer-expired-customer': {
    customerName: string;
    reference: string;
    requestedPieces: string;
    version: number;
    validUntil: string;
    quotationUrl: string;
  };
  'offer-expired-owner': {
    reference: string;
    customerName: string;
    requestedPieces: string;
    version: number;
    validUntil: string;
    adminUrl: string;
  };
  /** To the owner: the customer submitted a payment reference (UTR). */
  'payment-reference-owner': {
    reference: string;
    customerName: string;
    orderNumber: string;
    /** Which payment the reference pays (core/orders/payment-terms.ts amountDue): its words come from it. */
    payment: PaymentStage;
    /** The amount of that payment, in paise. */
    totalMinor: number;
    paymentMethod: MailPaymentMethod;
    paymentReference: string;
    adminUrl: string;
  };
  'payment-confirmed-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    totalMinor: number;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /**
   * docs/requirements.md §24: to the customer, for each shipment: its day, carrier, tracking,
   * pieces and a link to the first photo of the packed boxes; the order's tax invoice attached
   * when it has one. Subject "Your order {orderNumber} has shipped".
   */
  'order-shipped-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    carrierName: string;
    trackingNumber: string | null;
    /** "Track Shipment": the carrier's page (India Post's without the number) or the owner's link. */
    trackingUrl: string | null;
    /** The shop's day it left, YYYY-MM-DD. */
    dispatchedOn: string;
    boxes: number;
    pieces: { productName: string; quantity: number }[];
    /** False while pieces of the order are still to ship after this one ("Partly Shipped"). */
    everyPieceShipped: boolean;
    /** The first photo of the packed boxes, a whole https address; null for a shipment without. */
    photoUrl: string | null;
    /** The order's tax invoice the mail attaches; null when it has none. */
    invoiceNumber: string | null;
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §24: to the customer: the order reached her, marked by her ("I Have
   * Received It") or by the shop ("Mark as Delivered"). Subject "Your order {orderNumber} was
   * delivered".
   */
  'order-delivered-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    /** The shop's day it was delivered, YYYY-MM-DD. */
    deliveredOn: string;
    /** Who said it arrived: the shop's mark asks her to reply if it has not. */
    confirmedBy: 'customer' | 'shop';
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §24: to the customer: a refund on her cancelled order, or the refund that
   * closes her approved return. Subject "Refund of {amount} for {orderNumber}", the rupees alone.
   */
  'order-refunded-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    /** This refund, in paise. */
    amountMinor: number;
    /** "UPI" or "bank transfer", as the owner recorded it, inside the sentence. */
    methodLabel: string;
    /** The refund's own reference (a UTR), for her bank statement. */
    refundReference: string;
    /** The shop's day of the refund, YYYY-MM-DD. */
    refundedOn: string;
    /** True when all the money received for the order is now refunded. */
    fullyRefunded: boolean;
    /** Every refund of the order so far, this one included, in paise. */
    refundedTotalMinor: number;
    /** All the money received for the order, in paise. */
    receivedMinor: number;
    /** The credit note the mail attaches; null when it attaches none. */
    creditNoteNumber: string | null;
    /** The pieces of the return this refund closes; null for a refund that closes no return. */
    returnedPieces: MailReturnedPiece[] | null;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /**
   * docs/requirements.md §24 "Returns": to the owner: the buyer asks to return pieces of her
   * delivered order. Subject "Return requested for {orderNumber}".
   */
  'return-requested-owner': {
    customerName: string;
    orderNumber: string;
    pieces: MailReturnedPiece[];
    /** The buyer's words, plain text; its line breaks are kept. */
    reason: string;
    /** Each photo's whole address, linked ("Photo 1"), never loaded by the mail (docs/decisions/017). */
    photoUrls: string[];
    /** "Answer the Return": the console's orders, found by the order's number. */
    adminUrl: string;
  };
  /**
   * docs/requirements.md §24 "Returns": to the customer: the owner approved her return, with how to
   * send the pieces back. Subject "Your return for {orderNumber} is approved".
   */
  'return-approved-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    pieces: MailReturnedPiece[];
    /** The owner's return instructions, plain text; its line breaks are kept. */
    instructions: string;
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §24 "Returns": to the customer: the owner declined her return, and why.
   * Subject "Your return for {orderNumber} was declined".
   */
  'return-declined-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    pieces: MailReturnedPiece[];
    /** The owner's reason, plain text; its line breaks are kept. */
    reason: string;
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §24 "Making-of updates": to the customer: the owner's note on her order
   * being made, with its first photo. Subject "News of your order {orderNumber}".
   */
  'production-update-customer': {
    customerName: string;
    reference: string;
    orderNumber: string;
    /** The owner's words, plain text of up to 1,000 characters; its line breaks are kept. */
    note: string;
    /** The update's first photo, a whole https address; null for an update without photos. */
    photoUrl: string | null;
    /** How many photos the update has, 0 to 4; the others are on the order's page. */
    photoCount: number;
    /** The shop's day the update was posted, YYYY-MM-DD. */
    postedOn: string;
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §23: to the customer: her tax invoice, its PDF attached. Subject "Your invoice
   * {invoiceNumber}".
   */
  'invoice-issued-customer': {
    customerName: string;
    reference: string;
    invoiceNumber: string;
    orderNumber: string;
    /** The invoice's total, in paise. */
    totalMinor: number;
    quotationUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows the total; null for none. */
    displayRate: DisplayRate | null;
  };
  /**
   * docs/requirements.md §23: to the customer: the credit note that cancels her invoice, its PDF
   * attached. Subject "Your credit note {creditNoteNumber}".
   */
  'credit-note-issued-customer': {
    customerName: string;
    reference: string;
    creditNoteNumber: string;
    orderNumber: string;
    /** The invoice the credit note cites. */
    invoiceNumber: string;
    /** "Order cancelled" */
    reason: string;
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §18 "Merge Requests": to the customer, once: the owner merged their requests into one.
   * The pieces carry no notes (anyone may have typed the address). Subject "Your requests are
   * merged into {reference}".
   */
  'quotation-merged-customer': {
    customerName: string;
    reference: string;
    mergedReferences: string[];
    pieces: MailPiece[];
    quotationUrl: string;
  };
  /**
   * docs/requirements.md §21: to a wisher, once per drop (./wishlist-mails.tsx). Subject "A piece on your wishlist
   * is now ₹{new} (was ₹{then})"; the layout shows the unsubscribe link too.
   */
  'price-drop-customer': {
    productName: string;
    productUrl: string;
    priceMinor: number;
    thenPriceMinor: number;
    unsubscribeUrl: string;
    /** The reader's display currency (docs/decisions/026): "(≈ US$41)" follows each amount; null for none. */
    displayRate: DisplayRate | null;
  };
  /** Identity mails (server/auth): each a link or a code, for the address it goes to. */
  'reset-password': { url: string };
  'verify-email': { url: string };
  'confirm-new-email': { url: string };
  'sign-up-attempt': { email: string; signInUrl: string; forgotPasswordUrl: string };
  'sign-in-code': { code: string };
  /** docs/decisions/022 (amended): to the account holder when a passkey is added. */
  'passkey-added': { passkeyName: string | null; securityUrl: string };
}

export type MailTemplateName = keyof MailTemplateProps;

/** A rendered mail: the subject, the HTML part and the plain-text part. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
