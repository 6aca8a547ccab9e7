/**
 * The e-mails the shop sends (issue: notifications; docs/requirements.md §13): a domain function enqueues a
 * `Notice` in its transaction (server/modules/jobs), and the worker renders it here, with the
 * shop's settings at delivery, through one React Email template per mail (./templates): an HTML
 * part and a plain-text part. Every mail about a quotation is one thread in a mail client, and
 * Reply reaches the right person: the customer from the owner's notices, the shop from the
 * customer's mails.
 */
import type { DisplayCurrency, DisplayRate } from '../../core/money/display-amount';
import { randomUUID } from 'node:crypto';
import type {
  AccountNotice,
  DailyDigestNotice,
  Notice,
  QuotationEventNotice,
} from '../../core/admin/notices';
import {
  advanceAndBalance,
  amountDue,
  payingMethodFor,
  upiLimitMinor,
  upiPaymentFor,
} from '../../core/orders/payment-terms';
import { CLAIM_ANCHOR, quotationLink } from '../../core/quotes/quote-offer';
import { sameEmail } from '../../core/identity/identity';
import { waitedFor } from '../../core/time/week-at-a-glance';
import { refundMethodWords } from '../../core/orders/refund-status';
import type { SiteSettings } from '../../content/site';
import type { PaymentStatus } from '../../core/orders/statuses';
import type { TaxDocumentKind } from '../../core/tax/document-links';
import type { AccountMailPurpose } from '../../core/admin/notices';
import type { MailMessage } from '.';
import { renderMailTemplate } from './templates';
import { piecesTitle } from './templates/pieces';
import type {
  CustomerMessageKind,
  MailOffer,
  MailPaymentMethod,
  MailShop,
  MailTemplateName,
  MailTemplateProps,
} from './templates/props';

/** What a lifecycle mail says, read when it is delivered. */
export interface QuotationMailFacts {
  reference: string;
  quotationId: string;
  /** docs/requirements.md §21: the request's account, whose chosen display currency the offer mail shows. */
  customerUserId?: string | null;
  /** docs/requirements.md §21: the display currency the requester's page showed, for an account without a choice or a guest. */
  requestDisplayCurrency?: DisplayCurrency | null;
  /**
   * The customer's display currency, in which a customer mail shows each amount beside rupees
   * (docs/decisions/026); null for rupees only. quotationMailOf sets it
   * (server/modules/quotations/mail-facts.ts).
   */
  displayRate?: DisplayRate | null;
  /** docs/requirements.md §18: the name of every piece of the request, in the buyer's order. */
  productNames: string[];
  customerName: string;
  customerEmail: string | null;
  /** A private key made for this mail's link (customer mails only). */
  customerKey: string | null;
  /** The offer as its PDF shows it (server/modules/quotations offerDocumentOf), terms and note too. */
  offer: (MailOffer & { terms: string; note: string | null }) | null;
  order: {
    orderNumber: string;
    totalMinor: number;
    paymentMethod: MailPaymentMethod;
    submittedPaymentReference: string | null;
    // docs/requirements.md §21
    advanceMinor: number | null;
    paymentStatus: PaymentStatus;
    submittedBalanceReference: string | null;
  } | null;
  message: {
    author: 'customer' | 'shop';
    kind: string;
    body: string;
    /** The offer a step on an offer is about. */
    offerVersion: number | null;
  } | null;
  /**
   * docs/requirements.md §23: the tax invoice or credit note a document's mail is about, as it was
   * issued; absent from every other mail.
   */
  document?: MailTaxDocument | null;
  /**
   * docs/requirements.md §24: the shipment an `order-shipped` mail tells of, one of the notice's
   * order only; absent from every other mail.
   */
  shipment?: MailShipment | null;
  /**
   * docs/requirements.md §24: the delivery an `order-delivered` mail tells of, when the order has one;
   * absent from every other mail.
   */
  delivery?: { deliveredOn: string } | null;
  /**
   * docs/requirements.md §24: the refund an `order-refunded` mail tells of, one of the notice's order only,
   * with what the order's refunds add up to by then; absent from every other mail.
   */
  refund?: MailRefund | null;
  /**
   * docs/requirements.md §24: the making-of update a `production-update` mail tells of, one of the notice's
   * order only; absent from every other mail.
   */
  update?: MailProductionUpdate | null;
  /**
   * docs/requirements.md §24 "Returns": the return a `return-requested`, `return-approved` or
   * `return-declined` mail tells of, or the one an `order-refunded` mail's refund closes; one of
   * the notice's order only, absent from every other mail.
   */
  orderReturn?: MailReturn | null;
}

