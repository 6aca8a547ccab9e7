import { describe, expect, it } from 'vitest';
import { priceDropAlertDecision, priceDropHeading } from './price-drop';

const at = (hours: number) => new Date(Date.UTC(2026, 10, 27, 0, 0, 0) + hours * 3_600_000);

describe('price-drop alerts', () => {
  it('says the heading word for word, in spec §9 rupees', () => {
    expect(priceDropHeading(340_000, 385_050)).toBe(
      'A piece on your wishlist is now ₹3,400 (was ₹3,850.50)',
    );
  });

  it.each([
    // [price when added, alerted price, alerted at (hours), price now, now (hours), decision]
    ['never told, below the added price', 100_000, null, null, 90_000, 0, 'mail'],
    ['at the added price', 100_000, null, null, 100_000, 0, 'none'],
    ['above the added price (a rise)', 100_000, null, null, 110_000, 0, 'none'],
    ['told of this price an hour ago', 100_000, 90_000, 0, 90_000, 1, 'none'],
    ['told of a lower price an hour ago', 100_000, 80_000, 0, 90_000, 1, 'none'],
    ['told of a higher price an hour ago', 100_000, 95_000, 0, 90_000, 1, 'later'],
    ['told of this price a day ago', 100_000, 90_000, 0, 80_000, 24, 'mail'],
  ] as const)('%s', (_case, added, alerted, alertedHours, price, nowHours, action) => {
    const decision = priceDropAlertDecision(
      {
        priceWhenAddedMinor: added,
        alertedPriceMinor: alerted,
        alertedAt: alertedHours === null ? null : at(alertedHours),
      },
      price,
      at(nowHours),
    );
    expect(decision.action).toBe(action);
  });

  it('tells a lower drop when the day of the last mail is over', () => {
    const decision = priceDropAlertDecision(
      { priceWhenAddedMinor: 100_000, alertedPriceMinor: 95_000, alertedAt: at(2) },
      90_000,
      at(5),
    );
    expect(decision).toEqual({ action: 'later', at: at(26) });
  });
});
