import { describe, expect, it } from 'vitest';
import {
  quotationPaymentNote,
  quotationStatusText,
  quotationStatusWords,
} from './quotation-progress';

describe('a quotation’s status names where it is', () => {
  it('reads "Accepted, awaiting payment", never "Completed", while its order is unpaid', () => {
    const unpaid = { status: 'pending', paymentStatus: 'pending' } as const;
    expect(quotationStatusText('completed', unpaid)).toBe('Accepted, awaiting payment');
    expect(quotationStatusWords('completed', unpaid)).toEqual({
      status: null,
      note: 'Accepted, awaiting payment',
    });
    expect(quotationStatusText('completed', { status: 'pending', paymentStatus: 'failed' })).toBe(
      'Accepted, awaiting payment',
    );
  });

  it('reads "Advance paid, balance due" once the advance is in', () => {
    expect(
      quotationStatusText('completed', { status: 'confirmed', paymentStatus: 'partially_paid' }),
    ).toBe('Advance paid, balance due');
  });

  it('reads "Completed · Paid" once fully paid', () => {
    const paid = { status: 'confirmed', paymentStatus: 'paid' } as const;
    expect(quotationStatusText('completed', paid)).toBe('Completed · Paid');
    expect(quotationStatusWords('completed', paid)).toEqual({ status: 'Completed', note: 'Paid' });
  });

  it('reads its own status alone when closed without payment, or before any order', () => {
    expect(quotationPaymentNote({ status: 'cancelled', paymentStatus: 'pending' })).toBeNull();
    expect(
      quotationStatusText('completed', { status: 'cancelled', paymentStatus: 'pending' }),
    ).toBe('Completed');
    expect(quotationStatusText('completed', { status: 'pending', paymentStatus: 'refunded' })).toBe(
      'Completed',
    );
    expect(quotationStatusText('completed', null)).toBe('Completed');
    expect(quotationStatusText('processing', null)).toBe('Processing');
  });
});
