/**
 * Quotation requests (spec §2 Request Quotation, §3, §7 "Insert quotation_requests"), and the
 * admin's list and status moves of them (spec §2 Admin, §4, §7 Admin calls).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields } from '../../../core/admin/activity';
import { ADMIN_PAGE_SIZE, canMoveQuotation } from '../../../core/admin/admin';
import { quotationRequestSchema, type QuotationRequest } from '../../../core/quotes/quotation';
import { multiPieceRequestSchema, type MultiPieceRequest } from '../../../core/quotes/quote-list';
import { piecesSummary } from '../../../core/quotes/request-pieces-texts';
import type { OfferStatus } from '../../../core/quotes/quote-offer';
import { DEFAULT_SHOP_TIME_ZONE, shopDayOfSql } from '../../../core/time/shop-calendar';
import type { DisplayCurrency } from '../../../core/money/display-currency';
import { issueAccessKey } from './access';
import { requestView } from './customer-view';
import { requestLinesOf } from './request-lines';
import { quotationFilterCondition, quotationOrder, type QuotationListFilter } from './search';
import { quotationStatuses, type QuotationStatus } from '../../../core/orders/statuses';
import type { Database } from '../../db/client';
import { products, quotationRequestLines, quotationRequests, users } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { isVerifiedAddressOf } from '../../mail/notifications';
import { pageOffset, parseInput, requireAdmin, requireRowId } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import type { WebhookEventData } from '../../../core/api/webhook-events';

/** docs/requirements.md §18: one piece of a stored request, as the mails, the webhook and the API read it. */
export interface StoredRequestLine {
  productId: string;
  productName: string;
  quantity: number;
  notes: string | null;
}

export type StoredQuotationRequest = QuotationRequest & {
  id: string;
  /** spec §3: the first line's piece, name and quantity (docs/decisions/021). */
  productId: string;
  productName: string;
  /** docs/requirements.md §18: the buyer's GSTIN, for a request made from the quote list. */
  customerGstin: string | null;
  /** docs/requirements.md §18: every piece, in the buyer's order; a one-piece request has one. */
  lines: StoredRequestLine[];
  /** docs/requirements.md §10: Q-YYYYMMDD-NNNN */
  reference: string;
  /** docs/requirements.md §10: the key of the private link the success answer gives the requester. */
  accessKey: string;
};

export {
  getQuoteForCustomer,
  latestRequestContactOfUser,
  listQuotationsOfUser,
  pieceNotesOfRequest,
  quoteOrderView,
} from './customer-view';
export {
  acceptOfferOfCustomer,
  announceAcceptance,
  askForChanges,
  askForNewOffer,
  declineOffer,
  type OrderFromAcceptedOffer,
} from './customer-steps';
export { getOfferDocument, offerDocumentOf, offerPdfDocument } from './documents';
export type { StoredOfferDocument } from './documents';
export type { OfferAddress } from './offer-rows';
export { issueCustomerLink, saveOfferDraft, sendOffer, withdrawOffer } from './owner-offers';
export { getQuotationForOwner, offerCatalogue } from './owner-view';
export { expireOffers, remindExpiringOffers } from './sweeps';
export { postCustomerMessage, postShopMessage } from './thread';
export {
  issueAccessKey,
  requestOfCustomer,
  requireQuotationAccess,
  type QuotationAccess,
} from './access';
export { claimQuotationRequest } from './claim';
export {
  guestRequestHints,
  mergeCandidates,
  mergeQuotationRequests,
  type MergeCandidate,
} from './merge';
export { quotationMailOf, type QuotationMail } from './mail-facts';
export { exportQuotationRequests, type QuotationListFilter } from './search';
export type * from './views';

/**
 * Stores a visitor's or customer's request for a quotation of one piece, as `pending` (spec §4).
 * The input is checked here with the form's own schema, whoever calls; the product's name is read
 * from the catalogue, never taken from the request. docs/requirements.md §18: a request of one piece is one line.
 */
export async function createQuotationRequest(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
  displayCurrency: DisplayCurrency | null = null,
): Promise<StoredQuotationRequest> {
  const { quantity, ...details } = parseInput(quotationRequestSchema, input);
  return db.transaction((tx) =>
    storeRequest(
      tx,
      actor,
      {
        ...details,
        customerGstin: null,
        lines: [{ productId: input.productId, quantity, notes: null }],
      },
      now,
      timeZone,
      displayCurrency,
    ),
  );
}

/**
 * docs/requirements.md §18: a request of several pieces (the quote list, a reorder, the API's `lines`), one
 * reference and one link for all of them. Checked with its own schema in core/quotes/quote-list.ts;
 * callers that already hold a transaction (the quote list's submit) pass it.
 */
