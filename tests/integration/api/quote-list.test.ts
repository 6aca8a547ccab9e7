/**
 * docs/requirements.md §18 over the API: `POST /quotation-requests` takes several pieces (`lines`) as one request
 * while version 1's one-piece body keeps working; bad pieces are refused with the field's message
 * and store nothing; the quote list is the caller's own (a guest's by its cookie, an account's by
 * its token), never another's, never an owner key's; its submit makes one request and empties it;
 * its writes and its submit keep the pages' per-address limits.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTexts } from '../../../core/api/api-schemas';
import { quoteListProblems } from '../../../core/quotes/quote-list';
import { gstinTexts } from '../../../core/tax/gstin';
import { quotationRequestLines, quotationRequests } from '../../../server/db/schema';
import { QUOTE_LIST_COOKIE } from '../../../server/http/quote-list-cookie';
import { addToQuoteList } from '../../../server/modules/quote-lists';
import { insertProduct } from '../../factories';
import { startApiHarness, type ApiHarness, type Caller } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { jsonBody, type World } from './cases/types';
import { makeWorld } from './world';

interface Problem {
  status: number;
  detail: string;
  errors?: { pointer: string; detail: string }[];
}

interface QuoteList {
  pieces: { productId: string; name: string; quantity: number; notes: string | null }[];
  count: number;
}

interface Created {
  id: string;
  reference: string;
  productId: string;
  quantity: number;
  lines: { productId: string; productName: string; quantity: number; notes: string | null }[];
  link: string;
}

const details = {
  customerName: 'Meera Iyer',
  customerMobile: '+91 98765 43210',
  customerEmail: 'meera@example.com',
};

const guestWith = (token: string): Caller => ({
  headers: { Cookie: `${QUOTE_LIST_COOKIE}=${token}` },
});

/** The token a response's Set-Cookie gives a guest, if any. */
function cookieTokenOf(response: Response): string | null {
  const cookie = response.headers.get('set-cookie');
  return cookie ? (new RegExp(`^${QUOTE_LIST_COOKIE}=([\\w-]+);`).exec(cookie)?.[1] ?? null) : null;
}

/** The cookies a browser keeps from a response (name=value), for its next request. */
function keptCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => !cookie.endsWith('='));
}

