import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOfferPdf, type OfferDocument } from './offer-pdf';

// Read back with poppler's tools (.ci/run installs poppler-utils), as a customer's viewer would.
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'offer-pdf-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let fileCount = 0;
function saved(pdf: Buffer): string {
  fileCount += 1;
  const file = path.join(folder, `offer-${fileCount}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function pdftotext(file: string, ...options: string[]): string {
  return execFileSync('pdftotext', [...options, file, '-'], { encoding: 'utf8' });
}

function pdfinfo(file: string): Record<string, string> {
  const output = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .flatMap((match) => (match ? [[match[1], match[2]]] : [])),
  );
}

function offer(overrides: Partial<OfferDocument> = {}): OfferDocument {
  return {
    shop: {
      name: 'Jaipur Artisan Decor',
      address: '12 Johari Bazaar, Jaipur, Rajasthan 302003',
      phone: '+91 98765 43210',
      email: 'hello@jaipur-decor.example',
      gstin: '08ABCDE1234F1Z0',
    },
    reference: 'Q-20261124-0001',
    version: 2,
    issuedAt: new Date('2026-11-24T09:30:00Z'),
    customer: {
      name: 'Anjali Mehta',
      company: 'Mehta Interiors',
      mobile: '+91 91234 56789',
      email: 'anjali@mehta.example',
    },
    lines: [
      {
        description: 'Marble Ganesha – white',
        quantity: 2,
        unitPriceMinor: 2_500_000,
        lineTotalMinor: 5_000_000,
      },
      {
        description: 'Brass diya set',
        quantity: 10,
        unitPriceMinor: 450_050,
        lineTotalMinor: 4_500_500,
      },
      {
        description: 'Sheesham wood jharokha',
        quantity: 1,
        unitPriceMinor: 1_200_000,
        lineTotalMinor: 1_200_000,
      },
    ],
    subtotalMinor: 10_700_500,
    discountMinor: 50_100,
    shippingMinor: 150_000,
    gstRateBasisPoints: 1250,
    gstMinor: 1_350_050,
    totalMinor: 12_150_450,
    validUntil: '2026-12-08',
    leadTimeDays: 21,
    advancePercent: 100,
    terms: 'Prices include packing. Returns within 7 days of delivery.',
    note: 'The Ganesha can be made 10% larger for the same price.',
    payment: {
      upiId: 'jaipurdecor@okaxis',
      bankDetails: 'HDFC Bank, Johari Bazaar\nAccount 50100123456789, IFSC HDFC0001234',
    },
    ...overrides,
  };
}

describe('renderOfferPdf', () => {
  it('prints the shop, the offer, its lines, totals, validity and how to pay', async () => {
    const text = pdftotext(saved(await renderOfferPdf(offer())), '-layout');

    for (const expected of [
      'Jaipur Artisan Decor',
      '12 Johari Bazaar, Jaipur, Rajasthan 302003',
      '+91 98765 43210',
      'hello@jaipur-decor.example',
      'GSTIN 08ABCDE1234F1Z0',
      'Quotation Q-20261124-0001',
      'Offer v2',
      'November 24, 2026',
      'Anjali Mehta',
      'Mehta Interiors',
      '+91 91234 56789',
      'anjali@mehta.example',
      'Marble Ganesha – white',
      'Brass diya set',
      'Sheesham wood jharokha',
      'Lead time: 21 days',
      'Payment in full on acceptance.',
      'Prices include packing. Returns within 7 days of delivery.',
      'The Ganesha can be made 10% larger for the same price.',
      'How to pay',
      'jaipurdecor@okaxis',
      'Account 50100123456789, IFSC HDFC0001234',
    ]) {
      expect(text).toContain(expected);
    }
    // Each line's quantity, unit price and line total on the line's own row.
    expect(text).toMatch(/Marble Ganesha – white +2 +₹25,000 +₹50,000\n/);
    expect(text).toMatch(/Brass diya set +10 +₹4,500.50 +₹45,005\n/);
    expect(text).toMatch(/Sheesham wood jharokha +1 +₹12,000 +₹12,000\n/);
    expect(text).toMatch(/Piece +Quantity +Unit price +Line total\n/);
    expect(text).toMatch(/Subtotal +₹1,07,005\n/);
    expect(text).toMatch(/Discount +−₹501\n/);
    expect(text).toMatch(/Shipping +₹1,500\n/);
    expect(text).toMatch(/GST \(12\.5%\) +₹13,500.50\n/);
    expect(text).toMatch(/Total +₹1,21,504.50\n/);
  });

  it('prints the terms’ payment sentence from the offer’s own advance, before the shop’s terms', async () => {
    const words = (text: string) => text.replaceAll(/\s+/g, ' ');
    // ₹1,21,504.50 at 50%: ₹60,752.25 each
    const text = words(
      pdftotext(saved(await renderOfferPdf(offer({ advancePercent: 50 }))), '-raw'),
    );
    expect(text).toContain(
      'Terms 50% advance on acceptance, the balance of ₹60,752.25 before dispatch. Prices include packing.',
    );
    expect(text).not.toContain('Payment in full');
    const inFull = words(pdftotext(saved(await renderOfferPdf(offer())), '-raw'));
    expect(inFull).toContain('Terms Payment in full on acceptance. Prices include packing.');
    expect(inFull).not.toContain('advance');
    // With no terms of the shop's own, the payment sentence still prints.
    const bare = words(pdftotext(saved(await renderOfferPdf(offer({ terms: '' }))), '-raw'));
    expect(bare).toContain('Terms Payment in full on acceptance.');
  });

  it('prints the valid-until date as the shop’s calendar day, whatever the server’s time zone', async () => {
    const serverZone = process.env.TZ;
    // West of UTC, 2026-12-08 read as a local date would print as December 7.
    process.env.TZ = 'America/Los_Angeles';
    try {
      const text = pdftotext(saved(await renderOfferPdf(offer())), '-layout');
      expect(text).toContain('Valid until December 8, 2026');
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
  });

  it('leaves out the GSTIN, the discount, the lead time and the note when there are none', async () => {
    const text = pdftotext(
      saved(
        await renderOfferPdf(
          offer({
            shop: { ...offer().shop, gstin: '' },
            discountMinor: 0,
            leadTimeDays: null,
            note: null,
            customer: { ...offer().customer, company: null, email: null },
          }),
        ),
      ),
      '-layout',
    );
    expect(text).not.toContain('GSTIN');
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Lead time');
    expect(text).not.toContain('Note');
    expect(text).not.toContain('Mehta Interiors');
    expect(text).toMatch(/Subtotal +₹1,07,005\n/);
    expect(text).toMatch(/Total +₹1,21,504.50\n/);
  });

  it('wraps a long description inside its column', async () => {
    const description =
      'Marble Ganesha – white, hand-carved in Makrana marble with gold-leaf detailing on the crown, seated on a lotus base and packed in a padded wooden crate';
    const file = saved(
      await renderOfferPdf(
        offer({
          lines: [
            { description, quantity: 1, unitPriceMinor: 2_500_000, lineTotalMinor: 2_500_000 },
          ],
        }),
      ),
    );
    const rows = pdftotext(file, '-layout').split('\n');
    const firstRow = rows.findIndex((row) => row.includes('Marble Ganesha'));
    // The first row carries the figures; the rest of the description continues beneath it in
    // the Piece column, never running into the figures' columns.
    expect(rows[firstRow]).toMatch(/Marble Ganesha – white, .* +1 +₹25,000 +₹25,000$/);
    const continued = rows.slice(firstRow + 1, firstRow + 6).filter((row) => row.trim() !== '');
    expect(continued.length).toBeGreaterThanOrEqual(2);
    expect(continued.every((row) => row.trimEnd().length < 50)).toBe(true);
    const readingOrder = pdftotext(file).replace(/\s+/g, ' ');
    expect(readingOrder).toContain(description);
  });

  it('prints “Made to order (not returnable)” under a made-to-order piece, below its whole description (§24)', async () => {
    const long =
      'Marble Ganesha – white, hand-carved in Makrana marble with gold-leaf detailing on the crown';
    const file = saved(
      await renderOfferPdf(
        offer({
          lines: [
            {
              description: long,
              quantity: 1,
              unitPriceMinor: 2_500_000,
              lineTotalMinor: 2_500_000,
              madeToOrder: true,
            },
            {
              description: 'Brass diya set',
              quantity: 10,
              unitPriceMinor: 450_050,
              lineTotalMinor: 4_500_500,
              madeToOrder: false,
            },
          ],
        }),
      ),
    );
    const rows = pdftotext(file, '-layout')
      .split('\n')
      .map((row) => row.trim())
      .filter((row) => row !== '');
    const mark = rows.indexOf('Made to order (not returnable)');
    const diyas = rows.findIndex((row) => row.startsWith('Brass diya set'));
    // After the description's last words, before the next line; only once.
    expect(mark).toBeGreaterThan(rows.findIndex((row) => row.endsWith('on the crown')));
    expect(diyas).toBe(mark + 1);
    expect(rows.filter((row) => row.includes('Made to order'))).toHaveLength(1);
    expect(pdftotext(file).replace(/\s+/g, ' ')).toContain(
      `${long} Made to order (not returnable)`,
    );
  });

  it('flows sixty lines onto further pages with the table header repeated', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      description: `Hand-painted tile no. ${index + 1}`,
      quantity: index + 1,
      unitPriceMinor: 75_000,
      lineTotalMinor: 75_000 * (index + 1),
    }));
    const file = saved(await renderOfferPdf(offer({ lines })));

    const pages = Number(pdfinfo(file).Pages);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdftotext(file, '-layout');
    expect(text).toMatch(/Hand-painted tile no\. 60 +60 +₹750 +₹45,000\n/);
    for (let page = 2; page <= pages; page += 1) {
      const pageText = pdftotext(file, '-layout', '-f', String(page), '-l', String(page));
      expect(pageText).toContain(`Page ${page} of ${pages}`);
    }
    const secondPage = pdftotext(file, '-layout', '-f', '2', '-l', '2');
    expect(secondPage).toMatch(/Piece +Quantity +Unit price +Line total\n/);
    expect(text.match(/Piece +Quantity +Unit price +Line total/g)?.length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('names the document and embeds the font that has the rupee sign', async () => {
    const file = saved(await renderOfferPdf(offer()));
    const info = pdfinfo(file);
    expect(info.Title).toBe('Quotation Q-20261124-0001 v2');
    expect(info['Page size']).toContain('(A4)');
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/DejaVuSans\b.* yes +yes +yes/);
    expect(fonts).not.toContain('Helvetica');
  });

  it('renders the same offer to the same bytes', async () => {
    const first = await renderOfferPdf(offer());
    const second = await renderOfferPdf(offer());
    expect(first.equals(second)).toBe(true);
  });
});
