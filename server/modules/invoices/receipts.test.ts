/**
 * Receipts, receipt vouchers and the proforma invoice against a real database (docs/requirements.md §23,
 * docs/decisions/027): a payment confirmed before the tax invoice gets a numbered receipt voucher
 * (CGST Rule 50) in the confirming transaction, and one that cannot be made never holds up the
 * payment; every confirmed payment has a receipt; an accepted offer's order has a proforma invoice
 * until its tax invoice is issued; each read only by the readers of the order's documents.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { orderDocumentLinks } from '../../../core/tax/document-links';
import type { TaxDocumentContent } from '../../../core/tax/tax-document';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { applyOrderAction } from '../../flows/apply-order-action';
import { refundOrder } from '../../flows/refund-order';
import { refundsOfOrders } from '../../db/order-refunds';
import { readOrderPaperForReader } from '../../flows/read-tax-document';
import { orders, quotationRequests, taxDocuments } from '../../db/schema';
import type { Actor } from '../actor';
import { issueAccessKey } from '../quotations';
import { strFromU8, unzipSync } from 'fflate';
import {
  documentsOfOrders,
  gstr1Archive,
  invoiceTexts,
  issueInvoice,
  TAX_DOCUMENT_NOT_FOUND,
} from './index';
import { renderTaxDocumentPdf } from './tax-document-pdf';

const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 29 November 2026, 11:00 in India. */
const NOVEMBER = new Date('2026-11-29T05:30:00Z');
/** 3 December 2026, 10:00 in India. */
const DECEMBER = new Date('2026-12-03T04:30:00Z');

