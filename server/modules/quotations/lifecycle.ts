/**
 * The quote lifecycle (issue 16): the owner's priced offers in versions, the thread, the
 * customer's acceptance that makes the order, their payment reference, and expiry. Every change
 * queues its mails in its own transaction (server/modules/jobs).
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/activity';
import { canMoveQuotation } from '../../../core/admin';
import { formatPercentFromBasisPoints, formatRupees } from '../../../core/money';
import {
  acceptOfferSchema,
  composerTotals,
  customerActionsFor,
  declineOfferSchema,
  offerComposerSchema,
  offerRefusal,
  offerStatusAt,
  ownerActionsFor,
  quoteMessageSchema,
  quoteTexts,
  type CustomerOfferAction,
  type OfferComposerInput,
  type OfferStatus,
  type OwnerOfferAction,
} from '../../../core/quote-offer';
import type { OrderStatus, PaymentStatus, QuotationStatus } from '../../../core/statuses';
import type { Database } from '../../db/client';
import {
  addresses,
  orders,
  products,
  quotationMessages,
  quotationOfferLines,
  quotationOffers,
  quotationRequests,
  type ShippingAddress,
} from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId, requireUser } from '../kernel';
import type { QuotationEvent } from '../../../core/notices';
import { emitWebhookEvent } from '../webhooks/emit';
import { claimOf } from './claim';
import {
  accountOfRequester,
  issueAccessKey,
  QUOTATION_NOT_FOUND,
  requestOfCustomer,
  type QuotationAccess,
  type QuotationRow,
} from './access';
import type {
  CataloguePiece,
  CustomerQuotationSummary,
  CustomerQuoteView,
  OfferView,
  OwnerQuotationView,
  QuoteMessageView,
  QuoteOrderView,
  QuoteRequestView,
} from './views';

type OfferRow = typeof quotationOffers.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reading

async function offersOf(db: Database, requestIds: string[], now: Date): Promise<OfferView[]> {
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
  return rows.map((row) => offerView(row, lines, now));
}

function offerView(
  row: OfferRow,
  lines: (typeof quotationOfferLines.$inferSelect)[],
  now: Date,
): OfferView & { quotationRequestId: string } {
  const status = row.status as OfferStatus;
  return {
    id: row.id,
    quotationRequestId: row.quotationRequestId,
    version: row.version,
    status,
    shownStatus: offerStatusAt({ status, validUntil: row.validUntil }, now),
    lines: lines
      .filter((line) => line.offerId === row.id)
      .map((line) => ({
        id: line.id,
        productId: line.productId,
        description: line.description,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        lineTotalMinor: line.lineTotalMinor,
      })),
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    shippingMinor: row.shippingMinor,
    gstRateBasisPoints: row.gstRateBasisPoints,
    gstMinor: row.gstMinor,
    totalMinor: row.totalMinor,
    validUntil: row.validUntil,
    leadTimeDays: row.leadTimeDays,
    terms: row.terms,
    note: row.note,
    declineReason: row.declineReason,
    sentAt: row.sentAt,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

async function messagesOf(db: Database, requestId: string): Promise<QuoteMessageView[]> {
  const rows = await db
    .select()
    .from(quotationMessages)
    .where(eq(quotationMessages.quotationRequestId, requestId))
    .orderBy(asc(quotationMessages.createdAt), asc(quotationMessages.id));
  return rows.map((row) => ({
    id: row.id,
    author: row.author as QuoteMessageView['author'],
    kind: row.kind as QuoteMessageView['kind'],
    offerVersion: row.offerVersion,
    body: row.body,
    createdAt: row.createdAt,
  }));
}

async function orderOf(db: Database, requestId: string): Promise<QuoteOrderView | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.quotationRequestId, requestId), sql`${orders.offerId} is not null`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ? quoteOrderView(row) : null;
}

export function quoteOrderView(row: typeof orders.$inferSelect): QuoteOrderView {
  const method = row.paymentMethod?.toLowerCase();
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status as OrderStatus,
    paymentStatus: (row.paymentStatus ?? 'pending') as PaymentStatus,
    paymentMethod: method === 'upi' || method === 'bank transfer' ? method : null,
    totalMinor: row.totalAmountMinor,
    submittedPaymentReference: row.submittedPaymentReference,
  };
}

function requestView(row: QuotationRow): QuoteRequestView {
  return {
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    customizationNotes: row.customizationNotes,
    customerName: row.customerName,
    customerCompany: row.customerCompany,
    customerMobile: row.customerMobile,
    customerEmail: row.customerEmail,
  };
}

/** The offers a customer sees: every version the shop sent (a draft is the owner's alone). */
function sentOffers(offers: OfferView[]): OfferView[] {
  return offers.filter((offer) => offer.status !== 'draft');
}

