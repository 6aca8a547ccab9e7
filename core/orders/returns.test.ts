import { describe, expect, it } from 'vitest';
import {
  checkReturnPieces,
  everyPieceReturned,
  lastReturnDay,
  returnDecisionSchema,
  returnOfferOf,
  returnRequestRefusal,
  returnRequestSchema,
  returnableQuantities,
} from './returns';

const lines = [
  { id: 'diya', productName: 'Brass Diya', quantity: 4, madeToOrder: false },
  { id: 'urli', productName: 'Inlay Urli', quantity: 1, madeToOrder: true },
];
const kolkata = 'Asia/Kolkata';
// Delivered at 23:30 on November 1 in India (18:00 UTC): the shop's day is November 1.
const deliveredAt = new Date('2026-11-01T18:00:00Z');
const delivered = { status: 'delivered' as const, deliveredAt };

describe('returns (docs/requirements.md §24)', () => {
  it('are open until 30 days after the shop day of delivery, counted in the shop’s calendar', () => {
    expect(lastReturnDay(deliveredAt, kolkata)).toBe('2026-12-01');
    // 20:00 UTC on October 31 is already November 1 in India, the shop's day.
    expect(lastReturnDay(new Date('2026-10-31T20:00:00Z'), kolkata)).toBe('2026-12-01');
    expect(lastReturnDay(new Date('2026-10-31T20:00:00Z'), 'UTC')).toBe('2026-11-30');
    // 23:59 on December 1 in India is still open; 00:00 on December 2 is not.
    const lastMinute = new Date('2026-12-01T18:29:00Z');
    const nextDay = new Date('2026-12-01T18:30:00Z');
    expect(returnRequestRefusal(delivered, lines, [], lastMinute, kolkata)).toBeNull();
    expect(returnRequestRefusal(delivered, lines, [], nextDay, kolkata)).toBe(
      'Returns close 30 days after delivery; the last day for this order was December 1, 2026.',
    );
  });

  it('are asked of a delivered order only, one waiting at a time, while something is returnable', () => {
    const now = new Date('2026-11-05T10:00:00Z');
    for (const status of ['shipped', 'returned', 'cancelled'] as const) {
      expect(returnRequestRefusal({ status, deliveredAt }, lines, [], now, kolkata)).toBe(
        'Only a delivered order can be returned.',
      );
    }
    const waiting = [
      { status: 'requested' as const, pieces: [{ orderItemId: 'diya', quantity: 1 }] },
    ];
    expect(returnRequestRefusal(delivered, lines, waiting, now, kolkata)).toBe(
      'A return of this order is already waiting for the shop’s answer.',
    );
    const allBack = [
      { status: 'refunded' as const, pieces: [{ orderItemId: 'diya', quantity: 4 }] },
    ];
    expect(returnRequestRefusal(delivered, lines, allBack, now, kolkata)).toBe(
      'Nothing left in this order can be returned: made-to-order pieces are not returnable.',
    );
    // A declined return gives its pieces back to what can be asked.
    const declined = [
      { status: 'declined' as const, pieces: [{ orderItemId: 'diya', quantity: 4 }] },
    ];
    expect(returnRequestRefusal(delivered, lines, declined, now, kolkata)).toBeNull();
    expect(returnableQuantities(lines, declined)).toEqual(new Map([['diya', 4]]));
  });

  it('never takes a made-to-order piece, nor more than is left of one', () => {
    const left = returnableQuantities(lines, [
      { status: 'refunded', pieces: [{ orderItemId: 'diya', quantity: 1 }] },
    ]);
    expect(left).toEqual(new Map([['diya', 3]]));
    expect(checkReturnPieces(lines, left, [{ orderItemId: 'urli', quantity: 1 }])).toEqual({
      problem: '“Inlay Urli” was made to order and cannot be returned.',
    });
    expect(checkReturnPieces(lines, left, [{ orderItemId: 'diya', quantity: 4 }])).toEqual({
      problem: 'Only 3 of “Brass Diya” can be returned.',
    });
    expect(checkReturnPieces(lines, left, [{ orderItemId: 'diya', quantity: 0 }])).toEqual({
      problem: 'Choose the pieces to return and how many of each.',
    });
    expect(checkReturnPieces(lines, left, [{ orderItemId: 'other', quantity: 1 }])).toEqual({
      problem: 'Choose the pieces to return and how many of each.',
    });
    expect(
      checkReturnPieces(lines, left, [
        { orderItemId: 'diya', quantity: 2 },
        { orderItemId: 'urli', quantity: 0 },
      ]),
    ).toEqual({ pieces: [{ orderItemId: 'diya', quantity: 2 }] });
  });

  it('offers the buyer the returnable pieces with what is left, until the last day', () => {
    const order = { ...delivered, items: lines, returns: [] };
    expect(returnOfferOf(order, new Date('2026-11-05T10:00:00Z'), kolkata)).toEqual({
      lastDay: '2026-12-01',
      pieces: [{ ...lines[0], left: 4 }],
    });
    expect(returnOfferOf(order, new Date('2026-12-05T10:00:00Z'), kolkata)).toBeNull();
  });

  it('reads "Returned" only once every piece is back', () => {
    const plain = [{ id: 'diya', quantity: 4 }];
    expect(everyPieceReturned(plain, [{ pieces: [{ orderItemId: 'diya', quantity: 3 }] }])).toBe(
      false,
    );
    expect(
      everyPieceReturned(plain, [
        { pieces: [{ orderItemId: 'diya', quantity: 3 }] },
        { pieces: [{ orderItemId: 'diya', quantity: 1 }] },
      ]),
    ).toBe(true);
  });

  it('asks a reason, the condition, and instructions or a reason for the answer', () => {
    const pieces = [{ orderItemId: '0b7a3c1e-8f2d-4e6a-9c5b-1d2e3f4a5b6c', quantity: '2' }];
    expect(
      returnRequestSchema.safeParse({ pieces, reason: 'Dented', condition: 'on' }).success,
    ).toBe(true);
    const noCondition = returnRequestSchema.safeParse({ pieces, reason: 'Dented' });
    expect(noCondition.error?.issues[0]?.message).toBe(
      'Confirm the pieces are unused and in their original packaging.',
    );
    const noReason = returnRequestSchema.safeParse({ pieces, reason: ' ', condition: true });
    expect(noReason.error?.issues[0]?.message).toBe('Tell us why you are returning the pieces.');
    const long = returnRequestSchema.safeParse({
      pieces,
      reason: 'x'.repeat(1001),
      condition: true,
    });
    expect(long.error?.issues[0]?.message).toBe('The reason must be at most 1,000 characters.');
    expect(returnDecisionSchema.safeParse({ decision: 'approve' }).error?.issues[0]?.message).toBe(
      'Tell the buyer where and how to send the pieces back.',
    );
    expect(
      returnDecisionSchema.safeParse({ decision: 'decline', note: '' }).error?.issues[0]?.message,
    ).toBe('Tell the buyer why the return is declined.');
    expect(
      returnDecisionSchema.safeParse({ decision: 'approve', note: 'Send to our Jaipur studio.' })
        .success,
    ).toBe(true);
  });
});
