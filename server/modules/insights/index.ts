/**
 * docs/requirements.md §12 "The week at a glance": the owner's tiles, the 30-day chart and the daily digest of
 * requests awaiting a reply. Every count is one indexed query (created_at, sent_at, the accepted
 * offers' decided_at, awaiting_reply_since: migration 0010), so they stay flat as the shop grows.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  acceptanceRate,
  chartDays,
  DIGEST_MAX_LISTED,
  digestDayDue,
  overdueBefore,
  WEEK_MS,
} from '../../../core/time/week-at-a-glance';
import { shopDayOfSql, shopDayStart } from '../../../core/time/shop-calendar';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { awaitingReplySince } from '../../db/quotation-conditions';
import type { Database } from '../../db/client';
import {
  appState,
  orderReturns,
  orders,
  quotationOffers,
  quotationRequests,
} from '../../db/schema';
import { piecesTitle } from '../../../core/quotes/request-pieces-texts';
import type { Actor } from '../actor';
import { enqueue } from '../jobs/enqueue';
import { requireAdmin } from '../kernel';

export interface WeekAtAGlance {
  newRequests: number;
  /** Requests waiting for the shop's first answer (or its answer to their latest message) > 24 h. */
  overdueRequests: number;
  offersSent: number;
  offersAccepted: number;
  /** Whole percent of the offers decided in the week; null when none was decided. */
  acceptanceRate: number | null;
  acceptedValueMinor: number;
}

export interface ChartDay {
  /** The shop day, YYYY-MM-DD. */
  day: string;
  requests: number;
  accepted: number;
}

/** The tiles of the 7 days up to `now`. */
export async function weekAtAGlance(db: Database, actor: Actor, now: Date): Promise<WeekAtAGlance> {
  requireAdmin(actor);
  const weekStart = new Date(now.getTime() - WEEK_MS);
  const inWeek = (column: AnyPgColumn) => and(gte(column, weekStart), lte(column, now));
  const [[requests], [overdue], [sent], [decided]] = await Promise.all([
    db
      .select({ value: count() })
      .from(quotationRequests)
      .where(inWeek(quotationRequests.createdAt)),
    db
      .select({ value: count() })
      .from(quotationRequests)
      .where(awaitingReplySince(overdueBefore(now))),
    db
      .select({ value: count() })
      .from(quotationOffers)
      .where(and(isNotNull(quotationOffers.sentAt), inWeek(quotationOffers.sentAt))),
    // Accepted, declined and expired offers of the week: the rate's whole; withdrawn and superseded
    // ones were the shop's own doing, not the customer's answer.
    db
      .select({
        accepted:
          sql<number>`count(*) filter (where ${quotationOffers.status} = 'accepted')`.mapWith(
            Number,
          ),
        decided: count(),
        acceptedValue:
          sql<number>`coalesce(sum(${quotationOffers.totalMinor}) filter (where ${quotationOffers.status} = 'accepted'), 0)`.mapWith(
            Number,
          ),
      })
      .from(quotationOffers)
      .where(
        and(
          sql`${quotationOffers.status} in ('accepted', 'declined', 'expired')`,
          inWeek(quotationOffers.decidedAt),
        ),
      ),
  ]);
  const accepted = decided?.accepted ?? 0;
  return {
    newRequests: requests?.value ?? 0,
    overdueRequests: overdue?.value ?? 0,
    offersSent: sent?.value ?? 0,
    offersAccepted: accepted,
    acceptanceRate: acceptanceRate(accepted, decided?.decided ?? 0),
    acceptedValueMinor: decided?.acceptedValue ?? 0,
  };
}

/**
 * Requests and accepted offers per shop day (of `timeZone`, the shop's), for the 30 days up to
 * `now` (days without any: 0).
 */
