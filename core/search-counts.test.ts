import { describe, expect, it } from 'vitest';
import {
  searchCountsPruneBefore,
  searchCountText,
  searchReportFirstWeek,
  searchReportOptionsSchema,
  searchWeekOf,
} from './search-counts';

describe('search counts rules (issue 31)', () => {
  it('files a search under the Monday of its week, in UTC', () => {
    expect(searchWeekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(searchWeekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(searchWeekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    // 01:00 on a Monday in India is still Sunday in UTC.
    expect(searchWeekOf(new Date('2026-11-29T19:30:00Z'))).toBe('2026-11-23');
    expect(searchWeekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28');
  });

  it('cuts the stored text to 100 characters', () => {
    expect(searchCountText('x'.repeat(101))).toHaveLength(100);
    expect(searchCountText('tea light')).toBe('tea light');
  });

  it('reports from the week of the day 30 days ago', () => {
    expect(searchReportFirstWeek(new Date('2026-11-25T10:00:00Z'))).toBe('2026-10-26');
    expect(searchReportFirstWeek(new Date('2026-11-25T10:00:00Z'), 7)).toBe('2026-11-16');
  });

  it('keeps 13 months: prunes the weeks before the week of the same day 13 months ago', () => {
    expect(searchCountsPruneBefore(new Date('2026-11-25T10:00:00Z'))).toBe('2025-10-20');
    // 31 March less 13 months is the last day of February.
    expect(searchCountsPruneBefore(new Date('2027-03-31T10:00:00Z'))).toBe('2026-02-23');
  });

  it('defaults the report to 30 days and 20 rows', () => {
    expect(searchReportOptionsSchema.parse({})).toEqual({ days: 30, limit: 20 });
    expect(searchReportOptionsSchema.safeParse({ limit: 0 }).success).toBe(false);
  });
});
