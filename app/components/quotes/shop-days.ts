/**
 * The quote page's dates on the shop's calendar (docs/decisions/019, one shop calendar), written by
 * its loader: the server and the browser then draw the same day, and the public page's JavaScript
 * carries no time-zone code (its first-load budget, docs/decisions/020).
 */
import { formatLongDate } from '../../../core/time/dates';

/** The shop's day of an instant the page shows, "November 24, 2026". */
export type ShopDayOf = (instant: Date | string) => string;

/** Each instant, as its ISO text, with its shop day (the loader's `shopDays`). */
export type ShopDays = Record<string, string>;

export function shopDayReader(days: ShopDays): ShopDayOf {
  // An instant the loader did not write (none today) falls back to its UTC day, never an error.
  return (instant) => days[new Date(instant).toISOString()] ?? formatLongDate(instant);
}