function actionsFor(current: OfferView | null, now: Date): CustomerOfferAction[] {
  if (!current) return [];
  return customerActionsFor(
    { status: current.status, validUntil: current.validUntil, isLatestSent: true },
    now,
  );
}

/** issue 16: the quote page, for the key holder or the request's account. */
export async function getQuoteForCustomer(
  db: Database,
  actor: Actor,
  access: QuotationAccess,
  now: Date,
): Promise<CustomerQuoteView> {
  const request = await requestOfCustomer(db, actor, access);
  const [offers, messages, order] = await Promise.all([
    offersOf(db, [request.id], now),
    messagesOf(db, request.id),
    orderOf(db, request.id),
  ]);
  const [currentOffer = null, ...earlierOffers] = sentOffers(offers);
  return {
    id: request.id,
    reference: request.reference,
    status: request.status as QuotationStatus,
    createdAt: request.createdAt,
    request: requestView(request),
    currentOffer,
    earlierOffers,
    actions: actionsFor(currentOffer, now),
    messages,
    order,
    // issue 26 item 2: a guest request joins an account only when its holder adds it.
    claim: await claimOf(db, actor, request),
  };
}

/** issue 16: the dashboard's "Quotations" tab: the signed-in customer's own requests. */
export async function listQuotationsOfUser(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<CustomerQuotationSummary[]> {
  const userId = requireUser(actor);
  const requests = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.userId, userId))
    .orderBy(desc(quotationRequests.createdAt))
    .limit(200);
  const ids = requests.map((request) => request.id);
  const [offers, madeOrders] = await Promise.all([
    offersOf(db, ids, now),
    ids.length === 0
      ? []
      : db
          .select({
            quotationRequestId: orders.quotationRequestId,
            orderNumber: orders.orderNumber,
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
    return {
      id: request.id,
      reference: request.reference,
      productName: request.productName,
      quantity: request.quantity,
      status: request.status as QuotationStatus,
      createdAt: request.createdAt,
      offerStatus: latest?.shownStatus ?? null,
      offerTotalMinor: latest?.totalMinor ?? null,
      orderNumber:
        madeOrders.find((order) => order.quotationRequestId === request.id)?.orderNumber ?? null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's steps

async function notify(
  tx: Database,
  event: QuotationEvent,
  to: 'customer' | 'owner',
  ids: { quotationId: string; offerId?: string; orderId?: string; messageId?: string },
) {
  await enqueue(tx, 'mail', { kind: 'quotation-event', event, to, ...ids });
}

/**
 * Which offer of the request a step is on: the page names it by its id, the API (issue 17) by
 * its version, as the customer reads it ("Offer v2") and as the PDF's address has it.
 */
export type OfferAddress = { offerId?: unknown; offerVersion?: unknown };

/** The customer's offer by its id or version, locked, with whether it is the latest sent. */
async function offerForCustomer(tx: Database, requestId: string, address: OfferAddress) {
  const version = Number(address.offerVersion);
  const which =
    address.offerVersion === undefined
      ? eq(quotationOffers.id, requireRowId(address.offerId, 'Offer'))
      : Number.isSafeInteger(version) && version >= 1
        ? eq(quotationOffers.version, version)
        : null;
  if (!which) throw new DomainError('not_found', 'Offer not found');
  const [offer] = await tx
    .select()
    .from(quotationOffers)
    .where(and(which, eq(quotationOffers.quotationRequestId, requestId)))
    .for('update');
  if (!offer || offer.status === 'draft') throw new DomainError('not_found', 'Offer not found');
  const [latest] = await tx
    .select({ version: sql<number>`max(${quotationOffers.version})` })
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, requestId), ne(quotationOffers.status, 'draft')),
    );
  return { offer, isLatestSent: latest?.version === offer.version };
}

/** Refuses a step the offer does not allow now, with the page's words (issue 16). */
function requireOfferAction(
  found: { offer: OfferRow; isLatestSent: boolean },
  action: CustomerOfferAction,
  now: Date,
) {
  const refusal = offerRefusal(
    {
      status: found.offer.status as OfferStatus,
      validUntil: found.offer.validUntil,
      isLatestSent: found.isLatestSent,
    },
    action,
    now,
  );
  if (refusal) throw new DomainError('conflict', refusal);
}

async function addCustomerMessage(
  tx: Database,
  actor: Actor,
  request: QuotationRow,
  entry: { kind: QuoteMessageView['kind']; body: string; offerVersion?: number },
  now: Date,
): Promise<{ id: string }> {
  const [message] = await tx
    .insert(quotationMessages)
    .values({
      quotationRequestId: request.id,
      author: 'customer',
      kind: entry.kind,
      offerVersion: entry.offerVersion ?? null,
      userId: actor?.userId ?? null,
      body: entry.body,
      createdAt: now,
    })
    .returning({ id: quotationMessages.id });
  if (!message) throw new Error('message not stored');
  // issue 16: the customer wrote last, so the request needs the owner's reply.
  await tx
    .update(quotationRequests)
    .set({ awaitingReplySince: sql`coalesce(${quotationRequests.awaitingReplySince}, ${now})` })
    .where(eq(quotationRequests.id, request.id));
  await notify(tx, 'message', 'owner', { quotationId: request.id, messageId: message.id });
  const data = messageData(request, message.id, 'customer', entry);
  await emitWebhookEvent(tx, 'quotation.message', data, now);
  return message;
}

/** issue 17 `quotation.message`: a message on the thread, the customer's steps among them. */
function messageData(
  request: Pick<QuotationRow, 'id' | 'reference'>,
  messageId: string,
  author: 'customer' | 'shop',
  entry: { kind: QuoteMessageView['kind']; body: string; offerVersion?: number | null },
) {
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

/** issue 17: an offer in the events about it (its totals in paise). */
function offerData(request: Pick<QuotationRow, 'id' | 'reference'>, offer: OfferRow) {
  return {
    quotationId: request.id,
    reference: request.reference,
    offerId: offer.id,
    version: offer.version,
    totalMinor: offer.totalMinor,
    validUntil: offer.validUntil,
  };
}

/** issue 16: a message from the customer on the thread. */
export async function postCustomerMessage(
  db: Database,
  actor: Actor,
  input: QuotationAccess & { body?: unknown },
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    const { body } = parseInput(quoteMessageSchema, { body: input.body });
    return addCustomerMessage(tx, actor, request, { kind: 'message', body }, now);
  });
}

/**
 * A customer's step on the current offer that writes to the thread (Ask for Changes, Ask for a New
 * Offer): the request locked, the offer open to that step now, then the message.
 */
async function stepOnOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress,
  step: { action: CustomerOfferAction; kind: QuoteMessageView['kind']; body: () => string },
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    const found = await offerForCustomer(tx, request.id, input);
    const body = step.body();
    requireOfferAction(found, step.action, now);
    return addCustomerMessage(
      tx,
      actor,
      request,
      { kind: step.kind, body, offerVersion: found.offer.version },
      now,
    );
  });
}

