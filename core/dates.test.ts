import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('the long US date', () => {
  it('spells the month and keeps the calendar day of an ISO date', () => {
    expect(formatLongDate('2026-09-14')).toBe('September 14, 2026');
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLongDate(new Date('2026-11-22T23:30:00Z'))).toBe('November 22, 2026');
  });
});
