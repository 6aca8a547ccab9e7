/**
 * The GST documents against a real database (docs/decisions/027, docs/requirements.md §23): numbers drawn in the
 * issuing transaction (20 at once, consecutive; a rollback leaves no gap), the refusals that tell
 * the owner what to fix, "Mark as Shipped" and "Cancel Order" issuing what they must, and who may
 * read a document.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { LUT_EXPORT_TEXT } from '../../../core/tax/place-of-supply';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { applyOrderAction } from '../../flows/apply-order-action';
import { refundOrder } from '../../flows/refund-order';

/** docs/requirements.md §24: a paid order is cancelled with a refund of what it received (here ₹1 of it). */
const SOME_REFUND = { amount: '1', method: 'upi', reference: 'UTR-REFUND-0001' };
import {
  orders,
  products,
  quotationRequests,
  taxDocuments,
  taxDocumentSeries,
  webhookDeliveries,
} from '../../db/schema';
import { createWebhookEndpoint } from '../webhooks';
import type { Actor } from '../actor';
import { issueAccessKey } from '../quotations';
import { readTaxDocumentForReader } from '../../flows/read-tax-document';
import { gstr1Archive, invoiceTexts, issueInvoice, piecesWithoutHsnCode } from './index';
import { strFromU8, unzipSync } from 'fflate';

const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 29 November 2026, 11:00 in India. */
const NOVEMBER = new Date('2026-11-29T05:30:00Z');

const jaipur = {
  name: 'Asha Rao',
  streetAddress: '12 Lake Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'IN',
};