export async function createMultiPieceRequest(
  db: Database,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
  displayCurrency: DisplayCurrency | null = null,
): Promise<StoredQuotationRequest> {
  const request = parseInput(multiPieceRequestSchema, input);
  return db.transaction((tx) => storeRequest(tx, actor, request, now, timeZone, displayCurrency));
}

/**
 * docs/requirements.md §10: the only writer of quotation requests (the dialog, /quote without JavaScript, the
 * quote list, reorder, the API). One read of the pieces, the request and its lines, and in the
 * same transaction the owner's notice, the requester's confirmation when they gave an address,
 * and the `quotation.created` event. A piece that is not published refuses the request.
 */
async function storeRequest(
  tx: Database,
  actor: Actor,
  request: MultiPieceRequest,
  now: Date,
  timeZone: string,
  displayCurrency: DisplayCurrency | null,
): Promise<StoredQuotationRequest> {
  const found = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          request.lines.map((line) => line.productId),
        ),
        eq(products.published, true),
      ),
    );
  const names = new Map(found.map((product) => [product.id, product.name]));
  const lines: StoredRequestLine[] = request.lines.map((line) => {
    const productName = names.get(line.productId);
    if (productName === undefined) throw new DomainError('not_found', 'Product not found');
    return { productId: line.productId, productName, quantity: line.quantity, notes: line.notes };
  });
  const { lines: _parsedLines, ...details } = request;
  const first = lines[0]!;
  const [created] = await tx
    .insert(quotationRequests)
    .values({
      ...details,
      // spec §3's columns repeat the first line (docs/decisions/021)
      productId: first.productId,
      productName: first.productName,
      quantity: first.quantity,
      // docs/design.md §5: a signed-in requester's quotation carries their user id
      userId: actor?.userId ?? null,
      status: 'pending' as const,
      // docs/requirements.md §10: the reference's day is the shop's day of its making, in the shop's time zone
      // (docs/decisions/019); the database's trigger draws the day's next number after this prefix.
      reference: sql<string>`'Q-' || replace(${shopDayOfSql(sql, sql`now()`, timeZone)}, '-', '') || '-'`,
      // docs/requirements.md §10: a new request waits for the shop's answer from the moment it is made
      awaitingReplySince: sql`now()`,
      displayCurrency,
    })
    .returning({ id: quotationRequests.id, reference: quotationRequests.reference });
  if (!created) throw new Error('quotation request not stored');
  await tx
    .insert(quotationRequestLines)
    .values(lines.map((line, position) => ({ ...line, quotationRequestId: created.id, position })));

  const account = await requestersAccount(tx, actor);
  const stored: StoredQuotationRequest = {
    ...details,
    id: created.id,
    reference: created.reference,
    productId: first.productId,
    productName: first.productName,
    quantity: first.quantity,
    lines,
    accessKey: await issueAccessKey(tx, created.id),
  };
  const recipientVerified = isVerifiedAddressOf(account, stored.customerEmail);
  // The key stays with the answer: the requester's mail gets one of its own at delivery.
  const { accessKey: _answersKey, ...queued } = stored;
  const notice = {
    kind: 'quotation-request',
    quotation: queued,
    recipientVerified,
    guest: actor === null,
  } as const;
  await enqueue(tx, 'mail', { ...notice, to: 'owner' });
  if (stored.customerEmail) await enqueue(tx, 'mail', { ...notice, to: 'requester' });
  await emitWebhookEvent(tx, 'quotation.created', quotationCreatedData(queued), now);
  return stored;
}

/** docs/requirements.md §11 `quotation.created`: the request as the owner sees it; never its private key. */
function quotationCreatedData(
  quotation: Omit<StoredQuotationRequest, 'accessKey'>,
): WebhookEventData<'quotation.created'> {
  return {
    quotationId: quotation.id,
    reference: quotation.reference,
    status: 'pending',
    productId: quotation.productId,
    productName: quotation.productName,
    quantity: quotation.quantity,
    customizationNotes: quotation.customizationNotes ?? null,
    // docs/decisions/021: every piece; the three fields above repeat the first
    lines: quotation.lines,
    customer: {
      name: quotation.customerName,
      company: quotation.customerCompany ?? null,
      mobile: quotation.customerMobile,
      email: quotation.customerEmail ?? null,
      gstin: quotation.customerGstin,
    },
  };
}

/**
 * docs/requirements.md §13: the signed-in requester's address and whether it is verified; a typed
 * address gets the request's details only when it is that one.
 */
async function requestersAccount(db: Database, actor: Actor) {
  if (!actor) return null;
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, actor.userId));
  return account ?? null;
}

