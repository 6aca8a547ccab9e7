import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  applyOrderAction,
  canMoveQuotation,
  messageMovesFrom,
  offeredOrderActions,
  orderActionRefusal,
  orderActions,
  orderNumberFor,
  orderStateOf,
  type OrderAction,
} from './admin';
import {
  orderStatuses,
  paymentStatuses,
  quotationStatuses,
  type OrderStatus,
  type PaymentStatus,
} from '../orders/statuses';

/** spec §4, written out independently of the implementation. */
function expectedActions(
  status: string,
  paymentStatus: PaymentStatus | null,
  method: string | null,
  returnAwaitingRefund = false,
): OrderAction[] {
  const expected: OrderAction[] = [];
  if (status === 'pending' && (paymentStatus === null || paymentStatus === 'paid')) {
    expected.push('confirm');
  }
  // decision 014: a bank transfer is confirmed like a UPI payment
  if (status === 'pending' && (method === 'upi' || method === 'bank transfer')) {
    expected.push('confirm-payment');
  }
  if (status === 'confirmed') expected.push('start-processing');
  // docs/requirements.md §24: a shipment at a time, until every piece has shipped
  if (status === 'processing' || status === 'partly_shipped') expected.push('ship');
  if (status === 'shipped') expected.push('deliver');
  // docs/requirements.md §21: the balance, once the advance is confirmed, whatever the order's status but cancelled
  if (
    paymentStatus === 'partially_paid' &&
    status !== 'cancelled' &&
    status !== 'returned' &&
    (method === 'upi' || method === 'bank transfer')
  ) {
    expected.push('confirm-balance');
  }
  // docs/decisions/028: cancelled only before it ships
  if (status === 'pending' || status === 'confirmed' || status === 'processing') {
    expected.push('cancel');
  }
  // docs/requirements.md §24: what a cancellation left of the money received, or the money for a return
  // the owner approved
  if (
    (status === 'cancelled' || (status === 'delivered' && returnAwaitingRefund)) &&
    (paymentStatus === 'paid' ||
      paymentStatus === 'partially_paid' ||
      paymentStatus === 'partly_refunded')
  ) {
    expected.push('record-refund');
  }
  return expected;
}

