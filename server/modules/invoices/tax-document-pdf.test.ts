import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approximateTotalLine } from '../../../core/money/display-currency';
import { GSTIN_EXAMPLE } from '../../../core/tax/gstin';
import type { InvoiceGoodsLine } from '../../../core/tax/invoice-tax';
import { LUT_EXPORT_TEXT, type IssuablePlaceOfSupply } from '../../../core/tax/place-of-supply';
import {
  CANCELLED_ORDER_REASON,
  invoiceContent,
  wholeInvoiceCreditNote,
  type InvoiceContentInput,
  type TaxDocumentContent,
} from '../../../core/tax/tax-document';
import { renderTaxDocumentPdf } from './tax-document-pdf';

// Read back with poppler's tools, as the buyer's viewer or the owner's printer would.
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'tax-document-pdf-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let fileCount = 0;
async function rendered(document: TaxDocumentContent): Promise<string> {
  fileCount += 1;
  const file = path.join(folder, `document-${fileCount}.pdf`);
  writeFileSync(file, await renderTaxDocumentPdf(document));
  return file;
}

function pdftotext(file: string, ...options: string[]): string {
  return execFileSync('pdftotext', [...options, file, '-'], { encoding: 'utf8' });
}

/** The text in reading order with every run of white space as one space. */
function words(file: string): string {
  return pdftotext(file).replace(/\s+/g, ' ');
}

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

const JAIPUR_ADDRESS = ['14 Tripolia Bazaar', 'Jaipur, Rajasthan 302002', 'India'];

const GOODS: InvoiceGoodsLine[] = [
  {
    description: 'Makrana marble elephant pair',
    hsnCode: '6802',
    quantity: 2,
    unitPriceMinor: 4_500_000,
  },
  { description: 'Brass diya', hsnCode: '7418', quantity: 20, unitPriceMinor: 130_000 },
];

function invoiceInput(overrides: Partial<InvoiceContentInput> = {}): InvoiceContentInput {
  return {
    number: 'KK/26-27/0001',
    issuedOn: '2026-11-29',
    financialYear: '26-27',
    orderNumber: 'O-20261120-0007',
    seller: {
      name: 'Kamal Kala',
      address: 'Shop 12, Johari Bazaar\nJaipur, Rajasthan 302003',
      gstin: GSTIN_EXAMPLE,
      stateCode: '08',
    },
    buyer: {
      name: 'Anjali Mehta',
      company: 'Mehta Interiors',
      gstin: '08AAACH7409R1Z1',
      billingAddress: JAIPUR_ADDRESS,
      shippingAddress: JAIPUR_ADDRESS,
    },
    supply: { kind: 'intra_state', stateCode: '08' },
    lines: GOODS,
    // ₹1,16,000 of goods less ₹6,000, plus ₹1,500 shipping: ₹1,11,500 taxable, ₹13,380 GST at 12%.
    discountMinor: 600_000,
    shippingMinor: 150_000,
    gstRateBasisPoints: 1200,
    payments: [{ label: 'Advance', amountMinor: 6_244_000, reference: 'UPI 633412345678' }],
    approximateTotal: null,
    ...overrides,
  };
}

const MUMBAI_ADDRESS = ['Flat 9, Sea View', 'Colaba, Mumbai, Maharashtra 400005', 'India'];
const BOSTON_ADDRESS = ['22 Beacon Street', 'Boston, MA 02108', 'United States'];

function buyerAt(address: string[], gstin: string | null = null): InvoiceContentInput['buyer'] {
  return {
    name: 'Rohan Desai',
    company: null,
    gstin,
    billingAddress: address,
    shippingAddress: address,
  };
}

const LUT_ARN = 'AD080426001234X';
const exportUnderLut: IssuablePlaceOfSupply = {
  kind: 'export_under_lut',
  country: 'US',
  lutArn: LUT_ARN,
};