export async function requestsChart(
  db: Database,
  actor: Actor,
  now: Date,
  timeZone: string,
): Promise<ChartDay[]> {
  requireAdmin(actor);
  const days = chartDays(now, timeZone);
  const from = shopDayStart(days[0] ?? '', timeZone);
  const dayOf = (column: AnyPgColumn) => shopDayOfSql(sql<string>, column, timeZone);
  const [requestDays, acceptedDays] = await Promise.all([
    db
      .select({ day: dayOf(quotationRequests.createdAt), value: count() })
      .from(quotationRequests)
      .where(and(gte(quotationRequests.createdAt, from), lte(quotationRequests.createdAt, now)))
      .groupBy(sql`1`),
    db
      .select({ day: dayOf(quotationOffers.decidedAt), value: count() })
      .from(quotationOffers)
      .where(
        and(
          eq(quotationOffers.status, 'accepted'),
          gte(quotationOffers.decidedAt, from),
          lte(quotationOffers.decidedAt, now),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const requestsOn = new Map(requestDays.map((row) => [row.day, row.value]));
  const acceptedOn = new Map(acceptedDays.map((row) => [row.day, row.value]));
  return days.map((day) => ({
    day,
    requests: requestsOn.get(day) ?? 0,
    accepted: acceptedOn.get(day) ?? 0,
  }));
}

/** A request awaiting the shop's reply, as the digest and the admin home name it. */
export interface WaitingRequest {
  id: string;
  reference: string;
  customerName: string;
  /** docs/requirements.md §18: "Lotus Urli", or "Lotus Urli and 3 more pieces". */
  productName: string;
  waitingSince: Date;
}

/**
 * The requests awaiting a reply (docs/requirements.md §10's "needs reply"), longest waiting first, at most
 * `limit` of them, and how many wait in all (counted only when more than `limit` wait).
 */
async function waitingRequests(
  db: Database,
  now: Date,
  limit: number,
): Promise<{ total: number; requests: WaitingRequest[] }> {
  const waiting = await db
    .select({
      id: quotationRequests.id,
      reference: quotationRequests.reference,
      customerName: quotationRequests.customerName,
      productName: quotationRequests.productName,
      // docs/requirements.md §18: a request of several pieces is named by them all, not by its first
      pieceCount: sql<number>`(
        select count(*)::int from "quotation_request_lines"
        where "quotation_request_lines"."quotation_request_id" = "quotation_requests"."id"
      )`,
      awaitingReplySince: quotationRequests.awaitingReplySince,
    })
    .from(quotationRequests)
    .where(awaitingReplySince(now))
    .orderBy(asc(quotationRequests.awaitingReplySince))
    .limit(limit + 1);
  const [total] =
    waiting.length > limit
      ? await db.select({ value: count() }).from(quotationRequests).where(awaitingReplySince(now))
      : [{ value: waiting.length }];
  const requests = waiting.slice(0, limit).map((request) => ({
    id: request.id,
    reference: request.reference,
    customerName: request.customerName,
    productName: piecesTitle(request.productName, Number(request.pieceCount)),
    waitingSince: request.awaitingReplySince ?? now,
  }));
  return { total: total?.value ?? requests.length, requests };
}

/**
 * docs/requirements.md §19: what the admin home shows first, above the week's tiles: the requests that need a
 * reply, longest waiting first, `limit` of them, and how many wait in all.
 */
export async function requestsAwaitingReply(
  db: Database,
  actor: Actor,
  now: Date,
  limit: number,
): Promise<{ total: number; requests: WaitingRequest[] }> {
  requireAdmin(actor);
  return waitingRequests(db, now, limit);
}

const DIGEST_STATE_KEY = 'daily-digest';

/** docs/requirements.md §24: how long after the payment an order not yet shipped is named in the digest. */
export const UNSHIPPED_AFTER_DAYS = 14;

/**
 * docs/requirements.md §24: the orders paid (or advance-paid) at least 14 days before `now` whose pieces have
 * not all shipped: confirmed, processing or partly shipped.
 */
async function ordersUnshippedAfterPayment(db: Database, now: Date): Promise<number> {
  const paidBefore = new Date(now.getTime() - UNSHIPPED_AFTER_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['confirmed', 'processing', 'partly_shipped']),
        inArray(orders.paymentStatus, ['paid', 'partially_paid']),
        lte(orders.paidAt, paidBefore),
      ),
    );
  return row?.value ?? 0;
}

/** docs/requirements.md §24: the returns buyers asked that wait for the owner's answer. */
async function returnsAwaitingAnswer(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orderReturns)
    .where(eq(orderReturns.status, 'requested'));
  return row?.value ?? 0;
}

/**
 * docs/requirements.md §12: the daily digest, run by the queue's schedule (every 10 minutes, so a process that was
 * down at 09:00 still sends it when it is back). From 09:00 shop time, once per shop day: it lists
 * the requests awaiting a reply, longest waiting first, and how many paid orders have waited 14
 * days or more to ship and how many returns wait for an answer (docs/requirements.md §24), in one mail to the
 * shop; none of them, no mail. The day is claimed in the transaction that queues the mail, so two processes sweeping at
 * once send one digest between them. Off in Settings: nothing is claimed or sent. Shop time is
 * Settings' time zone, `timeZone`.
 */
export async function sendDailyDigest(
  db: Database,
  now: Date,
  { enabled, timeZone }: { enabled: boolean; timeZone: string },
): Promise<{ sent: boolean; listed: number }> {
  const day = digestDayDue(now, timeZone);
  if (!enabled || !day) return { sent: false, listed: 0 };
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appState)
      .values({ key: DIGEST_STATE_KEY, value: { day } })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: { day } },
        where: sql`${appState.value}->>'day' < ${day}`,
      })
      .returning({ key: appState.key });
    if (claimed.length === 0) return { sent: false, listed: 0 };
    const { total, requests: listed } = await waitingRequests(tx, now, DIGEST_MAX_LISTED);
    const unshippedOrders = await ordersUnshippedAfterPayment(tx, now);
    const returnsRequested = await returnsAwaitingAnswer(tx);
    if (listed.length === 0 && unshippedOrders === 0 && returnsRequested === 0) {
      return { sent: false, listed: 0 };
    }
    await enqueue(tx, 'mail', {
      kind: 'daily-digest',
      day,
      now: now.toISOString(),
      total,
      requests: listed.map((request) => ({
        ...request,
        waitingSince: request.waitingSince.toISOString(),
      })),
      unshippedOrders,
      returnsRequested,
    });
    return { sent: true, listed: listed.length };
  });
}
