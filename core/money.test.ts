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
});
