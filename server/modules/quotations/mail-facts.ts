/**
 * What a quote lifecycle mail says, read when the worker delivers it (docs/requirements.md §10): the job carries
 * ids only, so a mail shows the quotation as it is, and a customer's mail gets a private link of
 * its own, made here: no key is stored in clear, in the job or anywhere else. One call gives the
 * worker all of it: the facts, the reader's display rate and the offer's PDF document (or the GST
 * document's stored content, docs/requirements.md §23, which the shipped mail attaches too:
 * docs/requirements.md §24), with the request, the offer and the settings each read once.
 */
import { eq } from 'drizzle-orm';
import type { SiteSettings } from '../../../content/site';
import { shopDayOf } from '../../../core/time/shop-calendar';
import {
  approximateTotalLine,
  displayRatesOf,
  mailReaderDisplayRate,
  readCurrencyChoice,
  type DisplayCurrency,
  type DisplayRate,
} from '../../../core/money/display-currency';
import type { TaxDocumentContent } from '../../../core/tax/tax-document';
import { taxDocumentFileName } from '../../../core/tax/tax-document';
import type { Database } from '../../db/client';
import { documentsOfOrders, taxDocumentById } from '../../db/order-documents';
import { shipmentsOfOrders } from '../../db/order-shipments';
import { refundsOfOrders } from '../../db/order-refunds';
import { returnsOfOrders } from '../../db/order-returns';
import { updatesOfOrders } from '../../db/order-updates';
import {
  orderItems,
  orders,
  profiles,
  quotationMessages,
  quotationOffers,
  quotationRequests,
} from '../../db/schema';
import type { QuotationEventNotice } from '../../../core/admin/notices';
import type {
  MailRefund,
  MailReturn,
  MailShipment,
  QuotationMailFacts,
} from '../../mail/notifications';
import { issueAccessKey } from './access';
import { customerOfRequest } from './customer';
import { offerDocumentOfRow, offerPdfDocument, type StoredOfferDocument } from './documents';
import type { OfferDocument } from './offer-pdf';
import { quoteOrderView, requestView } from './customer-view';
import { requestLinesOf } from './request-lines';

/** Everything one lifecycle mail is made of; the worker renders and sends it. */
export interface QuotationMail {
  /** What the mail says, its amounts in `facts.displayRate` beside rupees. */
  facts: QuotationMailFacts & { offer: StoredOfferDocument | null };
  /** The offer mail's attachment (docs/requirements.md §10); null for every other mail. */
  offerPdf: { filename: string; document: OfferDocument } | null;
  /**
   * A GST document's mail's attachment (docs/requirements.md §23), or the shipped mail's: the
   * order's invoice (docs/requirements.md §24); the document as it was issued, which the invoices
   * module prints. Null for every other mail, and for a shipment of an order without an invoice.
   */
  taxDocumentPdf: { filename: string; content: TaxDocumentContent } | null;
}

/**
 * The mail of one lifecycle notice, with the shop's `site` as the worker read it for this delivery
 * and `now` deciding which display rates are fresh (docs/decisions/026). Null when the quotation
 * is gone or the customer has no address.
 */
export async function quotationMailOf(
  db: Database,
  notice: QuotationEventNotice,
  site: SiteSettings,
  now: Date,
): Promise<QuotationMail | null> {
  const facts = await quotationMailFacts(db, notice, site.shopTimeZone);
  if (!facts) return null;
  // The owner's mails stay in rupees; each of the customer's shows its amounts in their currency.
  const displayRate =
    notice.to === 'customer'
      ? await readerDisplayRate(
          db,
          facts.customerUserId ?? null,
          facts.requestDisplayCurrency ?? null,
          site,
          now,
        )
      : null;
  facts.displayRate = displayRate;
  const offer = notice.event === 'offer-sent' ? facts.offer : null;
  const { taxDocument, ...mailFacts } = facts;
  return {
    facts: mailFacts,
    taxDocumentPdf: taxDocument
      ? { filename: taxDocumentFileName(taxDocument), content: taxDocument }
      : null,
    // docs/decisions/026: the attached PDF reads as the one its reader downloads from the quote page
    offerPdf: offer
      ? {
          filename: `${facts.reference}-v${offer.version}.pdf`,
          document: {
            ...offerPdfDocument(offer, site),
            approximateTotal: displayRate
              ? approximateTotalLine(offer.totalMinor, displayRate)
              : null,
          },
        }
      : null,
  };
}