/** issue 16 "Ask for Changes": a message on the thread that marks the request for the owner. */
export async function askForChanges(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & { body?: unknown },
  now: Date,
): Promise<{ id: string }> {
  return stepOnOffer(
    db,
    actor,
    input,
    {
      action: 'ask-changes',
      kind: 'changes-requested',
      body: () => parseInput(quoteMessageSchema, { body: input.body }).body,
    },
    now,
  );
}

/** issue 16 "Ask for a New Offer", once the latest has expired. */
export async function askForNewOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress,
  now: Date,
): Promise<{ id: string }> {
  return stepOnOffer(
    db,
    actor,
    input,
    {
      action: 'ask-new-offer',
      kind: 'new-offer-requested',
      body: () => quoteTexts.newOfferRequest,
    },
    now,
  );
}

/** issue 16 "Decline", with an optional reason. */
export async function declineOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & { reason?: unknown },
  now: Date,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    const found = await offerForCustomer(tx, request.id, input);
    const { reason } = parseInput(declineOfferSchema, { reason: input.reason });
    requireOfferAction(found, 'decline', now);
    await tx
      .update(quotationOffers)
      .set({ status: 'declined', declineReason: reason, decidedAt: now })
      .where(eq(quotationOffers.id, found.offer.id));
    const [message] = await tx
      .insert(quotationMessages)
      .values({
        quotationRequestId: request.id,
        author: 'customer',
        kind: 'declined',
        offerVersion: found.offer.version,
        userId: actor?.userId ?? null,
        body: reason ?? '',
        createdAt: now,
      })
      .returning({ id: quotationMessages.id });
    await notify(tx, 'message', 'owner', { quotationId: request.id, messageId: message!.id });
    const declined = { ...offerData(request, found.offer), status: 'declined', reason };
    await emitWebhookEvent(tx, 'offer.declined', declined, now);
    return { version: found.offer.version };
  });
}

/**
 * issue 16 "Accept Offer", the quotation's side, in the transaction of
 * server/flows/accept-offer.ts: the customer (the key or the account) and the offer (open at
 * `now`) are checked, the offer accepted and the request completed. The request's row is locked
 * first, so accepting twice (two tabs, a double click) finds the offer accepted the second time:
 * one order. Answers what the order is made of.
 */
