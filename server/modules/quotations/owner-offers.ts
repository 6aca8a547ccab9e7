/**
 * The owner's offers (docs/requirements.md §10): write a draft, send or revise it (a new version replaces the one
 * sent), withdraw it, and a fresh private link for "Send on WhatsApp".
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { formatPercentFromBasisPoints, formatRupees } from '../../../core/money/money';
import {
  composerTotals,
  lineIsMadeToOrder,
  offerComposerSchema,
  offerStatusAt,
  type OfferComposerInput,
  type OwnerOfferAction,
} from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import { products, quotationOfferLines, quotationOffers, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { FULL_PAYMENT_PERCENT } from '../../../core/orders/payment-terms';
import { DomainError } from '../errors';
import { parseInput, requireAdmin } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import { issueAccessKey, requestForOwner, type QuotationRow } from './access';
import { latestOfferRow, liveOffer, notify, offerData, type OfferRow } from './offer-rows';
import { ownerActionsNow } from './owner-view';

export function requireOwnerAction(
  latest: OfferRow | null,
  request: QuotationRow,
  action: OwnerOfferAction,
  now: Date,
  timeZone: string,
) {
  if (!ownerActionsNow(latest, request, now, timeZone).includes(action)) {
    throw new DomainError(
      'conflict',
      request.status === 'completed'
        ? 'This quotation is completed: its offer was accepted'
        : `This quotation's offer cannot be changed that way now`,
    );
  }
}

/** The composer's offer written into the request's draft (made when there is none). */
export async function writeDraft(
  tx: Database,
  request: QuotationRow,
  offer: OfferComposerInput,
  now: Date,
  advancePercentDefault: number,
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
    advancePercent: offer.advancePercent ?? advancePercentDefault,
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
    offer.lines.map((line, position) => {
      // A piece no longer in the catalogue stays on the offer as a custom line.
      const productId = line.productId && known.has(line.productId) ? line.productId : null;
      return {
        offerId: draft.id,
        position,
        productId,
        description: line.description,
        quantity: line.quantity,
        unitPriceMinor: line.unitPrice,
        lineTotalMinor: totals.lineTotalsMinor[position]!,
        // docs/requirements.md §24: a custom line is made to order whatever was posted (a disabled
        // checkbox posts nothing); a catalogue piece when the owner ticked it.
        madeToOrder: lineIsMadeToOrder({ productId, madeToOrder: line.madeToOrder }),
      };
    }),
  );
  return draft;
}

/** docs/requirements.md §12: an offer's terms as the activity log compares them, amounts in rupees. */
export function offerFacts(offer: OfferRow | null) {
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
    advance: `${offer.advancePercent}%`,
    terms: offer.terms,
    note: offer.note,
  };
}

/** docs/requirements.md §10 "Save Draft": the composer's offer, kept for the owner only. */
export async function saveOfferDraft(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown } & Record<string, unknown>,
  now: Date,
  timeZone: string,
  /** docs/requirements.md §21: the shop's "Advance payment" setting, for a composer that sends none. */
  advancePercentDefault: number = FULL_PAYMENT_PERCENT,
): Promise<{ version: number }> {
  requireAdmin(actor, 'quotations:write');
  const offer = parseInput(offerComposerSchema, input);
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const latest = await latestOfferRow(tx, request.id);
    requireOwnerAction(latest, request, 'save-draft', now, timeZone);
    const draft = await writeDraft(tx, request, offer, now, advancePercentDefault);
    // docs/requirements.md §12: the draft's terms, before (the draft it replaces, if any) → after
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
 * docs/requirements.md §10 "Send Offer" and "Revise Offer": the composer's offer becomes the sent version, the
 * one sent before it is superseded, the request moves from pending to processing (spec §4), and
 * the customer is mailed the link with the PDF.
 */
export async function sendOffer(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown } & Record<string, unknown>,
  now: Date,
  timeZone: string,
  options: { customerLink?: boolean; advancePercentDefault?: number } = {},
): Promise<{
  version: number;
  customerName: string;
  revised: boolean;
  /** Asked for by "Send and Share on WhatsApp" (docs/requirements.md §19): the customer's fresh private link. */
  customerLink: CustomerLink | null;
}> {
  requireAdmin(actor, 'quotations:write');
  const offer = parseInput(offerComposerSchema, input);
  if (
    offerStatusAt({ status: 'sent', validUntil: offer.validUntil }, now, timeZone) === 'expired'
  ) {
    throw new DomainError('invalid', 'The offer must be valid until today or later');
  }
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const live = await liveOffer(tx, request.id);
    const latest = await latestOfferRow(tx, request.id);
    const revised = live !== null;
    // A draft on top of a sent offer is its revision; the buttons follow the live one.
    requireOwnerAction(live ?? latest, request, revised ? 'revise' : 'send', now, timeZone);
    if (live) {
      await tx
        .update(quotationOffers)
        .set({ status: 'superseded', decidedAt: now })
        .where(eq(quotationOffers.id, live.id));
    }
    const draft = await writeDraft(
      tx,
      request,
      offer,
      now,
      options.advancePercentDefault ?? FULL_PAYMENT_PERCENT,
    );
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
    const sent = { ...offerData(request, draft), status: 'sent' as const, revised };
    await emitWebhookEvent(tx, 'offer.sent', sent, now);
    // docs/requirements.md §12: the offer it replaces (the live one revised, or the saved draft) → the sent one
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
    // docs/requirements.md §19 "Send and Share on WhatsApp": the link is made in the send's transaction, so
    // WhatsApp opens only with an offer that was sent, and a failed send makes no key.
    const customerLink = options.customerLink
      ? await customerLinkOf(tx, actor, request, now)
      : null;
    return { version: draft.version, customerName: request.customerName, revised, customerLink };
  });
}

/** docs/requirements.md §10 "Withdraw Offer": the sent offer is taken back; the customer can no longer accept. */
export async function withdrawOffer(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown; version?: unknown },
  now: Date,
  timeZone: string,
): Promise<{ version: number }> {
  requireAdmin(actor, 'quotations:write');
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const live = await liveOffer(tx, request.id);
    requireOwnerAction(live, request, 'withdraw', now, timeZone);
    // docs/requirements.md §11: a caller naming the version it saw must not take back a revision sent since.
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
    // docs/requirements.md §13: the customer who was mailed the offer hears that it no longer holds.
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

/**
 * "Send on WhatsApp" (docs/requirements.md §10): a fresh private link for the owner to hand the customer. The
 * owner's page never holds a key of its own; each link is made when it is asked for.
 */
export async function issueCustomerLink(
  db: Database,
  actor: Actor,
  input: { id: unknown },
): Promise<CustomerLink> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.id);
    return customerLinkOf(tx, actor, request);
  });
}

/** A fresh private link of the request, for the owner to hand the customer on WhatsApp. */
export interface CustomerLink {
  reference: string;
  key: string;
  customerMobile: string;
  customerName: string;
}

async function customerLinkOf(
  tx: Database,
  actor: Actor,
  request: QuotationRow,
  now?: Date,
): Promise<CustomerLink> {
  const key = await issueAccessKey(tx, request.id);
  // docs/requirements.md §12: that a link was made, never the key itself
  await recordActivity(
    tx,
    actor,
    {
      kind: 'quotation.offer',
      subject: request.reference,
      summary: `Customer link made for ${request.reference}`,
    },
    now,
  );
  return {
    reference: request.reference,
    key,
    customerMobile: request.customerMobile,
    customerName: request.customerName,
  };
}