describe(`GST documents on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let stranger: Actor;
  let marbleId: string;
  let noHsnId: string;

  /** A paid order of 2 × ₹45,000 at 12% GST (₹10,800), delivered to `address`. */
  async function paidOrder(
    options: {
      address?: typeof jaipur;
      productId?: string;
      userId?: string | null;
      status?: 'confirmed' | 'processing';
      paymentStatus?: 'paid' | 'partially_paid' | null;
      taxMinor?: number;
      quotationRequestId?: string;
    } = {},
  ) {
    const { db } = database;
    const taxMinor = options.taxMinor ?? 1_080_000;
    const order = await insertOrder(db, {
      userId: options.userId === undefined ? buyer!.userId : options.userId,
      status: options.status ?? 'confirmed',
      paymentStatus: options.paymentStatus === undefined ? 'paid' : options.paymentStatus,
      paymentMethod: 'bank transfer',
      paymentId: 'UTR0001',
      shippingAddress: options.address ?? jaipur,
      subtotalMinor: 9_000_000,
      taxAmountMinor: taxMinor,
      totalAmountMinor: 9_000_000 + taxMinor,
      quotationRequestId: options.quotationRequestId ?? null,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: options.productId ?? marbleId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 4_500_000,
    });
    return order;
  }

  const documentsOf = (orderId: string) =>
    database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(db)).id, roles: [] };
    stranger = { userId: (await insertUser(db)).id, roles: [] };
    marbleId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
    noHsnId = (await insertProduct(db, { name: 'Brass diya', hsnCode: null })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('issues a tax invoice in the shop’s state with CGST and SGST adding up to the order', async () => {
    const order = await paidOrder();
    const issued = await issueInvoice(database.db, owner, { orderId: order.id }, site, NOVEMBER);
    expect(issued).toMatchObject({
      kind: 'invoice',
      number: 'KK/26-27/0001',
      issuedOn: '2026-11-29',
    });
    const [row] = await documentsOf(order.id);
    expect(row!.content).toMatchObject({
      title: 'Tax Invoice',
      placeOfSupplyLabel: 'Rajasthan (08)',
      taxableMinor: 9_000_000,
      cgstMinor: 540_000,
      sgstMinor: 540_000,
      igstMinor: 0,
      totalMinor: 10_080_000,
      totalInWords: 'Rupees One Lakh Eight Hundred Only',
      payments: [{ label: 'Payment in full', amountMinor: 10_080_000, reference: 'UTR0001' }],
      balanceDueMinor: 0,
      buyer: { name: 'Asha Rao', billingAddress: expect.arrayContaining(['12 Lake Road']) },
    });
    expect(row!.content.lines[0]).toMatchObject({ hsnCode: '6802', quantity: 2 });
    // Issued once: the second press is refused with the number it has.
    await expect(
      issueInvoice(database.db, owner, { orderId: order.id }, site, NOVEMBER),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: invoiceTexts.alreadyIssued('KK/26-27/0001'),
    });
  });

  it('charges IGST for another state, and zero-rates an export only under this year’s LUT', async () => {
    const { db } = database;
    const pune = await paidOrder({ address: { ...jaipur, city: 'Pune', state: 'Maharashtra' } });
    await issueInvoice(db, owner, { orderId: pune.id }, site, NOVEMBER);
    expect((await documentsOf(pune.id))[0]!.content).toMatchObject({
      placeOfSupplyLabel: 'Maharashtra (27)',
      igstMinor: 1_080_000,
      cgstMinor: 0,
      lutEndorsement: null,
    });

    const abroad = { ...jaipur, city: 'Austin', state: 'Texas', country: 'US' };
    const withLut = { ...site, lutArn: 'AD0804260001234', lutFinancialYear: '26-27' };
    // An export priced without GST, under the LUT: IGST 0 and the endorsement with its ARN.
    const zeroRated = await paidOrder({ address: abroad, taxMinor: 0 });
    await issueInvoice(db, owner, { orderId: zeroRated.id }, withLut, NOVEMBER);
    const exported = (await documentsOf(zeroRated.id))[0]!.content;
    expect(exported).toMatchObject({
      placeOfSupplyLabel: 'United States',
      igstMinor: 0,
      totalMinor: 9_000_000,
    });
    expect(exported.lutEndorsement).toBe(`${LUT_EXPORT_TEXT} (LUT ARN AD0804260001234)`);

    // Last year's LUT does not cover it: refused, with what to do, and no number is used.
    const lastYears = await paidOrder({ address: abroad, taxMinor: 0 });
    await expect(
      issueInvoice(
        db,
        owner,
        { orderId: lastYears.id },
        { ...withLut, lutFinancialYear: '25-26' },
        NOVEMBER,
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: invoiceTexts.exportWithoutLut('26-27') });
    expect(await documentsOf(lastYears.id)).toEqual([]);

    // An export that charged GST is invoiced with IGST, what the buyer paid.
    const taxed = await paidOrder({ address: abroad });
    await issueInvoice(db, owner, { orderId: taxed.id }, withLut, NOVEMBER);
    expect((await documentsOf(taxed.id))[0]!.content).toMatchObject({
      placeOfSupply: { kind: 'export_with_igst', country: 'US' },
      igstMinor: 1_080_000,
    });
  });

  it('tells the owner what to fix, issues nothing and uses no number', async () => {
    const { db } = database;
    const [before] = await db
      .select({ last: taxDocumentSeries.lastSequence })
      .from(taxDocumentSeries)
      .where(eq(taxDocumentSeries.kind, 'invoice'));
    const refusals: [() => Promise<unknown>, string][] = [
      [
        () =>
          paidOrder({ productId: noHsnId }).then((order) =>
            issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER),
          ),
        invoiceTexts.missingHsn(['Makrana marble elephant pair']),
      ],
      [
        () =>
          paidOrder({ address: { ...jaipur, state: 'Rajasthn' } }).then((order) =>
            issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER),
          ),
        invoiceTexts.unknownState('Rajasthn'),
      ],
      [
        () =>
          paidOrder({ paymentStatus: null }).then((order) =>
            issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER),
          ),
        invoiceTexts.notPaid,
      ],
      [
        () =>
          paidOrder().then((order) =>
            issueInvoice(db, owner, { orderId: order.id }, { ...site, gstin: '' }, NOVEMBER),
          ),
        invoiceTexts.noShopGstin,
      ],
      [
        () =>
          paidOrder({ taxMinor: 123_456 }).then((order) =>
            issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER),
          ),
        invoiceTexts.rateUnknown,
      ],
    ];
    for (const [refused, message] of refusals) {
      await expect(refused()).rejects.toMatchObject({ code: 'conflict', message });
    }
    const [after] = await db
      .select({ last: taxDocumentSeries.lastSequence })
      .from(taxDocumentSeries)
      .where(eq(taxDocumentSeries.kind, 'invoice'));
    expect(after).toEqual(before);
  });

  it('gives a line that is no catalogue piece its principal piece’s HSN code, and refuses an order of such lines alone', async () => {
    const { db } = database;
    // 2 × ₹45,000 of the piece and ₹5,000 of gold leaf, at 12%: ₹95,000 + ₹11,400.
    const order = await insertOrder(db, {
      userId: buyer!.userId,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'bank transfer',
      shippingAddress: jaipur,
      subtotalMinor: 9_500_000,
      taxAmountMinor: 1_140_000,
      totalAmountMinor: 10_640_000,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: marbleId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 4_500_000,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: null,
      productName: 'Gold leaf finish',
      quantity: 1,
      unitPriceMinor: 500_000,
    });
    await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    const [row] = await documentsOf(order.id);
    expect(row!.content.lines.map((line) => [line.description, line.hsnCode]).sort()).toEqual([
      ['Gold leaf finish', '6802'],
      ['Makrana marble elephant pair', '6802'],
    ]);

    const custom = await insertOrder(db, {
      status: 'confirmed',
      paymentStatus: 'paid',
      shippingAddress: jaipur,
      subtotalMinor: 500_000,
      taxAmountMinor: 60_000,
      totalAmountMinor: 560_000,
    });
    await insertOrderItem(db, {
      orderId: custom.id,
      productId: null,
      productName: 'Gold leaf finish',
      unitPriceMinor: 500_000,
    });
    await expect(
      issueInvoice(db, owner, { orderId: custom.id }, site, NOVEMBER),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: invoiceTexts.notFromCatalogue(['Gold leaf finish']),
    });
  });

  it('lists for the owner the pieces whose HSN code an order’s invoice still waits for', async () => {
    const { db } = database;
    const waiting = await paidOrder({ productId: noHsnId });
    const ready = await paidOrder();
    await expect(piecesWithoutHsnCode(db, buyer, [waiting.id])).rejects.toMatchObject({
      code: 'forbidden',
    });
    const before = await piecesWithoutHsnCode(db, owner, [waiting.id, ready.id]);
    expect(before.get(waiting.id)).toEqual([{ productId: noHsnId, productName: 'Brass diya' }]);
    expect(before.has(ready.id)).toBe(false);
    // Issued orders wait for nothing, whatever their pieces' codes now.
    await issueInvoice(db, owner, { orderId: ready.id }, site, NOVEMBER);
    await db.update(products).set({ hsnCode: null }).where(eq(products.id, marbleId));
    try {
      expect((await piecesWithoutHsnCode(db, owner, [ready.id])).has(ready.id)).toBe(false);
    } finally {
      await db.update(products).set({ hsnCode: '6802' }).where(eq(products.id, marbleId));
    }
  });

  it('gives 20 invoices issued at once 20 consecutive numbers, and a rollback leaves no gap', async () => {
    const { db } = database;
    const [start] = await db
      .select({ last: taxDocumentSeries.lastSequence })
      .from(taxDocumentSeries)
      .where(eq(taxDocumentSeries.kind, 'invoice'));
    const first = (start?.last ?? 0) + 1;
    const batch = await Promise.all(Array.from({ length: 20 }, () => paidOrder()));
    const issued = await Promise.all(
      batch.map((order) => issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER)),
    );
    const counters = issued
      .map((document) => Number(document.number.split('/')[2]))
      .sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 20 }, (_, index) => first + index));

    // A transaction that issues and then fails takes its number back with it.
    const failing = await paidOrder();
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, owner, { orderId: failing.id }, site, NOVEMBER);
        throw new Error('the mail could not be queued');
      }),
    ).rejects.toThrow('the mail could not be queued');
    expect(await documentsOf(failing.id)).toEqual([]);
    const next = await issueInvoice(db, owner, { orderId: failing.id }, site, NOVEMBER);
    expect(next.number).toBe(`KK/26-27/${String(first + 20).padStart(4, '0')}`);
  });

  it('starts the next financial year’s series at 00:00 on 1 April in the shop’s zone', async () => {
    const { db } = database;
    const march = await paidOrder();
    const april = await paidOrder();
    // 31 March 2027 23:59 and 1 April 2027 00:00 in India are both 31 March in UTC.
    const lastMinute = await issueInvoice(
      db,
      owner,
      { orderId: march.id },
      site,
      new Date('2027-03-31T18:29:00Z'),
    );
    const firstMinute = await issueInvoice(
      db,
      owner,
      { orderId: april.id },
      site,
      new Date('2027-03-31T18:30:00Z'),
    );
    expect(lastMinute.number).toMatch(/^KK\/26-27\/\d{4}$/);
    expect(firstMinute.number).toBe('KK/27-28/0001');
    expect(firstMinute.issuedOn).toBe('2027-04-01');
  });

  it('"Mark as Shipped" issues the invoice first, and is refused while it cannot be issued', async () => {
    const { db } = database;
    const order = await paidOrder({ status: 'processing' });
    const shipped = await applyOrderAction(
      db,
      owner,
      { orderId: order.id, action: 'ship' },
      site,
      NOVEMBER,
    );
    expect(shipped).toMatchObject({
      status: 'shipped',
      invoiceNumber: expect.stringMatching(/^KK\/26-27\//),
      invoiceIssuedNow: true,
    });
    expect(await documentsOf(order.id)).toHaveLength(1);

    const lacking = await paidOrder({ status: 'processing', productId: noHsnId });
    await expect(
      applyOrderAction(db, owner, { orderId: lacking.id, action: 'ship' }, site, NOVEMBER),
    ).rejects.toMatchObject({ message: invoiceTexts.missingHsn(['Makrana marble elephant pair']) });
    const [still] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, lacking.id));
    expect(still!.status).toBe('processing');
  });

  it('cancelling an invoiced order issues a credit note citing its invoice, once', async () => {
    const { db } = database;
    const order = await paidOrder();
    const invoice = await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    const cancelled = await refundOrder(
      db,
      owner,
      { orderId: order.id, action: 'cancel', refund: SOME_REFUND },
      site,
      new Date('2026-12-02T05:30:00Z'),
    );
    expect(cancelled.creditNoteNumber).toMatch(/^KKC\/26-27\/\d{4}$/);
    const notes = (await documentsOf(order.id)).filter((row) => row.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.citesDocumentId).toBe(invoice.id);
    expect(notes[0]!.content).toMatchObject({
      title: 'Credit Note',
      issuedOn: '2026-12-02',
      cites: { number: invoice.number, issuedOn: '2026-11-29' },
      reason: 'Order cancelled',
      totalMinor: 10_080_000,
    });
    // An order cancelled before any invoice gets no credit note.
    const unbilled = await paidOrder();
    expect(
      (
        await refundOrder(
          db,
          owner,
          { orderId: unbilled.id, action: 'cancel', refund: SOME_REFUND },
          site,
          NOVEMBER,
        )
      ).creditNoteNumber,
    ).toBeNull();
    expect(await documentsOf(unbilled.id)).toEqual([]);
  });

  it('exports a month’s GSTR-1: a B2B sale, a B2C sale, an export and a credit note, each in its section', async () => {
    const { db } = database;
    const january = new Date('2027-01-15T05:30:00Z');
    const [business] = await db
      .insert(quotationRequests)
      .values({
        productName: 'Makrana marble elephant pair',
        quantity: 2,
        customerName: 'Mehta Interiors',
        customerMobile: '+91 98200 00000',
        customerGstin: '27AAPFU0939F1ZV',
        reference: `Q-20270115-${String(Date.now()).slice(-5)}`,
      })
      .returning();
    const b2b = await paidOrder({
      address: { ...jaipur, city: 'Pune', state: 'Maharashtra' },
      quotationRequestId: business!.id,
    });
    const b2c = await paidOrder();
    const exported = await paidOrder({
      address: { ...jaipur, city: 'Austin', state: 'Texas', country: 'US' },
      taxMinor: 0,
    });
    const withLut = { ...site, lutArn: 'AD0804260001234', lutFinancialYear: '26-27' };
    const numbers: Record<string, string> = {};
    for (const [name, order] of Object.entries({ b2b, b2c, exported })) {
      numbers[name] = (
        await issueInvoice(db, owner, { orderId: order.id }, withLut, january)
      ).number;
    }
    const cancelled = await refundOrder(
      db,
      owner,
      { orderId: b2b.id, action: 'cancel', refund: SOME_REFUND },
      withLut,
      january,
    );

    for (const actor of [buyer, null]) {
      await expect(gstr1Archive(db, actor, { period: '2027-01' })).rejects.toMatchObject({
        code: actor ? 'forbidden' : 'unauthenticated',
      });
    }
    await expect(gstr1Archive(db, owner, { period: '2026-13' })).rejects.toMatchObject({
      code: 'invalid',
    });

    const { fileName, archive } = await gstr1Archive(db, owner, { period: '2027-01' });
    expect(fileName).toBe('GSTR-1-2027-01.zip');
    const files = Object.fromEntries(
      Object.entries(unzipSync(archive)).map(([name, bytes]) => [
        name,
        strFromU8(bytes).split('\n'),
      ]),
    );
    // The offline tool's b2b template header, written out here so a changed column fails.
    expect(files['b2b.csv']![0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(files['b2b.csv']).toContain(
      `27AAPFU0939F1ZV,Asha Rao,${numbers.b2b},15-Jan-2027,100800.00,27-Maharashtra,N,,Regular B2B,,12,90000.00,0.00`,
    );
    expect(files['b2cs.csv']).toContain('OE,08-Rajasthan,,12,90000.00,0.00,');
    expect(files['exp.csv']).toContain(
      `WOPAY,${numbers.exported},15-Jan-2027,90000.00,,,,0,90000.00,0.00`,
    );
    expect(files['cdnr.csv']!.some((row) => row.includes(cancelled.creditNoteNumber!))).toBe(true);
    expect(files['docs.csv']!.join('\n')).toContain('Credit Note');
    expect(Object.keys(files).sort()).toEqual([
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'cdnr.csv',
      'cdnur.csv',
      'docs.csv',
      'exp.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
    ]);
  });

  it('tells integrations of each invoice and credit note in the issuing transaction, and of nothing refused', async () => {
    const { db } = database;
    const endpoint = await createWebhookEndpoint(
      db,
      owner,
      { url: 'http://127.0.0.1:9/hooks', events: ['invoice.issued', 'credit_note.issued'] },
      { allowPrivate: true, requireHttps: false },
    );
    const deliveries = () =>
      db
        .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
        .orderBy(webhookDeliveries.createdAt, webhookDeliveries.eventType);
    const lacking = await paidOrder({ productId: noHsnId });
    await expect(
      issueInvoice(db, owner, { orderId: lacking.id }, site, NOVEMBER),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await deliveries()).toEqual([]);

    const order = await paidOrder();
    const invoice = await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    const { creditNoteNumber } = await refundOrder(
      db,
      owner,
      { orderId: order.id, action: 'cancel', refund: SOME_REFUND },
      site,
      new Date('2026-12-02T05:30:00Z'),
    );
    const sent = await deliveries();
    expect(sent.map((delivery) => delivery.type).sort()).toEqual([
      'credit_note.issued',
      'invoice.issued',
    ]);
    const dataOf = (type: string) =>
      (sent.find((delivery) => delivery.type === type)!.payload as { data: unknown }).data;
    expect(dataOf('invoice.issued')).toMatchObject({
      documentId: invoice.id,
      number: invoice.number,
      orderId: order.id,
      placeOfSupply: 'Rajasthan (08)',
      totalMinor: 10_080_000,
    });
    expect(dataOf('credit_note.issued')).toMatchObject({
      number: creditNoteNumber,
      invoiceNumber: invoice.number,
      reason: 'Order cancelled',
      issuedOn: '2026-12-02',
    });
  });

  it('never changes or deletes an issued document', async () => {
    const { db } = database;
    const order = await paidOrder();
    const invoice = await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    await expect(
      db.execute(sql`update tax_documents set total_minor = 1 where id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from tax_documents where id = ${invoice.id}`),
    ).rejects.toThrow();
    expect((await documentsOf(order.id))[0]!.totalMinor).toBe(10_080_000);
  });

  it('lets only the owner issue, and only the owner and the order’s buyer read, changing nothing on denial', async () => {
    const { db } = database;
    const [request] = await db
      .insert(quotationRequests)
      .values({
        productName: 'Makrana marble elephant pair',
        quantity: 2,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        reference: `Q-20261129-${String(Date.now()).slice(-4)}`,
      })
      .returning();
    const guestOrder = await paidOrder({ userId: null, quotationRequestId: request!.id });
    const key = await issueAccessKey(db, request!.id);
    const buyersOrder = await paidOrder();
    const before = await db.select().from(taxDocuments);
    for (const actor of [buyer, stranger, null]) {
      await expect(
        issueInvoice(db, actor, { orderId: buyersOrder.id }, site, NOVEMBER),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
    expect(await db.select().from(taxDocuments)).toEqual(before);

    const invoice = await issueInvoice(db, owner, { orderId: buyersOrder.id }, site, NOVEMBER);
    const guestInvoice = await issueInvoice(db, owner, { orderId: guestOrder.id }, site, NOVEMBER);
    expect((await readTaxDocumentForReader(db, owner, { id: invoice.id })).number).toBe(
      invoice.number,
    );
    expect((await readTaxDocumentForReader(db, buyer, { id: invoice.id })).number).toBe(
      invoice.number,
    );
    expect((await readTaxDocumentForReader(db, null, { id: guestInvoice.id, key })).number).toBe(
      guestInvoice.number,
    );
    const denied: [Actor, { id: unknown; key?: unknown }][] = [
      [stranger, { id: invoice.id }],
      [null, { id: invoice.id }],
      [null, { id: invoice.id, key }],
      [null, { id: guestInvoice.id, key: `${key}x` }],
      [stranger, { id: guestInvoice.id }],
      [owner, { id: 'not-a-uuid' }],
    ];
    for (const [actor, input] of denied) {
      await expect(readTaxDocumentForReader(db, actor, input)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
  });
});