export async function acceptOfferOfCustomer(
  tx: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & Record<string, unknown>,
  now: Date,
): Promise<{ request: QuotationRow; offer: OfferRow; order: OrderFromAcceptedOffer }> {
  const request = await requestOfCustomer(tx, actor, input, { lock: true });
  const found = await offerForCustomer(tx, request.id, input);
  const values = parseInput(acceptOfferSchema, input);
  requireOfferAction(found, 'accept', now);
  const { offer } = found;
  const shippingAddress = await shippingAddressFor(tx, actor, request, values);
  const lines = await tx
    .select()
    .from(quotationOfferLines)
    .where(eq(quotationOfferLines.offerId, offer.id))
    .orderBy(asc(quotationOfferLines.position));
  await tx
    .update(quotationOffers)
    .set({ status: 'accepted', decidedAt: now })
    .where(eq(quotationOffers.id, offer.id));
  if (canMoveQuotation(request.status as QuotationStatus, 'completed')) {
    await tx
      .update(quotationRequests)
      .set({ status: 'completed', awaitingReplySince: null })
      .where(eq(quotationRequests.id, request.id));
  }
  return {
    request,
    offer,
    order: {
      // issue 26 item 2: the request's own account, never one found by the e-mail a guest named;
      // the account holder adds a guest's request (and its order) themselves.
      userId: request.userId,
      quotationRequestId: request.id,
      reference: request.reference,
      paymentMethod: values.paymentMethod,
      shippingAddress,
      offer,
      lines,
    },
  };
}

/** What an accepted offer's order is made of (the orders module makes it). */
export interface OrderFromAcceptedOffer {
  userId: string | null;
  quotationRequestId: string;
  reference: string;
  paymentMethod: 'upi' | 'bank transfer';
  shippingAddress: ShippingAddress;
  offer: OfferRow;
  lines: (typeof quotationOfferLines.$inferSelect)[];
}

/** Once the order is made: both sides are mailed, and integrations hear `offer.accepted`. */
export async function announceAcceptance(
  tx: Database,
  request: QuotationRow,
  offer: OfferRow,
  order: { id: string; orderNumber: string },
  now: Date,
): Promise<void> {
  const ids = { quotationId: request.id, offerId: offer.id, orderId: order.id };
  await notify(tx, 'offer-accepted', 'customer', ids);
  await notify(tx, 'offer-accepted', 'owner', ids);
  const made = { orderId: order.id, orderNumber: order.orderNumber };
  await emitWebhookEvent(tx, 'offer.accepted', { ...offerData(request, offer), ...made }, now);
}

async function shippingAddressFor(
  tx: Database,
  actor: Actor,
  request: QuotationRow,
  values: ReturnType<typeof acceptOfferSchema.parse>,
): Promise<ShippingAddress> {
  if (values.addressId) {
    // A saved address is the signed-in customer's own, or none.
    const userId = requireUser(actor);
    const addressId = requireRowId(values.addressId, 'Address');
    const [saved] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!saved) throw new DomainError('not_found', 'Address not found');
    return {
      name: request.customerName,
      streetAddress: saved.streetAddress,
      apartment: saved.apartment,
      city: saved.city,
      state: saved.state,
      postalCode: saved.postalCode,
      country: saved.country,
      phone: request.customerMobile,
    };
  }
  return {
    name: values.name || request.customerName,
    streetAddress: values.streetAddress ?? '',
    apartment: values.apartment || null,
    city: values.city ?? '',
    state: values.state ?? '',
    postalCode: values.postalCode ?? '',
    country: values.country ?? '',
    phone: request.customerMobile,
  };
}

/** The offer's document for its PDF, for whoever may read the quotation (issue 16). */
export async function getOfferDocument(
  db: Database,
  actor: Actor,
  input: QuotationAccess & { version?: unknown },
) {
  const request = actor?.roles.includes('admin')
    ? await requestOfOwner(db, actor, input.reference)
    : await requestOfCustomer(db, actor, input);
  const version = Number(input.version);
  if (!Number.isInteger(version) || version < 1) {
    throw new DomainError('not_found', 'Offer not found');
  }
  const document = await offerDocumentOf(db, request, version);
  // A draft is the owner's alone.
  if (!document || (document.status === 'draft' && !actor?.roles.includes('admin'))) {
    throw new DomainError('not_found', 'Offer not found');
  }
  return document;
}

async function requestOfOwner(db: Database, actor: Actor, reference: unknown) {
  requireAdmin(actor);
  const [request] = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.reference, String(reference ?? '').toUpperCase()));
  if (!request) throw new DomainError('not_found', QUOTATION_NOT_FOUND);
  return request;
}

