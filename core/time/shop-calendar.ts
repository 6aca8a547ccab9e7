/**
 * docs/decisions/019: every "which shop day" question, answered in the
 * shop's time zone. The zone is a setting (Settings' "Shop time zone", SHOP_TIME_ZONE); every
 * function here takes it, and none keeps one, so the same rules hold in any zone.
 *
 * A shop day is written 'YYYY-MM-DD'. Its instants run from `shopDayStart` up to, not including,
 * `shopDayEnd`; a day is not always 24 hours long where the zone keeps daylight saving.
 */

/** The shop's time zone until Settings or SHOP_TIME_ZONE say otherwise (content/site.ts). */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

import { formatLongDate } from './dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An IANA zone name of an area and a place, such as Europe/London or Etc/GMT+5, or UTC. Where the
 * browser and PostgreSQL would read a name apart, it is refused: PostgreSQL reads an abbreviation
 * first (IST is Israel's time there, India's in the browser), and a bare offset such as +05:30 as
 * POSIX does, east and west swapped.
 */
const ZONE_NAME = /^(UTC|[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+)$/;

/** Whether the browser, the server and PostgreSQL all read `timeZone` as one IANA zone. */
export function isShopTimeZone(timeZone: string): boolean {
  if (!ZONE_NAME.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock, formatted once per zone (a formatter is costly to make). */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name in Indian English, formatted once per zone like the wall clock. */
function zoneNameFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  day: string;
  hour: number;
  minute: number;
  second: number;
}

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The shop's calendar day of an instant: 01:30 in the shop is already that day. */
export function shopDayOf(instant: Date, timeZone: string): string {
  return wallClockOf(instant, timeZone).day;
}

/** The hour, 0 to 23, on the shop's clock at an instant. */
export function shopHourOf(instant: Date, timeZone: string): number {
  return wallClockOf(instant, timeZone).hour;
}

/** Whether `day` is a day of the calendar written 'YYYY-MM-DD': not 2026-13-45 or 2026-02-30. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === day;
}

/** The calendar day `days` after `day` (before, when negative); no zone is involved. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The same calendar day `months` months before `day`, or that month's last day when it is shorter
 * (31 March, one month before: 28 or 29 February); no zone is involved.
 */
export function sameDayMonthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 - months;
  const lastDate = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(date, lastDate))).toISOString().slice(0, 10);
}

/**
 * The calendar day of an instant on the UTC clock, 'YYYY-MM-DD'. Only for a day stored as its UTC
 * midnight (a date column, a date input's value) and for formats that are defined in UTC, such as
 * a sitemap's lastmod; a day the shop or a buyer sees is `shopDayOf`'s.
 */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) a calendar day falls in, 'YYYY-MM-DD'. */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/**
 * The shop week of an instant, named by its Monday: the week runs from Monday 00:00 to Sunday's
 * end on the shop's clock, so 01:00 on a Monday in India is that Monday's week, though it is still
 * Sunday in UTC.
 */
export function shopWeekOf(instant: Date, timeZone: string): string {
  return mondayOf(shopDayOf(instant, timeZone));
}

/** The first instant after a shop week, given by its Monday. */
export function shopWeekEnd(monday: string, timeZone: string): Date {
  return shopDayStart(addDays(monday, 7), timeZone);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const clock = wallClockOf(new Date(whole), timeZone);
  const [year, month, date] = clock.day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, clock.hour, clock.minute, clock.second) - whole;
}

/** The first instant of a shop day. */
export function shopDayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date);
  // The offsets a day either side: the zone changes its offset at most once in between.
  const offsetBefore = offsetAt(midnight - DAY_MS, timeZone);
  const offsetAfter = offsetAt(midnight + DAY_MS, timeZone);
  const atMidnight = [midnight - offsetBefore, midnight - offsetAfter].filter((instant) => {
    const clock = wallClockOf(new Date(instant), timeZone);
    return clock.day === day && clock.hour === 0 && clock.minute === 0 && clock.second === 0;
  });
  // Midnight twice (the clock turned back over it): the day begins at the first. Never (the clock
  // jumped over it): the day begins at the jump, when the old offset reaches midnight.
  return new Date(atMidnight.length > 0 ? Math.min(...atMidnight) : midnight - offsetBefore);
}

/** The first instant after a shop day: a range "to" a day includes the whole of it. */
export function shopDayEnd(day: string, timeZone: string): Date {
  return shopDayStart(addDays(day, 1), timeZone);
}

/** The last `count` shop days up to `now`, oldest first, today included. */
export function lastShopDays(now: Date, count: number, timeZone: string): string[] {
  const today = shopDayOf(now, timeZone);
  return Array.from({ length: count }, (_, index) => addDays(today, index - (count - 1)));
}

/**
 * The time of an instant on the shop's clock, "09:05:00 IST": the zone's short name in Indian
 * English (IST for India; GMT-5 or the like where English has no name for it). Server and browser
 * draw the same text, whatever zone each runs in.
 */
export function shopTimeOfDay(instant: Date, timeZone: string): string {
  const clock = wallClockOf(instant, timeZone);
  const time = [clock.hour, clock.minute, clock.second]
    .map((value) => String(value).padStart(2, '0'))
    .join(':');
  const zoneName =
    zoneNameFormat(timeZone)
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${time} ${zoneName}`;
}

/** An instant on the shop's clock, "2026-11-24 09:05:00 IST", day and time of day. */
export function shopDateTime(instant: Date, timeZone: string): string {
  return `${shopDayOf(instant, timeZone)} ${shopTimeOfDay(instant, timeZone)}`;
}

/**
 * The shop's calendar day of an instant, "November 24, 2026" (docs/decisions/019):
 * 01:30 in the shop is already its day though UTC and the reader's zone may still say yesterday,
 * and server and browser draw the same text.
 */
// Here, not in core/time/dates.ts: the pages that show only calendar days then load no Intl code.
export function formatShopDate(instant: Date | string, timeZone: string): string {
  return formatLongDate(shopDayOf(new Date(instant), timeZone));
}

/**
 * A tagged template that builds SQL, such as drizzle's `sql`: each operand becomes a bound
 * parameter or a nested fragment. Taken as a parameter so that `core/` imports no database code.
 */
export type SqlTemplate<Fragment, Operand> = (
  strings: TemplateStringsArray,
  ...operands: Operand[]
) => Fragment;

/** SQL: the shop day, 'YYYY-MM-DD' text, of a timestamptz. */
export function shopDayOfSql<Fragment, Operand>(
  sql: SqlTemplate<Fragment, Operand>,
  timestamp: NoInfer<Operand>,
  timeZone: NoInfer<Operand>,
): Fragment {
  return sql`to_char(${timestamp} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** SQL: the first instant, a timestamptz, of a shop day given as a date. */
export function shopDayStartSql<Fragment, Operand>(
  sql: SqlTemplate<Fragment, Operand>,
  day: NoInfer<Operand>,
  timeZone: NoInfer<Operand>,
): Fragment {
  return sql`(${day})::date::timestamp at time zone ${timeZone}`;
}