describe('the order actions on offer (spec §4)', () => {
  const methods = ['upi', 'bank transfer', 'other', null];
  const payments: (PaymentStatus | null)[] = [null, ...paymentStatuses];
  for (const status of orderStatuses) {
    for (const method of methods) {
      for (const paymentStatus of payments) {
        for (const returnAwaitingRefund of [false, true]) {
          it(`${status}, ${method ?? 'no method'}, payment ${paymentStatus ?? 'absent'}${returnAwaitingRefund ? ', a return approved' : ''}`, () => {
            const order = { status, paymentStatus, paymentMethod: method, returnAwaitingRefund };
            const offered = offeredOrderActions(order);
            expect(offered).toEqual(
              expectedActions(status, paymentStatus, method, returnAwaitingRefund),
            );
            // Every action not offered is refused; every offered one moves the order, with the
            // refund that cancelling money received needs.
            for (const action of orderActions) {
              expect(applyOrderAction(order, action, { refunded: 'refunded' }) !== null).toBe(
                offered.includes(action),
              );
            }
            const moneyReceived = ['paid', 'partially_paid', 'partly_refunded'].includes(
              paymentStatus ?? '',
            );
            if (offered.includes('cancel')) {
              expect(applyOrderAction(order, 'cancel') === null).toBe(moneyReceived);
            }
          });
        }
      }
    }
  }

  it('moves an order along and marks a confirmed payment paid', () => {
    const pending = { status: 'pending' as const, paymentStatus: null, paymentMethod: 'upi' };
    expect(applyOrderAction(pending, 'confirm')).toEqual({ status: 'confirmed' });
    expect(applyOrderAction(pending, 'confirm-payment')).toEqual({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect(applyOrderAction({ ...pending, status: 'shipped' }, 'deliver')).toEqual({
      status: 'delivered',
    });
    expect(applyOrderAction({ ...pending, status: 'delivered' }, 'cancel')).toBeNull();
  });

  it('moves each state by each action as the table says, or refuses it with the reason (docs/decisions/028)', () => {
    const CANNOT_CANCEL = 'An order cannot be cancelled once it has shipped.';
    const REFUND_FIRST = 'This order has money received: record its refund to cancel it.';
    const no = (status: string) => `This action is not available for a ${status} order`;
    // An order paid by bank transfer with an advance: not yet paid while pending, its advance paid after.
    const table: Record<OrderStatus, Record<OrderAction, string>> = {
      pending: {
        confirm: 'confirmed',
        'confirm-payment': 'confirmed, partially_paid',
        'start-processing': no('pending'),
        ship: no('pending'),
        deliver: no('pending'),
        cancel: 'cancelled',
        'confirm-balance': no('pending'),
        'record-refund': no('pending'),
      },
      confirmed: {
        confirm: no('confirmed'),
        'confirm-payment': no('confirmed'),
        'start-processing': 'processing',
        ship: no('confirmed'),
        deliver: no('confirmed'),
        cancel: REFUND_FIRST,
        'confirm-balance': 'confirmed, paid',
        'record-refund': no('confirmed'),
      },
      processing: {
        confirm: no('processing'),
        'confirm-payment': no('processing'),
        'start-processing': no('processing'),
        ship: 'shipped',
        deliver: no('processing'),
        cancel: REFUND_FIRST,
        'confirm-balance': 'processing, paid',
        'record-refund': no('processing'),
      },
      partly_shipped: {
        confirm: no('partly shipped'),
        'confirm-payment': no('partly shipped'),
        'start-processing': no('partly shipped'),
        ship: 'shipped',
        deliver: no('partly shipped'),
        cancel: CANNOT_CANCEL,
        'confirm-balance': 'partly_shipped, paid',
        'record-refund': no('partly shipped'),
      },
      shipped: {
        confirm: no('shipped'),
        'confirm-payment': no('shipped'),
        'start-processing': no('shipped'),
        ship: no('shipped'),
        deliver: 'delivered',
        cancel: CANNOT_CANCEL,
        'confirm-balance': 'shipped, paid',
        'record-refund': no('shipped'),
      },
      delivered: {
        confirm: no('delivered'),
        'confirm-payment': no('delivered'),
        'start-processing': no('delivered'),
        ship: no('delivered'),
        deliver: no('delivered'),
        cancel: CANNOT_CANCEL,
        'confirm-balance': 'delivered, paid',
        'record-refund': no('delivered'),
      },
      returned: {
        confirm: no('returned'),
        'confirm-payment': no('returned'),
        'start-processing': no('returned'),
        ship: no('returned'),
        deliver: no('returned'),
        cancel: CANNOT_CANCEL,
        'confirm-balance': no('returned'),
        'record-refund': no('returned'),
      },
      cancelled: {
        confirm: no('cancelled'),
        'confirm-payment': no('cancelled'),
        'start-processing': no('cancelled'),
        ship: no('cancelled'),
        deliver: no('cancelled'),
        cancel: no('cancelled'),
        'confirm-balance': no('cancelled'),
        'record-refund': 'cancelled, partly_refunded',
      },
    };
    for (const status of orderStatuses) {
      const order = {
        status,
        paymentStatus: status === 'pending' ? null : ('partially_paid' as const),
        paymentMethod: 'bank transfer',
        advanceMinor: 50_000,
      };
      for (const action of orderActions) {
        // "Record Refund" moves with its refund; "Cancel Order" is tried without one, as a button
        // that forgot it would be (its refund is tried below).
        const moved = applyOrderAction(
          order,
          action,
          action === 'record-refund' ? { refunded: 'partly_refunded' } : {},
        );
        const outcome = moved
          ? [moved.status, moved.paymentStatus].filter(Boolean).join(', ')
          : orderActionRefusal(order, action);
        expect(outcome, `${status} × ${action}`).toBe(table[status][action]);
        expect(
          orderActionRefusal(order, action, action === 'record-refund') === null,
          `${status} × ${action}`,
        ).toBe(moved !== null);
      }
    }
    // docs/requirements.md §24: a cancellation with its refund, all of it or a part.
    for (const status of ['confirmed', 'processing'] as const) {
      const received = { status, paymentStatus: 'paid' as const, paymentMethod: 'upi' };
      expect(applyOrderAction(received, 'cancel', { refunded: 'refunded' })).toEqual({
        status: 'cancelled',
        paymentStatus: 'refunded',
      });
      expect(applyOrderAction(received, 'cancel', { refunded: 'partly_refunded' })).toEqual({
        status: 'cancelled',
        paymentStatus: 'partly_refunded',
      });
      expect(orderActionRefusal(received, 'cancel', true)).toBeNull();
      expect(orderActionRefusal(received, 'cancel')).toBe(REFUND_FIRST);
    }
    // "Record Refund" without its refund says what it needs.
    {
      const cancelled = {
        status: 'cancelled' as const,
        paymentStatus: 'paid' as const,
        paymentMethod: 'upi',
      };
      expect(orderActionRefusal(cancelled, 'record-refund')).toBe(
        'Give the refund’s amount, method and reference.',
      );
    }
    // Nothing received, nothing to refund: cancelled as before; and nothing left once refunded.
    expect(
      applyOrderAction(
        { status: 'pending', paymentStatus: 'pending', paymentMethod: 'upi' },
        'cancel',
      ),
    ).toEqual({ status: 'cancelled' });
    expect(
      offeredOrderActions({ status: 'cancelled', paymentStatus: 'refunded', paymentMethod: 'upi' }),
    ).toEqual([]);
    // docs/requirements.md §24: the refund of an approved return: "Returned" once every piece is back, else
    // still delivered, and only with a return approved.
    {
      const delivered = {
        status: 'delivered' as const,
        paymentStatus: 'paid' as const,
        paymentMethod: 'upi',
        returnAwaitingRefund: true,
      };
      expect(
        applyOrderAction(delivered, 'record-refund', {
          refunded: 'refunded',
          returnsEverything: true,
        }),
      ).toEqual({ status: 'returned', paymentStatus: 'refunded' });
      expect(
        applyOrderAction(delivered, 'record-refund', {
          refunded: 'partly_refunded',
          returnsEverything: false,
        }),
      ).toEqual({ status: 'delivered', paymentStatus: 'partly_refunded' });
      expect(
        applyOrderAction({ ...delivered, returnAwaitingRefund: false }, 'record-refund', {
          refunded: 'refunded',
          returnsEverything: true,
        }),
      ).toBeNull();
      expect(
        orderActionRefusal({ ...delivered, returnAwaitingRefund: false }, 'record-refund'),
      ).toBe(no('delivered'));
    }
    // A shipment that leaves pieces behind: "Partly Shipped", from processing or again from itself.
    for (const status of ['processing', 'partly_shipped'] as const) {
      expect(
        applyOrderAction({ status, paymentStatus: 'paid', paymentMethod: 'upi' }, 'ship', {
          shipsEverythingLeft: false,
        }),
      ).toEqual({ status: 'partly_shipped' });
    }
  });

  it('reads an approved return as waiting for its refund, and a requested or declined one not', () => {
    const delivered = {
      status: 'delivered' as const,
      storedPaymentStatus: 'paid' as const,
      paymentMethod: 'upi',
      advanceMinor: null,
    };
    for (const [returns, offered] of [
      [[{ status: 'approved' }], ['record-refund']],
      [[{ status: 'requested' }, { status: 'declined' }], []],
      [[], []],
    ] as const) {
      expect(offeredOrderActions(orderStateOf({ ...delivered, returns }))).toEqual(offered);
    }
  });

  it('leaves an order with an advance partially paid, and its balance paid without moving it', () => {
    const advance = { status: 'pending' as const, paymentStatus: 'pending' as const };
    const order = { ...advance, paymentMethod: 'bank transfer', advanceMinor: 193_200 };
    expect(applyOrderAction(order, 'confirm-payment')).toEqual({
      status: 'confirmed',
      paymentStatus: 'partially_paid',
    });
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
      const partlyPaid = { ...order, status, paymentStatus: 'partially_paid' as const };
      expect(applyOrderAction(partlyPaid, 'confirm-balance')).toEqual({
        status,
        paymentStatus: 'paid',
      });
    }
    expect(
      applyOrderAction(
        { ...order, paymentStatus: 'partially_paid', status: 'cancelled' },
        'confirm-balance',
      ),
    ).toBeNull();
  });
});

describe('the quotation and message transitions (spec §4)', () => {
  it('moves a quotation from pending to processing or completed, and processing to completed', () => {
    const allowed = quotationStatuses.flatMap((from) =>
      quotationStatuses.filter((to) => canMoveQuotation(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['pending→processing', 'pending→completed', 'processing→completed']);
  });

  it('offers Mark as Read when unread and Mark as Replied unless replied', () => {
    expect(messageMovesFrom('unread')).toEqual(['read', 'replied']);
    expect(messageMovesFrom('read')).toEqual(['replied']);
    expect(messageMovesFrom('replied')).toEqual([]);
  });

  it("numbers orders ORD-YYYYMMDD-NNNN by the shop's day", () => {
    expect(orderNumberFor(new Date('2026-11-22T10:00:00Z'), 7, 'Asia/Kolkata')).toBe(
      'ORD-20261122-0007',
    );
    // 23:00 UTC is already the next morning in India; in Toronto it is still the evening before.
    const lateUtc = new Date('2026-11-22T23:00:00Z');
    expect(orderNumberFor(lateUtc, 12, 'Asia/Kolkata')).toBe('ORD-20261123-0012');
    expect(orderNumberFor(lateUtc, 12, 'America/Toronto')).toBe('ORD-20261122-0012');
  });
});

describe('the order toast (docs/requirements.md §23)', () => {
  it('names the invoice shipping issued and the credit note cancelling issued, and nothing else', () => {
    expect(adminMessages.orderUpdated('processing').description).toBe(
      'Order status has been updated to processing.',
    );
    expect(
      adminMessages.orderUpdated('shipped', { invoiceNumber: 'KK/26-27/0007' }).description,
    ).toBe('Order status has been updated to shipped. Invoice KK/26-27/0007 issued.');
    expect(
      adminMessages.orderUpdated('cancelled', { creditNoteNumber: 'KKC/26-27/0002' }).description,
    ).toBe('Order status has been updated to cancelled. Credit note KKC/26-27/0002 issued.');
  });
});