/** What the offer's PDF shows, but the shop's own details (the caller's settings add them). */
export async function offerDocumentOf(db: Database, request: QuotationRow, version: number) {
  const [offer] = await db
    .select()
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, request.id), eq(quotationOffers.version, version)),
    );
  if (!offer) return null;
  const lines = await db
    .select()
    .from(quotationOfferLines)
    .where(eq(quotationOfferLines.offerId, offer.id))
    .orderBy(asc(quotationOfferLines.position));
  return {
    status: offer.status as OfferStatus,
    reference: request.reference,
    version: offer.version,
    issuedAt: offer.sentAt ?? offer.createdAt,
    customer: {
      name: request.customerName,
      company: request.customerCompany,
      mobile: request.customerMobile,
      email: request.customerEmail,
    },
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      lineTotalMinor: line.lineTotalMinor,
    })),
    subtotalMinor: offer.subtotalMinor,
    discountMinor: offer.discountMinor,
    shippingMinor: offer.shippingMinor,
    gstRateBasisPoints: offer.gstRateBasisPoints,
    gstMinor: offer.gstMinor,
    totalMinor: offer.totalMinor,
    validUntil: offer.validUntil,
    leadTimeDays: offer.leadTimeDays,
    terms: offer.terms,
    note: offer.note,
  };
}

// ---------------------------------------------------------------------------------------------
// The owner's side

async function requestForOwner(db: Database, id: unknown, options: { lock?: boolean } = {}) {
  const requestId = requireRowId(id, 'Quotation request');
  const query = db.select().from(quotationRequests).where(eq(quotationRequests.id, requestId));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request) throw new DomainError('not_found', 'Quotation request not found');
  return request;
}

/** The request's sent offer, the one the customer can act on (the database holds one at most). */
async function liveOffer(tx: Database, requestId: string): Promise<OfferRow | null> {
  const [live] = await tx
    .select()
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, requestId), eq(quotationOffers.status, 'sent')),
    );
  return live ?? null;
}

/** The request's latest offer (a draft, else the last sent), as the owner's buttons see it. */
async function latestOfferRow(tx: Database, requestId: string): Promise<OfferRow | null> {
  const [latest] = await tx
    .select()
    .from(quotationOffers)
    .where(eq(quotationOffers.quotationRequestId, requestId))
    .orderBy(desc(quotationOffers.version))
    .limit(1);
  return latest ?? null;
}

/** The latest offer's effective status for the owner's buttons: one past its day is expired. */
function ownerActionsNow(
  latest: Pick<OfferRow, 'status' | 'validUntil'> | null,
  request: QuotationRow,
  now: Date,
): OwnerOfferAction[] {
  return ownerActionsFor(
    latest
      ? {
          status: offerStatusAt(
            { status: latest.status as OfferStatus, validUntil: latest.validUntil },
            now,
          ),
        }
      : null,
    request.status === 'completed',
  );
}

