import { describe, expect, it } from 'vitest';
import {
  acceptanceRate,
  chartDays,
  digestDayDue,
  formatRate,
  overdueBefore,
  shortDay,
  waitedFor,
} from './week-at-a-glance';

const INDIA = 'Asia/Kolkata';
const TORONTO = 'America/Toronto';

describe('the week at a glance', () => {
  it("charts 30 days ending today on the shop's calendar, across a month end", () => {
    // 01:30 on December 3 in India; still 15:00 on December 2 in Toronto.
    const now = new Date('2026-12-02T20:00:00Z');
    const days = chartDays(now, INDIA);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-12-03');
    expect(days[0]).toBe('2026-11-04');
    expect(new Set(days).size).toBe(30);
    const torontoDays = chartDays(now, TORONTO);
    expect([torontoDays[0], torontoDays.at(-1)]).toEqual(['2026-11-03', '2026-12-02']);
  });

  it('is overdue after 24 hours', () => {
    expect(overdueBefore(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });

  it('rates acceptance over the offers decided, and shows none when none was', () => {
    expect(acceptanceRate(2, 3)).toBe(67);
    expect(acceptanceRate(0, 4)).toBe(0);
    expect(acceptanceRate(0, 0)).toBeNull();
    expect(formatRate(67)).toBe('67%');
    expect(formatRate(null)).toBe('—');
  });

  it('makes the digest due from 09:00 shop time', () => {
    expect(digestDayDue(new Date('2026-11-24T08:59:59+05:30'), INDIA)).toBeNull();
    expect(digestDayDue(new Date('2026-11-24T09:00:00+05:30'), INDIA)).toBe('2026-11-24');
    expect(digestDayDue(new Date('2026-11-24T23:59:00+05:30'), INDIA)).toBe('2026-11-24');
    // 09:00 in India is 22:30 the evening before in Toronto: that day's digest is due there.
    expect(digestDayDue(new Date('2026-11-24T09:00:00+05:30'), TORONTO)).toBe('2026-11-23');
    expect(digestDayDue(new Date('2026-11-24T08:59:59-05:00'), TORONTO)).toBeNull();
    expect(digestDayDue(new Date('2026-11-24T09:00:00-05:00'), TORONTO)).toBe('2026-11-24');
  });

  it('says how long a request waited and names days briefly', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(waitedFor(new Date('2026-11-24T09:00:00Z'), now)).toBe('1 hour');
    expect(waitedFor(new Date('2026-11-23T09:00:00Z'), now)).toBe('25 hours');
    expect(waitedFor(new Date('2026-11-20T09:00:00Z'), now)).toBe('4 days');
    expect(shortDay('2026-11-03')).toBe('Nov 3');
  });
});
