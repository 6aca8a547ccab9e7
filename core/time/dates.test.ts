import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('the long US date', () => {
  it('spells the month and keeps the calendar day of an ISO date', () => {
    expect(formatLongDate('2026-09-14')).toBe('September 14, 2026');
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLongDate(new Date('2026-11-22T23:30:00Z'))).toBe('November 22, 2026');
  });

  it('reads exactly as Intl’s en-US long date in UTC, for any day from 1970 to 9999', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          expect(formatLongDate(date)).toBe(intl.format(date));
          expect(formatLongDate(date.toISOString())).toBe(intl.format(date));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