/** A return as its mails tell of it (docs/requirements.md §24 "Returns"). */
export interface MailReturn {
  id: string;
  orderId: string;
  pieces: { productName: string; quantity: number }[];
  reason: string;
  /** Each photo's address as stored: a path on the shop (/media/…) or the bucket's. */
  photoUrls: string[];
  /** The approval's instructions or the decline's reason; null while it waits for an answer. */
  decisionNote: string | null;
  /** The refund that closed it; null before. */
  refundId: string | null;
}

/** A making-of update as its mail shows it (docs/requirements.md §24). */
export interface MailProductionUpdate {
  orderId: string;
  note: string;
  /** Each photo's address as stored: a path on the shop (/media/…) or the bucket's. */
  photoUrls: string[];
  /** The shop's day it was posted, YYYY-MM-DD. */
  postedOn: string;
}

/** A refund as its mail tells the buyer of it (docs/requirements.md §24). */
export interface MailRefund {
  orderId: string;
  amountMinor: number;
  method: 'upi' | 'bank transfer';
  reference: string;
  /** The shop's day it was recorded, YYYY-MM-DD. */
  refundedOn: string;
  receivedMinor: number;
  /** This refund and those before it. */
  refundedTotalMinor: number;
}

/** A shipment as its mail tells the buyer of it (docs/requirements.md §24). */
export interface MailShipment {
  orderId: string;
  carrierName: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The shop's day it left, YYYY-MM-DD. */
  dispatchedOn: string;
  boxes: number;
  pieces: { productName: string; quantity: number }[];
  /** Whether the order has nothing left to ship once this shipment has left. */
  everyPieceShipped: boolean;
  /** Each photo of the packed boxes as stored: a path on the shop (/media/…) or the bucket's. */
  photoUrls: string[];
}

/** A GST document as its mail names it (docs/requirements.md §23), read from its stored content. */
export interface MailTaxDocument {
  kind: TaxDocumentKind;
  number: string;
  orderNumber: string;
  totalMinor: number;
  /** A credit note's invoice and reason; null on an invoice. */
  invoiceNumber: string | null;
  reason: string | null;
}

type ShopSite = Pick<
  SiteSettings,
  | 'shopName'
  | 'shopEmail'
  | 'phone'
  | 'whatsappNumber'
  | 'address'
  | 'upiId'
  | 'bankDetails'
  | 'upiPaymentLimit'
>;

/**
 * What rendering needs besides the notice: the shop. Signed links come in the notice, made by the
 * module that owns them (docs/design.md §7).
 */
export interface NoticeSettings {
  site: ShopSite;
  publicUrl: string;
}

/** This mail's own id in a thread (the job's, so a retried delivery keeps it). */
export interface MailIdentity {
  mailId?: string;
}

function mailShopOf({ site, publicUrl }: Pick<NoticeSettings, 'site' | 'publicUrl'>): MailShop {
  return {
    name: site.shopName,
    email: site.shopEmail,
    phone: site.phone,
    whatsappNumber: site.whatsappNumber,
    address: site.address,
    publicUrl,
  };
}

async function renderMail<Name extends MailTemplateName>(
  name: Name,
  props: MailTemplateProps[Name],
  settings: Pick<NoticeSettings, 'site' | 'publicUrl'>,
  envelope: Omit<MailMessage, 'subject' | 'text' | 'html'>,
): Promise<MailMessage> {
  const rendered = await renderMailTemplate(name, props, mailShopOf(settings));
  return { ...envelope, ...rendered };
}

