import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertOrder, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  orderReturns,
  quotationOffers,
  quotationRequestLines,
  quotationRequests,
} from '../../db/schema';
import type { Actor } from '../actor';
import { quotationListQuerySchema } from '../../../core/admin/admin-list-query';
import { parseRouteQuery } from '../../../core/forms/route-query';
import { countQuotationRequests, listQuotationRequests } from '../quotations';
import { requestsAwaitingReply, requestsChart, sendDailyDigest, weekAtAGlance } from './index';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

const config = loadConfig({ AUTH_SECRET: 'insights-test-secret-insights-test-secret' });
const HOUR = 60 * 60 * 1000;
// 15:30 in India on November 24, 2026
const now = new Date('2026-11-24T10:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);

async function insertRequest(
  db: Database,
  values: Partial<typeof quotationRequests.$inferInsert> & { createdAt: Date },
) {
  const [row] = await db
    .insert(quotationRequests)
    .values({
      productName: 'Marble Elephant',
      quantity: 2,
      customerName: 'Asha Verma',
      customerMobile: '+91 98290 11111',
      awaitingReplySince: values.createdAt,
      ...values,
    })
    .returning();
  if (!row) throw new Error('request not inserted');
  return row;
}

async function insertOffer(
  db: Database,
  requestId: string,
  values: Partial<typeof quotationOffers.$inferInsert>,
) {
  const [offers] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(quotationOffers)
    .where(sql`${quotationOffers.quotationRequestId} = ${requestId}`);
  await db.insert(quotationOffers).values({
    quotationRequestId: requestId,
    version: (offers?.value ?? 0) + 1,
    status: 'sent',
    subtotalMinor: 100_000,
    gstRateBasisPoints: 1200,
    gstMinor: 12_000,
    totalMinor: 112_000,
    validUntil: '2026-12-31',
    ...values,
  });
}

describe(`the week at a glance on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await insertUser(database.db);
    owner = { userId: user.id, roles: ['admin'] };
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from quotation_requests`);
    await database.db.execute(sql`delete from app_state where key = 'daily-digest'`);
  });

  it('counts the week, and a request waiting 25 hours as overdue while 23 hours is not', async () => {
    const { db } = database;
    const overdue = await insertRequest(db, { createdAt: hoursAgo(25) });
    await insertRequest(db, { createdAt: hoursAgo(23) });
    // answered by the shop (an offer or a message clears the wait): not overdue
    const answered = await insertRequest(db, { createdAt: hoursAgo(30), awaitingReplySince: null });
    // completed requests wait for nobody: the table refuses one that would (docs/decisions/019)
    await expect(
      insertRequest(db, { createdAt: hoursAgo(40), status: 'completed' }),
    ).rejects.toThrow();
    await insertRequest(db, {
      createdAt: hoursAgo(40),
      status: 'completed',
      awaitingReplySince: null,
    });
    // eight days old: outside the week, but still overdue (nobody answered it)
    await insertRequest(db, { createdAt: hoursAgo(8 * 24) });
    await insertOffer(db, answered.id, {
      status: 'accepted',
      sentAt: hoursAgo(20),
      decidedAt: hoursAgo(10),
      totalMinor: 250_000,
    });
    await insertOffer(db, overdue.id, {
      status: 'declined',
      sentAt: hoursAgo(24),
      decidedAt: hoursAgo(2),
    });
    // sent 9 days ago and accepted this week: the rate counts decisions made in the week
    const older = await insertRequest(db, {
      createdAt: hoursAgo(10 * 24),
      awaitingReplySince: null,
      status: 'completed',
    });
    await insertOffer(db, older.id, {
      status: 'accepted',
      sentAt: hoursAgo(9 * 24),
      decidedAt: hoursAgo(3 * 24),
      totalMinor: 50_000,
    });
    // withdrawn by the shop: not a customer's answer
    await insertOffer(db, older.id, {
      status: 'withdrawn',
      sentAt: hoursAgo(48),
      decidedAt: hoursAgo(47),
    });

    expect(await weekAtAGlance(db, owner, now)).toEqual({
      newRequests: 4,
      overdueRequests: 2,
      offersSent: 3,
      offersAccepted: 2,
      acceptanceRate: 67,
      acceptedValueMinor: 300_000,
    });
    // the clock moves two hours on: the 23-hour request is now overdue too
    expect(
      (await weekAtAGlance(db, owner, new Date(now.getTime() + 2 * HOUR))).overdueRequests,
    ).toBe(3);
  });

  it("lists exactly the tile's overdue requests under the quotations' waiting=overdue filter", async () => {
    const { db } = database;
    const overdue = await insertRequest(db, { createdAt: hoursAgo(25), customerName: 'Late Lata' });
    await insertRequest(db, { createdAt: hoursAgo(23), customerName: 'Recent Ravi' });
    const filter = parseRouteQuery(
      quotationListQuerySchema,
      new URLSearchParams('waiting=overdue'),
    );
    const listed = await listQuotationRequests(db, owner, filter, now);
    expect(listed.map((request) => request.id)).toEqual([overdue.id]);
    expect(await countQuotationRequests(db, owner, filter, now)).toBe(
      (await weekAtAGlance(db, owner, now)).overdueRequests,
    );
  });

  it('lists what needs a reply, longest waiting first, as many as asked, and counts them all; the waiting=needs-reply filter lists the same', async () => {
    const { db } = database;
    const oldest = await insertRequest(db, { createdAt: hoursAgo(30), customerName: 'Late Lata' });
    const middle = await insertRequest(db, { createdAt: hoursAgo(5), customerName: 'Mid Mira' });
    await insertRequest(db, { createdAt: hoursAgo(1), customerName: 'Recent Ravi' });
    // answered: waits for nobody
    await insertRequest(db, { createdAt: hoursAgo(40), awaitingReplySince: null });
    const waiting = await requestsAwaitingReply(db, owner, now, 2);
    expect(waiting.total).toBe(3);
    expect(waiting.requests.map((request) => request.id)).toEqual([oldest.id, middle.id]);
    expect(waiting.requests[0]).toMatchObject({
      customerName: 'Late Lata',
      productName: 'Marble Elephant',
      waitingSince: hoursAgo(30),
    });
    expect((await requestsAwaitingReply(db, owner, now, 5)).total).toBe(3);
    const filter = parseRouteQuery(
      quotationListQuerySchema,
      new URLSearchParams('waiting=needs-reply'),
    );
    expect(await countQuotationRequests(db, owner, filter, now)).toBe(3);
    const listed = await listQuotationRequests(db, owner, filter, now);
    expect(listed.every((request) => request.needsReply)).toBe(true);
    await expect(
      requestsAwaitingReply(db, { userId: 'someone', roles: [] }, now, 5),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('has no acceptance rate when nothing was decided', async () => {
    const week = await weekAtAGlance(database.db, owner, now);
    expect(week.acceptanceRate).toBeNull();
    expect(week.acceptedValueMinor).toBe(0);
  });

  it('charts 30 shop days, counting a request at 01:30 in India on that Indian day', async () => {
    const { db } = database;
    // 20:00 UTC on the 23rd is 01:30 on the 24th in India
    const request = await insertRequest(db, { createdAt: new Date('2026-11-23T20:00:00Z') });
    await insertRequest(db, { createdAt: new Date('2026-11-23T18:00:00Z') });
    await insertRequest(db, { createdAt: new Date('2026-10-20T10:00:00Z') }); // before the 30 days
    await insertOffer(db, request.id, {
      status: 'accepted',
      sentAt: hoursAgo(5),
      decidedAt: hoursAgo(1),
    });
    const days = await requestsChart(db, owner, now, DEFAULT_SHOP_TIME_ZONE);
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2026-10-26');
    expect(days.at(-1)).toEqual({ day: '2026-11-24', requests: 1, accepted: 1 });
    expect(days.at(-2)).toEqual({ day: '2026-11-23', requests: 1, accepted: 0 });
    expect(days.reduce((sum, day) => sum + day.requests, 0)).toBe(2);
    // docs/decisions/019: in Toronto both requests came on the 23rd (15:00 and 13:00 there).
    const torontoDays = await requestsChart(db, owner, now, 'America/Toronto');
    expect(torontoDays.at(-2)).toEqual({ day: '2026-11-23', requests: 2, accepted: 0 });
    expect(torontoDays.reduce((sum, day) => sum + day.requests, 0)).toBe(2);
  });

  it('shows nothing to a customer or a visitor', async () => {
    const customer: Actor = { userId: (await insertUser(database.db)).id, roles: [] };
    await expect(weekAtAGlance(database.db, customer, now)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      requestsChart(database.db, null, now, DEFAULT_SHOP_TIME_ZONE),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  describe('the daily digest (the clock moved)', () => {
    const at = (time: string) => new Date(`2026-11-24T${time}+05:30`);

    it('sends one mail from 09:00 shop time listing who waits, and no second one that day', async () => {
      const { db } = database;
      const waiting = await insertRequest(db, {
        createdAt: new Date('2026-11-23T06:00:00Z'),
        customerName: 'Meera Shah',
      });
      await insertRequest(db, {
        createdAt: new Date('2026-11-23T07:00:00Z'),
        awaitingReplySince: null,
      });
      // docs/requirements.md §18: a request of three pieces is named by them all
      await db.insert(quotationRequestLines).values(
        ['Marble Elephant', 'Brass Diya', 'Jaali Box'].map((productName, position) => ({
          quotationRequestId: waiting.id,
          position,
          productName,
          quantity: 2,
        })),
      );
      const queue = await mailQueueFrom(db, config);
      expect(
        await sendDailyDigest(db, at('08:59:59'), {
          enabled: true,
          timeZone: DEFAULT_SHOP_TIME_ZONE,
        }),
      ).toEqual({
        sent: false,
        listed: 0,
      });
      expect(await queue.mails()).toEqual([]);
      // two processes' ticks at 09:00 at once: one digest between them
      const results = await Promise.all([
        sendDailyDigest(db, at('09:00:00'), { enabled: true, timeZone: DEFAULT_SHOP_TIME_ZONE }),
        sendDailyDigest(db, at('09:00:00'), { enabled: true, timeZone: DEFAULT_SHOP_TIME_ZONE }),
      ]);
      expect(results.filter((result) => result.sent)).toHaveLength(1);
      expect(
        await sendDailyDigest(db, at('09:10:00'), {
          enabled: true,
          timeZone: DEFAULT_SHOP_TIME_ZONE,
        }),
      ).toMatchObject({
        sent: false,
      });
      const mails = await queue.mails();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: config.site.shopEmail,
        subject: '1 request awaits your reply',
      });
      expect(mails[0]?.text).toContain(
        `${waiting.reference} · Meera Shah\nMarble Elephant and 2 more pieces · waiting 21 hours`,
      );
      expect(mails[0]?.text).toContain(`${config.publicUrl}/admin/quotations/${waiting.id}`);
      // the next day at 09:00 it goes again
      await sendDailyDigest(db, new Date('2026-11-25T09:00:00+05:30'), {
        enabled: true,
        timeZone: DEFAULT_SHOP_TIME_ZONE,
      });
      expect(await queue.mails()).toHaveLength(2);
    });

    it('sends nothing when nothing waits, or when the owner turned it off', async () => {
      const { db } = database;
      const queue = await mailQueueFrom(db, config);
      expect(
        await sendDailyDigest(db, at('09:00:00'), {
          enabled: true,
          timeZone: DEFAULT_SHOP_TIME_ZONE,
        }),
      ).toEqual({
        sent: false,
        listed: 0,
      });
      await insertRequest(db, { createdAt: hoursAgo(30) });
      expect(
        await sendDailyDigest(db, new Date('2026-11-25T09:00:00+05:30'), {
          enabled: false,
          timeZone: DEFAULT_SHOP_TIME_ZONE,
        }),
      ).toEqual({
        sent: false,
        listed: 0,
      });
      expect(await queue.mails()).toEqual([]);
    });

    it('names the paid orders not yet shipped 14 days after payment, and sends for them alone', async () => {
      const { db } = database;
      const queue = await mailQueueFrom(db, config);
      const nineAm = new Date('2026-12-20T09:00:00+05:30');
      const daysBefore = (days: number) => new Date(nineAm.getTime() - days * 24 * 60 * 60 * 1000);
      // Waiting 15 and 14 days: named; 13 days, shipped, or cancelled and refunded: not.
      for (const [status, paymentStatus, paidAt] of [
        ['processing', 'paid', daysBefore(15)],
        ['partly_shipped', 'partially_paid', daysBefore(14)],
        ['confirmed', 'paid', daysBefore(13)],
        ['shipped', 'paid', daysBefore(30)],
        ['cancelled', 'refunded', daysBefore(30)],
      ] as const) {
        await insertOrder(db, { status, paymentStatus, paidAt });
      }
      expect(
        await sendDailyDigest(db, nineAm, { enabled: true, timeZone: DEFAULT_SHOP_TIME_ZONE }),
      ).toEqual({ sent: true, listed: 0 });
      const [mail] = await queue.mails();
      expect(mail?.subject).toBe('2 paid orders not yet shipped');
      expect(mail?.text).toContain('2 paid orders are not yet shipped 14 days after payment.');
      expect(mail?.text).toContain(`${config.publicUrl}/admin?tab=orders`);
      expect(mail?.text).not.toContain('waiting for a reply');
      await db.execute(sql`delete from orders`);
    });

    it('counts the returns waiting for an answer, and sends for them alone', async () => {
      const { db } = database;
      const queue = await mailQueueFrom(db, config);
      const nineAm = new Date('2026-12-21T09:00:00+05:30');
      // One asked, one approved (waiting for its refund, not an answer), one declined: one counted.
      for (const status of ['requested', 'approved', 'declined'] as const) {
        const order = await insertOrder(db, { status: 'delivered', paymentStatus: 'paid' });
        await db.insert(orderReturns).values({ orderId: order.id, status, reason: 'Dented' });
      }
      expect(
        await sendDailyDigest(db, nineAm, { enabled: true, timeZone: DEFAULT_SHOP_TIME_ZONE }),
      ).toEqual({ sent: true, listed: 0 });
      const [mail] = await queue.mails();
      expect(mail?.subject).toBe('1 return requested');
      expect(mail?.text).toContain('1 return is waiting for your answer.');
      expect(mail?.text).toContain(`${config.publicUrl}/admin?tab=orders&status=return_requested`);
      await db.execute(sql`delete from orders`);
    });
  });
});
