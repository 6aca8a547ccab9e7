/**
 * docs/requirements.md §23 over the API: the owner's documents of a month or quarter, one as JSON or as its PDF; a
 * customer's own documents and no one else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults } from '../../../content/site';
import { apiScopes } from '../../../core/api/api-access';
import { FILING_PERIOD_PROBLEM, quarterOfDay } from '../../../core/tax/filing-period';
import { applyOrderAction } from '../../../server/flows/apply-order-action';
import { issueInvoice } from '../../../server/modules/invoices';
import { insertOrder, insertOrderItem, insertProduct } from '../../factories';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import type { Caller } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';

type Listed = { data: { id: string; number: string; kind: string; totalMinor: number }[] };

describe(`GST documents over the API on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let key: Caller & { keyId: string };
  let asha: Caller;
  let ravi: Caller;
  let invoice: { id: string; number: string; issuedOn: string };

  beforeAll(async () => {
    api = await startApiHarness();
    key = await api.ownerKey(apiScopes);
    asha = await api.customer('Asha');
    ravi = await api.customer('Ravi');
    const db = api.database.db;
    const product = await insertProduct(db, { name: 'Lotus Urli', hsnCode: '7418' });
    const order = await insertOrder(db, {
      userId: asha.userId!,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'upi',
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'IN',
      },
      subtotalMinor: 250_000,
      taxAmountMinor: 30_000,
      totalAmountMinor: 280_000,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: product.id,
      productName: 'Lotus Urli',
      quantity: 2,
      unitPriceMinor: 125_000,
    });
    invoice = await issueInvoice(
      db,
      { userId: key.userId!, roles: ['admin'] },
      { orderId: order.id },
      siteDefaults,
      new Date(),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists the month’s and the quarter’s documents for the owner, by kind', async () => {
    const month = await api.request('/api/v1/admin/invoices', { caller: key });
    expect(month.status).toBe(200);
    const listed = (await month.json()) as Listed;
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: invoice.id,
        number: invoice.number,
        kind: 'invoice',
        placeOfSupply: 'Maharashtra (27)',
        igstMinor: 30_000,
        totalMinor: 280_000,
        pdf: `/documents/${invoice.id}.pdf`,
      }),
    ]);
    const quarter = await api.request(
      `/api/v1/admin/invoices?period=${quarterOfDay(invoice.issuedOn)}`,
      { caller: key },
    );
    expect(((await quarter.json()) as Listed).data.map((row) => row.number)).toEqual([
      invoice.number,
    ]);
    const notes = await api.request('/api/v1/admin/invoices?kind=credit_note', { caller: key });
    expect(((await notes.json()) as Listed).data).toEqual([]);
    const wrong = await api.request('/api/v1/admin/invoices?period=2026-13', { caller: key });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { detail: string }).detail).toBe(FILING_PERIOD_PROBLEM);
  });

  it('answers one document as JSON, or as its PDF when asked for one', async () => {
    const json = await api.request(`/api/v1/admin/invoices/${invoice.id}`, { caller: key });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toMatchObject({ number: invoice.number, buyerName: 'Asha Rao' });
    const pdf = await api.request(`/api/v1/me/documents/${invoice.id}`, {
      caller: asha,
      headers: { ...asha.headers, Accept: 'application/pdf' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(
      `Tax-Invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
    );
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers the owner’s `/invoices` and one invoice by its number, escaped or as its file name writes it', async () => {
    const listed = await api.request('/api/v1/invoices', { caller: key });
    expect(((await listed.json()) as Listed).data.map((row) => row.id)).toContain(invoice.id);
    for (const written of [
      encodeURIComponent(invoice.number),
      invoice.number.replaceAll('/', '-'),
    ]) {
      const one = await api.request(`/api/v1/invoices/${written}`, { caller: key });
      expect(one.status, written).toBe(200);
      expect(await one.json()).toMatchObject({ id: invoice.id, number: invoice.number });
    }
    const pdf = await api.request(`/api/v1/invoices/${invoice.number.replaceAll('/', '-')}`, {
      caller: key,
      headers: { accept: 'application/pdf' },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    for (const none of ['KK-26-27-9999', 'not-a-number', 'KK%2F..%2F0001']) {
      const missing = await api.request(`/api/v1/invoices/${none}`, { caller: key });
      expect(missing.status, none).toBe(404);
    }
  });

  it('gives a customer her own documents only', async () => {
    const own = await api.request('/api/v1/me/documents', { caller: asha });
    expect(((await own.json()) as Listed).data.map((row) => row.id)).toEqual([invoice.id]);
    const others = await api.request('/api/v1/me/documents', { caller: ravi });
    expect(((await others.json()) as Listed).data).toEqual([]);
    const foreign = await api.request(`/api/v1/me/documents/${invoice.id}`, { caller: ravi });
    expect(foreign.status).toBe(404);
  });

  it('gives a receipt voucher’s amounts as the advance it acknowledges, with no tax', async () => {
    const db = api.database.db;
    const product = await insertProduct(db, { name: 'Brass diya', hsnCode: '7418' });
    const order = await insertOrder(db, {
      userId: asha.userId!,
      status: 'pending',
      paymentStatus: null,
      paymentMethod: 'bank transfer',
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'IN',
      },
      subtotalMinor: 250_000,
      taxAmountMinor: 30_000,
      totalAmountMinor: 280_000,
      advanceMinor: 140_000,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: product.id,
      productName: 'Brass diya',
      quantity: 2,
      unitPriceMinor: 125_000,
    });
    const { receiptVoucherNumber } = await applyOrderAction(
      db,
      { userId: key.userId!, roles: ['admin'] },
      { orderId: order.id, action: 'confirm-payment', paymentReference: 'UTR8080' },
      siteDefaults,
      new Date(),
    );
    const listed = await api.request('/api/v1/me/documents', { caller: asha });
    const voucher = ((await listed.json()) as Listed).data.find(
      (row) => row.number === receiptVoucherNumber,
    );
    expect(voucher).toMatchObject({
      kind: 'receipt_voucher',
      taxableMinor: 140_000,
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 0,
      taxMinor: 0,
      totalMinor: 140_000,
    });
  });
});
