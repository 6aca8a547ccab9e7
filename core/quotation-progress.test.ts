import { describe, expect, it } from 'vitest';
import { quotationPaymentNote, quotationStatusText } from './quotation-progress';

describe('a quotation accepted but not yet paid (issue 30 §3)', () => {
  it('reads "Accepted, awaiting payment" beside "Completed" while its order is unpaid', () => {
    const unpaid = { status: 'pending', paymentStatus: 'pending' } as const;
    expect(quotationPaymentNote(unpaid)).toBe('Accepted, awaiting payment');
    expect(quotationStatusText('completed', unpaid)).toBe('Completed · Accepted, awaiting payment');
    expect(quotationPaymentNote({ status: 'pending', paymentStatus: 'failed' })).toBe(
      'Accepted, awaiting payment',
    );
  });

  it('reads "Completed" alone once paid, refunded or cancelled, and before any order', () => {
    expect(quotationStatusText('completed', { status: 'confirmed', paymentStatus: 'paid' })).toBe(
      'Completed',
    );
    expect(quotationPaymentNote({ status: 'cancelled', paymentStatus: 'pending' })).toBeNull();
    expect(quotationPaymentNote({ status: 'pending', paymentStatus: 'refunded' })).toBeNull();
    // issue 32
    expect(
      quotationStatusText('completed', { status: 'confirmed', paymentStatus: 'partially_paid' }),
    ).toBe('Completed · Advance paid, balance due');
    expect(quotationStatusText('processing', null)).toBe('Processing');
  });
});
