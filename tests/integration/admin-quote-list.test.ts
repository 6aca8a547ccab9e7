/**
 * docs/requirements.md §18 "What the owner does": a request of several pieces in the owner's list (its pieces in
 * one line), found by any piece's name through the lines' own index, exported with every piece,
 * and opened with every piece in the composer. Against a real database (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL).
 */
import Papa from 'papaparse';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { orders, quotationRequests } from '../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../factories';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import type { Database } from '../../server/db/client';
import type { Actor } from '../../server/modules/actor';
import {
  countQuotationRequests,
  createMultiPieceRequest,
  createQuotationRequest,
  exportQuotationRequests,
  getQuotationForOwner,
  listQuotationRequests,
} from '../../server/modules/quotations';
import { quotationFilterCondition } from '../../server/modules/quotations/search';
import { createOrderFromQuotation } from '../../server/flows/create-order-from-quotation';

const admin: Actor = { userId: 'quote-list-admin', roles: ['admin'] };

/** The header of the quotations' CSV before the rules of docs/requirements.md §18: it stays as it was. */
const ISSUE_18_HEADER = [
  'reference',
  'received',
  'status',
  'customer_name',
  'customer_company',
  'customer_mobile',
  'customer_email',
  'product_name',
  'quantity',
  'customization_notes',
];

async function csvRows(chunks: AsyncIterable<string>): Promise<string[][]> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data;
}