// The admin tab's label shows a count query, not a count of loaded rows; docs/decisions/016: with a
// filter, the "{n} matching" line's count of the rows it selects.
export async function countQuotationRequests(
  db: Database,
  actor: Actor,
  filter: QuotationListFilter = {},
  now?: Date,
): Promise<number> {
  requireAdmin(actor);
  const [row] = await db
    .select({ value: count() })
    .from(quotationRequests)
    .where(quotationFilterCondition(filter, now));
  return row?.value ?? 0;
}

// spec §7: every list newest first; docs/requirements.md §12: filtered, and "sort by date" either way
export async function listQuotationRequests(
  db: Database,
  actor: Actor,
  input: { page: number } & QuotationListFilter,
  now?: Date,
) {
  requireAdmin(actor, 'quotations:read');
  const rows = await db
    .select({
      request: quotationRequests,
      // docs/requirements.md §10: the latest offer's status (a draft included: the owner's own work in progress)
      latestOfferStatus: sql<OfferStatus | null>`(
        select "quotation_offers"."status" from "quotation_offers"
        where "quotation_offers"."quotation_request_id" = "quotation_requests"."id"
        order by "quotation_offers"."version" desc limit 1
      )`,
    })
    .from(quotationRequests)
    .where(quotationFilterCondition(input, now))
    .orderBy(...quotationOrder(input))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
  const linesByRequest = await requestLinesOf(
    db,
    rows.map(({ request }) => request.id),
  );
  return rows.map(({ request, latestOfferStatus }) => {
    const { lines } = requestView(request, linesByRequest.get(request.id));
    return {
      ...request,
      lines,
      // docs/requirements.md §18: the admin list shows a request's pieces, "Floral Inlay Marble Urli × 20 and 3
      // more pieces"
      piecesSummary: piecesSummary(lines),
      latestOfferStatus,
      // docs/requirements.md §10 "needs reply": the customer wrote last, or nothing has answered the request yet
      needsReply: request.awaitingReplySince !== null,
    };
  });
}

/**
 * Quotation → order by the owner (beyond the spec), the quotation's side, in the transaction of
 * server/flows/create-order-from-quotation.ts: the request, locked, is completed (it then waits for
 * nobody). A completed one is refused.
 */
export async function completeRequestForOrder(
  tx: Database,
  actor: Actor,
  input: { quotationId: unknown },
) {
  requireAdmin(actor, 'orders:write');
  const quotationId = requireRowId(input.quotationId, 'Quotation request');
  const [request] = await tx
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.id, quotationId))
    .for('update');
  if (!request) throw new DomainError('not_found', 'Quotation request not found');
  if (request.status === 'completed') {
    throw new DomainError('conflict', 'This quotation is already completed');
  }
  // docs/decisions/021: the quick order has one item; a request of several pieces is priced by an offer,
  // whose acceptance makes the order of every piece.
  const [lines] = await tx
    .select({ value: count() })
    .from(quotationRequestLines)
    .where(eq(quotationRequestLines.quotationRequestId, request.id));
  if ((lines?.value ?? 0) > 1) {
    throw new DomainError(
      'conflict',
      'This request has several pieces: send an offer, and its acceptance makes the order',
    );
  }
  await tx
    .update(quotationRequests)
    .set({ status: 'completed', awaitingReplySince: null })
    .where(eq(quotationRequests.id, request.id));
  return request;
}

// spec §4: quotation transitions, refused by the server when not allowed
export async function setQuotationStatus(
  db: Database,
  actor: Actor,
  input: { id: unknown; status: unknown },
): Promise<{ status: QuotationStatus }> {
  requireAdmin(actor, 'quotations:write');
  const id = requireRowId(input.id, 'Quotation request');
  const status = parseInput(z.enum(quotationStatuses), input.status);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: quotationRequests.status, reference: quotationRequests.reference })
      .from(quotationRequests)
      .where(eq(quotationRequests.id, id))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Quotation request not found');
    if (!canMoveQuotation(current.status, status)) {
      throw new DomainError('conflict', `A ${current.status} quotation cannot become ${status}`);
    }
    // A completed request waits for nobody (the table's check holds every writer to it).
    await tx
      .update(quotationRequests)
      .set({ status, ...(status === 'completed' ? { awaitingReplySince: null } : {}) })
      .where(eq(quotationRequests.id, id));
    // docs/requirements.md §12: the status change, before → after, in its own transaction
    await recordActivity(tx, actor, {
      kind: 'quotation.status',
      subject: current.reference,
      summary: `Quotation ${current.reference} marked ${status}`,
      changes: changedFields({ status: current.status }, { status }),
    });
    return { status };
  });
}