/**
 * docs/requirements.md §13: every mail about one quotation carries the thread's headers, so each side's mail
 * client shows the quotation as one conversation. The request's first mail to a side starts it;
 * each later one answers it. The owner's side and the customer's are two threads (two mailboxes).
 */
export function quotationThread(
  publicUrl: string,
  quotationId: string,
  side: 'customer' | 'owner',
  { mailId, first = false }: { mailId?: string; first?: boolean },
): NonNullable<MailMessage['thread']> {
  const host = new URL(publicUrl).hostname;
  const root = `<quotation-${quotationId}.${side}@${host}>`;
  if (first) return { messageId: root };
  return {
    messageId: `<quotation-${quotationId}.${side}.${mailId ?? randomUUID()}@${host}>`,
    inReplyTo: root,
    references: [root],
  };
}

/**
 * The mail of a notice, rendered with the shop's settings as they are at delivery. `customerKey`
 * is the private key the worker made for a requester's link (docs/requirements.md §10). Null for a lifecycle
 * notice, which needs its facts (quotationEventMail).
 */
export async function renderNotice(
  notice: Notice,
  settings: NoticeSettings,
  {
    customerKey = null,
    mailId,
    displayRate = null,
  }: {
    customerKey?: string | null;
    /** The reader's display currency (the price-drop mail's wisher), docs/decisions/026. */
    displayRate?: DisplayRate | null;
  } & MailIdentity = {},
): Promise<MailMessage | null> {
  const { site, publicUrl } = settings;
  switch (notice.kind) {
    case 'quotation-request':
      return quotationRequestMail(notice, settings, { customerKey, mailId });
    case 'contact-message':
      return renderMail(
        'contact-message-owner',
        { ...notice.message, adminUrl: `${publicUrl}/admin?tab=messages` },
        settings,
        // docs/requirements.md §13: Reply answers the one who wrote.
        { to: site.shopEmail, replyTo: notice.message.email },
      );
    case 'callback-request':
      return renderMail(
        'callback-request-owner',
        { phoneNumber: notice.lead.phoneNumber, adminUrl: `${publicUrl}/admin?tab=messages` },
        settings,
        { to: site.shopEmail },
      );
    case 'newsletter-welcome': {
      const unsubscribeUrl = `${publicUrl}${carriedUnsubscribePath(notice)}`;
      return renderMail('newsletter-welcome', { unsubscribeUrl, shopUrl: publicUrl }, settings, {
        to: notice.email,
        replyTo: site.shopEmail,
        // RFC 8058: mail clients show an Unsubscribe button that posts to this address.
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    case 'account':
      return accountMail(notice, settings);
    case 'message':
      return notice.message;
    case 'webhook-endpoint-disabled':
      return renderMail(
        'webhook-endpoint-disabled',
        { url: notice.url, failingSince: notice.failingSince, adminUrl: `${publicUrl}/admin/api` },
        settings,
        { to: site.shopEmail },
      );
    case 'daily-digest':
      return dailyDigestMail(notice, settings);
    case 'quotation-event':
      // Rendered with its facts from the database: quotationEventMail.
      return null;
    case 'quotation-merged':
      return quotationMergedMail(notice, settings, { customerKey, mailId });
    case 'price-drop':
      return priceDropMail(notice, settings, displayRate);
  }
}

/**
 * The unsubscribe link a notice carries. The worker fills it in for a notice queued before it was
 * carried (docs/design.md §7), so a mail never goes out without one.
 */
function carriedUnsubscribePath(notice: { kind: string; unsubscribePath?: string }): string {
  if (!notice.unsubscribePath) {
    throw new Error(`A ${notice.kind} notice reached rendering without its unsubscribe link.`);
  }
  return notice.unsubscribePath;
}

/** docs/requirements.md §21: a wished piece's lower price, with the link that turns these mails off. */
function priceDropMail(
  notice: Extract<Notice, { kind: 'price-drop' }>,
  settings: NoticeSettings,
  displayRate: DisplayRate | null,
): Promise<MailMessage> {
  const { site, publicUrl } = settings;
  const unsubscribeUrl = `${publicUrl}${carriedUnsubscribePath(notice)}`;
  return renderMail(
    'price-drop-customer',
    {
      productName: notice.productName,
      productUrl: `${publicUrl}/product/${encodeURIComponent(notice.productId)}`,
      priceMinor: notice.priceMinor,
      thenPriceMinor: notice.thenPriceMinor,
      unsubscribeUrl,
      displayRate,
    },
    settings,
    {
      to: notice.to,
      replyTo: site.shopEmail,
      // RFC 8058, as the newsletter's: mail clients' Unsubscribe button posts to this address.
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  );
}

/**
 * docs/requirements.md §18 "Merge Requests": the customer's one mail, in the kept request's thread, with a private
 * link to it made at delivery (`customerKey`): a key of a merged request opens only that one.
 */
function quotationMergedMail(
  notice: Extract<Notice, { kind: 'quotation-merged' }>,
  settings: NoticeSettings,
  { customerKey, mailId }: { customerKey: string | null } & MailIdentity,
): Promise<MailMessage> {
  const { site, publicUrl } = settings;
  return renderMail(
    'quotation-merged-customer',
    {
      customerName: notice.customerName,
      reference: notice.reference,
      mergedReferences: notice.mergedReferences,
      pieces: notice.pieces.map((piece) => ({
        name: piece.productName,
        productUrl: piece.productId
          ? `${publicUrl}/product/${piece.productId}`
          : `${publicUrl}/shop`,
        quantity: piece.quantity,
        // docs/requirements.md §13: anyone may have typed the address; the notes stay on the page.
        notes: null,
      })),
      quotationUrl: quotationLink(publicUrl, notice.reference, customerKey),
    },
    settings,
    {
      to: notice.to,
      replyTo: site.shopEmail,
      thread: quotationThread(publicUrl, notice.quotationId, 'customer', { mailId }),
    },
  );
}

async function quotationRequestMail(
  notice: Extract<Notice, { kind: 'quotation-request' }>,
  settings: NoticeSettings,
  { customerKey, mailId }: { customerKey: string | null } & MailIdentity,
): Promise<MailMessage | null> {
  const { site, publicUrl } = settings;
  const request = notice.quotation;
  // docs/requirements.md §18: every piece, in the buyer's order; a notice an earlier version queued has its one
  // piece in the request's own fields. The names come from the catalogue, never from the request.
  const lines = request.lines?.length
    ? request.lines
    : [
        {
          productId: request.productId,
          productName: request.productName,
          quantity: request.quantity,
          notes: null,
        },
      ];
  const pieces = lines.map((line) => ({
    name: line.productName,
    productUrl: `${publicUrl}/product/${line.productId}`,
    quantity: line.quantity,
    notes: line.notes ?? null,
  }));
  const requester = {
    name: request.customerName,
    company: request.customerCompany ?? null,
    mobile: request.customerMobile,
    email: request.customerEmail ?? null,
    gstin: request.customerGstin ?? null,
  };
  const notes = request.customizationNotes ?? null;
  if (notice.to === 'owner') {
    return renderMail(
      'quotation-request-owner',
      {
        reference: request.reference,
        pieces,
        notes,
        requester,
        adminUrl: `${publicUrl}/admin/quotations/${request.id}`,
      },
      settings,
      {
        to: site.shopEmail,
        ...(request.customerEmail ? { replyTo: request.customerEmail } : {}),
        thread: quotationThread(publicUrl, request.id, 'owner', { mailId, first: true }),
      },
    );
  }
  if (!request.customerEmail) return null;
  return renderMail(
    'quotation-request-customer',
    {
      reference: request.reference,
      // docs/requirements.md §13: anyone can type this address, so unless it is the signed-in
      // requester's verified one, the mail carries nothing the requester wrote (docs/requirements.md §18: nor
      // the notes on each piece).
      pieces: notice.recipientVerified
        ? pieces
        : pieces.map((piece) => ({ ...piece, notes: null })),
      notes: notice.recipientVerified ? notes : null,
      requester: notice.recipientVerified ? requester : null,
      quotationUrl: quotationLink(publicUrl, request.reference, customerKey),
      claimUrl: notice.guest
        ? `${quotationLink(publicUrl, request.reference, customerKey)}#${CLAIM_ANCHOR}`
        : null,
    },
    settings,
    {
      to: request.customerEmail,
      replyTo: site.shopEmail,
      thread: quotationThread(publicUrl, request.id, 'customer', { mailId, first: true }),
    },
  );
}

/** The template of each identity mail's purpose; a sign-up's link is the verification link. */
const accountTemplates = {
  'sign-up': 'verify-email',
  'verify-email': 'verify-email',
  'reset-password': 'reset-password',
  'confirm-new-email': 'confirm-new-email',
  'sign-in-code': 'sign-in-code',
  'sign-up-attempt': 'sign-up-attempt',
  'passkey-added': 'passkey-added',
} as const satisfies Record<AccountMailPurpose, MailTemplateName>;

async function accountMail(notice: AccountNotice, settings: NoticeSettings): Promise<MailMessage> {
  const { publicUrl, site } = settings;
  const envelope = { to: notice.to, replyTo: site.shopEmail };
  const template = accountTemplates[notice.purpose];
  switch (template) {
    case 'sign-in-code':
      return renderMail(template, { code: notice.code ?? '' }, settings, envelope);
    case 'sign-up-attempt':
      return renderMail(
        template,
        {
          email: notice.to,
          signInUrl: `${publicUrl}/auth`,
          forgotPasswordUrl: `${publicUrl}/auth/forgot-password`,
        },
        settings,
        envelope,
      );
    case 'passkey-added':
      return renderMail(
        template,
        {
          passkeyName: notice.passkeyName ?? null,
          securityUrl: `${publicUrl}/dashboard/security`,
        },
        settings,
        envelope,
      );
    default:
      return renderMail(template, { url: notice.url ?? publicUrl }, settings, envelope);
  }
}

/** docs/requirements.md §12: the owner's morning list of who is waiting, each with a link to answer. */
async function dailyDigestMail(
  notice: DailyDigestNotice,
  settings: NoticeSettings,
): Promise<MailMessage> {
  const { publicUrl, site } = settings;
  const now = new Date(notice.now);
  return renderMail(
    'daily-digest',
    {
      total: notice.total,
      requests: notice.requests.map((request) => ({
        reference: request.reference,
        customerName: request.customerName,
        productName: request.productName,
        waited: waitedFor(new Date(request.waitingSince), now),
        adminUrl: `${publicUrl}/admin/quotations/${request.id}`,
      })),
      listUrl: `${publicUrl}/admin?tab=quotations`,
      unshippedOrders: notice.unshippedOrders ?? 0,
      ordersUrl: `${publicUrl}/admin?tab=orders`,
      returnsRequested: notice.returnsRequested ?? 0,
      returnsUrl: `${publicUrl}/admin?tab=orders&status=return_requested`,
      settingsUrl: `${publicUrl}/admin/settings`,
    },
    settings,
    { to: site.shopEmail },
  );
}

const customerMessageKinds: readonly CustomerMessageKind[] = [
  'message',
  'changes-requested',
  'declined',
  'new-offer-requested',
];

function customerMessageKindOf(kind: string): CustomerMessageKind {
  return customerMessageKinds.find((known) => known === kind) ?? 'message';
}

/**
 * docs/requirements.md §10: the lifecycle's mails, in its words: the customer's carry their private link, the
 * owner's the admin page of the quotation. Null when there is nothing to send to this side.
 */
export async function quotationEventMail(
  notice: QuotationEventNotice,
  facts: QuotationMailFacts,
  settings: NoticeSettings,
  { mailId }: MailIdentity = {},
): Promise<MailMessage | null> {
  const { site, publicUrl } = settings;
  const toOwner = notice.to === 'owner';
  const to = toOwner ? site.shopEmail : facts.customerEmail;
  if (!to) return null;
  const envelope: Omit<MailMessage, 'subject' | 'text' | 'html'> = {
    to,
    // docs/requirements.md §13: the owner's Reply answers the customer; the customer's reaches the shop.
    ...(toOwner
      ? facts.customerEmail
        ? { replyTo: facts.customerEmail }
        : {}
      : { replyTo: site.shopEmail }),
    thread: quotationThread(publicUrl, facts.quotationId, notice.to, { mailId }),
  };
  const adminUrl = `${publicUrl}/admin/quotations/${facts.quotationId}`;
  const quotationUrl = quotationLink(publicUrl, facts.reference, facts.customerKey);
  const { reference, customerName, offer, order } = facts;
  const displayRate = facts.displayRate ?? null;
  // docs/requirements.md §18: a request of several pieces is named as such, never as its first piece.
  const requestedPieces = piecesTitle(facts.productNames);
  const render = <Name extends MailTemplateName>(name: Name, props: MailTemplateProps[Name]) =>
    renderMail(name, props, settings, envelope);
  switch (notice.event) {
    case 'offer-sent':
      if (!offer || toOwner) return null;
      return render('offer-sent-customer', {
        customerName,
        reference,
        requestedPieces,
        offer,
        displayRate,
        quotationUrl,
      });
    case 'offer-withdrawn':
      if (!offer || toOwner) return null;
      return render('offer-withdrawn-customer', {
        customerName,
        reference,
        requestedPieces,
        version: offer.version,
        quotationUrl,
      });
    case 'message': {
      const entry = facts.message;
      if (!entry) return null;
      if (!toOwner) {
        return render('shop-message-customer', {
          customerName,
          reference,
          body: entry.body,
          quotationUrl,
        });
      }
      return render('customer-message-owner', {
        reference,
        customerName,
        requestedPieces,
        kind: customerMessageKindOf(entry.kind),
        // docs/requirements.md §13: the version the step was about, as the thread recorded it.
        offerVersion: entry.offerVersion ?? offer?.version ?? null,
        body: entry.body,
        adminUrl,
      });
    }
    case 'offer-accepted':
      if (!order) return null;
      if (toOwner) {
        return render('offer-accepted-owner', {
          reference,
          customerName,
          version: offer?.version ?? 1,
          orderNumber: order.orderNumber,
          totalMinor: order.totalMinor,
          paymentMethod: order.paymentMethod,
          adminUrl,
        });
      }
      return render('offer-accepted-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        totalMinor: order.totalMinor,
        ...payNow(order, order.advanceMinor ?? order.totalMinor, site),
        balanceMinor: advanceAndBalance(order).balance,
        quotationUrl,
        displayRate,
      });
    case 'offer-expiring':
      if (!offer || toOwner) return null;
      return render('offer-expiring-customer', {
        customerName,
        reference,
        requestedPieces,
        version: offer.version,
        totalMinor: offer.totalMinor,
        validUntil: offer.validUntil,
        quotationUrl,
        displayRate,
      });
    case 'offer-expired':
      if (!offer) return null;
      return toOwner
        ? render('offer-expired-owner', {
            reference,
            customerName,
            requestedPieces,
            version: offer.version,
            validUntil: offer.validUntil,
            adminUrl,
          })
        : render('offer-expired-customer', {
            customerName,
            reference,
            requestedPieces,
            version: offer.version,
            validUntil: offer.validUntil,
            quotationUrl,
          });
    case 'payment-reference': {
      if (!order || !toOwner) return null;
      // docs/requirements.md §21: the payment the reference was submitted for (a notice queued
      // before the notice carried it: the one the order asks for now) and the method it was paid by
      const stage = notice.payment?.stage ?? amountDue(order)?.stage ?? 'full';
      const { advance, balance } = advanceAndBalance(order);
      const amountMinor =
        (stage === 'advance' ? advance : stage === 'balance' ? balance : null) ?? order.totalMinor;
      return render('payment-reference-owner', {
        reference,
        customerName,
        orderNumber: order.orderNumber,
        payment: stage,
        totalMinor: amountMinor,
        paymentMethod: notice.payment?.method ?? order.paymentMethod,
        paymentReference:
          (stage === 'balance'
            ? order.submittedBalanceReference
            : order.submittedPaymentReference) ?? '',
        adminUrl,
      });
    }
    case 'advance-confirmed': {
      if (!order || toOwner) return null;
      const { advance, balance } = advanceAndBalance(order);
      if (advance === null || balance === null) return null;
      return render('advance-confirmed-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        advanceMinor: advance,
        balanceMinor: balance,
        ...payNow(order, balance, site),
        quotationUrl,
        displayRate,
      });
    }
    case 'balance-confirmed': {
      if (!order || toOwner) return null;
      const { balance } = advanceAndBalance(order);
      if (balance === null) return null;
      return render('balance-confirmed-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        balanceMinor: balance,
        totalMinor: order.totalMinor,
        quotationUrl,
        displayRate,
      });
    }
    case 'payment-confirmed':
      if (!order || toOwner) return null;
      return render('payment-confirmed-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        totalMinor: order.totalMinor,
        quotationUrl,
        displayRate,
      });
    // docs/requirements.md §24: the buyer's, with the first photo of the packed boxes and the
    // order's invoice attached by the worker.
    case 'order-shipped': {
      const shipment = facts.shipment;
      if (!order || !shipment || shipment.orderId !== notice.orderId || toOwner) return null;
      const [firstPhoto] = shipment.photoUrls;
      return render('order-shipped-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        carrierName: shipment.carrierName,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
        dispatchedOn: shipment.dispatchedOn,
        boxes: shipment.boxes,
        pieces: shipment.pieces,
        everyPieceShipped: shipment.everyPieceShipped,
        // A photo the shop stores itself is a path; a mail needs its whole address.
        photoUrl: firstPhoto ? new URL(firstPhoto, publicUrl).href : null,
        invoiceNumber: facts.document?.kind === 'invoice' ? facts.document.number : null,
        quotationUrl,
      });
    }
    // docs/requirements.md §23: the buyer's document, its PDF attached by the worker.
    case 'invoice-issued': {
      const document = facts.document;
      if (!document || document.kind !== 'invoice' || toOwner) return null;
      return render('invoice-issued-customer', {
        customerName,
        reference,
        invoiceNumber: document.number,
        orderNumber: document.orderNumber,
        totalMinor: document.totalMinor,
        quotationUrl,
        displayRate,
      });
    }
    // docs/requirements.md §24: the buyer's, with the update's first photo.
    case 'production-update': {
      const update = facts.update;
      if (!order || !update || update.orderId !== notice.orderId || toOwner) return null;
      const [firstPhoto] = update.photoUrls;
      return render('production-update-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        note: update.note,
        // A photo the shop stores itself is a path; a mail needs its whole address.
        photoUrl: firstPhoto ? new URL(firstPhoto, publicUrl).href : null,
        photoCount: update.photoUrls.length,
        postedOn: update.postedOn,
        quotationUrl,
      });
    }
    // docs/requirements.md §24: the buyer's, whoever recorded the delivery.
    case 'order-delivered': {
      if (!order || !facts.delivery || toOwner) return null;
      return render('order-delivered-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        deliveredOn: facts.delivery.deliveredOn,
        confirmedBy: notice.confirmedBy ?? 'shop',
        quotationUrl,
      });
    }
    // docs/requirements.md §24: the buyer's, with the cancellation's credit note attached when one came
    // with it, or the returned pieces' when the refund closes a return ("Returns"), which it names.
    case 'order-refunded': {
      const refund = facts.refund;
      if (!order || !refund || refund.orderId !== notice.orderId || toOwner) return null;
      const closed = facts.orderReturn;
      const returnedPieces =
        closed && closed.orderId === notice.orderId && closed.refundId === notice.refundId
          ? closed.pieces
          : null;
      return render('order-refunded-customer', {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        amountMinor: refund.amountMinor,
        methodLabel: refundMethodWords[refund.method],
        refundReference: refund.reference,
        refundedOn: refund.refundedOn,
        fullyRefunded: refund.refundedTotalMinor >= refund.receivedMinor,
        refundedTotalMinor: refund.refundedTotalMinor,
        receivedMinor: refund.receivedMinor,
        creditNoteNumber: facts.document?.kind === 'credit_note' ? facts.document.number : null,
        returnedPieces,
        quotationUrl,
        displayRate,
      });
    }
    // docs/requirements.md §24 "Returns": the buyer's request, to the owner, who answers it in the
    // console's orders, found by the order's number.
    case 'return-requested': {
      const asked = facts.orderReturn;
      if (!order || !asked || asked.orderId !== notice.orderId || !toOwner) return null;
      return render('return-requested-owner', {
        customerName,
        orderNumber: order.orderNumber,
        pieces: asked.pieces,
        reason: asked.reason,
        // A photo the shop stores itself is a path; a mail needs its whole address.
        photoUrls: asked.photoUrls.map((url) => new URL(url, publicUrl).href),
        adminUrl: `${publicUrl}/admin?tab=orders&q=${encodeURIComponent(order.orderNumber)}`,
      });
    }
    // docs/requirements.md §24 "Returns": the owner's answer, to the buyer, with its instructions or reason.
    case 'return-approved':
    case 'return-declined': {
      const answered = facts.orderReturn;
      if (!order || !answered || answered.orderId !== notice.orderId || toOwner) return null;
      if (answered.decisionNote === null) return null;
      const common = {
        customerName,
        reference,
        orderNumber: order.orderNumber,
        pieces: answered.pieces,
        quotationUrl,
      };
      return notice.event === 'return-approved'
        ? render('return-approved-customer', {
            ...common,
            instructions: answered.decisionNote,
          })
        : render('return-declined-customer', { ...common, reason: answered.decisionNote });
    }
    case 'credit-note-issued': {
      const document = facts.document;
      if (!document || document.kind !== 'credit_note' || toOwner) return null;
      return render('credit-note-issued-customer', {
        customerName,
        reference,
        creditNoteNumber: document.number,
        orderNumber: document.orderNumber,
        invoiceNumber: document.invoiceNumber ?? '',
        reason: document.reason ?? '',
        quotationUrl,
      });
    }
  }
}

