/**
 * The quote lifecycle's rows as every part of it reads them (docs/requirements.md §10): an offer and its lines as
 * the one `OfferView`, the offers of requests, the sent and live ones, and the notices and event
 * payloads the lifecycle's steps share.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { splitPayment } from '../../../core/orders/payment-terms';
import { offerStatusAt } from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import { quotationOfferLines, quotationOffers } from '../../db/schema';
import { enqueue } from '../jobs/enqueue';
import type { QuotationEvent } from '../../../core/admin/notices';
import type { WebhookEventData, WebhookOfferData } from '../../../core/api/webhook-events';
import type { QuotationRow } from './access';
import type { OfferPricing } from '../../../core/quotes/offer-totals';
import type { OfferView } from './views';

export type OfferRow = typeof quotationOffers.$inferSelect;
type OfferLineRow = typeof quotationOfferLines.$inferSelect;

export async function offersOf(
  db: Database,
  requestIds: string[],
  now: Date,
  timeZone: string,
): Promise<OfferView[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select()
    .from(quotationOffers)
    .where(inArray(quotationOffers.quotationRequestId, requestIds))
    .orderBy(desc(quotationOffers.version));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(quotationOfferLines)
    .where(
      inArray(
        quotationOfferLines.offerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(quotationOfferLines.position));
  return rows.map((row) => offerView(row, lines, now, timeZone));
}

export function offerView(
  row: OfferRow,
  lines: OfferLineRow[],
  now: Date,
  timeZone: string,
): OfferView & { quotationRequestId: string } {
  const status = row.status;
  return {
    ...offerPricingOf(row, lines),
    id: row.id,
    quotationRequestId: row.quotationRequestId,
    status,
    shownStatus: offerStatusAt({ status, validUntil: row.validUntil }, now, timeZone),
    terms: row.terms,
    note: row.note,
    declineReason: row.declineReason,
    sentAt: row.sentAt,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

/** docs/decisions/019: the offer's priced shape, mapped from its rows here only; lines of other offers are left out. */
export function offerPricingOf(
  row: OfferRow,
  lines: OfferLineRow[],
): OfferPricing<OfferView['lines'][number]> {
  return {
    version: row.version,
    lines: lines
      .filter((line) => line.offerId === row.id)
      .map((line) => ({
        id: line.id,
        productId: line.productId,
        description: line.description,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        lineTotalMinor: line.lineTotalMinor,
        madeToOrder: line.madeToOrder,
      })),
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    shippingMinor: row.shippingMinor,
    gstRateBasisPoints: row.gstRateBasisPoints,
    gstMinor: row.gstMinor,
    totalMinor: row.totalMinor,
    validUntil: row.validUntil,
    leadTimeDays: row.leadTimeDays,
    advancePercent: row.advancePercent,
  };
}

/** The offers a customer sees: every version the shop sent (a draft is the owner's alone). */
export function sentOffers(offers: OfferView[]): OfferView[] {
  return offers.filter((offer) => offer.status !== 'draft');
}

export async function notify(
  tx: Database,
  event: QuotationEvent,
  to: 'customer' | 'owner',
  ids: { quotationId: string; offerId?: string; orderId?: string; messageId?: string },
) {
  await enqueue(tx, 'mail', { kind: 'quotation-event', event, to, ...ids });
}

/**
 * Which offer of the request a step is on: the page names it by its id, the API (docs/requirements.md §11) by
 * its version, as the customer reads it ("Offer v2") and as the PDF's address has it.
 */
export type OfferAddress = { offerId?: unknown; offerVersion?: unknown };

/**
 * The thread entries told as `quotation.message`: a message, or the customer asking for changes
 * or for a new offer. A decline is told as `offer.declined` instead.
 */
export type MessageEventKind = WebhookEventData<'quotation.message'>['kind'];

/** docs/requirements.md §11 `quotation.message`: a message on the thread, the customer's steps among them. */
export function messageData(
  request: Pick<QuotationRow, 'id' | 'reference'>,
  messageId: string,
  author: 'customer' | 'shop',
  entry: { kind: MessageEventKind; body: string; offerVersion?: number | null },
): WebhookEventData<'quotation.message'> {
  return {
    quotationId: request.id,
    reference: request.reference,
    messageId,
    author,
    kind: entry.kind,
    offerVersion: entry.offerVersion ?? null,
    body: entry.body,
  };
}

/**
 * docs/requirements.md §11: an offer in the events about it (its totals in paise), from its view or its row; each
 * event adds what it tells of (core/api/webhook-events.ts).
 */
export function offerData(
  request: Pick<QuotationRow, 'id' | 'reference'>,
  offer: Pick<OfferView, 'id' | 'version' | 'totalMinor' | 'validUntil' | 'advancePercent'>,
): WebhookOfferData {
  const { advanceMinor, balanceMinor } = splitPayment(offer.totalMinor, offer.advancePercent);
  return {
    quotationId: request.id,
    reference: request.reference,
    offerId: offer.id,
    version: offer.version,
    totalMinor: offer.totalMinor,
    validUntil: offer.validUntil,
    advancePercent: offer.advancePercent,
    advanceMinor,
    balanceMinor,
  };
}

/** The request's sent offer, the one the customer can act on (the database holds one at most). */
export async function liveOffer(tx: Database, requestId: string): Promise<OfferRow | null> {
  const [live] = await tx
    .select()
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, requestId), eq(quotationOffers.status, 'sent')),
    );
  return live ?? null;
}

/** The request's latest offer (a draft, else the last sent), as the owner's buttons see it. */
export async function latestOfferRow(tx: Database, requestId: string): Promise<OfferRow | null> {
  const [latest] = await tx
    .select()
    .from(quotationOffers)
    .where(eq(quotationOffers.quotationRequestId, requestId))
    .orderBy(desc(quotationOffers.version))
    .limit(1);
  return latest ?? null;
}
