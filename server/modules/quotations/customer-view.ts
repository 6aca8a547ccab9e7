/**
 * What the customer reads of a quotation (docs/requirements.md §10): the quote page (by the private link's key or
 * the account) and the dashboard's Quotations tab.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { customerActionsFor, type CustomerOfferAction } from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import { orders, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { requireUser } from '../kernel';
import { documentsOfOrders, type TaxDocumentSummary } from '../../db/order-documents';
import { shipmentsOfOrders, type ShipmentView } from '../../db/order-shipments';
import { refundsOfOrders, type RefundView } from '../../db/order-refunds';
import { claimOf } from './claim';
import { requestOfCustomer, type QuotationAccess, type QuotationRow } from './access';
import type {
  CustomerQuotationSummary,
  CustomerQuoteView,
  OfferView,
  QuoteOrderView,
  QuoteRequestView,
} from './views';
import { offersOf, sentOffers } from './offer-rows';
import { messagesOf } from './thread';
import { requestLinesOf } from './request-lines';

export async function orderOf(db: Database, requestId: string): Promise<QuoteOrderView | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.quotationRequestId, requestId), sql`${orders.offerId} is not null`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) return null;
  const documents = await documentsOfOrders(db, [row.id]);
  const shipments = await shipmentsOfOrders(db, [row.id]);
  const refunds = await refundsOfOrders(db, [row.id]);
  return quoteOrderView(row, documents.get(row.id), shipments.get(row.id), refunds.get(row.id));
}

export function quoteOrderView(
  row: typeof orders.$inferSelect,
  documents: TaxDocumentSummary[] = [],
  shipments: ShipmentView[] = [],
  refunds: RefundView[] = [],
): QuoteOrderView {
  const method = row.paymentMethod?.toLowerCase();
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus ?? 'pending',
    paymentMethod: method === 'upi' || method === 'bank transfer' ? method : null,
    totalMinor: row.totalAmountMinor,
    advanceMinor: row.advanceMinor,
    submittedPaymentReference: row.submittedPaymentReference,
    submittedBalanceReference: row.submittedBalanceReference,
    documents,
    shipments,
    refunds,
  };
}

export function requestView(
  row: QuotationRow,
  lines: QuoteRequestView['lines'] | undefined,
): QuoteRequestView {
  return {
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    // A request always has its lines (migration 0017 gave the older ones theirs); the first is
    // also on the row (docs/decisions/021).
    lines: lines ?? [
      {
        productId: row.productId,
        productName: row.productName,
        quantity: row.quantity,
        notes: null,
      },
    ],
    customizationNotes: row.customizationNotes,
    customerName: row.customerName,
    customerCompany: row.customerCompany,
    customerMobile: row.customerMobile,
    customerEmail: row.customerEmail,
    customerGstin: row.customerGstin,
  };
}

/** docs/requirements.md §18: the reference a merged request now lives under. */
async function mergedIntoOf(db: Database, row: QuotationRow) {
  if (!row.mergedIntoId) return null;
  const [kept] = await db
    .select({ reference: quotationRequests.reference })
    .from(quotationRequests)
    .where(eq(quotationRequests.id, row.mergedIntoId));
  return kept ?? null;
}

export function actionsFor(
  current: OfferView | null,
  now: Date,
  timeZone: string,
): CustomerOfferAction[] {
  if (!current) return [];
  return customerActionsFor(
    { status: current.status, validUntil: current.validUntil, isLatestSent: true },
    now,
    timeZone,
  );
}

/**
 * docs/requirements.md §10: the quote page, for the key holder or the request's account; an offer past its day in
 * `timeZone` (the shop's) is expired.
 */