/** issue 16: the owner's quotation page. */
export async function getQuotationForOwner(
  db: Database,
  actor: Actor,
  input: { id: unknown },
  now: Date,
): Promise<OwnerQuotationView> {
  requireAdmin(actor, 'quotations:read');
  const request = await requestForOwner(db, input.id);
  const [offers, messages, order, product] = await Promise.all([
    offersOf(db, [request.id], now),
    messagesOf(db, request.id),
    orderOf(db, request.id),
    request.productId
      ? db
          .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
          .from(products)
          .where(eq(products.id, request.productId))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const draft = offers.find((offer) => offer.status === 'draft') ?? null;
  const history = await customerHistory(db, request);
  // A draft on top of a sent offer is its revision: the buttons follow the live offer.
  const live = offers.find((offer) => offer.status === 'sent');
  const latest = live ?? offers[0] ?? null;
  return {
    id: request.id,
    reference: request.reference,
    status: request.status as QuotationStatus,
    createdAt: request.createdAt,
    request: requestView(request),
    userId: request.userId,
    awaitingReplySince: request.awaitingReplySince,
    offers: sentOffers(offers),
    draft,
    ownerActions: ownerActionsNow(latest, request, now),
    messages,
    order,
    suggestedLines: [
      {
        productId: product?.id ?? null,
        description: product?.name ?? request.productName,
        quantity: request.quantity,
        unitPriceMinor: product?.priceMinor ?? 0,
      },
    ],
    history,
  };
}

/** issue 16: the customer's other requests and orders, by their account or verified e-mail. */
async function customerHistory(
  db: Database,
  request: QuotationRow,
): Promise<OwnerQuotationView['history']> {
  const accounts = [
    ...new Set(
      [request.userId, await accountOfRequester(db, { ...request, userId: null })].filter(
        (id): id is string => id !== null,
      ),
    ),
  ];
  if (accounts.length === 0) return { requests: [], orders: [] };
  const [otherRequests, accountOrders] = await Promise.all([
    db
      .select({
        id: quotationRequests.id,
        reference: quotationRequests.reference,
        productName: quotationRequests.productName,
        status: quotationRequests.status,
        createdAt: quotationRequests.createdAt,
      })
      .from(quotationRequests)
      .where(and(inArray(quotationRequests.userId, accounts), ne(quotationRequests.id, request.id)))
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
      .where(inArray(orders.userId, accounts))
      .orderBy(desc(orders.createdAt))
      .limit(20),
  ]);
  return {
    requests: otherRequests.map((row) => ({ ...row, status: row.status as QuotationStatus })),
    orders: accountOrders.map((row) => ({ ...row, status: row.status as OrderStatus })),
  };
}

/** issue 16: the composer's "add a product from the catalogue": published pieces and prices. */
export async function offerCatalogue(db: Database, actor: Actor): Promise<CataloguePiece[]> {
  requireAdmin(actor);
  return db
    .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(asc(products.name));
}

function requireOwnerAction(
  latest: OfferRow | null,
  request: QuotationRow,
  action: OwnerOfferAction,
  now: Date,
) {
  if (!ownerActionsNow(latest, request, now).includes(action)) {
    throw new DomainError(
      'conflict',
      request.status === 'completed'
        ? 'This quotation is completed: its offer was accepted'
        : `This quotation's offer cannot be changed that way now`,
    );
  }
}

/** The composer's offer written into the request's draft (made when there is none). */
async function writeDraft(
  tx: Database,
  request: QuotationRow,
  offer: OfferComposerInput,
  now: Date,
): Promise<OfferRow> {
  const totals = composerTotals(offer);
  const values = {
    subtotalMinor: totals.subtotalMinor,
    discountMinor: totals.discountMinor,
    shippingMinor: totals.shippingMinor,
    gstRateBasisPoints: offer.gstRate,
    gstMinor: totals.gstMinor,
    totalMinor: totals.totalMinor,
    validUntil: offer.validUntil,
    leadTimeDays: offer.leadTimeDays,
    terms: offer.terms,
    note: offer.note,
  };
  const [existing] = await tx
    .select({ id: quotationOffers.id })
    .from(quotationOffers)
    .where(
      and(eq(quotationOffers.quotationRequestId, request.id), eq(quotationOffers.status, 'draft')),
    );
  let draft: OfferRow | undefined;
  if (existing) {
    [draft] = await tx
      .update(quotationOffers)
      .set(values)
      .where(eq(quotationOffers.id, existing.id))
      .returning();
    await tx.delete(quotationOfferLines).where(eq(quotationOfferLines.offerId, existing.id));
  } else {
    const [last] = await tx
      .select({ version: sql<number | null>`max(${quotationOffers.version})` })
      .from(quotationOffers)
      .where(eq(quotationOffers.quotationRequestId, request.id));
    [draft] = await tx
      .insert(quotationOffers)
      .values({
        ...values,
        quotationRequestId: request.id,
        version: (last?.version ?? 0) + 1,
        status: 'draft',
        createdAt: now,
      })
      .returning();
  }
  if (!draft) throw new Error('offer not stored');
  const productIds = offer.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const known = new Set(
    productIds.length === 0
      ? []
      : (
          await tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((product) => product.id),
  );
  await tx.insert(quotationOfferLines).values(
    offer.lines.map((line, position) => ({
      offerId: draft.id,
      position,
      // A piece no longer in the catalogue stays on the offer as a custom line.
      productId: line.productId && known.has(line.productId) ? line.productId : null,
      description: line.description,
      quantity: line.quantity,
      unitPriceMinor: line.unitPrice,
      lineTotalMinor: totals.lineTotalsMinor[position]!,
    })),
  );
  return draft;
}

/** issue 18: an offer's terms as the activity log compares them, amounts in rupees. */
function offerFacts(offer: OfferRow | null) {
  if (!offer) return null;
  return {
    offerVersion: offer.version,
    offerStatus: offer.status,
    total: formatRupees(offer.totalMinor),
    discount: formatRupees(offer.discountMinor),
    shipping: formatRupees(offer.shippingMinor),
    gstRate: `${formatPercentFromBasisPoints(offer.gstRateBasisPoints)}%`,
    validUntil: offer.validUntil,
    leadTimeDays: offer.leadTimeDays,
    terms: offer.terms,
    note: offer.note,
  };
}

/** issue 16 "Save Draft": the composer's offer, kept for the owner only. */
export async function saveOfferDraft(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown } & Record<string, unknown>,
  now: Date,
): Promise<{ version: number }> {
  requireAdmin(actor, 'quotations:write');
  const offer = parseInput(offerComposerSchema, input);
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const latest = await latestOfferRow(tx, request.id);
    requireOwnerAction(latest, request, 'save-draft', now);
    const draft = await writeDraft(tx, request, offer, now);
    // issue 18: the draft's terms, before (the draft it replaces, if any) → after
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.offer',
        subject: request.reference,
        summary: `Offer v${draft.version} draft saved for ${request.reference}`,
        changes: changedFields(
          offerFacts(latest?.status === 'draft' ? latest : null),
          offerFacts(draft),
        ),
      },
      now,
    );
    return { version: draft.version };
  });
}

