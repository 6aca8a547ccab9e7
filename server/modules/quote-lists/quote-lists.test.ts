import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_LIST_MAX_PIECES, quoteListProblems } from '../../../core/quotes/quote-list';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { loadConfig } from '../../config';
import {
  quotationRequestLines,
  quotationRequests,
  quoteListItems,
  quoteLists,
} from '../../db/schema';
import { submitQuoteList } from '../../flows/submit-quote-list';
import type { Actor } from '../actor';
import {
  addToQuoteList,
  changeQuoteList,
  countQuoteListPieces,
  deleteUnusedQuoteLists,
  mergeGuestQuoteList,
  readQuoteList,
  removeFromQuoteList,
  type QuoteListHolder,
} from './index';

const testConfig = loadConfig({ AUTH_SECRET: 'quote-list-test-secret-quote-list-test' });
const now = new Date('2026-11-26T10:00:00Z');
const details = {
  customerName: 'Nandini Rao',
  customerMobile: '+91 98290 11111',
  customerEmail: 'nandini@example.com',
  customerCompany: 'Rao Interiors',
  customerGstin: '27aapfu0939f1zv',
  customizationNotes: 'For a hotel lobby',
};

describe(`the quote list on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let pieces: { id: string; name: string }[];
  let unpublished: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    pieces = [];
    for (const name of ['Floral Inlay Marble Urli', 'Brass Diya', 'Crystal Lotus', 'Jaali Box']) {
      pieces.push(await insertProduct(database.db, { name }));
    }
    unpublished = await insertProduct(database.db, { name: 'Hidden piece', published: false });
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(quoteLists);
  });

  /** A guest's first add makes their list and hands back its token, as the cookie keeps it. */
  async function guestWith(ids: string[]): Promise<QuoteListHolder> {
    const holder: QuoteListHolder = { actor: null, token: null };
    for (const productId of ids) {
      const { token } = await addToQuoteList(database.db, holder, { productId }, now);
      if (token) holder.token = token;
    }
    return holder;
  }

  it('adds a piece with quantity 1, and one more when it is listed again', async () => {
    const guest = await guestWith([pieces[0]!.id, pieces[1]!.id, pieces[0]!.id]);
    expect(guest.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await readQuoteList(database.db, guest);
    expect(list.pieces.map((piece) => [piece.name, piece.quantity])).toEqual([
      ['Floral Inlay Marble Urli', 2],
      ['Brass Diya', 1],
    ]);
    expect(await countQuoteListPieces(database.db, guest)).toBe(2);
    // only the token's hash is stored
    const [stored] = await database.db.select().from(quoteLists);
    expect(stored?.tokenHash).not.toBe(guest.token);
  });

  it("keeps another visitor's token and a made-up token away from a list", async () => {
    const guest = await guestWith([pieces[0]!.id]);
    const other = await guestWith([pieces[1]!.id]);
    expect((await readQuoteList(database.db, other)).pieces.map((piece) => piece.name)).toEqual([
      'Brass Diya',
    ]);
    const madeUp = { actor: null, token: 'x'.repeat(43) };
    expect((await readQuoteList(database.db, madeUp)).pieces).toEqual([]);
    await expect(
      changeQuoteList(
        database.db,
        madeUp,
        { lines: [{ productId: pieces[0]!.id, quantity: '99' }] },
        now,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    await removeFromQuoteList(database.db, other, { productId: pieces[0]!.id }, now);
    expect((await readQuoteList(database.db, guest)).pieces[0]?.quantity).toBe(1);
  });

  it('refuses an unknown or unpublished piece, a quantity of 0 or 10⁹, a 1,001-character note', async () => {
    const guest = await guestWith([pieces[0]!.id]);
    for (const productId of ['no-such-piece', unpublished.id]) {
      await expect(addToQuoteList(database.db, guest, { productId }, now)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    for (const line of [
      { productId: pieces[0]!.id, quantity: '0' },
      { productId: pieces[0]!.id, quantity: '1000000000' },
      { productId: pieces[0]!.id, quantity: '2.5' },
      { productId: pieces[0]!.id, quantity: '3', notes: 'n'.repeat(1001) },
    ]) {
      await expect(
        changeQuoteList(database.db, guest, { lines: [line] }, now),
      ).rejects.toMatchObject({ code: 'invalid' });
    }
    const [row] = await database.db.select().from(quoteListItems);
    expect(row).toMatchObject({ quantity: 1, notes: null });
  });

  it('holds at most 50 pieces, and says so', async () => {
    const many: string[] = [];
    for (let index = 0; index < QUOTE_LIST_MAX_PIECES + 1; index += 1) {
      many.push((await insertProduct(database.db, { name: `Coaster ${index}` })).id);
    }
    const guest = await guestWith(many.slice(0, QUOTE_LIST_MAX_PIECES));
    await expect(
      addToQuoteList(database.db, guest, { productId: many[QUOTE_LIST_MAX_PIECES] }, now),
    ).rejects.toEqual(
      expect.objectContaining({ code: 'invalid', message: quoteListProblems.full }),
    );
    expect(await countQuoteListPieces(database.db, guest)).toBe(QUOTE_LIST_MAX_PIECES);
    // a listed piece can still be added again (its quantity rises)
    await addToQuoteList(database.db, guest, { productId: many[0] }, now);
  });

  it('sends the list as one request with every piece, then empties it', async () => {
    const guest = await guestWith(pieces.map((piece) => piece.id));
    const queue = await mailQueueFrom(database.db, testConfig);
    const stored = await submitQuoteList(database.db, guest, {
      ...details,
      lines: pieces.map((piece, index) => ({
        productId: piece.id,
        quantity: '20',
        notes: index === 1 ? 'Antique finish' : '',
      })),
    });
    expect(stored.reference).toMatch(/^Q-\d{8}-\d{4}$/);
    const lines = await database.db
      .select()
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, stored.id))
      .orderBy(quotationRequestLines.position);
    expect(lines.map((line) => [line.productName, line.quantity, line.notes])).toEqual([
      ['Floral Inlay Marble Urli', 20, null],
      ['Brass Diya', 20, 'Antique finish'],
      ['Crystal Lotus', 20, null],
      ['Jaali Box', 20, null],
    ]);
    const [request] = await database.db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, stored.id));
    // spec §3's columns repeat the first line (docs/decisions/021)
    expect(request).toMatchObject({
      productName: 'Floral Inlay Marble Urli',
      quantity: 20,
      customerGstin: '27AAPFU0939F1ZV',
      customizationNotes: 'For a hotel lobby',
    });
    expect(await countQuoteListPieces(database.db, guest)).toBe(0);
    const mails = await queue.mails();
    // one request: the owner is told once, the requester once
    expect(mails.filter((mail) => mail.to === testConfig.site.shopEmail)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === 'nandini@example.com')).toHaveLength(1);
  });

  it('makes one request of two submits of one list at once', async () => {
    const guest = await guestWith([pieces[0]!.id, pieces[1]!.id]);
    const [before] = await database.db.select({ value: count() }).from(quotationRequests);
    const results = await Promise.allSettled([
      submitQuoteList(database.db, guest, details),
      submitQuoteList(database.db, guest, details),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: expect.objectContaining({
        code: 'invalid',
        message: quoteListProblems.nothingToSend,
      }),
    });
    const [after] = await database.db.select({ value: count() }).from(quotationRequests);
    expect(after!.value - before!.value).toBe(1);
  });

  it('keeps the list when the details are refused, and changes nothing', async () => {
    const guest = await guestWith([pieces[0]!.id]);
    const [before] = await database.db.select({ value: count() }).from(quotationRequests);
    await expect(
      submitQuoteList(database.db, guest, { ...details, customerGstin: 'NOT-A-GSTIN' }),
    ).rejects.toMatchObject({ code: 'invalid', message: quoteListProblems.gstinInvalid });
    await expect(
      submitQuoteList(database.db, guest, {
        ...details,
        lines: [{ productId: pieces[0]!.id, quantity: '0' }],
      }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const [after] = await database.db.select({ value: count() }).from(quotationRequests);
    expect(after!.value).toBe(before!.value);
    expect((await readQuoteList(database.db, guest)).pieces).toHaveLength(1);
    await expect(
      submitQuoteList(database.db, { actor: null, token: null }, details),
    ).rejects.toMatchObject({ code: 'invalid', message: quoteListProblems.nothingToSend });
  });

  it("keeps an account's list across devices and merges a guest's list into it at sign-in", async () => {
    const user = await insertUser(database.db, { email: 'list-owner@example.com' });
    const account: Actor = { userId: user.id, roles: [] };
    await addToQuoteList(
      database.db,
      { actor: account, token: null },
      { productId: pieces[0]!.id },
      now,
    );
    await changeQuoteList(
      database.db,
      { actor: account, token: null },
      { lines: [{ productId: pieces[0]!.id, quantity: '5', notes: 'Mine' }] },
      now,
    );
    // a second device signed in to the same account, with a cookie of some other list, reads the account's
    const elsewhere = await guestWith([pieces[2]!.id]);
    expect(
      (await readQuoteList(database.db, { actor: account, token: elsewhere.token })).pieces.map(
        (piece) => piece.name,
      ),
    ).toEqual(['Floral Inlay Marble Urli']);

    const guest = await guestWith([pieces[0]!.id, pieces[1]!.id]);
    await changeQuoteList(
      database.db,
      guest,
      { lines: [{ productId: pieces[0]!.id, quantity: '9', notes: 'Guest note' }] },
      now,
    );
    await mergeGuestQuoteList(database.db, account, guest.token, now);
    const merged = await readQuoteList(database.db, { actor: account, token: null });
    expect(merged.pieces.map((piece) => [piece.name, piece.quantity, piece.notes])).toEqual([
      ['Floral Inlay Marble Urli', 9, 'Mine'],
      ['Brass Diya', 1, null],
    ]);
    // the guest's list is gone: its token names nothing now
    expect((await readQuoteList(database.db, guest)).pieces).toEqual([]);
    // an owner's API key is the shop, not a buyer
    await expect(
      readQuoteList(database.db, {
        actor: { userId: user.id, roles: ['admin'], apiKey: { id: 'k', scopes: [] } } as Actor,
        token: null,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('deletes lists left unused for 30 days, and only those', async () => {
    const old = { actor: null, token: null } as QuoteListHolder;
    const { token } = await addToQuoteList(
      database.db,
      old,
      { productId: pieces[0]!.id },
      new Date('2026-10-20T10:00:00Z'),
    );
    const fresh = await guestWith([pieces[1]!.id]);
    expect(await deleteUnusedQuoteLists(database.db, now)).toBe(1);
    expect((await readQuoteList(database.db, { actor: null, token })).pieces).toEqual([]);
    expect((await readQuoteList(database.db, fresh)).pieces).toHaveLength(1);
  });
});
