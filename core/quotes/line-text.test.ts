import { describe, expect, it } from 'vitest';
import { lineAmounts, lineText } from './line-text';

describe("a priced line's words", () => {
  it('reads quantity × unit price = line total, with the multiplication sign', () => {
    expect(lineText({ quantity: 20, unitPriceMinor: 230_000, lineTotalMinor: 4_600_000 })).toBe(
      '20 × ₹2,300 = ₹46,000',
    );
    expect(lineText({ quantity: 1, unitPriceMinor: 120_000, lineTotalMinor: 120_000 })).toContain(
      '\u00d7',
    );
  });

  it("prints amounts in spec §9's rupee format: Indian grouping, paise only when there are any", () => {
    expect(lineText({ quantity: 12, unitPriceMinor: 1_475_050, lineTotalMinor: 17_700_600 })).toBe(
      '12 × ₹14,750.50 = ₹1,77,006',
    );
  });

  it("takes the line's own total rather than working one out", () => {
    // An order keeps the total it was sold at, even where rounding made it differ.
    expect(lineText({ quantity: 3, unitPriceMinor: 33_333, lineTotalMinor: 100_000 })).toBe(
      '3 × ₹333.33 = ₹1,000',
    );
  });

  it('gives a table the same three figures', () => {
    expect(
      lineAmounts({ quantity: 2, unitPriceMinor: 1_000_050, lineTotalMinor: 2_000_100 }),
    ).toEqual({ quantity: '2', unitPrice: '₹10,000.50', lineTotal: '₹20,001' });
  });
});
