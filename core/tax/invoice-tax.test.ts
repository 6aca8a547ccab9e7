import { describe, expect, it } from 'vitest';
import { computeOfferTotals } from '../quotes/quote-offer';
import {
  computeInvoiceTax,
  hsnSummary,
  largestRemainderShares,
  splitCentralAndState,
  type InvoiceGoodsLine,
  type InvoiceTaxInput,
} from './invoice-tax';
import type { IssuablePlaceOfSupply } from './place-of-supply';

const sameState: IssuablePlaceOfSupply = { kind: 'intra_state', stateCode: '08' };
const otherState: IssuablePlaceOfSupply = { kind: 'inter_state', stateCode: '27' };
const exportUnderLut: IssuablePlaceOfSupply = {
  kind: 'export_under_lut',
  country: 'US',
  lutArn: 'AD080326000123X',
};
const exportWithIgst: IssuablePlaceOfSupply = { kind: 'export_with_igst', country: 'US' };

const piece = (quantity: number, unitPriceMinor: number, hsnCode = '6802'): InvoiceGoodsLine => ({
  description: `Piece of ${unitPriceMinor}`,
  hsnCode,
  quantity,
  unitPriceMinor,
});

const taxOf = (input: InvoiceTaxInput) => computeInvoiceTax(input);

describe('computeInvoiceTax by place of supply', () => {
  // Two pieces of ₹500 at 12%: ₹1,000 taxable, ₹120 tax.
  const base = { lines: [piece(2, 50_000)], discountMinor: 0, shippingMinor: 0 };

  it.each([
    ['same state: CGST and SGST, half each', sameState, 1200, 6000, 6000, 0, 112_000],
    ['another state: IGST', otherState, 1200, 0, 0, 12_000, 112_000],
    ['export without a LUT: IGST', exportWithIgst, 1200, 0, 0, 12_000, 112_000],
    ['export under a LUT: no tax, rate 0', exportUnderLut, 0, 0, 0, 0, 100_000],
  ])('%s', (_case, supply, lineRate, cgst, sgst, igst, total) => {
    const result = taxOf({ ...base, gstRateBasisPoints: 1200, supply });
    expect(result.lines).toEqual([
      {
        description: 'Piece of 50000',
        hsnCode: '6802',
        quantity: 2,
        unitPriceMinor: 50_000,
        grossMinor: 100_000,
        discountMinor: 0,
        taxableMinor: 100_000,
        rateBasisPoints: lineRate,
        cgstMinor: cgst,
        sgstMinor: sgst,
        igstMinor: igst,
      },
    ]);
    expect(result).toMatchObject({
      shipping: null,
      taxableMinor: 100_000,
      cgstMinor: cgst,
      sgstMinor: sgst,
      igstMinor: igst,
      taxMinor: cgst + sgst + igst,
      totalMinor: total,
    });
  });
});

describe('the discount over the lines', () => {
  it.each([
    // 100 over 10,000 / 20,000 / 30,000: 16.67, 33.33, 50 → the largest remainder (.67) takes the paisa.
    [[10_000, 20_000, 30_000], 100, [17, 33, 50]],
    // Equal lines: the remainders tie, the earlier lines take the paise.
    [[10_000, 10_000, 10_000], 100, [34, 33, 33]],
    [[10_000, 10_000, 10_000], 2, [1, 1, 0]],
    // 1,000 over 9,999 / 4,999 / 2: 666.6, 333.27, 0.13 → 666, 333, 0, and the paisa to the .6.
    [[9_999, 4_999, 2], 1_000, [667, 333, 0]],
    // 7 over 1 / 1 / 5 (7 paise in all): each line its whole value.
    [[1, 1, 5], 7, [1, 1, 5]],
    [[30_000, 20_000, 10_000], 0, [0, 0, 0]],
  ])('lines %j, discount %i → shares %j', (grosses, discount, shares) => {
    const result = taxOf({
      lines: grosses.map((gross) => piece(1, gross)),
      discountMinor: discount,
      shippingMinor: 0,
      gstRateBasisPoints: 1200,
      supply: otherState,
    });
    expect(result.lines.map((line) => line.discountMinor)).toEqual(shares);
    expect(result.lines.map((line) => line.taxableMinor)).toEqual(
      grosses.map((gross, index) => gross - shares[index]!),
    );
  });

  it('shares by gross value, quantity × unit price', () => {
    const result = taxOf({
      lines: [piece(3, 1_000), piece(1, 1_000)],
      discountMinor: 400,
      shippingMinor: 0,
      gstRateBasisPoints: 0,
      supply: otherState,
    });
    expect(result.lines.map((line) => [line.grossMinor, line.discountMinor])).toEqual([
      [3_000, 300],
      [1_000, 100],
    ]);
  });
});

