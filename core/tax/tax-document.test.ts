import { describe, expect, it } from 'vitest';
import { GSTIN_EXAMPLE } from './gstin';
import {
  RETURNED_GOODS_REASON,
  invoiceContent,
  returnedLinesCreditNote,
  type TaxDocumentBuyer,
} from './tax-document';

const buyer: TaxDocumentBuyer = {
  name: 'Asha Rao',
  company: null,
  gstin: null,
  billingAddress: ['Asha Rao'],
  shippingAddress: ['Asha Rao'],
};

/** 3 diyas at ₹333.33 and an urli, less ₹100, with ₹250 shipping, 12% GST split CGST/SGST in Rajasthan. */
const invoice = invoiceContent({
  number: 'KK/26-27/0001',
  issuedOn: '2026-12-01',
  financialYear: '26-27',
  orderNumber: 'ORD-20261201-0001',
  seller: { name: 'Kalakriti', address: 'Jaipur', gstin: GSTIN_EXAMPLE, stateCode: '08' },
  buyer,
  supply: { kind: 'intra_state', stateCode: '08' },
  lines: [
    { description: 'Brass diya', hsnCode: '7418', quantity: 3, unitPriceMinor: 333_33 },
    { description: 'Inlay urli', hsnCode: '6802', quantity: 1, unitPriceMinor: 4_000_00 },
  ],
  discountMinor: 100_00,
  shippingMinor: 250_00,
  gstRateBasisPoints: 1200,
  payments: [],
  approximateTotal: null,
});

const note = (counter: number) => ({
  number: `KK/26-27/CN${counter}`,
  issuedOn: '2026-12-10',
  financialYear: '26-27',
  reason: RETURNED_GOODS_REASON,
});

describe('the credit note of returned pieces (docs/requirements.md §24, CGST Rule 53)', () => {
  it('credits a whole line exactly as invoiced, without shipping, citing the invoice', () => {
    const credited = returnedLinesCreditNote(
      invoice,
      [{ lineIndex: 1, quantity: 1, creditedBefore: 0 }],
      note(1),
    );
    expect(credited.lines).toEqual([invoice.lines[1]]);
    expect(credited.shipping).toBeNull();
    const line = invoice.lines[1]!;
    expect(credited.taxableMinor).toBe(line.taxableMinor);
    expect(credited.taxMinor).toBe(line.cgstMinor + line.sgstMinor);
    expect(credited.totalMinor).toBe(credited.taxableMinor + credited.taxMinor);
    expect(credited).toMatchObject({
      kind: 'credit_note',
      title: 'Credit Note',
      cites: { number: 'KK/26-27/0001', issuedOn: '2026-12-01' },
      reason: 'Goods returned',
      payments: [],
      balanceDueMinor: 0,
    });
  });

  it('credits a line returned in parts so that the parts add up to the line, to the paisa', () => {
    const line = invoice.lines[0]!;
    // One diya at a time, three returns: each credits its rounded share up to its last piece.
    const parts = [0, 1, 2].map(
      (creditedBefore) =>
        returnedLinesCreditNote(
          invoice,
          [{ lineIndex: 0, quantity: 1, creditedBefore }],
          note(2 + creditedBefore),
        ).lines[0]!,
    );
    for (const key of [
      'grossMinor',
      'discountMinor',
      'taxableMinor',
      'cgstMinor',
      'sgstMinor',
    ] as const) {
      expect(
        parts.reduce((sum, part) => sum + part[key], 0),
        key,
      ).toBe(line[key]);
    }
    // Some of the line's figures do not divide by three: equal thirds would not add up.
    expect(
      [line.discountMinor, line.taxableMinor, line.sgstMinor].some((minor) => minor % 3 !== 0),
    ).toBe(true);
  });

  it('refuses more of a line than is left to credit', () => {
    expect(() =>
      returnedLinesCreditNote(invoice, [{ lineIndex: 0, quantity: 2, creditedBefore: 2 }], note(4)),
    ).toThrow(RangeError);
    expect(() =>
      returnedLinesCreditNote(invoice, [{ lineIndex: 5, quantity: 1, creditedBefore: 0 }], note(4)),
    ).toThrow(RangeError);
  });
});
