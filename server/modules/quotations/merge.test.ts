/**
 * issue 29 "Merge Requests" on both databases: the pieces, notes and thread of the same customer's
 * pending requests join the one the owner keeps, the others close pointing to it, the customer is
 * mailed once and the activity log tells it, all in one transaction: a failure merges nothing.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/shop-calendar';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { loadConfig } from '../../config';
import {
  activityLog,
  quotationMessages,
  quotationOffers,
  quotationRequestLines,
  quotationRequests,
} from '../../db/schema';
import { JOB_SCHEMA } from '../jobs';
import type { Actor } from '../actor';
import {
  createMultiPieceRequest,
  getQuoteForCustomer,
  mergeCandidates,
  mergeQuotationRequests,
  postCustomerMessage,
  saveOfferDraft,
  sendOffer,
} from './index';

const testConfig = loadConfig({ AUTH_SECRET: 'merge-test-secret-merge-test-secret-merge' });
const admin: Actor = { userId: 'merge-admin', roles: ['admin'] };
const now = new Date('2026-11-27T06:00:00Z');
const zone = DEFAULT_SHOP_TIME_ZONE;

let sequence = 0;
/** A mobile no other test uses, written as a customer might: with +91 and spaces. */
function freshMobile(): string {
  sequence += 1;
  const digits = `9${String(Date.now() % 1e5).padStart(5, '0')}${String(sequence).padStart(4, '0')}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

const offerForm = {
  lines: [{ productId: '', description: 'Urli', quantity: '1', unitPrice: '3000' }],
  shipping: '0',
  discount: '0',
  gstRate: '12',
  validUntil: '2026-12-20',
  leadTimeDays: '',
  terms: '',
  note: '',
};

describe(`merging quotation requests on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let pieces: { id: string; name: string }[];
  beforeAll(async () => {
    database = await createTestDatabase();
    pieces = [];
    for (const name of [
      'Floral Inlay Urli',
      'Jharokha Mirror',
      'Peacock Diya',
      'Dhokra Elephant',
    ]) {
      pieces.push(await insertProduct(database.db, { name }));
    }
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A guest's request of these pieces ([piece index, quantity, notes]). */
  async function request(
    customer: { mobile: string; email?: string; name?: string },
    lines: [number, number, string?][],
    notes = '',
  ) {
    return createMultiPieceRequest(database.db, null, {
      customerName: customer.name ?? 'Ananya Iyer',
      customerMobile: customer.mobile,
      customerEmail: customer.email ?? '',
      customizationNotes: notes,
      lines: lines.map(([index, quantity, note]) => ({
        productId: pieces[index]!.id,
        quantity: String(quantity),
        notes: note ?? '',
      })),
    });
  }

  /** Everything a merge may change, to compare before and after a refusal. */
  async function snapshot(ids: string[]) {
    const { db } = database;
    const [requests, lines, messages, offers, activity, mailJobs] = await Promise.all([
      db
        .select()
        .from(quotationRequests)
        .where(inArray(quotationRequests.id, ids))
        .orderBy(asc(quotationRequests.id)),
      db
        .select()
        .from(quotationRequestLines)
        .where(inArray(quotationRequestLines.quotationRequestId, ids))
        .orderBy(asc(quotationRequestLines.id)),
      db
        .select({ id: quotationMessages.id, on: quotationMessages.quotationRequestId })
        .from(quotationMessages)
        .where(inArray(quotationMessages.quotationRequestId, ids))
        .orderBy(asc(quotationMessages.id)),
      db
        .select({ id: quotationOffers.id, status: quotationOffers.status })
        .from(quotationOffers)
        .where(inArray(quotationOffers.quotationRequestId, ids))
        .orderBy(asc(quotationOffers.id)),
      db.select({ id: activityLog.id }).from(activityLog),
      db.execute(sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'mail'`)),
    ]);
    return { requests, lines, messages, offers, activity, mailJobs: mailJobs.rows };
  }

  it('merges three requests into one with all the pieces, two closed pointing to it, one mail and the activity', async () => {
    const { db } = database;
    const customer = { mobile: freshMobile(), email: `ananya-${sequence}@example.com` };
    const kept = await request(
      customer,
      [
        [0, 20, 'Polished, please'],
        [1, 4],
      ],
      'For a hotel lobby',
    );
    const second = await request(
      // The same mobile written another way: digits compare, +91 or not.
      { ...customer, mobile: `0${customer.mobile.replace(/\D/g, '').slice(-10)}` },
      [
        [2, 20],
        [0, 10, 'Matt finish on two'],
      ],
      'Deliver to Jaipur',
    );
    const third = await request(customer, [[3, 6]]);
    await postCustomerMessage(
      db,
      null,
      { reference: second.reference, key: second.accessKey, body: 'Can the diyas be brass?' },
      now,
    );
    await saveOfferDraft(db, admin, { ...offerForm, quotationId: third.id }, now, zone);

    const candidates = await mergeCandidates(db, admin, { id: kept.id });
    expect(candidates.map((candidate) => candidate.reference)).toEqual([
      second.reference,
      third.reference,
    ]);

    const queue = await mailQueueFrom(db, testConfig);
    const activityBefore = (await db.select({ id: activityLog.id }).from(activityLog)).length;
    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [third.id, second.id] }, now),
    ).resolves.toEqual({
      reference: kept.reference,
      mergedReferences: [second.reference, third.reference],
    });

    const lines = await db
      .select()
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, kept.id))
      .orderBy(asc(quotationRequestLines.position));
    expect(
      lines.map(({ productName, quantity, notes }) => ({ productName, quantity, notes })),
    ).toEqual([
      // The same piece twice: the quantities added, the notes joined under their reference.
      {
        productName: 'Floral Inlay Urli',
        quantity: 30,
        notes: `Polished, please\n${second.reference}: Matt finish on two`,
      },
      { productName: 'Jharokha Mirror', quantity: 4, notes: null },
      { productName: 'Peacock Diya', quantity: 20, notes: null },
      { productName: 'Dhokra Elephant', quantity: 6, notes: null },
    ]);
    const rows = await db
      .select()
      .from(quotationRequests)
      .where(inArray(quotationRequests.id, [kept.id, second.id, third.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // spec §3's columns repeat the first line, whose quantity grew.
    expect(byId.get(kept.id)).toMatchObject({
      status: 'pending',
      mergedIntoId: null,
      productId: pieces[0]!.id,
      quantity: 30,
      customizationNotes: `For a hotel lobby\n\n${second.reference}: Deliver to Jaipur`,
    });
    expect(byId.get(kept.id)!.awaitingReplySince).not.toBeNull();
    for (const merged of [second, third]) {
      expect(byId.get(merged.id)).toMatchObject({
        status: 'completed',
        mergedIntoId: kept.id,
        awaitingReplySince: null,
      });
    }
    // The merged requests keep their own pieces, for their pages.
    const secondLines = await db
      .select()
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, second.id));
    expect(secondLines).toHaveLength(2);

    // The thread joins the kept request; the merged request's draft is dropped.
    const keptQuote = await getQuoteForCustomer(
      db,
      null,
      { reference: kept.reference, key: kept.accessKey },
      now,
      zone,
    );
    expect(keptQuote.messages.map((message) => message.body)).toEqual(['Can the diyas be brass?']);
    expect(keptQuote.request.lines).toHaveLength(4);
    expect(
      await db
        .select()
        .from(quotationOffers)
        .where(eq(quotationOffers.quotationRequestId, third.id)),
    ).toEqual([]);

    // The merged pages say where the request went.
    for (const merged of [second, third]) {
      const page = await getQuoteForCustomer(
        db,
        null,
        { reference: merged.reference, key: merged.accessKey },
        now,
        zone,
      );
      expect(page.status).toBe('completed');
      expect(page.mergedInto).toEqual({ reference: kept.reference });
    }
    // Its thread continues on the kept request: a message on the closed one is refused.
    await expect(
      postCustomerMessage(
        db,
        null,
        { reference: second.reference, key: second.accessKey, body: 'Hello?' },
        now,
      ),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: `This request was merged into ${kept.reference}: please write on its page.`,
    });

    // One mail to the customer, whose link opens the kept request.
    const mails = await queue.mails();
    expect(mails.map((mail) => `${String(mail.to)}: ${mail.subject}`)).toEqual([
      `${customer.email}: Your requests are merged into ${kept.reference}`,
    ]);
    expect(mails[0]!.text).toContain(`${second.reference} and ${third.reference}`);
    expect(mails[0]!.text).toContain('Dhokra Elephant');
    const key = new RegExp(`/quotes/${kept.reference}\\?key=([A-Za-z0-9_-]+)`).exec(
      mails[0]!.text,
    )?.[1];
    expect(key).toBeTruthy();
    await expect(
      getQuoteForCustomer(db, null, { reference: kept.reference, key }, now, zone),
    ).resolves.toMatchObject({ reference: kept.reference });

    const activity = await db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subject, kept.reference));
    expect(activity.map((entry) => entry.summary)).toEqual([
      `Merged ${second.reference} and ${third.reference} into ${kept.reference}`,
    ]);
    expect((await db.select({ id: activityLog.id }).from(activityLog)).length).toBe(
      activityBefore + 1,
    );
    // Merged requests are no one's candidates any more.
    expect(await mergeCandidates(db, admin, { id: kept.id })).toEqual([]);
    expect(await mergeCandidates(db, admin, { id: second.id })).toEqual([]);
  });

  it("finds the same customer by a verified account's e-mail, and refuses a typed one", async () => {
    const { db } = database;
    const email = `meera-${Date.now()}@example.com`;
    await insertUser(db, { email, emailVerified: true });
    const kept = await request({ mobile: freshMobile(), email }, [[0, 2]]);
    const sameAddress = await request({ mobile: freshMobile(), email: email.toUpperCase() }, [
      [1, 3],
    ]);
    const stranger = `nobody-${Date.now()}@example.com`;
    const typed = await request({ mobile: freshMobile(), email: stranger }, [[1, 1]]);
    const typedAgain = await request({ mobile: freshMobile(), email: stranger }, [[2, 1]]);

    expect(
      (await mergeCandidates(db, admin, { id: kept.id })).map((candidate) => candidate.id),
    ).toEqual([sameAddress.id]);
    // An address no verified account holds proves nothing: anyone can type it.
    expect(await mergeCandidates(db, admin, { id: typed.id })).toEqual([]);
    await expect(
      mergeQuotationRequests(db, admin, { keepId: typed.id, mergeIds: [typedAgain.id] }, now),
    ).rejects.toMatchObject({ code: 'conflict' });
    await mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [sameAddress.id] }, now);
    const [merged] = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, sameAddress.id));
    expect(merged).toMatchObject({ status: 'completed', mergedIntoId: kept.id });
  });

  it("refuses another customer's request, and changes nothing", async () => {
    const { db } = database;
    const kept = await request({ mobile: freshMobile() }, [[0, 1]]);
    const mine = await request({ mobile: kept.customerMobile }, [[1, 1]]);
    const theirs = await request({ mobile: freshMobile(), name: 'Someone Else' }, [[2, 1]]);
    const ids = [kept.id, mine.id, theirs.id];
    const before = await snapshot(ids);
    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [mine.id, theirs.id] }, now),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`${theirs.reference} is another customer's request`),
    });
    expect(await snapshot(ids)).toEqual(before);
    expect((await mergeCandidates(db, admin, { id: kept.id })).map((c) => c.id)).toEqual([mine.id]);
  });

  it('refuses a visitor (401) and a customer (403) before anything, with no change and no mail', async () => {
    const { db } = database;
    const kept = await request({ mobile: freshMobile() }, [[0, 1]]);
    const other = await request({ mobile: kept.customerMobile }, [[1, 1]]);
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const ids = [kept.id, other.id];
    const before = await snapshot(ids);
    for (const [actor, code] of [
      [null, 'unauthenticated'],
      [customer, 'forbidden'],
    ] as const) {
      await expect(
        mergeQuotationRequests(db, actor, { keepId: kept.id, mergeIds: [other.id] }, now),
      ).rejects.toMatchObject({ code });
      // The actor first: even a body that would not parse is refused as the actor.
      await expect(mergeQuotationRequests(db, actor, { mergeIds: 'x' }, now)).rejects.toMatchObject(
        {
          code,
        },
      );
      await expect(mergeCandidates(db, actor, { id: kept.id })).rejects.toMatchObject({ code });
    }
    expect(await snapshot(ids)).toEqual(before);
  });

  it('merges nothing when one id is unknown, or when a write fails part-way', async () => {
    const { db } = database;
    const kept = await request({ mobile: freshMobile(), email: `f-${Date.now()}@example.com` }, [
      [0, 5],
    ]);
    const first = await request({ mobile: kept.customerMobile }, [[1, 5]], 'First notes');
    const second = await request({ mobile: kept.customerMobile }, [[2, 5]]);
    await postCustomerMessage(
      db,
      null,
      { reference: first.reference, key: first.accessKey, body: 'A question' },
      now,
    );
    const ids = [kept.id, first.id, second.id];
    const before = await snapshot(ids);

    await expect(
      mergeQuotationRequests(
        db,
        admin,
        { keepId: kept.id, mergeIds: [first.id, '00000000-0000-4000-8000-000000000000'] },
        now,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      mergeQuotationRequests(
        db,
        admin,
        { keepId: kept.id, mergeIds: [first.id, 'not-an-id'] },
        now,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await snapshot(ids)).toEqual(before);

    // A failure after the lines, the thread and the first request were written: closing the
    // second request fails, and the transaction takes every write back.
    await db.execute(
      sql.raw(`create function merge_test_failure() returns trigger language plpgsql as $$
        begin
          if new.merged_into_id is not null and new.id = '${second.id}' then
            raise exception 'forced failure mid-merge';
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger merge_test_failure before update on quotation_requests
        for each row execute function merge_test_failure()`),
    );
    try {
      const failure: unknown = await mergeQuotationRequests(
        db,
        admin,
        { keepId: kept.id, mergeIds: [first.id, second.id] },
        now,
      ).catch((caught: unknown) => caught);
      // drizzle wraps the database's error ("Failed query: …") with it as the cause
      expect((failure as Error & { cause?: Error }).cause?.message).toMatch(
        /forced failure mid-merge/,
      );
    } finally {
      await db.execute(sql.raw('drop trigger merge_test_failure on quotation_requests'));
      await db.execute(sql.raw('drop function merge_test_failure()'));
    }
    expect(await snapshot(ids)).toEqual(before);
  });

  it('refuses requests that are not pending, and a request merged into itself', async () => {
    const { db } = database;
    const kept = await request({ mobile: freshMobile() }, [[0, 1]]);
    const offered = await request({ mobile: kept.customerMobile }, [[1, 1]]);
    const merged = await request({ mobile: kept.customerMobile }, [[2, 1]]);
    const spare = await request({ mobile: kept.customerMobile }, [[3, 1]]);
    await sendOffer(db, admin, { ...offerForm, quotationId: offered.id }, now, zone);
    await mergeQuotationRequests(db, admin, { keepId: spare.id, mergeIds: [merged.id] }, now);

    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [offered.id] }, now),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('not pending') });
    await expect(
      mergeQuotationRequests(db, admin, { keepId: offered.id, mergeIds: [kept.id] }, now),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [merged.id] }, now),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('merged into') });
    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [kept.id] }, now),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(
      mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [] }, now),
    ).rejects.toMatchObject({ code: 'invalid' });
    // The one with an offer is nobody's candidate, and has none of its own.
    expect((await mergeCandidates(db, admin, { id: kept.id })).map((c) => c.id)).toEqual([
      spare.id,
    ]);
    expect(await mergeCandidates(db, admin, { id: offered.id })).toEqual([]);
  });

  it('keeps a piece as a line of its own when adding it up would pass the limit', async () => {
    const { db } = database;
    const kept = await request({ mobile: freshMobile() }, [[0, 99_999]]);
    const more = await request({ mobile: kept.customerMobile }, [[0, 5]]);
    await mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [more.id] }, now);
    const lines = await db
      .select({ quantity: quotationRequestLines.quantity })
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, kept.id))
      .orderBy(asc(quotationRequestLines.position));
    expect(lines).toEqual([{ quantity: 99_999 }, { quantity: 5 }]);
  });
});