describe('shipping', () => {
  it('is a line of its own with the first line’s HSN code, and takes no discount', () => {
    const result = taxOf({
      lines: [piece(1, 100_000, '6802'), piece(1, 20_000, '7418')],
      discountMinor: 12_000,
      shippingMinor: 5_000,
      gstRateBasisPoints: 1200,
      supply: otherState,
    });
    expect(result.shipping).toEqual({
      description: 'Shipping and packing',
      hsnCode: '6802',
      quantity: 1,
      unitPriceMinor: 5_000,
      grossMinor: 5_000,
      discountMinor: 0,
      taxableMinor: 5_000,
      rateBasisPoints: 1200,
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 600,
    });
    expect(result.lines.map((line) => [line.discountMinor, line.igstMinor])).toEqual([
      [10_000, 10_800],
      [2_000, 2_160],
    ]);
    // 1,20,000 − 12,000 + 5,000 = 1,13,000 taxable; 12% is 13,560.
    expect(result).toMatchObject({ taxableMinor: 113_000, taxMinor: 13_560, totalMinor: 126_560 });
  });

  it('is none when there is no shipping charge', () => {
    expect(
      taxOf({
        lines: [piece(1, 1_000)],
        discountMinor: 0,
        shippingMinor: 0,
        gstRateBasisPoints: 1200,
        supply: sameState,
      }).shipping,
    ).toBeNull();
  });
});

describe('reconciling the lines’ tax with the offer’s GST', () => {
  it.each([
    // Two lines of ₹100.04 at 12%: 1,200.48 each. Rounded one by one they make 2,400; the offer's
    // GST on 20,008 is 2,400.96 → 2,401. The missing paisa goes to the earlier line (a tie).
    ['rounding each line loses a paisa', [10_004, 10_004], 0, 0, 1200, [1201, 1200], 2401],
    // ₹100.21 twice: 1,202.52 each rounds to 1,203 (2,406); the offer's GST is 2,405.04 → 2,405.
    ['rounding each line adds a paisa', [10_021, 10_021], 0, 0, 1200, [1203, 1202], 2405],
    // 12.5%: lines 9,999 and 4,999 less 1,000 (667 and 333), shipping 1,234 → 9,332, 4,666 and
    // 1,234, exact 1,166.5, 583.25 and 154.25; the offer's GST is 1,904, the .5 takes the paisa.
    [
      'discount, shipping and a half rate',
      [9_999, 4_999],
      1_000,
      1_234,
      1250,
      [1167, 583, 154],
      1904,
    ],
  ])('%s', (_case, grosses, discount, shipping, rate, lineTaxes, total) => {
    const input: InvoiceTaxInput = {
      lines: grosses.map((gross) => piece(1, gross)),
      discountMinor: discount,
      shippingMinor: shipping,
      gstRateBasisPoints: rate,
      supply: otherState,
    };
    const result = taxOf(input);
    const allLines = [...result.lines, ...(result.shipping ? [result.shipping] : [])];
    expect(allLines.map((line) => line.igstMinor)).toEqual(lineTaxes);
    expect(result.taxMinor).toBe(total);
    expect(computeOfferTotals(input).gstMinor).toBe(total);
    for (const line of allLines) {
      expect(Math.abs(line.igstMinor * 10_000 - line.taxableMinor * rate)).toBeLessThan(10_000);
    }
  });

  it.each([
    // 1,201 of tax: CGST takes the odd paisa.
    [[10_004, 10_004], 0, 0, 1200, [601, 600], [600, 600], 1201, 1200],
    // 1,167 / 583 / 154 (the 12.5% case above, in the shop's own state).
    [[9_999, 4_999], 1_000, 1_234, 1250, [584, 292, 77], [583, 291, 77], 953, 951],
  ])(
    'same state %j less %i plus %i at %i: CGST %j, SGST %j',
    (grosses, discount, shipping, rate, cgst, sgst, cgstTotal, sgstTotal) => {
      const result = taxOf({
        lines: grosses.map((gross) => piece(1, gross)),
        discountMinor: discount,
        shippingMinor: shipping,
        gstRateBasisPoints: rate,
        supply: sameState,
      });
      const allLines = [...result.lines, ...(result.shipping ? [result.shipping] : [])];
      expect(allLines.map((line) => line.cgstMinor)).toEqual(cgst);
      expect(allLines.map((line) => line.sgstMinor)).toEqual(sgst);
      expect(allLines.every((line) => line.igstMinor === 0)).toBe(true);
      expect([result.cgstMinor, result.sgstMinor]).toEqual([cgstTotal, sgstTotal]);
    },
  );

  const orders: [string, Omit<InvoiceTaxInput, 'supply'>][] = [
    [
      'one piece',
      { lines: [piece(1, 1_49_900)], discountMinor: 0, shippingMinor: 0, gstRateBasisPoints: 1200 },
    ],
    [
      'three pieces, a discount and shipping at 12%',
      {
        lines: [piece(2, 12_345), piece(3, 6_789), piece(1, 99_999)],
        discountMinor: 7_777,
        shippingMinor: 2_501,
        gstRateBasisPoints: 1200,
      },
    ],
    [
      'five pieces at 18% with an odd discount',
      {
        lines: [piece(1, 333), piece(7, 1_111), piece(2, 5_555), piece(1, 1), piece(4, 2_049)],
        discountMinor: 999,
        shippingMinor: 1_999,
        gstRateBasisPoints: 1800,
      },
    ],
    [
      'a large order at 5%',
      {
        lines: [piece(40, 4_99_999), piece(25, 19_99_999)],
        discountMinor: 1_23_457,
        shippingMinor: 50_001,
        gstRateBasisPoints: 500,
      },
    ],
  ];

  it.each(orders)('%s: the invoice charges what the offer charged', (_case, order) => {
    const offer = computeOfferTotals(order);
    for (const supply of [sameState, otherState, exportWithIgst]) {
      const result = taxOf({ ...order, supply });
      expect(result.taxableMinor).toBe(offer.taxableMinor);
      expect(result.taxMinor).toBe(offer.gstMinor);
      expect(result.totalMinor).toBe(offer.totalMinor);
      expect(result.cgstMinor + result.sgstMinor + result.igstMinor).toBe(offer.gstMinor);
    }
    const underLut = taxOf({ ...order, supply: exportUnderLut });
    expect(underLut.taxMinor).toBe(0);
    expect(underLut.totalMinor).toBe(offer.taxableMinor);
    expect(underLut.lines.every((line) => line.rateBasisPoints === 0)).toBe(true);
    expect(underLut.lines.map((line) => line.discountMinor).reduce((a, b) => a + b, 0)).toBe(
      order.discountMinor,
    );
  });
});