/**
 * The display currency of a customer mail's reader, when its rate is fresh on `now`'s shop day
 * (docs/decisions/026). Their account's choice is read only when a rate is fresh at all.
 */
async function readerDisplayRate(
  db: Database,
  userId: string | null,
  requestCurrency: DisplayCurrency | null,
  site: Pick<SiteSettings, 'displayCurrencies' | 'shopTimeZone'>,
  now: Date,
): Promise<DisplayRate | null> {
  const { fresh } = displayRatesOf(site, now);
  if (fresh.length === 0) return null;
  const [profile] = userId
    ? await db
        .select({ displayCurrency: profiles.displayCurrency })
        .from(profiles)
        .where(eq(profiles.userId, userId))
    : [];
  return mailReaderDisplayRate({
    accountChoice: readCurrencyChoice(profile?.displayCurrency),
    requestCurrency,
    freshRates: fresh,
  });
}

/** The facts of one lifecycle mail; null when the quotation is gone or the customer has no address. */
async function quotationMailFacts(
  db: Database,
  notice: QuotationEventNotice,
  timeZone: string,
): Promise<
  | (QuotationMailFacts & {
      offer: StoredOfferDocument | null;
      taxDocument: TaxDocumentContent | null;
    })
  | null
> {
  const [request] = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.id, notice.quotationId));
  if (!request) return null;
  const customerEmail = (await customerOfRequest(db, request)).mailAddress;
  if (notice.to === 'customer' && !customerEmail) return null;

  const [offer] = notice.offerId
    ? await db.select().from(quotationOffers).where(eq(quotationOffers.id, notice.offerId))
    : [];
  const [order] = notice.orderId
    ? await db.select().from(orders).where(eq(orders.id, notice.orderId))
    : [];
  const [message] = notice.messageId
    ? await db.select().from(quotationMessages).where(eq(quotationMessages.id, notice.messageId))
    : [];
  // docs/requirements.md §24: a shipment of this quotation's order only.
  const shipment =
    notice.shipmentId && order ? await shipmentMailOf(db, order.id, notice.shipmentId) : null;
  // docs/requirements.md §23: a document of this quotation's order only, read as it was issued; the
  // shipped mail's is the order's invoice, when it has one (docs/requirements.md §24).
  const storedDocument = notice.documentId
    ? await taxDocumentById(db, notice.documentId)
    : shipment
      ? await invoiceOfOrder(db, shipment.orderId)
      : null;
  const taxDocument =
    storedDocument && order && storedDocument.orderId === order.id ? storedDocument.content : null;
  // docs/requirements.md §24: a refund of this quotation's order only.
  const refund =
    notice.refundId && order ? await refundMailOf(db, order.id, notice.refundId) : null;
  // docs/requirements.md §24: a making-of update of this quotation's order only.
  const update =
    notice.updateId && order
      ? ((await updatesOfOrders(db, [order.id])).get(order.id) ?? []).find(
          (candidate) => candidate.id === notice.updateId,
        )
      : undefined;
  // docs/requirements.md §24 "Returns": a return of this quotation's order only: the one a return
  // mail tells of, or the one a refund mail's refund closes.
  const orderReturn = order ? await returnMailOf(db, order.id, notice) : null;
  return {
    reference: request.reference,
    quotationId: request.id,
    customerUserId: request.userId,
    requestDisplayCurrency: request.displayCurrency,
    // docs/requirements.md §18: every piece, so that a mail about a request of several never names only the first.
    productNames: requestView(
      request,
      (await requestLinesOf(db, [request.id])).get(request.id),
    ).lines.map((line) => line.productName),
    customerName: request.customerName,
    customerEmail,
    // A link of its own for each customer mail: retried deliveries make another, harmlessly.
    customerKey: notice.to === 'customer' ? await issueAccessKey(db, request.id) : null,
    offer: offer ? await offerDocumentOfRow(db, request, offer) : null,
    order: order ? quoteOrderView(order) : null,
    message: message
      ? {
          author: message.author,
          kind: message.kind,
          body: message.body,
          offerVersion: message.offerVersion,
        }
      : null,
    document: taxDocument
      ? {
          kind: taxDocument.kind,
          number: taxDocument.number,
          orderNumber: taxDocument.orderNumber,
          totalMinor: taxDocument.totalMinor,
          invoiceNumber: taxDocument.cites?.number ?? null,
          reason: taxDocument.reason,
        }
      : null,
    shipment,
    delivery:
      notice.event === 'order-delivered' && order?.deliveredAt
        ? { deliveredOn: shopDayOf(order.deliveredAt, timeZone) }
        : null,
    refund,
    update: update
      ? {
          orderId: update.orderId,
          note: update.note,
          photoUrls: update.photos.map((photo) => photo.url),
          postedOn: shopDayOf(update.postedAt, timeZone),
        }
      : null,
    orderReturn,
    taxDocument,
  };
}