/**
 * issue 16 "Send Offer" and "Revise Offer": the composer's offer becomes the sent version, the
 * one sent before it is superseded, the request moves from pending to processing (spec §4), and
 * the customer is mailed the link with the PDF.
 */
export async function sendOffer(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown } & Record<string, unknown>,
  now: Date,
): Promise<{ version: number; customerName: string; revised: boolean }> {
  requireAdmin(actor, 'quotations:write');
  const offer = parseInput(offerComposerSchema, input);
  if (offerStatusAt({ status: 'sent', validUntil: offer.validUntil }, now) === 'expired') {
    throw new DomainError('invalid', 'The offer must be valid until today or later');
  }
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const live = await liveOffer(tx, request.id);
    const latest = await latestOfferRow(tx, request.id);
    const revised = live !== null;
    // A draft on top of a sent offer is its revision; the buttons follow the live one.
    requireOwnerAction(live ?? latest, request, revised ? 'revise' : 'send', now);
    if (live) {
      await tx
        .update(quotationOffers)
        .set({ status: 'superseded', decidedAt: now })
        .where(eq(quotationOffers.id, live.id));
    }
    const draft = await writeDraft(tx, request, offer, now);
    await tx
      .update(quotationOffers)
      .set({ status: 'sent', sentAt: now, reminderSentAt: null })
      .where(eq(quotationOffers.id, draft.id));
    await tx
      .update(quotationRequests)
      .set({
        awaitingReplySince: null,
        ...(request.status === 'pending' ? { status: 'processing' } : {}),
      })
      .where(eq(quotationRequests.id, request.id));
    await notify(tx, 'offer-sent', 'customer', { quotationId: request.id, offerId: draft.id });
    const sent = { ...offerData(request, draft), status: 'sent', revised };
    await emitWebhookEvent(tx, 'offer.sent', sent, now);
    // issue 18: the offer it replaces (the live one revised, or the saved draft) → the sent one
    const replaced = live ?? (latest?.status === 'draft' ? latest : null);
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.offer',
        subject: request.reference,
        summary: `Offer v${draft.version} ${revised ? 'revised and sent' : 'sent'} for ${request.reference}`,
        changes: changedFields(
          { quotationStatus: request.status, ...offerFacts(replaced) },
          {
            quotationStatus: request.status === 'pending' ? 'processing' : request.status,
            ...offerFacts(draft),
            offerStatus: 'sent',
          },
        ),
      },
      now,
    );
    return { version: draft.version, customerName: request.customerName, revised };
  });
}

/** issue 16 "Withdraw Offer": the sent offer is taken back; the customer can no longer accept. */
export async function withdrawOffer(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown; version?: unknown },
  now: Date,
): Promise<{ version: number }> {
  requireAdmin(actor, 'quotations:write');
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const live = await liveOffer(tx, request.id);
    requireOwnerAction(live, request, 'withdraw', now);
    // issue 17: a caller naming the version it saw must not take back a revision sent since.
    if (input.version !== undefined && Number(input.version) !== live!.version) {
      throw new DomainError(
        'conflict',
        `Offer v${live!.version} is the one sent now, not this one`,
      );
    }
    await tx
      .update(quotationOffers)
      .set({ status: 'withdrawn', decidedAt: now })
      .where(eq(quotationOffers.id, live!.id));
    // issue 25 §1: the customer who was mailed the offer hears that it no longer holds.
    await notify(tx, 'offer-withdrawn', 'customer', { quotationId: request.id, offerId: live!.id });
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.offer',
        subject: request.reference,
        summary: `Offer v${live!.version} withdrawn for ${request.reference}`,
        changes: changedFields({ offerStatus: live!.status }, { offerStatus: 'withdrawn' }),
      },
      now,
    );
    return { version: live!.version };
  });
}

