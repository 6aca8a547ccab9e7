import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercentFromBasisPoints, formatRupees, minorToRupees, rupeesToMinor } from './money';

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

  it('formats a rate in basis points as a percentage without trailing zeros', () => {
    expect(formatPercentFromBasisPoints(1200)).toBe('12');
    expect(formatPercentFromBasisPoints(1250)).toBe('12.5');
    expect(formatPercentFromBasisPoints(1225)).toBe('12.25');
    expect(formatPercentFromBasisPoints(1805)).toBe('18.05');
    expect(formatPercentFromBasisPoints(5)).toBe('0.05');
    expect(formatPercentFromBasisPoints(0)).toBe('0');
    expect(formatPercentFromBasisPoints(28_000)).toBe('280');
    expect(() => formatPercentFromBasisPoints(12.5)).toThrow(RangeError);
  });

  it('reads as the rate divided by 100, printed the shortest way, for any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (basisPoints) => {
        expect(formatPercentFromBasisPoints(basisPoints)).toBe(String(basisPoints / 100));
      }),
      { numRuns: 2000 },
    );
  });
});
