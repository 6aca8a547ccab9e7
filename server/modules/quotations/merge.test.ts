/**
 * docs/requirements.md §18 "Merge Requests" on both databases: the pieces, notes and thread of the same customer's
 * pending requests join the one the owner keeps, the others close pointing to it, the customer is
 * mailed once and the activity log tells it, all in one transaction: a failure merges nothing.
 * The same customer is the same account: a guest request naming her e-mail or mobile is a hint,
 * never merged either way (docs/decisions/011, amended), and merged requests' links stop working.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';
import { insertOrder, insertProduct, insertUser } from '../../../tests/factories';
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
  getQuotationForOwner,
  getQuoteForCustomer,
  guestRequestHints,
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

  /** A request of these pieces ([piece index, quantity, notes]): a guest's, or `account`'s. */
  async function request(
    customer: { mobile: string; email?: string; name?: string; account?: Actor },
    lines: [number, number, string?][],
    notes = '',
  ) {
    return createMultiPieceRequest(database.db, customer.account ?? null, {
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

  /** A customer's account with a verified e-mail, and how they sign their requests. */
  async function customerAccount() {
    const email = `ananya-${Date.now()}-${sequence}@example.com`;
    const user = await insertUser(database.db, { email, emailVerified: true });
    const account: Actor = { userId: user.id, roles: [] };
    return { account, email, mobile: freshMobile() };
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
    const customer = await customerAccount();
    const kept = await request(
      customer,
      [
        [0, 20, 'Polished, please'],
        [1, 4],
      ],
      'For a hotel lobby',
    );
    const second = await request(
      // The same account, whatever mobile it typed this time.
      { ...customer, mobile: freshMobile() },
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

    // The merged pages say where the request went, to the account signed in; their private
    // links open nothing any more, as an unknown link does.
    for (const merged of [second, third]) {
      const page = await getQuoteForCustomer(
        db,
        customer.account,
        { reference: merged.reference },
        now,
        zone,
      );
      expect(page.status).toBe('completed');
      expect(page.mergedInto).toEqual({ reference: kept.reference });
      await expect(
        getQuoteForCustomer(
          db,
          null,
          { reference: merged.reference, key: merged.accessKey },
          now,
          zone,
        ),
      ).rejects.toMatchObject({ code: 'not_found', message: 'Quotation not found' });
    }
    // Its thread continues on the kept request: a message on the closed one is refused.
    await expect(
      postCustomerMessage(
        db,
        customer.account,
        { reference: second.reference, body: 'Hello?' },
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

  it("shows a guest request with the customer's verified e-mail or mobile as a hint, and never merges it either way", async () => {
    const { db } = database;
    const customer = await customerAccount();
    const kept = await request(customer, [[0, 2]], 'Her own notes');
    const hers = await request(customer, [[3, 1]]);
    // A stranger types her verified e-mail, in capitals; another only her mobile, written with
    // a leading 0 instead of +91.
    const byEmail = await request(
      { mobile: freshMobile(), email: customer.email.toUpperCase(), name: 'Stranger' },
      [[1, 3]],
    );
    const byMobile = await request(
      { mobile: `0${customer.mobile.replace(/\D/g, '').slice(-10)}`, name: 'Stranger' },
      [[2, 1]],
      'Stranger notes',
    );
    await postCustomerMessage(
      db,
      customer.account,
      { reference: kept.reference, body: 'Her private message' },
      now,
    );

    // Only her account's request is offered to merge; the guests' are hints.
    expect((await mergeCandidates(db, admin, { id: kept.id })).map((c) => c.id)).toEqual([hers.id]);
    expect((await guestRequestHints(db, admin, { id: kept.id })).map((c) => c.id)).toEqual([
      byEmail.id,
      byMobile.id,
    ]);
    // From a guest's page there is nothing to merge, either way.
    expect(await mergeCandidates(db, admin, { id: byEmail.id })).toEqual([]);
    expect(await mergeCandidates(db, admin, { id: byMobile.id })).toEqual([]);

    const ids = [kept.id, hers.id, byEmail.id, byMobile.id];
    const before = await snapshot(ids);
    for (const [keepId, mergeIds, refused] of [
      [kept.id, [byEmail.id], byEmail],
      [kept.id, [hers.id, byMobile.id], byMobile],
      [byEmail.id, [kept.id], byEmail],
      [byMobile.id, [byEmail.id], byMobile],
    ] as const) {
      await expect(
        mergeQuotationRequests(db, admin, { keepId, mergeIds: [...mergeIds] }, now),
      ).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining(`${refused.reference} is a guest request, not verified`),
      });
    }
    // Nothing moved: no piece, note, message or status, no activity and no mail.
    expect(await snapshot(ids)).toEqual(before);
    // The stranger's link still shows only what he sent.
    const his = await getQuoteForCustomer(
      db,
      null,
      { reference: byMobile.reference, key: byMobile.accessKey },
      now,
      zone,
    );
    expect(his.messages).toEqual([]);
    expect(his.request.customizationNotes).toBe('Stranger notes');
    expect(his.mergedInto).toBeNull();
  });

  it("keeps the customer card's Earlier requests and Orders to the request's own account", async () => {
    const { db } = database;
    const customer = await customerAccount();
    const hers = await request(customer, [[0, 1]]);
    const herOrder = await insertOrder(db, { userId: customer.account!.userId });
    const stranger = await request(
      { mobile: customer.mobile, email: customer.email, name: 'Stranger' },
      [[1, 1]],
    );
    const history = async (id: string) =>
      (await getQuotationForOwner(db, admin, { id }, now, zone)).history;

    // The guest request names her verified e-mail and her mobile: none of her history shows.
    expect(await history(stranger.id)).toEqual({ requests: [], orders: [] });
    // Her own page lists her order, and not the stranger's request.
    const own = await history(hers.id);
    expect(own.requests.map((row) => row.id)).toEqual([]);
    expect(own.orders.map((row) => row.id)).toEqual([herOrder.id]);
  });

  it("lists under the customer card's Earlier requests only the requests made before this one", async () => {
    const { db } = database;
    const customer = await customerAccount();
    const first = await request(customer, [[0, 1]]);
    const second = await request(customer, [[1, 1]]);
    const third = await request(customer, [[2, 1]]);
    const earlier = async (id: string) =>
      (await getQuotationForOwner(db, admin, { id }, now, zone)).history.requests.map(
        (row) => row.id,
      );
    expect(await earlier(first.id)).toEqual([]);
    expect(await earlier(second.id)).toEqual([first.id]);
    expect(await earlier(third.id)).toEqual([second.id, first.id]);
  });

  it('never merges two guest requests, whatever e-mail or mobile they share', async () => {
    const { db } = database;
    const email = `guest-${Date.now()}@example.com`;
    const first = await request({ mobile: freshMobile(), email }, [[0, 1]]);
    const second = await request({ mobile: first.customerMobile, email }, [[1, 1]]);
    expect(await mergeCandidates(db, admin, { id: first.id })).toEqual([]);
    expect((await guestRequestHints(db, admin, { id: first.id })).map((c) => c.id)).toEqual([
      second.id,
    ]);
    const before = await snapshot([first.id, second.id]);
    await expect(
      mergeQuotationRequests(db, admin, { keepId: first.id, mergeIds: [second.id] }, now),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('not verified') });
    expect(await snapshot([first.id, second.id])).toEqual(before);
  });

  it("refuses another customer's request, and changes nothing", async () => {
    const { db } = database;
    const customer = await customerAccount();
    const kept = await request(customer, [[0, 1]]);
    const mine = await request(customer, [[1, 1]]);
    // Another account, even with her mobile: accounts are the customers, not what they type.
    const someoneElse = await customerAccount();
    const theirs = await request(
      { ...someoneElse, mobile: customer.mobile, name: 'Someone Else' },
      [[2, 1]],
    );
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
    const owner = await customerAccount();
    const kept = await request(owner, [[0, 1]]);
    const other = await request(owner, [[1, 1]]);
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const ids = [kept.id, other.id];
    const before = await snapshot(ids);
    // A visitor, another customer, and the requests' own customer: none of them merges.
    for (const [actor, code] of [
      [null, 'unauthenticated'],
      [customer, 'forbidden'],
      [owner.account, 'forbidden'],
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
      await expect(guestRequestHints(db, actor, { id: kept.id })).rejects.toMatchObject({ code });
    }
    expect(await snapshot(ids)).toEqual(before);
  });

  it('merges nothing when one id is unknown, or when a write fails part-way', async () => {
    const { db } = database;
    const customer = await customerAccount();
    const kept = await request(customer, [[0, 5]]);
    const first = await request(customer, [[1, 5]], 'First notes');
    const second = await request(customer, [[2, 5]]);
    await postCustomerMessage(
      db,
      customer.account,
      { reference: first.reference, body: 'A question' },
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
    const customer = await customerAccount();
    const kept = await request(customer, [[0, 1]]);
    const offered = await request(customer, [[1, 1]]);
    const merged = await request(customer, [[2, 1]]);
    const spare = await request(customer, [[3, 1]]);
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
    const customer = await customerAccount();
    const kept = await request(customer, [[0, 99_999]]);
    const more = await request(customer, [[0, 5]]);
    await mergeQuotationRequests(db, admin, { keepId: kept.id, mergeIds: [more.id] }, now);
    const lines = await db
      .select({ quantity: quotationRequestLines.quantity })
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, kept.id))
      .orderBy(asc(quotationRequestLines.position));
    expect(lines).toEqual([{ quantity: 99_999 }, { quantity: 5 }]);
  });
});
