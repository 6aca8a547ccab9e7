import { describe, expect, it } from 'vitest';
import {
  searchCountsPruneBefore,
  searchCountText,
  searchReportFirstWeek,
  searchReportOptionsSchema,
} from './search-counts';

const INDIA = 'Asia/Kolkata';

describe('search counts rules', () => {
  it('cuts the stored text to 100 characters', () => {
    expect(searchCountText('x'.repeat(101))).toHaveLength(100);
    expect(searchCountText('tea light')).toBe('tea light');
  });

  it('reports from the shop week of the shop day 30 days ago', () => {
    expect(searchReportFirstWeek(new Date('2026-11-25T10:00:00Z'), INDIA)).toBe('2026-10-26');
    expect(searchReportFirstWeek(new Date('2026-11-25T10:00:00Z'), INDIA, 7)).toBe('2026-11-16');
    // 01:00 on Monday 30 November in India: 30 days before is Friday 30 October, still UTC's 29th.
    expect(searchReportFirstWeek(new Date('2026-11-29T19:30:00Z'), INDIA, 31)).toBe('2026-10-26');
    expect(searchReportFirstWeek(new Date('2026-11-29T19:30:00Z'), INDIA, 1)).toBe('2026-11-23');
    expect(searchReportFirstWeek(new Date('2026-11-29T19:30:00Z'), 'UTC', 0)).toBe('2026-11-23');
    expect(searchReportFirstWeek(new Date('2026-11-29T19:30:00Z'), INDIA, 0)).toBe('2026-11-30');
  });

  it('keeps 13 months: prunes the weeks before the shop week of the same day 13 months ago', () => {
    expect(searchCountsPruneBefore(new Date('2026-11-25T10:00:00Z'), INDIA)).toBe('2025-10-20');
    // 31 March less 13 months is the last day of February.
    expect(searchCountsPruneBefore(new Date('2027-03-31T10:00:00Z'), INDIA)).toBe('2026-02-23');
    // Already 1 April in India: 1 March 2026 is a Sunday.
    expect(searchCountsPruneBefore(new Date('2027-03-31T20:00:00Z'), INDIA)).toBe('2026-02-23');
    expect(searchCountsPruneBefore(new Date('2027-04-01T20:00:00Z'), INDIA)).toBe('2026-03-02');
  });

  it('defaults the report to 30 days and 20 rows', () => {
    expect(searchReportOptionsSchema.parse({})).toEqual({ days: 30, limit: 20 });
    expect(searchReportOptionsSchema.safeParse({ limit: 0 }).success).toBe(false);
  });
});