/**
 * docs/requirements.md §21: how a mail asks for an amount: the UPI link of that amount for an order paid by UPI,
 * unless UPI cannot take it (the shop's limit), then bank transfer only, with the line that says
 * why.
 */
function payNow(
  order: { orderNumber: string; paymentMethod: 'upi' | 'bank transfer' | null },
  amountDueMinor: number,
  site: Pick<ShopSite, 'upiId' | 'shopName' | 'upiPaymentLimit' | 'bankDetails'>,
) {
  const limitMinor = upiLimitMinor(site.upiPaymentLimit);
  const upi = upiPaymentFor(
    { amountMinor: amountDueMinor, orderNumber: order.orderNumber },
    site,
    limitMinor,
  );
  return {
    // An amount above the UPI limit is paid by bank transfer: the mail names that method alone,
    // never "Pay by UPI" beside the line that asks for a bank transfer.
    paymentMethod:
      order.paymentMethod === null
        ? null
        : payingMethodFor(order.paymentMethod, amountDueMinor, limitMinor),
    amountDueMinor,
    upiUrl: order.paymentMethod === 'upi' ? upi.upiUri : null,
    upiOverLimit: upi.overLimitLine,
    upiId: site.upiId,
    bankDetails: site.bankDetails,
  };
}

/** The signed-in requester, as far as the mails need them: whose address is confirmed. */
export interface Requester {
  email: string;
  emailVerified: boolean;
}

/**
 * docs/requirements.md §13: an address given in a request belongs to the requester only when they are
 * signed in and it is their account's verified e-mail; anyone else may have typed it.
 */
export function isVerifiedAddressOf(requester: Requester | null, address: string | null): boolean {
  return Boolean(requester?.emailVerified && sameEmail(requester.email, address));
}
