/**
 * What the owner reads of a quotation (docs/requirements.md §10): the request with its customer's history, the
 * offers and the thread, the actions open now, and the catalogue the composer picks from.
 */
import { and, asc, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import {
  offerStatusAt,
  ownerActionsFor,
  type OwnerOfferAction,
} from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import { orders, products, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../kernel';
import { requestForOwner, type QuotationRow } from './access';
import type { CataloguePiece, OwnerQuotationView } from './views';
import { orderOf, requestView } from './customer-view';
import { type OfferRow, offersOf, sentOffers } from './offer-rows';
import { messagesOf } from './thread';
import { requestLinesOf } from './request-lines';

/** The latest offer's effective status for the owner's buttons: one past its day is expired. */
export function ownerActionsNow(
  latest: Pick<OfferRow, 'status' | 'validUntil'> | null,
  request: QuotationRow,
  now: Date,
  timeZone: string,
): OwnerOfferAction[] {
  return ownerActionsFor(
    latest
      ? {
          status: offerStatusAt(
            { status: latest.status, validUntil: latest.validUntil },
            now,
            timeZone,
          ),
        }
      : null,
    request.status === 'completed',
  );
}

/** docs/requirements.md §10: the owner's quotation page; an offer past its day in `timeZone` (the shop's) is expired. */
export async function getQuotationForOwner(
  db: Database,
  actor: Actor,
  input: { id: unknown },
  now: Date,
  timeZone: string,
): Promise<OwnerQuotationView> {
  requireAdmin(actor, 'quotations:read');
  const request = await requestForOwner(db, input.id);
  const [offers, messages, order, linesByRequest] = await Promise.all([
    offersOf(db, [request.id], now, timeZone),
    messagesOf(db, request.id),
    orderOf(db, request.id),
    requestLinesOf(db, [request.id]),
  ]);
  const shown = requestView(request, linesByRequest.get(request.id));
  const pieceIds = shown.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const catalogue =
    pieceIds.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
          .from(products)
          .where(inArray(products.id, pieceIds));
  const pieces = new Map(catalogue.map((piece) => [piece.id, piece]));
  const draft = offers.find((offer) => offer.status === 'draft') ?? null;
  const history = await customerHistory(db, request);
  // A draft on top of a sent offer is its revision: the buttons follow the live offer.
  const live = offers.find((offer) => offer.status === 'sent');
  const latest = live ?? offers[0] ?? null;
  return {
    id: request.id,
    reference: request.reference,
    status: request.status,
    createdAt: request.createdAt,
    request: shown,
    userId: request.userId,
    awaitingReplySince: request.awaitingReplySince,
    offers: sentOffers(offers),
    draft,
    ownerActions: ownerActionsNow(latest, request, now, timeZone),
    messages,
    order,
    // docs/requirements.md §18: the composer starts with every piece at its requested quantity and catalogue price
    suggestedLines: shown.lines.map((line) => {
      const product = line.productId ? pieces.get(line.productId) : undefined;
      return {
        productId: product?.id ?? null,
        description: product?.name ?? line.productName,
        quantity: line.quantity,
        unitPriceMinor: product?.priceMinor ?? 0,
      };
    }),
    history,
  };
}

/**
 * The customer's other requests and orders, by the request's own account, and the order this
 * request made: a guest's order has no account, and is still listed as this request's. A guest
 * request has no history: the e-mail or mobile it names is anyone's to type, and proves nobody's
 * identity (docs/decisions/011, amended).
 */
export async function customerHistory(
  db: Database,
  request: QuotationRow,
): Promise<OwnerQuotationView['history']> {
  const accounts = request.userId ? [request.userId] : [];
  const ordersOfCustomer =
    accounts.length === 0
      ? eq(orders.quotationRequestId, request.id)
      : or(inArray(orders.userId, accounts), eq(orders.quotationRequestId, request.id));
  const [otherRequests, accountOrders] = await Promise.all([
    accounts.length === 0
      ? []
      : db
          .select({
            id: quotationRequests.id,
            reference: quotationRequests.reference,
            productName: quotationRequests.productName,
            status: quotationRequests.status,
            createdAt: quotationRequests.createdAt,
          })
          .from(quotationRequests)
          // Earlier ones only: a request made after this one is not its history.
          .where(
            and(
              inArray(quotationRequests.userId, accounts),
              ne(quotationRequests.id, request.id),
              lt(quotationRequests.createdAt, request.createdAt),
            ),
          )
          .orderBy(desc(quotationRequests.createdAt))
          .limit(20),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalMinor: orders.totalAmountMinor,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(ordersOfCustomer)
      .orderBy(desc(orders.createdAt))
      .limit(20),
  ]);
  return {
    requests: otherRequests,
    orders: accountOrders,
  };
}

/** docs/requirements.md §2: the composer's "add a product from the catalogue": published pieces and prices. */
export async function offerCatalogue(db: Database, actor: Actor): Promise<CataloguePiece[]> {
  requireAdmin(actor);
  return db
    .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(asc(products.name));
}
