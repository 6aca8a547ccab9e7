import { describe, expect, it } from 'vitest';
import {
  hasMoneyToRefund,
  paymentStatusAfterRefund,
  refundAmountMinor,
  refundBalance,
  refundFormSchema,
  refundProblems,
} from './refunds';

describe('a refund’s amount, as the owner types it (docs/requirements.md §24)', () => {
  it.each([
    ['12450', 1_245_000],
    ['12,450.50', 1_245_050],
    ['₹ 1,24,600', 12_460_000],
    ['0.5', 50],
  ])('reads %s as %i paise', (text, paise) => {
    expect(refundAmountMinor(text)).toBe(paise);
  });

  it.each(['', '0', '0.00', '-5', '12.345', '1e3', 'twelve', '1234567890'])(
    'refuses %j',
    (text) => {
      expect(refundAmountMinor(text)).toBeNull();
    },
  );

  it('refuses a form without its method or reference, each with its sentence', () => {
    const result = refundFormSchema.safeParse({ action: 'cancel', amount: '10', method: 'cash' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(refundProblems.method);
    expect(messages).toContain(refundProblems.reference);
  });
});

describe('what is left to refund, and the status it leaves', () => {
  const paid = { paymentStatus: 'paid' as const, totalMinor: 302_400, advanceMinor: null };

  it('measures a paid order by its total, an advance-paid one by its advance, an unpaid one by nothing', () => {
    expect(refundBalance(paid, [])).toEqual({
      receivedMinor: 302_400,
      refundedMinor: 0,
      leftMinor: 302_400,
    });
    expect(
      refundBalance(
        { paymentStatus: 'partially_paid', totalMinor: 302_400, advanceMinor: 100_000 },
        [],
      ).leftMinor,
    ).toBe(100_000);
    expect(
      refundBalance({ paymentStatus: 'pending', totalMinor: 302_400, advanceMinor: null }, [])
        .receivedMinor,
    ).toBe(0);
  });

  it('keeps measuring a partly refunded order by what its first refund recorded', () => {
    const partly = { ...paid, paymentStatus: 'partly_refunded' as const };
    expect(refundBalance(partly, [{ amountMinor: 100_000, receivedMinor: 302_400 }])).toEqual({
      receivedMinor: 302_400,
      refundedMinor: 100_000,
      leftMinor: 202_400,
    });
    expect(paymentStatusAfterRefund(302_400, 100_000)).toBe('partly_refunded');
    expect(paymentStatusAfterRefund(302_400, 302_400)).toBe('refunded');
  });

  it('offers a refund while money is held: paid, advance paid or partly refunded', () => {
    expect(
      (['paid', 'partially_paid', 'partly_refunded', 'refunded', 'pending', null] as const).map(
        hasMoneyToRefund,
      ),
    ).toEqual([true, true, true, false, false, false]);
  });
});
