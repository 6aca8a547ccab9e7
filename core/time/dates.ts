/** Dates as the pages show them: the long US format, e.g. "November 22, 2026" (spec §2). */

// Spelled out rather than formatted with Intl.DateTimeFormat: creating the first Intl formatter
// loads the browser's locale data, a single ~35 ms task during hydration on a slow phone (docs/decisions/010).
// core/time/dates.test.ts holds the output equal to Intl's en-US long date.
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Formats a calendar day, 'YYYY-MM-DD' or a Date at its UTC midnight, as it is: no zone shifts it.
 * An instant (a row's createdAt) is `formatShopDate`'s (core/time/shop-calendar.ts).
 */
export function formatLongDate(date: Date | string): string {
  const day = typeof date === 'string' ? new Date(date) : date;
  return `${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
