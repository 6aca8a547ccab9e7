import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees, minorToRupees, rupeesToMinor } from './money';

describe('money', () => {
  it('converts whole and fractional rupees to paise without float drift', () => {
    expect(rupeesToMinor(1250)).toBe(125_000);
    expect(rupeesToMinor(19.99)).toBe(1999);
    expect(rupeesToMinor(0.1 + 0.2)).toBe(30);
    expect(minorToRupees(125_050)).toBe(1250.5);
  });

  it('formats with the rupee sign and Indian grouping', () => {
    expect(formatRupees(125_000)).toBe('₹1,250');
    expect(formatRupees(12_500_000)).toBe('₹1,25,000');
    expect(formatRupees(125_050)).toBe('₹1,250.50');
  });

  it('reads exactly as Intl’s en-IN rupee format for any amount', () => {
    const whole = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    const withPaise = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
    });
    const intl = (minor: number) =>
      (minor % 100 === 0 ? whole : withPaise).format(minorToRupees(minor));
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (minor) => {
        expect(formatRupees(minor)).toBe(intl(minor));
      }),
      { numRuns: 5000 },
    );
    for (const minor of [0, 1, 99, 100, 99_999, 100_000, 10_000_000, 12_345_678_900]) {
      expect(formatRupees(minor)).toBe(intl(minor));
    }
  });
});