export async function getQuoteForCustomer(
  db: Database,
  actor: Actor,
  access: QuotationAccess,
  now: Date,
  timeZone: string,
): Promise<CustomerQuoteView> {
  const request = await requestOfCustomer(db, actor, access);
  const [offers, messages, order, lines, mergedInto] = await Promise.all([
    offersOf(db, [request.id], now, timeZone),
    messagesOf(db, request.id),
    orderOf(db, request.id),
    requestLinesOf(db, [request.id]),
    mergedIntoOf(db, request),
  ]);
  const [currentOffer = null, ...earlierOffers] = sentOffers(offers);
  return {
    id: request.id,
    reference: request.reference,
    status: request.status,
    createdAt: request.createdAt,
    request: requestView(request, lines.get(request.id)),
    mergedInto,
    currentOffer,
    earlierOffers,
    actions: actionsFor(currentOffer, now, timeZone),
    messages,
    order,
    // docs/requirements.md §15: a guest request joins an account only when its holder adds it.
    claim: await claimOf(db, actor, request),
  };
}

/** docs/requirements.md §2: the dashboard's "Quotations" tab: the signed-in customer's own requests. */
export async function listQuotationsOfUser(
  db: Database,
  actor: Actor,
  now: Date,
  timeZone: string,
): Promise<CustomerQuotationSummary[]> {
  const userId = requireUser(actor);
  const requests = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.userId, userId))
    .orderBy(desc(quotationRequests.createdAt))
    .limit(200);
  const ids = requests.map((request) => request.id);
  const [offers, lines, madeOrders] = await Promise.all([
    offersOf(db, ids, now, timeZone),
    requestLinesOf(db, ids),
    ids.length === 0
      ? []
      : db
          .select({
            quotationRequestId: orders.quotationRequestId,
            orderNumber: orders.orderNumber,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
          })
          .from(orders)
          .where(inArray(orders.quotationRequestId, ids)),
  ]);
  return requests.map((request) => {
    const latest = sentOffers(
      offers.filter(
        (offer) =>
          (offer as OfferView & { quotationRequestId: string }).quotationRequestId === request.id,
      ),
    )[0];
    const madeOrder = madeOrders.find((order) => order.quotationRequestId === request.id);
    return {
      id: request.id,
      reference: request.reference,
      productName: request.productName,
      quantity: request.quantity,
      lines: requestView(request, lines.get(request.id)).lines,
      status: request.status,
      createdAt: request.createdAt,
      offerStatus: latest?.shownStatus ?? null,
      offerTotalMinor: latest?.totalMinor ?? null,
      orderNumber: madeOrder?.orderNumber ?? null,
      // spec §3: payment status is pending when absent
      order: madeOrder
        ? { status: madeOrder.status, paymentStatus: madeOrder.paymentStatus ?? 'pending' }
        : null,
    };
  });
}

/**
 * docs/requirements.md §19 "Reorder": who asked last, for the reorder form when the profile has no phone: the
 * name and mobile of the signed-in customer's latest request; null before their first.
 */
export async function latestRequestContactOfUser(
  db: Database,
  actor: Actor,
): Promise<{ customerName: string; customerMobile: string } | null> {
  const userId = requireUser(actor);
  const [latest] = await db
    .select({
      customerName: quotationRequests.customerName,
      customerMobile: quotationRequests.customerMobile,
    })
    .from(quotationRequests)
    .where(eq(quotationRequests.userId, userId))
    .orderBy(desc(quotationRequests.createdAt))
    .limit(1);
  return latest ?? null;
}

/**
 * docs/requirements.md §19 "Reorder": each piece's notes on one of the customer's own requests (the one an
 * order was made from), by product; a request of someone else gives none.
 */
export async function pieceNotesOfRequest(
  db: Database,
  actor: Actor,
  input: { quotationRequestId: string },
): Promise<Map<string, string>> {
  const userId = requireUser(actor);
  const [request] = await db
    .select({ id: quotationRequests.id })
    .from(quotationRequests)
    .where(
      and(eq(quotationRequests.id, input.quotationRequestId), eq(quotationRequests.userId, userId)),
    );
  const notes = new Map<string, string>();
  if (!request) return notes;
  const lines = (await requestLinesOf(db, [request.id])).get(request.id) ?? [];
  for (const line of lines) {
    if (line.productId && line.notes && !notes.has(line.productId)) {
      notes.set(line.productId, line.notes);
    }
  }
  return notes;
}