describe('renderTaxDocumentPdf', () => {
  it('prints an intra-state tax invoice with CGST and SGST, line by line and in total', async () => {
    const file = await rendered(invoiceContent(invoiceInput()));
    const text = pdftotext(file, '-layout');

    for (const expected of [
      'Kamal Kala',
      'Shop 12, Johari Bazaar',
      'Jaipur, Rajasthan 302003',
      `GSTIN: ${GSTIN_EXAMPLE}`,
      'Tax Invoice',
      'Invoice number: KK/26-27/0001',
      'Date: November 29, 2026',
      'Order: O-20261120-0007',
      'Bill to',
      'Ship to',
      'Anjali Mehta',
      'Mehta Interiors',
      '14 Tripolia Bazaar',
      'GSTIN: 08AAACH7409R1Z1',
      'Place of supply: Rajasthan (08)',
      'Reverse charge: No',
      'Amount in words: Rupees One Lakh Twenty-Four Thousand Eight Hundred Eighty Only',
      'For Kamal Kala',
      'Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Description +HSN +Qty +Rate +Taxable +CGST +SGST\n/);
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('SUPPLY MEANT FOR EXPORT');

    // Each row: HSN, quantity, rate and taxable value, then half the 12% rate for each of CGST and
    // SGST, with the amounts under the rates; the discount's share under the description.
    expect(text).toMatch(
      /Makrana marble elephant pair +6802 +2 +₹45,000 +₹85,344.83 +6% +6%\n *Less discount ₹4,655.17 +₹5,120.69 +₹5,120.69\n/,
    );
    expect(text).toMatch(
      /Brass diya +7418 +20 +₹1,300 +₹24,655.17 +6% +6%\n *Less discount ₹1,344.83 +₹1,479.31 +₹1,479.31\n/,
    );
    // Shipping is the last row: its principal supply's HSN code, quantity 1 and no discount.
    expect(text).toMatch(/Shipping and packing +6802 +1 +₹1,500 +₹1,500 +6% +6%\n +₹90 +₹90\n/);
    expect(text.indexOf('Shipping and packing')).toBeGreaterThan(text.indexOf('Brass diya'));

    expect(text).toMatch(/Taxable value +₹1,11,500\n/);
    expect(text).toMatch(/CGST +₹6,690\n/);
    expect(text).toMatch(/SGST +₹6,690\n/);
    expect(text).toMatch(/Total +₹1,24,880\n/);
    expect(text).toContain('Payments received');
    expect(text).toContain('Advance ₹62,440 (reference UPI 633412345678)');
    expect(text).toContain('Balance due: ₹62,440');
    expect(text).not.toContain('Paid in full');
    expect(text).toContain('Tax Invoice KK/26-27/0001 · Page 1 of 1');
  });

  it('prints the parts in the order of an Indian tax invoice', async () => {
    const text = pdftotext(await rendered(invoiceContent(invoiceInput())), '-layout');
    const order = [
      'Kamal Kala',
      `GSTIN: ${GSTIN_EXAMPLE}`,
      'Tax Invoice',
      'Bill to',
      'Place of supply',
      'Reverse charge: No',
      'Description',
      'Makrana marble elephant pair',
      'Brass diya',
      'Shipping and packing',
      'Taxable value  ',
      'Total',
      'Amount in words',
      'Payments received',
      'Balance due',
      'For Kamal Kala',
      'Authorised signatory',
    ].map((part) => text.indexOf(part));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('prints an inter-state invoice with IGST at the whole rate and no CGST or SGST', async () => {
    const file = await rendered(
      invoiceContent(
        invoiceInput({
          buyer: buyerAt(MUMBAI_ADDRESS),
          supply: { kind: 'inter_state', stateCode: '27' },
        }),
      ),
    );
    const text = pdftotext(file, '-layout');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toMatch(/Description +HSN +Qty +Rate +Taxable +IGST\n/);
    expect(text).toMatch(/Makrana marble elephant pair +6802 +2 +₹45,000 +₹85,344.83 +12%\n/);
    expect(text).toMatch(/Less discount ₹4,655.17 +₹10,241.38\n/);
    expect(text).toMatch(/IGST +₹13,380\n/);
    expect(text).toMatch(/Total +₹1,24,880\n/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    // A buyer without a GSTIN: only the shop's is printed.
    expect(text.match(/GSTIN/g)).toHaveLength(1);
  });

  it('prints an export under a LUT without tax, with the endorsement, its ARN and the approximate total', async () => {
    const approximateTotal = approximateTotalLine(11_150_000, {
      currency: 'USD',
      rate: 834_500,
      setOn: '2026-11-28',
    });
    const file = await rendered(
      invoiceContent(
        invoiceInput({
          buyer: buyerAt(BOSTON_ADDRESS),
          supply: exportUnderLut,
          payments: [{ label: 'Payment in full', amountMinor: 11_150_000, reference: null }],
          approximateTotal,
        }),
      ),
    );
    const text = pdftotext(file, '-layout');
    expect(text).toContain('Place of supply: United States');
    expect(words(file)).toContain(`${LUT_EXPORT_TEXT} (LUT ARN ${LUT_ARN})`);
    expect(text).toMatch(/Makrana marble elephant pair +6802 +2 +₹45,000 +₹85,344.83 +0%\n/);
    expect(text).toMatch(/Less discount ₹4,655.17 +₹0\n/);
    expect(text).toMatch(/IGST +₹0\n/);
    expect(text).toMatch(/Total +₹1,11,500\n/);
    expect(text).not.toContain('CGST');
    // The approximation sits under the total, before the amount in words.
    expect(approximateTotal).toMatch(/^Approximately US\$1,336 at ₹83.45 per US\$/);
    const approximation = words(file).indexOf(approximateTotal);
    expect(approximation).toBeGreaterThan(words(file).indexOf('Total ₹1,11,500'));
    expect(approximation).toBeLessThan(words(file).indexOf('Amount in words'));
    expect(text).toContain('Payment in full ₹1,11,500\n');
    expect(text).toContain('Paid in full');
    expect(text).not.toContain('Balance due');
  });

  it('prints a credit note citing its invoice, with its reason and no payments', async () => {
    const invoice = invoiceContent(invoiceInput());
    const file = await rendered(
      wholeInvoiceCreditNote(invoice, {
        number: 'KKC/26-27/0001',
        issuedOn: '2026-12-03',
        financialYear: '26-27',
        reason: CANCELLED_ORDER_REASON,
      }),
    );
    const text = pdftotext(file, '-layout');
    expect(text).toContain('Credit Note');
    expect(text).toContain('Credit note number: KKC/26-27/0001');
    expect(text).toContain('Date: December 3, 2026');
    expect(text).toContain('Against invoice KK/26-27/0001 of November 29, 2026');
    expect(text).toContain('Reason: Order cancelled');
    expect(text).toMatch(/Total +₹1,24,880\n/);
    expect(text).toContain('Credit Note KKC/26-27/0001 · Page 1 of 1');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('Invoice number');
    expect(text).not.toContain('Payments received');
    expect(text).not.toContain('Balance due');
    expect(text).not.toContain('Paid in full');
  });

  it('prints the day issued as the shop’s calendar day, whatever the server’s time zone', async () => {
    const serverZone = process.env.TZ;
    // West of UTC, 2026-11-29 read as a local date would print as November 28.
    process.env.TZ = 'America/Los_Angeles';
    try {
      const text = pdftotext(await rendered(invoiceContent(invoiceInput())), '-layout');
      expect(text).toContain('Date: November 29, 2026');
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
  });

  it('wraps a long description inside its column', async () => {
    const description =
      'Makrana marble elephant pair, hand-carved with inlaid semi-precious stones in the pietra dura style, packed in a padded wooden crate';
    const file = await rendered(
      invoiceContent(invoiceInput({ lines: [{ ...GOODS[0]!, description }], discountMinor: 0 })),
    );
    const rows = pdftotext(file, '-layout').split('\n');
    const firstRow = rows.findIndex((row) => row.includes('Makrana marble elephant'));
    expect(rows[firstRow]).toMatch(/Makrana marble elephant.* +6802 +2 +₹45,000 +₹90,000 +6% +6%$/);
    // The rest of the description continues under it in its own column, never into the figures.
    const continued = rows.slice(firstRow + 1, firstRow + 6).filter((row) => row.trim() !== '');
    expect(continued.length).toBeGreaterThanOrEqual(2);
    expect(continued.every((row) => !/ {2}\S.*Shipping/.test(row))).toBe(true);
    expect(words(file)).toContain(description);
  });

  it('breaks a long invoice over pages with the header again, and totals after the last line', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      description: `Blue pottery tile no. ${index + 1}`,
      hsnCode: '6913',
      quantity: index + 1,
      unitPriceMinor: 75_000,
    }));
    const file = await rendered(invoiceContent(invoiceInput({ lines, discountMinor: 0 })));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page += 1) {
      const pageText = pdftotext(file, '-layout', '-f', String(page), '-l', String(page));
      expect(pageText).toContain(`Tax Invoice KK/26-27/0001 · Page ${page} of ${pages}`);
      expect(pageText).toMatch(/Description +HSN +Qty +Rate +Taxable +CGST +SGST\n/);
    }
    const firstPage = pdftotext(file, '-layout', '-f', '1', '-l', '1');
    expect(firstPage).toContain('tile no. 1 ');
    expect(firstPage).not.toContain('Amount in words');
    const lastPage = pdftotext(file, '-layout', '-f', String(pages), '-l', String(pages));
    // 40 × ₹750 at 1 + 2 + … + 40 pieces: ₹6,15,000 of tiles and ₹1,500 of shipping.
    expect(lastPage).toMatch(/Blue pottery tile no\. 40 +6913 +40 +₹750 +₹30,000 +6% +6%\n/);
    const lastLine = lastPage.indexOf('tile no. 40');
    expect(lastPage.indexOf('Shipping and packing')).toBeGreaterThan(lastLine);
    expect(lastPage).toMatch(/Taxable value +₹6,16,500\n/);
    expect(lastPage.indexOf('Amount in words')).toBeGreaterThan(lastLine);
    expect(lastPage).toContain('Authorised signatory');
  });

  it('names the document, embeds the font with the rupee sign and renders the same bytes again', async () => {
    const content = invoiceContent(invoiceInput());
    const file = await rendered(content);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+Tax Invoice KK\/26-27\/0001$/m);
    expect(info).toMatch(/^Page size:.*\(A4\)$/m);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/DejaVuSans\b.* yes +yes +yes/);
    expect(fonts).not.toContain('Helvetica');
    const again = await renderTaxDocumentPdf(content);
    expect(again.equals(await renderTaxDocumentPdf(content))).toBe(true);
  });
});