/**
 * docs/requirements.md §24 "Returns": the return a mail tells of: by its id for a return's mail,
 * or the one closed by a refund mail's refund; null for any other mail, and when the order has
 * no such return.
 */
async function returnMailOf(
  db: Database,
  orderId: string,
  notice: QuotationEventNotice,
): Promise<MailReturn | null> {
  const { returnId, refundId } = notice;
  const refundMail = notice.event === 'order-refunded' && refundId !== undefined;
  if (returnId === undefined && !refundMail) return null;
  const found = ((await returnsOfOrders(db, [orderId])).get(orderId) ?? []).find((candidate) =>
    returnId !== undefined ? candidate.id === returnId : candidate.refundId === refundId,
  );
  if (!found) return null;
  return {
    id: found.id,
    orderId,
    pieces: found.pieces.map(({ productName, quantity }) => ({ productName, quantity })),
    reason: found.reason,
    photoUrls: found.photos.map((photo) => photo.url),
    decisionNote: found.decisionNote,
    refundId: found.refundId,
  };
}

/**
 * docs/requirements.md §24: a refund of the order as its mail tells of it, with the refunds up to it, so a
 * later refund recorded before this mail goes out does not change what it says; null when the
 * order has none of that id.
 */
async function refundMailOf(
  db: Database,
  orderId: string,
  refundId: string,
): Promise<MailRefund | null> {
  const refunds = (await refundsOfOrders(db, [orderId])).get(orderId) ?? [];
  const index = refunds.findIndex((refund) => refund.id === refundId);
  const refund = refunds[index];
  if (!refund) return null;
  return {
    orderId,
    amountMinor: refund.amountMinor,
    method: refund.method,
    reference: refund.reference,
    refundedOn: refund.refundedOn,
    receivedMinor: refund.receivedMinor,
    refundedTotalMinor: refunds
      .slice(0, index + 1)
      .reduce((sum, earlier) => sum + earlier.amountMinor, 0),
  };
}

/**
 * docs/requirements.md §24: a shipment of the order as its mail tells of it; null when the order
 * has none of that id. Whether pieces are left counts the shipments up to this one, so a later
 * shipment recorded before this mail goes out does not change what it says.
 */
async function shipmentMailOf(
  db: Database,
  orderId: string,
  shipmentId: string,
): Promise<MailShipment | null> {
  const shipments = (await shipmentsOfOrders(db, [orderId])).get(orderId) ?? [];
  const index = shipments.findIndex((shipment) => shipment.id === shipmentId);
  const shipment = shipments[index];
  if (!shipment) return null;
  const shipped = new Map<string, number>();
  for (const { pieces } of shipments.slice(0, index + 1)) {
    for (const piece of pieces) {
      shipped.set(piece.orderItemId, (shipped.get(piece.orderItemId) ?? 0) + piece.quantity);
    }
  }
  const lines = await db
    .select({ id: orderItems.id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return {
    orderId,
    carrierName: shipment.carrierName,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    dispatchedOn: shipment.dispatchedOn,
    boxes: shipment.boxes,
    pieces: shipment.pieces.map(({ productName, quantity }) => ({ productName, quantity })),
    everyPieceShipped: lines.every((line) => (shipped.get(line.id) ?? 0) >= line.quantity),
    photoUrls: shipment.photos.map((photo) => photo.url),
  };
}

/** The order's tax invoice as it was issued, for the shipped mail to attach; null before it has one. */
async function invoiceOfOrder(db: Database, orderId: string) {
  const invoice = (await documentsOfOrders(db, [orderId]))
    .get(orderId)
    ?.find((document) => document.kind === 'invoice');
  return invoice ? taxDocumentById(db, invoice.id) : null;
}
