import { describe, expect, it } from 'vitest';
import {
  acceptPaymentMethods,
  amountDue,
  balanceDueOf,
  orderAdvanceOf,
  paymentTermsSentence,
  paymentTermsTexts,
  splitPayment,
  upiLimitMinor,
  upiTakes,
} from './payment-terms';

describe('splitPayment (advance rounded half up, balance the rest)', () => {
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
});

describe('paymentTermsSentence: the terms’ payment sentence, made from the offer’s numbers', () => {
  it('asks for payment in full on acceptance at 100%', () => {
    expect(paymentTermsSentence(19_096_000, 100)).toBe('Payment in full on acceptance.');
  });

  it('asks for the advance on acceptance and names the balance before dispatch below 100%', () => {
    expect(paymentTermsSentence(19_096_000, 50)).toBe(
      '50% advance on acceptance, the balance of ₹95,480 before dispatch.',
    );
    // ₹1,00,000 at 30%: the balance is ₹70,000, grouped as the shop writes rupees
    expect(paymentTermsSentence(100_000_00, 30)).toBe(
      '30% advance on acceptance, the balance of ₹70,000 before dispatch.',
    );
    expect(paymentTermsSentence(1_25_00_000_00, 10)).toBe(
      '10% advance on acceptance, the balance of ₹1,12,50,000 before dispatch.',
    );
  });

  it('names the balance to the paisa, the advance rounded half up so the two add up to the total', () => {
    // ₹2,430.09 at 50%: the advance ₹1,215.05 (half a paisa up), the balance ₹1,215.04
    expect(splitPayment(243_009, 50)).toEqual({ advanceMinor: 121_505, balanceMinor: 121_504 });
    expect(paymentTermsSentence(243_009, 50)).toBe(
      '50% advance on acceptance, the balance of ₹1,215.04 before dispatch.',
    );
    // ₹100.01 at 33%: the advance ₹33.00 (3,300.33 paise down), the balance ₹67.01
    expect(paymentTermsSentence(10_001, 33)).toBe(
      '33% advance on acceptance, the balance of ₹67.01 before dispatch.',
    );
  });

  it('asks for payment in full on acceptance whenever the order is paid in one payment', () => {
    // 0%: no advance, so the order asks for the whole total at once (orderAdvanceOf)
    expect(paymentTermsSentence(386_400, 0)).toBe('Payment in full on acceptance.');
    // 1 paisa cannot be split, and a free offer has nothing to split
    expect(paymentTermsSentence(1, 50)).toBe('Payment in full on acceptance.');
    expect(paymentTermsSentence(0, 50)).toBe('Payment in full on acceptance.');
    for (const [total, percent] of [
      [386_400, 0],
      [1, 50],
      [386_400, 100],
      [386_400, 50],
    ] as const) {
      const inFull = orderAdvanceOf(total, percent) === null;
      expect(
        paymentTermsSentence(total, percent).startsWith('Payment in full'),
        `${percent}%`,
      ).toBe(inFull);
    }
  });

  it('takes only a whole percentage from 0 to 100', () => {
    expect(() => paymentTermsSentence(386_400, 101)).toThrow(RangeError);
    expect(() => paymentTermsSentence(386_400, 12.5)).toThrow(RangeError);
  });
});

describe('amountDue (the advance first, then the balance)', () => {
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

describe('the Accept Offer form’s methods', () => {
  it('offers UPI only when it takes the first payment', () => {
    const limit = 100_000_00;
    expect(acceptPaymentMethods({ totalMinor: 100_000_00, advancePercent: 100 }, limit)).toEqual([
      'upi',
      'bank transfer',
    ]);
    expect(acceptPaymentMethods({ totalMinor: 100_000_01, advancePercent: 100 }, limit)).toEqual([
      'bank transfer',
    ]);
    // the advance is what is paid first
    expect(acceptPaymentMethods({ totalMinor: 150_000_00, advancePercent: 50 }, limit)).toEqual([
      'upi',
      'bank transfer',
    ]);
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
