/**
 * The customer's steps on an offer (docs/requirements.md §10): ask for changes, ask for a new offer, decline, and
 * accept (the quotation's side of server/flows/accept-offer.ts). Each is checked against the offer's
 * state by core/quote-offer's rules, whatever the page showed, and queues its mails.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { canMoveQuotation } from '../../../core/admin/admin';
import {
  acceptOfferSchema,
  declineOfferSchema,
  offerRefusal,
  quoteMessageSchema,
  quoteTexts,
  type CustomerOfferAction,
} from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import {
  addresses,
  quotationMessages,
  quotationOfferLines,
  quotationOffers,
  quotationRequests,
  type ShippingAddress,
} from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput, requireRowId, requireUser } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import { requestOfCustomer, type QuotationAccess, type QuotationRow } from './access';
import {
  notify,
  offerData,
  type MessageEventKind,
  type OfferAddress,
  type OfferRow,
} from './offer-rows';
import { addCustomerMessage } from './thread';

/** The customer's offer by its id or version, locked, with whether it is the latest sent. */
export async function offerForCustomer(tx: Database, requestId: string, address: OfferAddress) {
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

/** Refuses a step the offer does not allow now, with the page's words (docs/requirements.md §10). */
export function requireOfferAction(
  found: { offer: OfferRow; isLatestSent: boolean },
  action: CustomerOfferAction,
  now: Date,
  timeZone: string,
) {
  const refusal = offerRefusal(
    {
      status: found.offer.status,
      validUntil: found.offer.validUntil,
      isLatestSent: found.isLatestSent,
    },
    action,
    now,
    timeZone,
  );
  if (refusal) throw new DomainError('conflict', refusal);
}

/**
 * A customer's step on the current offer that writes to the thread (Ask for Changes, Ask for a New
 * Offer): the request locked, the offer open to that step now, then the message.
 */
export async function stepOnOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress,
  step: { action: CustomerOfferAction; kind: MessageEventKind; body: () => string },
  now: Date,
  timeZone: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    const found = await offerForCustomer(tx, request.id, input);
    const body = step.body();
    requireOfferAction(found, step.action, now, timeZone);
    return addCustomerMessage(
      tx,
      actor,
      request,
      { kind: step.kind, body, offerVersion: found.offer.version },
      now,
    );
  });
}

/** docs/requirements.md §10 "Ask for Changes": a message on the thread that marks the request for the owner. */
export async function askForChanges(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & { body?: unknown },
  now: Date,
  timeZone: string,
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
    timeZone,
  );
}

/** docs/requirements.md §10 "Ask for a New Offer", once the latest has expired. */
export async function askForNewOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress,
  now: Date,
  timeZone: string,
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
    timeZone,
  );
}

/** docs/requirements.md §10 "Decline", with an optional reason. */
export async function declineOffer(
  db: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & { reason?: unknown },
  now: Date,
  timeZone: string,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    const found = await offerForCustomer(tx, request.id, input);
    const { reason } = parseInput(declineOfferSchema, { reason: input.reason });
    requireOfferAction(found, 'decline', now, timeZone);
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
    const declined = { ...offerData(request, found.offer), status: 'declined' as const, reason };
    await emitWebhookEvent(tx, 'offer.declined', declined, now);
    return { version: found.offer.version };
  });
}

/**
 * docs/requirements.md §10 "Accept Offer", the quotation's side, in the transaction of
 * server/flows/accept-offer.ts: the customer (the key or the account) and the offer (open at
 * `now` in the shop's `timeZone`) are checked, the offer accepted and the request completed. The request's row is locked
 * first, so accepting twice (two tabs, a double click) finds the offer accepted the second time:
 * one order. Answers what the order is made of.
 */
export async function acceptOfferOfCustomer(
  tx: Database,
  actor: Actor,
  input: QuotationAccess & OfferAddress & Record<string, unknown>,
  now: Date,
  timeZone: string,
): Promise<{
  request: QuotationRow;
  offer: OfferRow;
  order: OrderFromAcceptedOffer;
  /** docs/requirements.md §19: a new address the signed-in buyer asked to keep in their address book. */
  addressToSave: ShippingAddress | null;
}> {
  const request = await requestOfCustomer(tx, actor, input, { lock: true });
  const found = await offerForCustomer(tx, request.id, input);
  const values = parseInput(acceptOfferSchema, input);
  requireOfferAction(found, 'accept', now, timeZone);
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
  if (canMoveQuotation(request.status, 'completed')) {
    await tx
      .update(quotationRequests)
      .set({ status: 'completed', awaitingReplySince: null })
      .where(eq(quotationRequests.id, request.id));
  }
  return {
    request,
    offer,
    addressToSave: values.saveAddress && !values.addressId && actor ? shippingAddress : null,
    order: {
      // docs/requirements.md §11: the request's own account, never one found by the e-mail a guest named;
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

export async function shippingAddressFor(
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
    // docs/requirements.md §19: the mobile the buyer gave for the delivery, prefilled with the request's
    phone: values.phone || request.customerMobile,
  };
}
