/**
 * The clock's work on offers (docs/requirements.md §10), a scheduled job of the queue with no actor: reminders two
 * days before an offer's last day, and expiry at its end, in the shop's time zone (the worker
 * reads it from Settings on each sweep).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shopDayOf, shopDayStartSql } from '../../../core/time/shop-calendar';
import type { Database } from '../../db/client';
import { quotationOffers, quotationRequests } from '../../db/schema';
import { emitWebhookEvent } from '../webhooks/emit';
import { notify, offerData } from './offer-rows';

/**
 * docs/requirements.md §10: sent offers past their day (its end, shop time) become expired, and both sides are
 * mailed. One UPDATE takes each offer once, however many workers sweep at the same time.
 */
export async function expireOffers(
  db: Database,
  now: Date,
  timeZone: string,
): Promise<{ expired: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotationOffers)
      .set({ status: 'expired', decidedAt: now })
      .where(
        and(
          eq(quotationOffers.status, 'sent'),
          sql`${quotationOffers.validUntil} < ${shopDayOf(now, timeZone)}`,
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
      const data = { ...offerData(request, offer), status: 'expired' as const };
      await emitWebhookEvent(tx, 'offer.expired', data, now);
    }
    return { expired: expired.length };
  });
}

/** The references of quotation requests, by id. */
export async function referencesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: quotationRequests.id, reference: quotationRequests.reference })
    .from(quotationRequests)
    .where(inArray(quotationRequests.id, ids));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/**
 * docs/requirements.md §10: "Your offer {reference} expires in 2 days", once, to the customer: for sent offers
 * whose end is within two days, sent before that point (an offer sent for one day gets none).
 */
export async function remindExpiringOffers(
  db: Database,
  now: Date,
  timeZone: string,
): Promise<{ reminded: number }> {
  const inTwoDays = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const reminded = await tx
      .update(quotationOffers)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(quotationOffers.status, 'sent'),
          isNull(quotationOffers.reminderSentAt),
          sql`${quotationOffers.validUntil} >= ${shopDayOf(now, timeZone)}`,
          sql`${quotationOffers.validUntil} < ${shopDayOf(inTwoDays, timeZone)}`,
          // sent before the reminder point: end of the day minus two days
          sql`${quotationOffers.sentAt} < ${shopDayStartSql(sql, sql`${quotationOffers.validUntil} + 1`, timeZone)} - interval '2 days'`,
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