describe('refusals', () => {
  const valid: InvoiceTaxInput = {
    lines: [piece(1, 1_000)],
    discountMinor: 0,
    shippingMinor: 0,
    gstRateBasisPoints: 1200,
    supply: otherState,
  };
  it.each<[string, Partial<InvoiceTaxInput>]>([
    ['no lines', { lines: [] }],
    ['a discount above the lines', { discountMinor: 1_001 }],
    ['a negative discount', { discountMinor: -1 }],
    ['paise with a fraction', { shippingMinor: 0.5 }],
    ['a quantity of 0', { lines: [piece(0, 1_000)] }],
    ['a rate above 100%', { gstRateBasisPoints: 10_001 }],
  ])('refuses %s', (_case, change) => {
    expect(() => taxOf({ ...valid, ...change })).toThrow(RangeError);
  });
});

describe('largestRemainderShares and splitCentralAndState', () => {
  it.each([
    // 10 × 1/3 each: 3.33 three times, the tie to the earliest.
    [10, [10, 10, 10], 3, [4, 3, 3]],
    // 1.67, 1 and 0.33: the .67 takes the missing unit.
    [3, [5, 3, 1], 3, [2, 1, 0]],
    [0, [0, 0], 1, [0, 0]],
  ])('%i over %j / %i → %j', (total, numerators, denominator, shares) => {
    expect(largestRemainderShares(total, numerators.map(BigInt), BigInt(denominator))).toEqual(
      shares,
    );
  });

  it('refuses a total the rounded-down shares cannot make up', () => {
    expect(() => largestRemainderShares(5, [1n, 1n], 1n)).toThrow(RangeError);
    expect(() => largestRemainderShares(1, [3n, 3n], 1n)).toThrow(RangeError);
  });

  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [1201, 601, 600],
    [1200, 600, 600],
  ])('tax %i → CGST %i, SGST %i', (tax, cgst, sgst) => {
    expect(splitCentralAndState(tax)).toEqual({ cgstMinor: cgst, sgstMinor: sgst });
  });
});

describe('hsnSummary', () => {
  it('groups by HSN code and rate, shipping in its principal supply’s row without pieces', () => {
    const result = taxOf({
      lines: [piece(2, 10_000, '6802'), piece(3, 5_000, '7418'), piece(1, 20_000, '6802')],
      discountMinor: 0,
      shippingMinor: 2_000,
      gstRateBasisPoints: 1200,
      supply: sameState,
    });
    expect(hsnSummary(result)).toEqual([
      {
        hsnCode: '6802',
        rateBasisPoints: 1200,
        quantity: 3,
        taxableMinor: 42_000,
        igstMinor: 0,
        cgstMinor: 2_520,
        sgstMinor: 2_520,
      },
      {
        hsnCode: '7418',
        rateBasisPoints: 1200,
        quantity: 3,
        taxableMinor: 15_000,
        igstMinor: 0,
        cgstMinor: 900,
        sgstMinor: 900,
      },
    ]);
  });

  it('keeps rate 0 rows apart for an export under a LUT', () => {
    const result = taxOf({
      lines: [piece(1, 10_000, '4420')],
      discountMinor: 0,
      shippingMinor: 0,
      gstRateBasisPoints: 1200,
      supply: exportUnderLut,
    });
    expect(hsnSummary(result)).toEqual([
      {
        hsnCode: '4420',
        rateBasisPoints: 0,
        quantity: 1,
        taxableMinor: 10_000,
        igstMinor: 0,
        cgstMinor: 0,
        sgstMinor: 0,
      },
    ]);
  });
});