/** issue 16: the shop's reply on the thread; the request no longer waits for it. */
export async function postShopMessage(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown; body?: unknown },
  now: Date,
): Promise<{ id: string }> {
  requireAdmin(actor, 'quotations:write');
  const { body } = parseInput(quoteMessageSchema, { body: input.body });
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const [message] = await tx
      .insert(quotationMessages)
      .values({
        quotationRequestId: request.id,
        author: 'shop',
        userId: actor!.userId,
        body,
        createdAt: now,
      })
      .returning({ id: quotationMessages.id });
    await tx
      .update(quotationRequests)
      .set({ awaitingReplySince: null })
      .where(eq(quotationRequests.id, request.id));
    await notify(tx, 'message', 'customer', { quotationId: request.id, messageId: message!.id });
    const data = messageData(request, message!.id, 'shop', { kind: 'message', body });
    await emitWebhookEvent(tx, 'quotation.message', data, now);
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.message',
        subject: request.reference,
        summary: `Message sent to the customer of ${request.reference}`,
        changes: changedFields(null, { message: body }),
      },
      now,
    );
    return message!;
  });
}

/**
 * "Send on WhatsApp" (issue 16): a fresh private link for the owner to hand the customer. The
 * owner's page never holds a key of its own; each link is made when it is asked for.
 */
export async function issueCustomerLink(
  db: Database,
  actor: Actor,
  input: { id: unknown },
): Promise<{ reference: string; key: string; customerMobile: string; customerName: string }> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.id);
    const key = await issueAccessKey(tx, request.id);
    // issue 18: that a link was made, never the key itself
    await recordActivity(tx, actor, {
      kind: 'quotation.offer',
      subject: request.reference,
      summary: `Customer link made for ${request.reference}`,
    });
    return {
      reference: request.reference,
      key,
      customerMobile: request.customerMobile,
      customerName: request.customerName,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Expiry (a scheduled job of the queue; no actor: the shop's own clock work)

const shopDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day of an instant, 'YYYY-MM-DD'. */
function shopDate(moment: Date): string {
  return shopDay.format(moment);
}

/**
 * issue 16: sent offers past their day (its end, shop time) become expired, and both sides are
 * mailed. One UPDATE takes each offer once, however many workers sweep at the same time.
 */
export async function expireOffers(db: Database, now: Date): Promise<{ expired: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotationOffers)
      .set({ status: 'expired', decidedAt: now })
      .where(
        and(
          eq(quotationOffers.status, 'sent'),
          sql`${quotationOffers.validUntil} < ${shopDate(now)}`,
        ),
      )
      .returning();
    const references = await referencesOf(
      tx,
      expired.map((offer) => offer.quotationRequestId),
    );
    for (const offer of expired) {
      const ids = { quotationId: offer.quotationRequestId, offerId: offer.id };
      await notify(tx, 'offer-expired', 'customer', ids);
      await notify(tx, 'offer-expired', 'owner', ids);
      const request = { id: ids.quotationId, reference: references.get(ids.quotationId) ?? '' };
      const data = { ...offerData(request, offer), status: 'expired' };
      await emitWebhookEvent(tx, 'offer.expired', data, now);
    }
    return { expired: expired.length };
  });
}

/** The references of quotation requests, by id. */
async function referencesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: quotationRequests.id, reference: quotationRequests.reference })
    .from(quotationRequests)
    .where(inArray(quotationRequests.id, ids));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/**
 * issue 16: "Your offer {reference} expires in 2 days", once, to the customer: for sent offers
 * whose end is within two days, sent before that point (an offer sent for one day gets none).
 */
export async function remindExpiringOffers(db: Database, now: Date): Promise<{ reminded: number }> {
  const inTwoDays = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const reminded = await tx
      .update(quotationOffers)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(quotationOffers.status, 'sent'),
          isNull(quotationOffers.reminderSentAt),
          sql`${quotationOffers.validUntil} >= ${shopDate(now)}`,
          sql`${quotationOffers.validUntil} < ${shopDate(inTwoDays)}`,
          // sent before the reminder point: end of the day minus two days
          sql`${quotationOffers.sentAt} < ((${quotationOffers.validUntil} + 1)::timestamp at time zone 'Asia/Kolkata') - interval '2 days'`,
        ),
      )
      .returning({
        id: quotationOffers.id,
        quotationRequestId: quotationOffers.quotationRequestId,
      });
    for (const offer of reminded) {
      await notify(tx, 'offer-expiring', 'customer', {
        quotationId: offer.quotationRequestId,
        offerId: offer.id,
      });
    }
    return { reminded: reminded.length };
  });
}