describe(`several pieces and the quote list over the API on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let world: World;
  let pieces: { id: string; name: string }[];
  beforeAll(async () => {
    api = await startApiHarness();
    world = await makeWorld(api);
    pieces = [];
    for (const name of ['Floral Inlay Marble Urli', 'Brass Diya Pair', 'Teak Jharokha', 'Jaali']) {
      pieces.push(await insertProduct(api.database.db, { name }));
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  async function stored() {
    const { db } = api.database;
    const [requests] = await db.select({ n: count() }).from(quotationRequests);
    const [lines] = await db.select({ n: count() }).from(quotationRequestLines);
    return { requests: requests?.n, lines: lines?.n };
  }

  const ask = (body: object, caller: Caller = api.visitor) =>
    api.request('/api/v1/quotation-requests', { method: 'POST', caller, ...jsonBody(body) });

  const list = async (caller: Caller) =>
    (await (await api.request('/api/v1/quote-list', { caller })).json()) as QuoteList;
  const add = (caller: Caller, productId: string) =>
    api.request('/api/v1/quote-list/items', {
      method: 'POST',
      caller,
      ...jsonBody({ productId }),
    });
  const change = (caller: Caller, productId: string, body: object) =>
    api.request(`/api/v1/quote-list/items/${productId}`, {
      method: 'PATCH',
      caller,
      ...jsonBody(body),
    });
  const remove = (caller: Caller, productId: string) =>
    api.request(`/api/v1/quote-list/items/${productId}`, { method: 'DELETE', caller });
  const submit = (caller: Caller, body: object = details) =>
    api.request('/api/v1/quote-list/submit', { method: 'POST', caller, ...jsonBody(body) });

  /** A new guest with the given pieces on their list, and their cookie. */
  async function guestListing(...productIds: string[]): Promise<Caller> {
    const first = await add(api.visitor, productIds[0]!);
    const guest = guestWith(cookieTokenOf(first)!);
    for (const productId of productIds.slice(1)) await add(guest, productId);
    return guest;
  }

  describe('POST /quotation-requests', () => {
    it('still takes version 1’s one-piece body, and answers with its one line', async () => {
      const [urli] = pieces;
      const response = await ask({ productId: urli!.id, quantity: 3, ...details });
      expect(response.status).toBe(201);
      const created = (await response.json()) as Created;
      expect(created).toMatchObject({ productId: urli!.id, quantity: 3, status: 'pending' });
      expect(created.lines).toEqual([
        { productId: urli!.id, productName: urli!.name, quantity: 3, notes: null },
      ]);
      const lines = await api.database.db
        .select()
        .from(quotationRequestLines)
        .where(eq(quotationRequestLines.quotationRequestId, created.id));
      expect(lines).toHaveLength(1);
    });

    it('takes lines: several pieces make one request, every piece in order with its notes', async () => {
      const [urli, diya, jharokha] = pieces;
      const before = await stored();
      const response = await ask(
        {
          lines: [
            { productId: urli!.id, quantity: 20, notes: 'White marble, no gold leaf' },
            { productId: diya!.id, quantity: '20' },
            { productId: jharokha!.id, quantity: 5, notes: '' },
          ],
          ...details,
          customerCompany: 'Iyer Interiors',
          customerGstin: '08aaaaa0000a1z2',
          customizationNotes: 'For a hotel lobby',
        },
        world.customerA,
      );
      expect(response.status, await response.clone().text()).toBe(201);
      const created = (await response.json()) as Created;
      const expected = [
        {
          productId: urli!.id,
          productName: urli!.name,
          quantity: 20,
          notes: 'White marble, no gold leaf',
        },
        { productId: diya!.id, productName: diya!.name, quantity: 20, notes: null },
        { productId: jharokha!.id, productName: jharokha!.name, quantity: 5, notes: null },
      ];
      // spec §3's fields repeat the first line (decision 021).
      expect(created).toMatchObject({ productId: urli!.id, quantity: 20, lines: expected });
      expect(await stored()).toEqual({
        requests: before.requests! + 1,
        lines: before.lines! + 3,
      });

      // The customer's reads and the owner's carry every piece.
      const mine = await api.request(`/api/v1/me/quotations/${created.reference}`, {
        caller: world.customerA,
      });
      expect(await mine.json()).toMatchObject({
        request: { lines: expected, customerGstin: '08AAAAA0000A1Z2' },
        mergedInto: null,
      });
      const summaries = (await (
        await api.request('/api/v1/me/quotations', { caller: world.customerA })
      ).json()) as { data: { reference: string; lines: unknown }[] };
      expect(summaries.data.find((row) => row.reference === created.reference)?.lines).toEqual(
        expected,
      );
      const owners = await api.request(`/api/v1/admin/quotations/${created.id}`, {
        caller: world.ownerKey,
      });
      expect(await owners.json()).toMatchObject({
        request: { lines: expected, customerGstin: '08AAAAA0000A1Z2' },
      });
      const page = (await (
        await api.request('/api/v1/admin/quotations', { caller: world.ownerKey })
      ).json()) as { data: { id: string; lines: unknown }[] };
      expect(page.data.find((row) => row.id === created.id)?.lines).toEqual(expected);
    });

    const tooMany = Array.from({ length: 51 }, (_, index) => ({
      productId: `piece-${index}`,
      quantity: 1,
    }));
    const refusals: [string, () => object, number, string | null, string][] = [
      ['51 pieces', () => ({ lines: tooMany }), 422, '#/lines', quoteListProblems.full],
      ['no pieces', () => ({ lines: [] }), 422, '#/lines', quoteListProblems.nothingToSend],
      [
        'a quantity of 0',
        () => ({ lines: [{ productId: pieces[0]!.id, quantity: 0 }] }),
        422,
        '#/lines/0/quantity',
        quoteListProblems.quantityInvalid,
      ],
      [
        'a quantity of 10⁹',
        () => ({
          lines: [
            { productId: pieces[0]!.id, quantity: 1 },
            { productId: pieces[1]!.id, quantity: 1_000_000_000 },
          ],
        }),
        422,
        '#/lines/1/quantity',
        quoteListProblems.quantityInvalid,
      ],
      [
        'a 1,001-character note',
        () => ({ lines: [{ productId: pieces[0]!.id, quantity: 2, notes: 'n'.repeat(1001) }] }),
        422,
        '#/lines/0/notes',
        quoteListProblems.noteTooLong,
      ],
      [
        'a GSTIN of the right shape with a wrong check character',
        () => ({
          lines: [{ productId: pieces[0]!.id, quantity: 2 }],
          customerGstin: '99ZZZZZ9999Z9Z9',
        }),
        422,
        '#/customerGstin',
        gstinTexts.check,
      ],
      [
        'a GSTIN of a state code that does not exist',
        () => ({
          lines: [{ productId: pieces[0]!.id, quantity: 2 }],
          customerGstin: '39AAPFU0939F1ZV',
        }),
        422,
        '#/customerGstin',
        gstinTexts.state,
      ],
      [
        'one piece twice',
        () => ({
          lines: [
            { productId: pieces[0]!.id, quantity: 2 },
            { productId: pieces[0]!.id, quantity: 3 },
          ],
        }),
        422,
        '#/lines',
        'Each piece may be listed once',
      ],
      [
        'an unknown piece beside a known one',
        () => ({
          lines: [
            { productId: pieces[0]!.id, quantity: 2 },
            { productId: 'no-such-piece', quantity: 2 },
          ],
        }),
        404,
        null,
        'Product not found',
      ],
      [
        'both forms at once',
        () => ({
          productId: pieces[0]!.id,
          quantity: 2,
          lines: [{ productId: pieces[1]!.id, quantity: 2 }],
        }),
        422,
        '#/lines',
        apiTexts.bothRequestForms,
      ],
      [
        'a one-piece quantity of 0',
        () => ({ productId: pieces[0]!.id, quantity: 0 }),
        422,
        '#/quantity',
        'Please fill in all required fields.',
      ],
      [
        'a one-piece quantity of 10⁹',
        () => ({ productId: pieces[0]!.id, quantity: 1_000_000_000 }),
        422,
        '#/quantity',
        'Please ask for at most 100000 pieces',
      ],
      [
        'an unknown one piece',
        () => ({ productId: 'no-such-piece', quantity: 2 }),
        404,
        null,
        'Product not found',
      ],
    ];
    for (const [what, body, status, pointer, message] of refusals) {
      it(`refuses ${what} with ${status} and the field’s message, and stores nothing`, async () => {
        const before = await stored();
        const response = await ask({ ...details, ...body() });
        expect(response.status).toBe(status);
        const problem = (await response.json()) as Problem;
        expect(problem.detail).toBe(message);
        if (pointer) expect(problem.errors).toContainEqual({ pointer, detail: message });
        expect(await stored()).toEqual(before);
      });
    }
  });

  describe('the quote list', () => {
    it('joins the account at sign-in only when it was made in this browser session', async () => {
      const [urli, diya] = pieces;
      const listOf = async (caller: Caller) =>
        ((await (await api.request('/api/v1/quote-list', { caller })).json()) as QuoteList).pieces;
      /** The first page the browser asks for signed in, carrying these cookies too. */
      const firstPageSignedIn = (account: Caller, cookies: string[]) =>
        api.request('/', {
          unchecked: true,
          headers: { Cookie: [account.sessionCookie!, ...cookies].join('; ') },
        });

      // Made in this browser: the list's cookie and this session's mark; signing in here joins it.
      const made = await add(api.visitor, urli!.id);
      const customer = await api.customer('Kavya Rao');
      await firstPageSignedIn(customer, keptCookies(made));
      expect((await listOf(customer)).map((piece) => piece.productId)).toEqual([urli!.id]);

      // Planted: another browser's list token (a sibling host can set a cookie without the
      // prefix over http), without this session's mark for it: not joined.
      const planted = await add(api.visitor, diya!.id);
      const victim = await api.customer('Ira Sen');
      const plantedToken = cookieTokenOf(planted)!;
      await firstPageSignedIn(victim, [`${QUOTE_LIST_COOKIE}=${plantedToken}`]);
      expect(await listOf(victim)).toEqual([]);
      // Nor with the mark of a list the victim made in this session herself.
      const own = await add(api.visitor, urli!.id);
      const ownMark = keptCookies(own).find((cookie) =>
        cookie.startsWith('storefront.quote_list_session='),
      )!;
      await firstPageSignedIn(victim, [`${QUOTE_LIST_COOKIE}=${plantedToken}`, ownMark]);
      expect(await listOf(victim)).toEqual([]);
      // The planted list is still only the other browser's.
      expect(await listOf(guestWith(plantedToken))).toHaveLength(1);
    });

    it('gives a guest’s first piece a list and its cookie, which then reads and changes it', async () => {
      const [urli, diya] = pieces;
      const first = await add(api.visitor, urli!.id);
      expect(first.status).toBe(200);
      const [listCookie, sessionMark] = first.headers.getSetCookie();
      expect(listCookie).toMatch(
        new RegExp(
          `^${QUOTE_LIST_COOKIE}=[\\w-]{43}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`,
        ),
      );
      // docs/decisions/021 (amended): made in this browser session (no Max-Age: it ends with it).
      expect(sessionMark).toMatch(
        /^storefront\.quote_list_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      expect(await first.json()).toMatchObject({
        count: 1,
        pieces: [{ productId: urli!.id, name: urli!.name, quantity: 1, notes: null }],
      });
      const guest = guestWith(cookieTokenOf(first)!);

      // Adding it again is one more of it; the list is found by its cookie, no new one is set.
      const again = await add(guest, urli!.id);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(((await again.json()) as QuoteList).pieces[0]!.quantity).toBe(2);

      const changed = await change(guest, urli!.id, { quantity: 20, notes: 'Gold leaf rim' });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as QuoteList).pieces[0]).toMatchObject({
        quantity: 20,
        notes: 'Gold leaf rim',
      });
      // A PATCH changes only what it sends.
      await change(guest, urli!.id, { notes: 'Silver rim' });
      expect((await list(guest)).pieces[0]).toMatchObject({ quantity: 20, notes: 'Silver rim' });
      await change(guest, urli!.id, { quantity: '25' });
      expect((await list(guest)).pieces[0]).toMatchObject({ quantity: 25, notes: 'Silver rim' });
      await change(guest, urli!.id, { notes: null });
      expect((await list(guest)).pieces[0]).toMatchObject({ quantity: 25, notes: null });

      await add(guest, diya!.id);
      expect((await list(guest)).count).toBe(2);
      expect((await remove(guest, diya!.id)).status).toBe(204);
      expect((await list(guest)).pieces.map((piece) => piece.productId)).toEqual([urli!.id]);
      // Without the cookie, the visitor has no list.
      expect(await list(api.visitor)).toEqual({ pieces: [], count: 0 });
    });

    it('keeps a guest’s list from another visitor’s cookie, a made-up one and another site', async () => {
      const [urli, diya] = pieces;
      const owner = await guestListing(urli!.id);
      await change(owner, urli!.id, { quantity: 20, notes: 'Private guest note' });
      const theirs = await list(owner);

      const other = await guestListing(diya!.id);
      const made = guestWith(randomBytes(32).toString('base64url'));
      for (const stranger of [other, made, api.visitor]) {
        const seen = await api.request('/api/v1/quote-list', { caller: stranger });
        expect(await seen.text()).not.toContain('Private guest note');
        const patched = await change(stranger, urli!.id, { quantity: 1, notes: 'Stranger' });
        expect(patched.status).toBe(404);
        expect((await remove(stranger, urli!.id)).status).toBe(204);
      }
      expect((await list(other)).pieces.map((piece) => piece.productId)).toEqual([diya!.id]);
      // A visitor without a list has nothing to send.
      const before = await stored();
      const empty = await submit(api.visitor);
      expect(empty.status).toBe(422);
      expect(((await empty.json()) as Problem).detail).toBe(quoteListProblems.nothingToSend);
      expect(await stored()).toEqual(before);

      // The cookie on a write from another site is refused before the list is found.
      const foreign = await api.request(`/api/v1/quote-list/items/${urli!.id}`, {
        method: 'PATCH',
        caller: owner,
        ...jsonBody({ quantity: 1 }, { Origin: 'https://evil.example' }),
      });
      expect(foreign.status).toBe(403);
      expect(await list(owner)).toEqual(theirs);
    });

    it('keeps an account’s list from another account, and shows it wherever the account signs in', async () => {
      const [urli, diya] = pieces;
      const customer = await api.customer('Listing Customer');
      const otherCustomer = await api.customer('Other Customer');
      await add(customer, urli!.id);
      await change(customer, urli!.id, { quantity: 20, notes: 'Account private note' });
      await add(otherCustomer, diya!.id);
      const theirs = await list(customer);

      // The same account's session cookie (another browser, the shop's pages) sees the same list.
      expect(await list({ headers: { Cookie: customer.sessionCookie! } })).toEqual(theirs);

      const seen = await api.request('/api/v1/quote-list', { caller: otherCustomer });
      expect(await seen.text()).not.toContain('Account private note');
      expect((await change(otherCustomer, urli!.id, { quantity: 1 })).status).toBe(404);
      expect((await remove(otherCustomer, urli!.id)).status).toBe(204);
      // The other account's submit sends its own piece, never this one.
      const sent = (await (await submit(otherCustomer)).json()) as Created;
      expect(sent.lines.map((line) => line.productId)).toEqual([diya!.id]);
      expect(await list(customer)).toEqual(theirs);
    });

    it('refuses an owner’s API key on every operation (403), and changes nothing', async () => {
      const [urli] = pieces;
      const before = await stored();
      const answers = [
        await api.request('/api/v1/quote-list', { caller: world.ownerKey }),
        await add(world.ownerKey, urli!.id),
        await change(world.ownerKey, urli!.id, { quantity: 2 }),
        await remove(world.ownerKey, urli!.id),
        await submit(world.ownerKey),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(((await answer.json()) as Problem).detail).toBe(apiTexts.keyIsNotABuyer);
      }
      expect(await stored()).toEqual(before);
    });

    it('sends the list as one request of every piece, and empties it', async () => {
      const [urli, diya, jharokha] = pieces;
      const guest = await guestListing(urli!.id, diya!.id, jharokha!.id);
      for (const piece of [urli, diya, jharokha]) await change(guest, piece!.id, { quantity: 20 });
      await change(guest, diya!.id, { notes: 'Pairs, not singles' });
      const before = await stored();

      const response = await submit(guest, { ...details, customerGstin: '' });
      expect(response.status).toBe(201);
      const created = (await response.json()) as Created;
      expect(created.link).toContain(`/quotes/${created.reference}?key=`);
      expect(created.lines).toEqual([
        { productId: urli!.id, productName: urli!.name, quantity: 20, notes: null },
        { productId: diya!.id, productName: diya!.name, quantity: 20, notes: 'Pairs, not singles' },
        { productId: jharokha!.id, productName: jharokha!.name, quantity: 20, notes: null },
      ]);
      expect(await stored()).toEqual({
        requests: before.requests! + 1,
        lines: before.lines! + 3,
      });
      expect(await list(guest)).toEqual({ pieces: [], count: 0 });
      // Nothing is left to send.
      expect((await submit(guest)).status).toBe(422);
      expect(await stored()).toEqual({
        requests: before.requests! + 1,
        lines: before.lines! + 3,
      });
    });

    it('makes one request of two submits of one list at once', async () => {
      const [urli, diya] = pieces;
      const guest = await guestListing(urli!.id, diya!.id);
      const before = await stored();
      const answers = await Promise.all([submit(guest), submit(guest)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      expect(await stored()).toEqual({
        requests: before.requests! + 1,
        lines: before.lines! + 2,
      });
    });

    it('sends each guest’s own list when two guests behind one address send the same key and body', async () => {
      const [urli, diya, jharokha] = pieces;
      const first = await guestListing(urli!.id);
      const second = await guestListing(diya!.id, jharokha!.id);
      const keyed = (guest: Caller) =>
        api.request('/api/v1/quote-list/submit', {
          method: 'POST',
          caller: guest,
          ...jsonBody(details, { 'Idempotency-Key': 'same-key-same-body' }),
        });
      const theFirst = await keyed(first);
      const theSecond = await keyed(second);
      expect([theFirst.status, theSecond.status]).toEqual([201, 201]);
      expect(theSecond.headers.get('idempotent-replayed')).toBeNull();
      const [mine, theirs] = (await Promise.all([theFirst.json(), theSecond.json()])) as Created[];
      // The second guest gets their own request and link, never the first's, and their list is sent.
      expect(theirs!.reference).not.toBe(mine!.reference);
      expect(theirs!.link).not.toBe(mine!.link);
      expect(theirs!.lines.map((line) => line.productId)).toEqual([diya!.id, jharokha!.id]);
      expect(await list(second)).toEqual({ pieces: [], count: 0 });
      // A guest's own retry, its answer lost, gets that first answer back and sends nothing more.
      const retry = await keyed(second);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(theirs);
    });

    it('refuses a bad row or a 51st piece with the field’s message, and changes nothing', async () => {
      const [urli] = pieces;
      const guest = await guestListing(urli!.id);
      await change(guest, urli!.id, { quantity: 4, notes: 'Kept' });
      const kept = await list(guest);
      const bad: [object, string, string][] = [
        [{ quantity: 0 }, '#/quantity', quoteListProblems.quantityInvalid],
        [{ quantity: 1_000_000_000 }, '#/quantity', quoteListProblems.quantityInvalid],
        [{ notes: 'n'.repeat(1001) }, '#/notes', quoteListProblems.noteTooLong],
      ];
      for (const [body, pointer, message] of bad) {
        const response = await change(guest, urli!.id, body);
        expect(response.status).toBe(422);
        expect(((await response.json()) as Problem).errors).toContainEqual({
          pointer,
          detail: message,
        });
      }
      expect(await list(guest)).toEqual(kept);

      const { db } = api.database;
      const more = [];
      for (let index = 0; index < 50; index += 1) more.push(await insertProduct(db));
      for (const piece of more.slice(0, 49)) expect((await add(guest, piece.id)).status).toBe(200);
      expect((await list(guest)).count).toBe(50);
      const full = await add(guest, more[49]!.id);
      expect(full.status).toBe(422);
      expect(((await full.json()) as Problem).detail).toBe(quoteListProblems.full);
      expect((await list(guest)).count).toBe(50);
      // One more of a listed piece is no new piece: still taken.
      expect((await add(guest, urli!.id)).status).toBe(200);
    });
  });

  describe('with a limit of 3 a minute per address', () => {
    let limited: ApiHarness;
    let piece: string;
    beforeAll(async () => {
      limited = await startApiHarness({ env: { FORM_RATE_LIMIT: '3' } });
      piece = (await insertProduct(limited.database.db, { name: 'Limited Urli' })).id;
    });
    afterAll(async () => {
      await limited?.close();
    });

    /** A guest list of one piece, made by the module so that it spends none of the count. */
    async function guestList(): Promise<Caller> {
      const { token } = await addToQuoteList(
        limited.database.db,
        { actor: null, token: null },
        { productId: piece },
        new Date(),
      );
      return guestWith(token!);
    }

    it('limits the list’s writes at six times the forms’ limit, as the pages do, and never its reads', async () => {
      const guest = await guestList();
      const item = `/api/v1/quote-list/items/${piece}`;
      const statuses = [
        (
          await limited.request('/api/v1/quote-list/items', {
            method: 'POST',
            caller: guest,
            ...jsonBody({ productId: piece }),
          })
        ).status,
      ];
      // docs/requirements.md §18: a list is built with a tap per piece, so 3 a minute becomes 18 for its writes.
      for (let quantity = 2; quantity <= 17; quantity += 1) {
        const answer = await limited.request(item, {
          method: 'PATCH',
          caller: guest,
          ...jsonBody({ quantity }),
        });
        statuses.push(answer.status);
      }
      const last = await limited.request(item, {
        method: 'PATCH',
        caller: guest,
        ...jsonBody({ quantity: 9, notes: 'Third' }),
      });
      statuses.push(last.status);
      expect(statuses).toEqual(Array.from({ length: 18 }, () => 200));
      const over = await limited.request(item, { method: 'DELETE', caller: guest });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // The refused write changed nothing, and reading is not a write.
      const read = await limited.request('/api/v1/quote-list', { caller: guest });
      expect(read.status).toBe(200);
      expect(((await read.json()) as QuoteList).pieces).toEqual([
        expect.objectContaining({ productId: piece, quantity: 9, notes: 'Third' }),
      ]);
    });

    it('counts the list’s submit with the quotation form, on one counter', async () => {
      const ask = () =>
        limited.request('/api/v1/quotation-requests', {
          method: 'POST',
          ...jsonBody({ productId: piece, quantity: 2, ...details }),
        });
      const send = (guest: Caller) =>
        limited.request('/api/v1/quote-list/submit', {
          method: 'POST',
          caller: guest,
          ...jsonBody(details),
        });
      expect([(await ask()).status, (await ask()).status]).toEqual([201, 201]);
      expect((await send(await guestList())).status).toBe(201);
      const guest = await guestList();
      const over = await send(guest);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Refused, the list keeps its piece; and the form is refused as well.
      const kept = await limited.request('/api/v1/quote-list', { caller: guest });
      expect(((await kept.json()) as QuoteList).count).toBe(1);
      expect((await ask()).status).toBe(429);
    });
  });
});