const jaipur = {
  name: 'Asha Rao',
  streetAddress: '12 Lake Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'IN',
};

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'receipts-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The PDF's text in reading order, each run of white space one space, as a viewer shows it. */
async function pdfWords(document: TaxDocumentContent): Promise<string> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await renderTaxDocumentPdf(document));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe(`Receipts and the proforma invoice on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let stranger: Actor;
  let marbleId: string;

  /**
   * An accepted offer's order of 2 × ₹45,000 at 12% GST, ₹1,00,800, to be paid by bank transfer:
   * an advance of ₹50,400 and the balance, or (`advanceMinor: null`) in full.
   */
  async function acceptedOrder(
    options: {
      advanceMinor?: number | null;
      address?: typeof jaipur;
      quotationRequestId?: string;
      userId?: string | null;
    } = {},
  ) {
    const { db } = database;
    const order = await insertOrder(db, {
      userId: options.userId === undefined ? buyer!.userId : options.userId,
      status: 'pending',
      paymentStatus: null,
      paymentMethod: 'bank transfer',
      shippingAddress: options.address ?? jaipur,
      subtotalMinor: 9_000_000,
      taxAmountMinor: 1_080_000,
      totalAmountMinor: 10_080_000,
      advanceMinor: options.advanceMinor === undefined ? 5_040_000 : options.advanceMinor,
      quotationRequestId: options.quotationRequestId ?? null,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: marbleId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 4_500_000,
    });
    return order;
  }

  const confirm = (
    orderId: string,
    action: 'confirm-payment' | 'confirm-balance',
    paymentReference: string,
    now: Date,
    shop: SiteSettings = site,
  ) => applyOrderAction(database.db, owner, { orderId, action, paymentReference }, shop, now);

  const paper = (actor: Actor, orderId: string, name: string, key?: string) =>
    readOrderPaperForReader(database.db, actor, { orderId, paper: name, key }, site, DECEMBER);

  const documentsOf = (orderId: string) =>
    database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(taxDocuments.issuedAt);

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(db)).id, roles: [] };
    stranger = { userId: (await insertUser(db)).id, roles: [] };
    marbleId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('issues a receipt voucher for the advance confirmed before the invoice, and none for the balance after it', async () => {
    const order = await acceptedOrder();
    const advance = await confirm(order.id, 'confirm-payment', 'UTR1111', NOVEMBER);
    expect(advance).toMatchObject({
      paymentStatus: 'partially_paid',
      receiptVoucherNumber: 'KKR/26-27/0001',
      receiptVoucherProblem: null,
    });
    const [voucher] = await documentsOf(order.id);
    // The voucher's amounts are the advance: goods carry no tax on an advance.
    expect(voucher).toMatchObject({
      kind: 'receipt_voucher',
      number: 'KKR/26-27/0001',
      issuedOn: '2026-11-29',
      taxableMinor: 5_040_000,
      taxMinor: 0,
      totalMinor: 5_040_000,
    });
    const voucherText = await pdfWords(voucher!.content);
    expect(voucherText).toContain('Receipt Voucher');
    expect(voucherText).toContain('Receipt voucher number: KKR/26-27/0001');
    expect(voucherText).toContain('Date: November 29, 2026');
    expect(voucherText).toContain(
      'Received from Asha Rao ₹50,400 (Advance, reference UTR1111) against order',
    );
    expect(voucherText).toContain('Amount in words: Rupees Fifty Thousand Four Hundred Only');
    expect(voucherText).toContain('No GST is payable on an advance received for goods');
    expect(voucherText).toContain('Place of supply: Rajasthan (08)');
    expect(voucherText).toContain('Makrana marble elephant pair');
    expect(voucherText).toContain('Balance due: ₹50,400');

    await issueInvoice(database.db, owner, { orderId: order.id }, site, DECEMBER);
    const balance = await confirm(order.id, 'confirm-balance', 'UTR2222', DECEMBER);
    expect(balance).toMatchObject({ paymentStatus: 'paid', receiptVoucherNumber: null });
    expect((await documentsOf(order.id)).map((document) => document.kind)).toEqual([
      'receipt_voucher',
      'invoice',
    ]);

    // Each payment has its receipt, dated the day it was confirmed.
    const advanceReceipt = await paper(buyer, order.id, 'receipt-advance');
    expect(advanceReceipt).toMatchObject({ kind: 'receipt', title: 'Receipt', number: '' });
    expect(await pdfWords(advanceReceipt)).toContain('Date: November 29, 2026');
    const balanceText = await pdfWords(await paper(buyer, order.id, 'receipt-balance'));
    expect(balanceText).toContain('Receipt');
    expect(balanceText).not.toContain('Receipt voucher number');
    expect(balanceText).toContain('Date: December 3, 2026');
    expect(balanceText).toContain(
      'Received from Asha Rao ₹50,400 (Balance, reference UTR2222) against order',
    );
    expect(balanceText).toContain('Received to date: ₹1,00,800');
    expect(balanceText).toContain('Paid in full');
    expect(balanceText).not.toContain('No GST is payable');
  });

  it('issues a receipt voucher for a payment in full received before the invoice', async () => {
    const order = await acceptedOrder({ advanceMinor: null });
    const confirmed = await confirm(order.id, 'confirm-payment', 'UTR3333', NOVEMBER);
    expect(confirmed.paymentStatus).toBe('paid');
    const [voucher] = await documentsOf(order.id);
    expect(voucher).toMatchObject({ kind: 'receipt_voucher', totalMinor: 10_080_000 });
    expect(voucher!.content.received).toMatchObject({
      label: 'Payment in full',
      amountMinor: 10_080_000,
      reference: 'UTR3333',
    });
    const text = await pdfWords(await paper(owner, order.id, 'receipt-full'));
    expect(text).toContain('(Payment in full, reference UTR3333)');
  });

  it('never holds up a payment for a voucher it cannot make, and tells the owner why', async () => {
    const order = await acceptedOrder({ address: { ...jaipur, state: 'Atlantis' } });
    const confirmed = await confirm(order.id, 'confirm-payment', 'UTR4444', NOVEMBER);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'partially_paid',
      receiptVoucherNumber: null,
      receiptVoucherProblem: invoiceTexts.unknownState('Atlantis'),
    });
    expect(await documentsOf(order.id)).toEqual([]);

    // A shop without a GSTIN is not registered for GST: it issues no voucher, and says nothing.
    const unregistered = await acceptedOrder();
    const withoutGstin = await confirm(unregistered.id, 'confirm-payment', 'UTR5555', NOVEMBER, {
      ...site,
      gstin: '',
    });
    expect(withoutGstin).toMatchObject({ receiptVoucherNumber: null, receiptVoucherProblem: null });
    expect(await documentsOf(unregistered.id)).toEqual([]);
  });

  it('gives an accepted offer’s order a proforma invoice, unnumbered, until its tax invoice is issued', async () => {
    const order = await acceptedOrder();
    const proforma = await paper(buyer, order.id, 'proforma-invoice');
    expect(proforma).toMatchObject({
      kind: 'proforma_invoice',
      title: 'Proforma Invoice',
      number: '',
      notice: 'This is not a tax invoice',
      totalMinor: 10_080_000,
    });
    const text = await pdfWords(proforma);
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('This is not a tax invoice');
    expect(text).not.toContain('Invoice number');
    expect(text).toContain('CGST');
    expect(text).toContain('Balance due: ₹1,00,800');
    // Nothing drawn from the tax series.
    expect(await documentsOf(order.id)).toEqual([]);
    // Not paid yet: no receipt.
    await expect(paper(buyer, order.id, 'receipt-advance')).rejects.toMatchObject({
      code: 'not_found',
    });

    await confirm(order.id, 'confirm-payment', 'UTR6666', NOVEMBER);
    await issueInvoice(database.db, owner, { orderId: order.id }, site, DECEMBER);
    await expect(paper(buyer, order.id, 'proforma-invoice')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('lets only the owner, the order’s account and its quotation’s key holder read its papers', async () => {
    const { db } = database;
    const [request] = await db
      .insert(quotationRequests)
      .values({
        productName: 'Makrana marble elephant pair',
        quantity: 2,
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 00000',
        reference: `Q-20261129-${String(Date.now()).slice(-5)}`,
      })
      .returning();
    const guestOrder = await acceptedOrder({ userId: null, quotationRequestId: request!.id });
    const key = await issueAccessKey(db, request!.id);
    const buyersOrder = await acceptedOrder();

    await expect(paper(owner, guestOrder.id, 'proforma-invoice')).resolves.toBeTruthy();
    await expect(paper(null, guestOrder.id, 'proforma-invoice', key)).resolves.toBeTruthy();
    await expect(paper(buyer, buyersOrder.id, 'proforma-invoice')).resolves.toBeTruthy();
    for (const [actor, orderId, withKey] of [
      [stranger, buyersOrder.id, undefined],
      [null, buyersOrder.id, undefined],
      [null, guestOrder.id, undefined],
      [null, guestOrder.id, 'not-the-key'],
      // A key opens its own quotation's order only.
      [null, buyersOrder.id, key],
    ] as const) {
      await expect(paper(actor, orderId, 'proforma-invoice', withKey)).rejects.toMatchObject({
        code: 'not_found',
        message: TAX_DOCUMENT_NOT_FOUND,
      });
    }
    // A paper that is no paper, and a cancelled order's proforma invoice.
    await expect(paper(owner, buyersOrder.id, 'invoice')).rejects.toMatchObject({
      code: 'not_found',
    });
    await applyOrderAction(
      db,
      owner,
      { orderId: buyersOrder.id, action: 'cancel' },
      site,
      NOVEMBER,
    );
    await expect(paper(owner, buyersOrder.id, 'proforma-invoice')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('lists, as the order’s pages link them, its documents, then its receipts and proforma invoice', async () => {
    const order = await acceptedOrder();
    await confirm(order.id, 'confirm-payment', 'UTR7777', NOVEMBER);
    const documents = (await documentsOfOrders(database.db, [order.id])).get(order.id) ?? [];
    const links = orderDocumentLinks(
      {
        id: order.id,
        status: 'confirmed',
        paymentStatus: 'partially_paid',
        totalMinor: 10_080_000,
        advanceMinor: 5_040_000,
        documents,
      },
      '?key=abc',
    );
    expect(links.map(({ label, number, href }) => ({ label, number, href }))).toEqual([
      {
        label: 'Download Receipt Voucher',
        number: documents[0]!.number,
        href: `/documents/${documents[0]!.id}.pdf?key=abc`,
      },
      {
        label: 'Download Receipt',
        number: 'Advance',
        href: `/orders/${order.id}/receipt-advance.pdf?key=abc`,
      },
      {
        label: 'Download Proforma Invoice',
        number: '',
        href: `/orders/${order.id}/proforma-invoice.pdf?key=abc`,
      },
    ]);
  });

  it('keeps the receipt of a payment once it is refunded: the payment was made (docs/requirements.md §24)', async () => {
    const order = await acceptedOrder();
    await confirm(order.id, 'confirm-payment', 'UTR8888', NOVEMBER);
    await refundOrder(
      database.db,
      owner,
      {
        orderId: order.id,
        action: 'cancel',
        refund: { amount: '50400', method: 'bank transfer', reference: 'NEFT8888' },
      },
      site,
      DECEMBER,
    );
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const receipt = await paper(buyer, order.id, 'receipt-advance');
    expect(await pdfWords(receipt)).toContain(
      'Received from Asha Rao ₹50,400 (Advance, reference UTR8888) against order',
    );
    // The balance was never paid: no receipt of it.
    await expect(paper(buyer, order.id, 'receipt-balance')).rejects.toMatchObject({
      code: 'not_found',
    });
    const refunds = (await refundsOfOrders(database.db, [order.id])).get(order.id) ?? [];
    const links = orderDocumentLinks({
      id: order.id,
      status: 'cancelled',
      paymentStatus: 'refunded',
      totalMinor: 10_080_000,
      advanceMinor: 5_040_000,
      documents: [],
      refunds,
    });
    expect(links.map(({ label, number }) => `${label} ${number}`)).toEqual([
      'Download Receipt Advance',
    ]);
  });

  it('counts the period’s receipt vouchers in GSTR-1’s docs, and in no sale', async () => {
    const { archive } = await gstr1Archive(database.db, owner, { period: '2026-11' });
    const files = unzipSync(archive);
    const docs = strFromU8(files['docs.csv']!).split('\n');
    const vouchers = await database.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, 'receipt_voucher'))
      .orderBy(taxDocuments.sequence);
    expect(vouchers.length).toBeGreaterThan(1);
    expect(docs).toContain(
      `Receipt Voucher,${vouchers[0]!.number},${vouchers.at(-1)!.number},${vouchers.length},0`,
    );
    // An advance is no sale of the period (this test's invoices are all of December): b2cs and
    // the HSN summary have their header row alone.
    for (const name of ['b2cs.csv', 'hsn(b2c).csv']) {
      expect(strFromU8(files[name]!).trim().split('\n'), name).toHaveLength(1);
    }
  });
});