describe(`the owner's quote list pieces on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let db: Database;
  let fourPieces: { id: string; reference: string };
  let onePiece: { id: string; reference: string };
  const pieces = [
    { name: 'Floral Inlay Marble Urli', priceMinor: 450_000 },
    { name: 'Brass Tealight Trio', priceMinor: 120_000 },
    { name: 'Pierced Brass Lantern', priceMinor: 310_000 },
    { name: 'Jaali Candle Holder', priceMinor: 95_000 },
  ];
  let productIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    productIds = [];
    for (const piece of pieces) productIds.push((await insertProduct(db, piece)).id);
    fourPieces = await createMultiPieceRequest(db, null, {
      customerName: 'Nisha Kapoor',
      customerCompany: 'Kapoor Interiors',
      customerMobile: '+91 98290 77777',
      customerEmail: 'nisha@example.com',
      customerGstin: '08AAAAA0000A1Z2',
      customizationNotes: 'For a hotel lobby',
      lines: productIds.map((productId, index) => ({
        productId,
        quantity: '20',
        notes: index === 1 ? 'Antique finish' : '',
      })),
    });
    const lotus = await insertProduct(db, { name: 'Lotus Urli' });
    onePiece = await createQuotationRequest(db, null, {
      productId: lotus.id,
      quantity: '2',
      customizationNotes: '',
      customerName: 'Ravi Kumar',
      customerCompany: '',
      customerMobile: '+91 94140 55555',
      customerEmail: 'ravi@example.com',
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists a request of 4 pieces as its first piece and how many more, one piece as before', async () => {
    const listed = await listQuotationRequests(db, admin, { page: 1 });
    const four = listed.find((row) => row.id === fourPieces.id);
    expect(four?.piecesSummary).toBe('Floral Inlay Marble Urli × 20 and 3 more pieces');
    expect(four?.lines.map((line) => `${line.productName} × ${line.quantity}`)).toEqual(
      pieces.map((piece) => `${piece.name} × 20`),
    );
    expect(listed.find((row) => row.id === onePiece.id)?.piecesSummary).toBe('Lotus Urli × 2');
  });

  it("finds a request by any of its pieces' names, once, and by what it found before", async () => {
    const found = async (q: string) =>
      (await listQuotationRequests(db, admin, { page: 1, q })).map((row) => row.reference);
    // the 3rd piece, by a word and by word prefixes
    expect(await found('lantern')).toEqual([fourPieces.reference]);
    expect(await found('pierc bras')).toEqual([fourPieces.reference]);
    // "brass" names 2 of its pieces: still one request
    expect(await found('brass')).toEqual([fourPieces.reference]);
    expect(await countQuotationRequests(db, admin, { q: 'brass' })).toBe(1);
    // "urli" names a piece of each request
    expect((await found('urli')).sort()).toEqual([fourPieces.reference, onePiece.reference].sort());
    // the customer, the reference and the mobile still find it
    expect(await found('nisha')).toEqual([fourPieces.reference]);
    expect(await found(fourPieces.reference)).toEqual([fourPieces.reference]);
    expect(await found('98290 77777')).toEqual([fourPieces.reference]);
    expect(await found('chandelier')).toEqual([]);
  });

  it("answers the pieces' search from the lines' name index, reading no table whole", async () => {
    const condition = quotationFilterCondition({ q: 'lantern' });
    const shown = await db.transaction(async (tx) => {
      // On tables this small the planner would rightly read every row; forbidding that shows
      // whether the index CAN answer the query, i.e. whether its expression is the index's own.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query: SQL = sql`select id from quotation_requests where ${condition ?? sql`true`}`;
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(shown).not.toMatch(/Seq Scan/);
    expect(shown).toMatch(/quotation_request_lines_name_words_idx/);
    // the requests it names are read by their ids, beside the other branches' indexes
    expect(shown).toMatch(/quotation_requests_pkey/);
    expect(shown).toMatch(/quotation_requests_name_words_idx/);
  });

  it('exports every piece in a column of its own, the earlier columns as they were', async () => {
    const [header, ...rows] = await csvRows(
      await exportQuotationRequests(db, admin, { sort: 'oldest' }),
    );
    expect(header?.slice(0, ISSUE_18_HEADER.length)).toEqual(ISSUE_18_HEADER);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => row[0])).toEqual([fourPieces.reference, onePiece.reference]);
    const [four, one] = rows;
    expect(four?.[column('pieces')]).toBe(
      'Floral Inlay Marble Urli × 20; Brass Tealight Trio × 20; Pierced Brass Lantern × 20; Jaali Candle Holder × 20',
    );
    expect(four?.[column('product_name')]).toBe('Floral Inlay Marble Urli');
    expect(four?.[column('quantity')]).toBe('20');
    expect(four?.[column('customer_gstin')]).toBe('08AAAAA0000A1Z2');
    expect(one?.[column('pieces')]).toBe('Lotus Urli × 2');
    expect(one?.[column('customer_gstin')]).toBe('');
    // the search by a piece's name selects the export too
    const [, ...lanterns] = await csvRows(
      await exportQuotationRequests(db, admin, { q: 'lantern' }),
    );
    expect(lanterns.map((row) => row[0])).toEqual([fourPieces.reference]);
  });

  it("opens with every piece, its notes, the buyer's GSTIN, and the composer's 4 lines × 20", async () => {
    const view = await getQuotationForOwner(
      db,
      admin,
      { id: fourPieces.id },
      new Date(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(view.request.lines).toEqual(
      pieces.map((piece, index) => ({
        productId: productIds[index],
        productName: piece.name,
        quantity: 20,
        notes: index === 1 ? 'Antique finish' : null,
      })),
    );
    expect(view.request.customerGstin).toBe('08AAAAA0000A1Z2');
    expect(view.request.customizationNotes).toBe('For a hotel lobby');
    expect(view.suggestedLines).toEqual(
      pieces.map((piece, index) => ({
        productId: productIds[index],
        description: piece.name,
        quantity: 20,
        unitPriceMinor: piece.priceMinor,
      })),
    );
  });
});

describe(`the quick order of a request on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('refuses "Create Order" of a request of several pieces, which its offer prices, and changes nothing', async () => {
    const { db } = database;
    const first = await insertProduct(db, { name: 'Brass Nandi' });
    const second = await insertProduct(db, { name: 'Brass Bell Toran' });
    const request = await createMultiPieceRequest(db, null, {
      customerName: 'Nisha Kapoor',
      customerMobile: '+91 98290 77777',
      lines: [
        { productId: first.id, quantity: '3' },
        { productId: second.id, quantity: '5' },
      ],
    });
    await expect(
      createOrderFromQuotation(
        db,
        admin,
        {
          quotationId: request.id,
          quantity: '3',
          unitPrice: '100',
          shipping: '0',
          tax: '0',
          paymentMethod: 'upi',
          name: 'Nisha Kapoor',
          streetAddress: '1 Lake Road',
          city: 'Udaipur',
          state: 'Rajasthan',
          postalCode: '313001',
          country: 'IN',
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    const [row] = await db
      .select({ status: quotationRequests.status })
      .from(quotationRequests)
      .where(eq(quotationRequests.id, request.id));
    const [made] = await db.select({ value: count() }).from(orders);
    expect({ ...row, orders: made?.value }).toEqual({ status: 'pending', orders: 0 });
  });
});
