/**
 * docs/requirements.md §12 "The week at a glance": the owner's tiles for the last 7 days, the 30-day chart of
 * requests and accepted offers, and the daily digest of requests awaiting a reply. Pure rules;
 * server/modules/insights counts.
 */
import { lastShopDays, shopDayOf, shopHourOf } from './shop-calendar';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The tiles count the 7 days up to now. */
export const WEEK_MS = 7 * DAY_MS;
/** docs/requirements.md §12: the shop promises a reply within 24 hours; a request waiting longer is overdue. */
export const OVERDUE_REPLY_MS = 24 * HOUR_MS;
/** The chart shows the last 30 shop days, today included. */
export const CHART_DAYS = 30;
/** docs/requirements.md §12: the digest goes out at 09:00 shop time. */
export const DIGEST_HOUR = 9;
/** The digest names at most this many requests, the longest waiting first, and counts the rest. */
export const DIGEST_MAX_LISTED = 50;

/** The chart's days, oldest first, ending with today on the shop's calendar. */
export function chartDays(now: Date, timeZone: string): string[] {
  return lastShopDays(now, CHART_DAYS, timeZone);
}

/** The moment before which a request still waiting is overdue. */
export function overdueBefore(now: Date): Date {
  return new Date(now.getTime() - OVERDUE_REPLY_MS);
}

/**
 * The share of the offers decided in the window (accepted, declined or expired) that were
 * accepted, in whole percent; null when none was decided, so no rate is made up from nothing.
 */
export function acceptanceRate(accepted: number, decided: number): number | null {
  if (decided <= 0) return null;
  return Math.round((accepted / decided) * 100);
}

/** "67%", or an em dash when there is no rate to show. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${rate}%`;
}

/** The shop day whose digest is due at `now` (09:00 shop time or later), or null before 09:00. */
export function digestDayDue(now: Date, timeZone: string): string | null {
  return shopHourOf(now, timeZone) >= DIGEST_HOUR ? shopDayOf(now, timeZone) : null;
}

/** "3 hours", "2 days": how long a request has waited, for the digest. */
export function waitedFor(since: Date, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - since.getTime()) / HOUR_MS));
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${Math.floor(hours / 24)} days`;
}

const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** "Nov 3" for a YYYY-MM-DD shop day (spelled out: no Intl locale data on the client). */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${MONTHS_SHORT[(month ?? 1) - 1]} ${date}`;
}
