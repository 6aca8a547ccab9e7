/**
 * docs/requirements.md §10: a payment reference sent with a quotation's key is refused as "Order
 * not found" when the key is wrong, but a failing database is not a wrong key: the error is the
 * database's, so the answer is a server error that is logged, not a false "not found".
 */
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { DomainError } from '../modules/errors';
import type * as OrdersModule from '../modules/orders';
import type * as QuotationsModule from '../modules/quotations';
import { submitPaymentReference } from './submit-payment-reference';

const lookUp = vi.hoisted(() => ({ failure: null as Error | null }));

vi.mock('../modules/orders', async (importOriginal) => ({
  ...(await importOriginal<typeof OrdersModule>()),
  lockOrder: () =>
    Promise.resolve({
      id: '00000000-0000-4000-8000-000000000001',
      userId: 'someone-else',
      quotationRequestId: '00000000-0000-4000-8000-000000000002',
    }),
}));
vi.mock('../modules/quotations', async (importOriginal) => ({
  ...(await importOriginal<typeof QuotationsModule>()),
  requestOfCustomer: () => Promise.reject(lookUp.failure ?? new Error('not set')),
}));

const database = {
  transaction: (work: (tx: unknown) => Promise<unknown>) => work({}),
} as unknown as Database;

function submitWithKey() {
  return submitPaymentReference(
    database,
    null,
    {
      orderId: '00000000-0000-4000-8000-000000000001',
      reference: 'Q-2026-11-29-001',
      key: 'k'.repeat(43),
      paymentReference: '123456789012',
    },
    new Date('2026-11-29T10:00:00Z'),
  );
}

describe('a payment reference sent with a quotation key', () => {
  it('reads a refused key as "Order not found"', async () => {
    lookUp.failure = new DomainError('not_found', 'Quotation not found');
    await expect(submitWithKey()).rejects.toMatchObject({
      code: 'not_found',
      message: 'Order not found',
    });
  });

  it('lets a database failure through as itself', async () => {
    lookUp.failure = new Error('Connection terminated unexpectedly');
    await expect(submitWithKey()).rejects.toThrow('Connection terminated unexpectedly');
  });
});
