import { describe, expect, it } from 'vitest';
import {
  advanceTermsText,
  amountDue,
  balanceDueOf,
  orderAdvanceOf,
  paymentTermsTexts,
  splitPayment,
  upiLimitMinor,
  upiTakes,
} from './payment-terms';

describe('splitPayment (issue 32: advance rounded half up, balance the rest)', () => {
  it.each([
    // total, percent, advance, balance
    [19_096_000, 50, 9_548_000, 9_548_000],
    [386_400, 50, 193_200, 193_200],
    [101, 50, 51, 50], // 50.5 paise rounds up
    [3, 50, 2, 1],
    [1, 50, 1, 0],
    [100_001, 30, 30_000, 70_001], // 30000.3 rounds down
    [100_005, 30, 30_002, 70_003], // 30001.5 rounds up
    [999, 33, 330, 669], // 329.67
    [0, 50, 0, 0],
    [12_345, 0, 0, 12_345],
    [12_345, 100, 12_345, 0],
    [2_000_000_000, 99, 1_980_000_000, 20_000_000], // the largest offer stays exact
    [1_999_999_999, 1, 20_000_000, 1_979_999_999],
  ])('%i paise at %i%% → advance %i, balance %i', (total, percent, advance, balance) => {
    const split = splitPayment(total, percent);
    expect(split).toEqual({ advanceMinor: advance, balanceMinor: balance });
    expect(split.advanceMinor + split.balanceMinor).toBe(total);
  });

  it('always adds up to the total', () => {
    for (let total = 0; total < 2_000; total += 7) {
      for (let percent = 0; percent <= 100; percent += 1) {
        const { advanceMinor, balanceMinor } = splitPayment(total, percent);
        expect(advanceMinor + balanceMinor).toBe(total);
        expect(advanceMinor).toBeGreaterThanOrEqual(0);
        expect(balanceMinor).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses a percentage outside 0–100 or a fractional amount', () => {
    expect(() => splitPayment(100, 101)).toThrow(RangeError);
    expect(() => splitPayment(100, -1)).toThrow(RangeError);
    expect(() => splitPayment(100, 12.5)).toThrow(RangeError);
    expect(() => splitPayment(10.5, 50)).toThrow(RangeError);
  });
});

describe('the order’s advance', () => {
  it('is null when the order is paid in one payment', () => {
    expect(orderAdvanceOf(386_400, 100)).toBeNull();
    expect(orderAdvanceOf(386_400, 0)).toBeNull();
    expect(orderAdvanceOf(1, 50)).toBeNull(); // 1 paisa cannot be split
    expect(orderAdvanceOf(386_400, 50)).toBe(193_200);
  });

  it('reads the offer’s terms in the issue’s words', () => {
    expect(advanceTermsText(19_096_000, 50)).toBe(
      'Advance 50%: ₹95,480 on acceptance; balance ₹95,480 before dispatch',
    );
    expect(advanceTermsText(19_096_000, 100)).toBeNull();
  });
});

describe('amountDue (issue 32: the advance first, then the balance)', () => {
  const order = { totalMinor: 386_400, advanceMinor: 193_200 };
  it.each([
    ['pending', 193_200, 193_200, 'advance', 0],
    ['partially_paid', 193_200, 193_200, 'balance', 193_200],
    ['pending', null, 386_400, 'full', 0],
  ] as const)('%s with advance %s asks for %i (%s)', (status, advance, amount, stage, due) => {
    const payment = { ...order, advanceMinor: advance, paymentStatus: status };
    expect(amountDue(payment)).toEqual({ stage, amountMinor: amount });
    expect(balanceDueOf(payment)).toBe(due);
  });

  it.each(['paid', 'failed', 'refunded', 'cancelled'] as const)('%s asks for nothing', (status) => {
    expect(amountDue({ ...order, paymentStatus: status })).toBeNull();
    expect(balanceDueOf({ ...order, paymentStatus: status })).toBe(0);
  });
});

describe('the UPI limit', () => {
  it('is the setting in paise, ₹1,00,000 when unreadable', () => {
    expect(upiLimitMinor('100000')).toBe(10_000_000);
    expect(upiLimitMinor('250000')).toBe(25_000_000);
    expect(upiLimitMinor('')).toBe(10_000_000);
  });

  it('takes the limit itself and nothing above it', () => {
    expect(upiTakes(10_000_000, 10_000_000)).toBe(true);
    expect(upiTakes(10_000_001, 10_000_000)).toBe(false);
    expect(paymentTermsTexts.upiOverLimit(10_000_000)).toBe(
      'UPI takes at most ₹1,00,000 in one payment, so please pay this amount by bank transfer.',
    );
  });

  it('asks before shipping with a balance due, in the issue’s words', () => {
    expect(paymentTermsTexts.shipWithBalanceDue(9_548_000)).toBe(
      'The balance of ₹95,480 is not yet paid. Ship anyway?',
    );
  });
});
