/**
 * docs/requirements.md §12 "Lists that find things": the admin lists' search, filters, sort and CSV exports, and
 * the subscribers list, against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
import Papa from 'papaparse';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import type { Database } from '../../server/db/client';
import {
  contactMessages,
  newsletterSubscriptions,
  quotationRequests,
} from '../../server/db/schema';
import type { Actor } from '../../server/modules/actor';
import {
  countContactMessages,
  exportContactMessages,
  listContactMessages,
} from '../../server/modules/contact';
import {
  countSubscribers,
  exportSubscribers,
  listSubscribers,
} from '../../server/modules/newsletter';
import { countOrders, exportOrders, listAllOrders } from '../../server/modules/orders';
import { contactMessageFilterCondition } from '../../server/modules/contact/search';
import { orderFilterCondition } from '../../server/modules/orders/search';
import { quotationFilterCondition } from '../../server/modules/quotations/search';
import {
  countQuotationRequests,
  exportQuotationRequests,
  listQuotationRequests,
} from '../../server/modules/quotations';

const admin: Actor = { userId: 'list-admin', roles: ['admin'] };
// docs/decisions/019: the lists' days are the shop's, in the time zone of Settings (here the default).
const timeZone = DEFAULT_SHOP_TIME_ZONE;

async function csvRows(chunks: AsyncIterable<string>): Promise<string[][]> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data;
}

async function plan(db: Database, query: SQL): Promise<string> {
  // On tables this small the planner would rightly read every row; forbidding that shows whether
  // an index CAN answer the query, i.e. whether its expression is the index's own.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

function quotationsWhere(condition: SQL | undefined): SQL {
  return sql`select id from quotation_requests where ${condition ?? sql`true`}`;
}

describe(`admin lists on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let db: Database;
  const ids: Record<'asha' | 'bhavna' | 'ravi' | 'formula', string> = {
    asha: '',
    bhavna: '',
    ravi: '',
    formula: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const rows = await db
      .insert(quotationRequests)
      .values([
        {
          reference: 'Q-20260105-0001',
          productName: 'Lotus Urli',
          quantity: 2,
          customerName: 'Asha Rao',
          customerMobile: '+91 98765 43210',
          customerEmail: 'Asha.Rao@example.com',
          status: 'pending',
          createdAt: new Date('2026-01-05T10:00:00+05:30'),
        },
        {
          reference: 'Q-20260210-0001',
          productName: 'Boat Ganesh',
          quantity: 1,
          customerName: 'Bhavna Shah',
          customerMobile: '9123456780',
          customerEmail: 'bhavna@shop.in',
          status: 'processing',
          createdAt: new Date('2026-02-10T12:00:00+05:30'),
        },
        {
          // 00:10 on 1 March in India is still 28 February in UTC: the shop's day decides.
          reference: 'Q-20260301-0001',
          productName: 'Wine Chiller',
          quantity: 5,
          customerName: 'Ravi Ashok',
          customerMobile: '080-1234 5678',
          customerEmail: null,
          status: 'completed',
          createdAt: new Date('2026-03-01T00:10:00+05:30'),
        },
        {
          reference: 'Q-20260302-0001',
          productName: 'Cake Stand',
          quantity: 1,
          customerName: '=HYPERLINK("http://evil.example","x")',
          customerMobile: '7000000001',
          customerEmail: 'formula@example.com',
          customizationNotes: '@SUM(A1)',
          status: 'pending',
          createdAt: new Date('2026-03-02T09:00:00+05:30'),
        },
      ])
      .returning({ id: quotationRequests.id, name: quotationRequests.customerName });
    [ids.asha, ids.bhavna, ids.ravi, ids.formula] = rows.map((row) => row.id) as [
      string,
      string,
      string,
      string,
    ];
  });
  afterAll(async () => {
    await database.destroy();
  });

  const found = async (q: string) =>
    (await listQuotationRequests(db, admin, { page: 1, q })).map((row) => row.id).sort();

  it('finds a quotation by name word prefixes, e-mail, mobile and reference', async () => {
    expect(await found('asha')).toEqual([ids.asha].sort());
    // "ash" begins "Asha" and "Ashok"
    expect(await found('ash')).toEqual([ids.asha, ids.ravi].sort());
    expect(await found('RAVI ash')).toEqual([ids.ravi]);
    expect(await found('asha.rao@EXAMPLE')).toEqual([ids.asha]);
    expect(await found('bhavna@')).toEqual([ids.bhavna]);
    for (const mobile of ['9876543210', '+91 98765 43210', '+919876543210', '098765-43210']) {
      expect(await found(mobile), mobile).toEqual([ids.asha]);
    }
    // the last digits, and a number stored with a leading 0 and dashes
    expect(await found('43210')).toEqual([ids.asha]);
    expect(await found('8012345678')).toEqual([ids.ravi]);
    expect(await found('q-20260210')).toEqual([ids.bhavna]);
    expect(await found('Q-20260301-0001')).toEqual([ids.ravi]);
    // LIKE's own wildcards are only characters
    expect(await found('%')).toEqual([]);
    expect(await found('Q-2026_')).toEqual([]);
    expect(await found('nobody')).toEqual([]);
    expect(await found('')).toHaveLength(4);
  });

  it('filters by status and by shop days, and sorts by date either way', async () => {
    const list = (input: Parameters<typeof listQuotationRequests>[2]) =>
      listQuotationRequests(db, admin, input).then((rows) => rows.map((row) => row.reference));
    expect(await list({ page: 1, status: 'processing' })).toEqual(['Q-20260210-0001']);
    expect(await list({ page: 1, from: '2026-03-01', to: '2026-03-01', timeZone })).toEqual([
      'Q-20260301-0001',
    ]);
    expect(await list({ page: 1, to: '2026-02-28', timeZone })).toEqual([
      'Q-20260210-0001',
      'Q-20260105-0001',
    ]);
    expect(await list({ page: 1, sort: 'oldest' })).toEqual([
      'Q-20260105-0001',
      'Q-20260210-0001',
      'Q-20260301-0001',
      'Q-20260302-0001',
    ]);
    expect(await list({ page: 1, q: 'ash', status: 'completed' })).toEqual(['Q-20260301-0001']);
    expect(await countQuotationRequests(db, admin, { q: 'ash' })).toBe(2);
    expect(
      await countQuotationRequests(db, admin, { status: 'pending', from: '2026-03-01', timeZone }),
    ).toBe(1);
    // the tab label still counts everything
    expect(await countQuotationRequests(db, admin)).toBe(4);
  });

  it('exports exactly the filtered quotations, every row, formula-safe', async () => {
    const [header, ...rows] = await csvRows(
      await exportQuotationRequests(db, admin, { q: 'ash', sort: 'oldest' }),
    );
    expect(header?.[0]).toBe('reference');
    expect(rows.map((row) => row[0])).toEqual(['Q-20260105-0001', 'Q-20260301-0001']);
    expect(rows[0]?.[5]).toBe(`'+91 98765 43210`);
    const [, formula] = await csvRows(
      await exportQuotationRequests(db, admin, { q: 'formula@example.com' }),
    );
    expect(formula?.[3]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(formula?.[9]).toBe(`'@SUM(A1)`);
  });

  it('finds an order by number, by its quotation, its shipping name and phone, its account', async () => {
    const account = await insertUser(db, { email: 'meera.account@example.com' });
    const fromQuotation = await insertOrder(db, {
      orderNumber: 'ORD-20260106-0001',
      quotationRequestId: ids.asha,
      status: 'confirmed',
      createdAt: new Date('2026-01-06T10:00:00+05:30'),
    });
    const shipped = await insertOrder(db, {
      orderNumber: 'ORD-20260201-0007',
      userId: account.id,
      status: 'shipped',
      shippingAddress: {
        name: 'Meera Iyer',
        streetAddress: '1 MG Road',
        city: 'Pune',
        state: 'MH',
        postalCode: '411001',
        country: 'IN',
        phone: '+91 99887 76655',
      },
      createdAt: new Date('2026-02-01T10:00:00+05:30'),
    });
    const orderIds = async (q: string) =>
      (await listAllOrders(db, admin, { page: 1, q })).map((row) => row.id);
    expect(await orderIds('ord-20260106')).toEqual([fromQuotation.id]);
    expect(await orderIds('Q-20260105')).toEqual([fromQuotation.id]);
    expect(await orderIds('asha')).toEqual([fromQuotation.id]);
    expect(await orderIds('98765 43210')).toEqual([fromQuotation.id]);
    expect(await orderIds('meera')).toEqual([shipped.id]);
    expect(await orderIds('9988776655')).toEqual([shipped.id]);
    expect(await orderIds('Meera.Account@example.com')).toEqual([shipped.id]);
    expect(await orderIds('ORD-2026')).toEqual([shipped.id, fromQuotation.id]);
    expect(
      (await listAllOrders(db, admin, { page: 1, status: 'shipped' })).map((row) => row.id),
    ).toEqual([shipped.id]);
    expect(await countOrders(db, admin, { from: '2026-02-01', timeZone })).toBe(1);
    const [header, ...rows] = await csvRows(await exportOrders(db, admin, { q: 'ORD-2026' }));
    expect(header).toContain('order_number');
    expect(rows.map((row) => row[0])).toEqual(['ORD-20260201-0007', 'ORD-20260106-0001']);
    expect(rows[0]?.[7]).toBe('meera.account@example.com');
    expect(rows[1]?.[8]).toBe('Q-20260105-0001');
  });

  it('finds contact messages by name and e-mail, filters and exports them', async () => {
    await db.insert(contactMessages).values([
      {
        name: 'Kiran Desai',
        email: 'kiran@example.com',
        subject: 'Bulk',
        message: '=1+1',
        status: 'unread',
        createdAt: new Date('2026-01-10T10:00:00+05:30'),
      },
      {
        name: 'Lata M',
        email: 'lata@example.org',
        subject: 'Hi',
        message: 'Hello',
        status: 'replied',
        createdAt: new Date('2026-01-11T10:00:00+05:30'),
      },
    ]);
    const names = async (input: Parameters<typeof listContactMessages>[2]) =>
      (await listContactMessages(db, admin, input)).map((row) => row.name);
    expect(await names({ page: 1, q: 'kir' })).toEqual(['Kiran Desai']);
    expect(await names({ page: 1, q: 'LATA@example' })).toEqual(['Lata M']);
    expect(await names({ page: 1, status: 'replied' })).toEqual(['Lata M']);
    expect(await names({ page: 1, sort: 'oldest' })).toEqual(['Kiran Desai', 'Lata M']);
    expect(await countContactMessages(db, admin, { q: 'desai' })).toBe(1);
    const [, ...rows] = await csvRows(await exportContactMessages(db, admin, { q: 'kiran' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[5]).toBe(`'=1+1`);
  });

  // PostgreSQL's parser reads "77e1a9" alone as scientific notation and a word (77e1, a9) but
  // inside "QUOTE-A-77e1a9" as one word: the name search must find it either way. (It did not:
  // the authorisation matrix's CSV export of a name so tagged came back empty.)
  it('finds a name whatever the parser makes of its words, in every list', async () => {
    const [hyphenated, alone] = await db
      .insert(quotationRequests)
      .values(
        ['QUOTE-A-77e1a9', '2e5c Traders'].map((customerName, index) => ({
          reference: `Q-20260401-000${index + 1}`,
          productName: 'Lotus Urli',
          quantity: 1,
          customerName,
          customerMobile: `700000010${index}`,
          customerEmail: `parser${index}@example.com`,
          status: 'pending' as const,
          createdAt: new Date('2026-04-01T10:00:00+05:30'),
        })),
      )
      .returning({ id: quotationRequests.id });
    expect(await found('QUOTE-A-77e1a9')).toEqual([hyphenated!.id]);
    expect(await found('77e1a9')).toEqual([hyphenated!.id]);
    expect(await found('77e1')).toEqual([hyphenated!.id]);
    expect(await found('2e5c traders')).toEqual([alone!.id]);
    expect(await found('2e5c')).toEqual([alone!.id]);
    const [, ...exported] = await csvRows(
      await exportQuotationRequests(db, admin, { q: 'QUOTE-A-77e1a9' }),
    );
    expect(exported.map((row) => row[3])).toEqual(['QUOTE-A-77e1a9']);

    const order = await insertOrder(db, {
      orderNumber: 'ORD-20260401-0001',
      status: 'confirmed',
      shippingAddress: {
        name: 'SHIP-B-9e3f10',
        streetAddress: '1 MG Road',
        city: 'Pune',
        state: 'MH',
        postalCode: '411001',
        country: 'IN',
        phone: '+91 99887 70001',
      },
    });
    expect(
      (await listAllOrders(db, admin, { page: 1, q: 'SHIP-B-9e3f10' })).map((row) => row.id),
    ).toEqual([order.id]);
    await db.insert(contactMessages).values({
      name: 'NOTE-C-4e2b7d',
      email: 'note@example.com',
      subject: 'Tagged',
      message: 'Hello',
      status: 'unread',
    });
    expect(
      (await listContactMessages(db, admin, { page: 1, q: 'NOTE-C-4e2b7d' })).map(
        (row) => row.name,
      ),
    ).toEqual(['NOTE-C-4e2b7d']);
  });

  it('lists, counts and exports subscribers, every one of many batches, none twice', async () => {
    // 2,100 addresses over a few identical instants: the export's batches must neither skip nor
    // repeat rows that share a time.
    await db.execute(sql`
      insert into newsletter_subscriptions (email, source, created_at, unsubscribed_at)
      select 'reader' || n || '@example.com',
             (array['home','footer','blog'])[1 + n % 3],
             timestamptz '2026-01-01 10:00:00.123456+05:30' + (n % 4) * interval '1 microsecond',
             case when n % 10 = 0 then timestamptz '2026-02-01 10:00:00+05:30' end
      from generate_series(1, 2100) as n`);
    await db.insert(newsletterSubscriptions).values({
      email: '+cmd@example.com',
      source: 'footer',
      createdAt: new Date('2026-02-02T10:00:00+05:30'),
    });
    expect(await countSubscribers(db, admin)).toEqual({
      subscribed: 1891,
      unsubscribed: 210,
      matching: 2101,
    });
    expect(
      (await countSubscribers(db, admin, { status: 'unsubscribed', source: 'home' })).matching,
    ).toBe(70);
    const page = await listSubscribers(db, admin, { page: 1, q: 'reader21' });
    expect(page.map((row) => row.email).sort()).toEqual(
      [
        'reader21@example.com',
        'reader2100@example.com',
        ...Array.from({ length: 10 }, (_, n) => `reader21${n}@example.com`),
      ].sort(),
    );
    const [first] = await listSubscribers(db, admin, { page: 1 });
    expect(first).toMatchObject({ email: '+cmd@example.com', status: 'subscribed' });
    for (const sort of ['newest', 'oldest'] as const) {
      const [header, ...rows] = await csvRows(await exportSubscribers(db, admin, { sort }));
      expect(header).toEqual(['email', 'source', 'status', 'subscribed_at', 'unsubscribed_at']);
      expect(rows).toHaveLength(2101);
      expect(new Set(rows.map((row) => row[0])).size).toBe(2101);
      expect(rows.find((row) => row[0]?.includes('cmd'))?.[0]).toBe(`'+cmd@example.com`);
    }
    const [, ...blog] = await csvRows(
      await exportSubscribers(db, admin, { source: 'blog', status: 'subscribed' }),
    );
    expect(blog).toHaveLength(
      (await countSubscribers(db, admin, { source: 'blog', status: 'subscribed' })).matching,
    );
    expect(blog.every((row) => row[1] === 'blog' && row[2] === 'subscribed')).toBe(true);
  });

  it('refuses every list, count and export to a customer (403) and a visitor (401), with no data', async () => {
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['countQuotationRequests', (actor) => countQuotationRequests(db, actor, { q: 'asha' })],
      ['listQuotationRequests', (actor) => listQuotationRequests(db, actor, { page: 1, q: 'a' })],
      ['exportQuotationRequests', (actor) => exportQuotationRequests(db, actor, {})],
      ['exportOrders', (actor) => exportOrders(db, actor, {})],
      ['exportContactMessages', (actor) => exportContactMessages(db, actor, {})],
      ['listSubscribers', (actor) => listSubscribers(db, actor, { page: 1 })],
      ['countSubscribers', (actor) => countSubscribers(db, actor)],
      ['exportSubscribers', (actor) => exportSubscribers(db, actor, {})],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    // an API key, even one that reads quotations, gets no export: exports are the owner's own
    const key: Actor = {
      userId: 'list-admin',
      roles: ['admin'],
      apiKey: { id: 'k', scopes: ['quotations:read'] },
    } as Actor;
    await expect(exportQuotationRequests(db, key, {})).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('answers each search from the indexes of migration 0011, reading no table whole', async () => {
    const cases: [string, SQL, RegExp[]][] = [
      [
        'a quotation by mobile',
        quotationsWhere(quotationFilterCondition({ q: '+91 98765 43210' })),
        [/quotation_requests_mobile_digits_idx/, /quotation_requests_reference_prefix_idx/],
      ],
      [
        'a quotation by name, e-mail or reference',
        quotationsWhere(quotationFilterCondition({ q: 'asha' })),
        [
          /quotation_requests_reference_prefix_idx/,
          /quotation_requests_email_prefix_idx/,
          /quotation_requests_name_words_idx/,
        ],
      ],
      [
        'an order by number, quotation, name, phone or account',
        sql`select id from orders where ${orderFilterCondition(db, { q: '9988776655' })}`,
        [
          /orders_order_number_prefix_idx/,
          /orders_shipping_phone_digits_idx/,
          /quotation_requests_mobile_digits_idx/,
          /users_email_unique/,
        ],
      ],
      [
        'a message by name or e-mail',
        sql`select id from contact_messages where ${contactMessageFilterCondition({ q: 'kiran' })}`,
        [/contact_messages_email_prefix_idx/, /contact_messages_name_words_idx/],
      ],
    ];
    for (const [name, query, indexes] of cases) {
      const shown = await plan(db, query);
      expect(shown, name).not.toMatch(/Seq Scan/);
      for (const index of indexes) expect(shown, name).toMatch(index);
    }
  });
});
