import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_SHOP_TIME_ZONE,
  isCalendarDay,
  isShopTimeZone,
  lastShopDays,
  mondayOf,
  sameDayMonthsBefore,
  utcDayOf,
  formatShopDate,
  shopDateTime,
  shopTimeOfDay,
  shopDayEnd,
  shopDayOf,
  shopDayStart,
  shopHourOf,
  shopWeekEnd,
  shopWeekOf,
  type SqlTemplate,
  shopDayOfSql,
  shopDayStartSql,
} from './shop-calendar';

const INDIA = 'Asia/Kolkata';
// Daylight saving from 2026-03-08 02:00 to 2026-11-01 02:00: a 23-hour and a 25-hour day.
const TORONTO = 'America/Toronto';

const hoursOf = (day: string, timeZone: string) =>
  (shopDayEnd(day, timeZone).getTime() - shopDayStart(day, timeZone).getTime()) / 3_600_000;

describe('calendar days without a zone', () => {
  it('goes back whole months to the same day, or to the last day of a shorter month', () => {
    expect(sameDayMonthsBefore('2026-11-29', 13)).toBe('2025-10-29');
    expect(sameDayMonthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(sameDayMonthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(sameDayMonthsBefore('2027-01-15', 14)).toBe('2025-11-15');
  });

  it('reads the UTC day of an instant, which is not the shop day in India after 18:30 UTC', () => {
    const mondayInIndia = new Date('2026-11-29T19:30:00Z');
    expect(utcDayOf(mondayInIndia)).toBe('2026-11-29');
    expect(shopDayOf(mondayInIndia, INDIA)).toBe('2026-11-30');
  });
});

describe('the shop calendar', () => {
  it('is India by default', () => {
    expect(DEFAULT_SHOP_TIME_ZONE).toBe(INDIA);
  });

  it("reads an instant's day on the shop's clock, in either zone", () => {
    const instant = new Date('2026-11-23T20:00:00Z');
    expect(shopDayOf(instant, INDIA)).toBe('2026-11-24');
    expect(shopDayOf(instant, TORONTO)).toBe('2026-11-23');
    expect(shopDayOf(new Date('2026-11-23T18:29:59.999Z'), INDIA)).toBe('2026-11-23');
    expect(shopDayOf(new Date('2026-11-24T04:59:59.999Z'), TORONTO)).toBe('2026-11-23');
    expect(shopDayOf(new Date('2026-11-24T05:00:00Z'), TORONTO)).toBe('2026-11-24');
    expect(shopHourOf(instant, INDIA)).toBe(1);
    expect(shopHourOf(instant, TORONTO)).toBe(15);
  });

  it('bounds a day from its midnight to the next, 24 hours in India all year', () => {
    expect(shopDayStart('2026-11-24', INDIA).toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(shopDayEnd('2026-11-24', INDIA).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(hoursOf('2026-03-08', INDIA)).toBe(24);
    expect(hoursOf('2026-11-01', INDIA)).toBe(24);
  });

  it('follows daylight saving where the zone keeps it: days of 23 and 25 hours', () => {
    expect(shopDayStart('2026-03-08', TORONTO).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(shopDayEnd('2026-03-08', TORONTO).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(hoursOf('2026-03-08', TORONTO)).toBe(23);
    expect(shopDayStart('2026-11-01', TORONTO).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(shopDayEnd('2026-11-01', TORONTO).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(hoursOf('2026-11-01', TORONTO)).toBe(25);
    // Every instant of a day is that day, its first and its last.
    for (const day of ['2026-03-08', '2026-11-01']) {
      expect(shopDayOf(shopDayStart(day, TORONTO), TORONTO)).toBe(day);
      expect(shopDayOf(new Date(shopDayEnd(day, TORONTO).getTime() - 1), TORONTO)).toBe(day);
    }
  });

  it('begins a day whose midnight the clock skips at the jump', () => {
    // Lebanon moves its clocks from 00:00 to 01:00 on the last Sunday of March.
    expect(shopDayStart('2026-03-29', 'Asia/Beirut').toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
    expect(shopDayOf(new Date('2026-03-28T21:59:59Z'), 'Asia/Beirut')).toBe('2026-03-28');
  });

  it('knows the days of the calendar', () => {
    expect(isCalendarDay('2026-11-24')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const day of ['2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10', '2026-1-1', '']) {
      expect(isCalendarDay(day)).toBe(false);
    }
  });

  it('names a shop week by its Monday, on the shop’s clock', () => {
    // 01:00 on Monday 30 November in India is still Sunday 29 November in UTC.
    const mondayOneAm = new Date('2026-11-29T19:30:00Z');
    expect(shopWeekOf(mondayOneAm, 'Asia/Kolkata')).toBe('2026-11-30');
    expect(shopWeekOf(mondayOneAm, 'UTC')).toBe('2026-11-23');
    expect(shopWeekOf(new Date('2026-11-29T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-23');
    // Across a year's end, and in a zone behind UTC.
    expect(shopWeekOf(new Date('2027-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-12-28');
    expect(shopWeekOf(new Date('2026-11-30T03:00:00Z'), 'America/Toronto')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    // The week ends at the next Monday's midnight in the shop.
    expect(shopWeekEnd('2026-11-23', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-29T18:30:00.000Z',
    );
  });

  it('counts the last days back from today, across a month end, oldest first', () => {
    const now = new Date('2026-03-01T20:00:00Z');
    expect(lastShopDays(now, 3, INDIA)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastShopDays(now, 3, TORONTO)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('writes an instant on the shop clock with the zone’s short name', () => {
    const instant = new Date('2026-11-24T03:35:00Z');
    expect(shopDateTime(instant, INDIA)).toBe('2026-11-24 09:05:00 IST');
    expect(shopDateTime(instant, TORONTO)).toBe('2026-11-23 22:35:00 GMT-5');
  });

  it('writes the time of day on the shop clock, whatever zone the reader is in', () => {
    const instant = new Date('2026-11-23T20:00:00Z');
    expect(shopTimeOfDay(instant, INDIA)).toBe('01:30:00 IST');
    expect(shopTimeOfDay(instant, TORONTO)).toBe('15:00:00 GMT-5');
    expect(shopTimeOfDay(new Date('2026-11-24T18:29:59Z'), INDIA)).toBe('23:59:59 IST');
  });

  it('takes IANA zone names only', () => {
    for (const zone of [INDIA, TORONTO, 'UTC', 'Etc/GMT+5'])
      expect(isShopTimeZone(zone)).toBe(true);
    // PostgreSQL would read '+05:30' as five and a half hours west, and IST as Israel's time.
    for (const zone of ['', 'Mars/Olympus', '+05:30', 'IST', 'EST', 'Asia/Kolkata\n']) {
      expect(isShopTimeZone(zone)).toBe(false);
    }
  });

  it('writes the SQL of a day with the zone as an operand, never in the text', () => {
    const template: SqlTemplate<string, string> = (strings, ...operands) =>
      strings.reduce(
        (text, part, index) => `${text}${index > 0 ? `[${operands[index - 1]}]` : ''}${part}`,
        '',
      );
    expect(shopDayOfSql(template, 'created_at', TORONTO)).toBe(
      "to_char([created_at] at time zone [America/Toronto], 'YYYY-MM-DD')",
    );
    expect(shopDayStartSql(template, 'valid_until + 1', INDIA)).toBe(
      '([valid_until + 1])::date::timestamp at time zone [Asia/Kolkata]',
    );
  });
});

describe('the long US date of an instant, on the shop calendar', () => {
  it('is the shop’s day, which may be a day after UTC’s or before it', () => {
    // 20:00 UTC is 01:30 the next morning in India and 15:00 the same day in Toronto.
    expect(formatShopDate('2026-11-23T20:00:00Z', 'Asia/Kolkata')).toBe('November 24, 2026');
    expect(formatShopDate(new Date('2026-11-23T20:00:00Z'), 'Asia/Kolkata')).toBe(
      'November 24, 2026',
    );
    expect(formatShopDate('2026-11-24T02:00:00Z', 'America/Toronto')).toBe('November 23, 2026');
    expect(formatShopDate('2026-12-31T18:30:00Z', 'Asia/Kolkata')).toBe('January 1, 2027');
  });
});
