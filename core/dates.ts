/** Dates as the pages show them: the long US format, e.g. "November 22, 2026" (spec §2). */

// Spelled out rather than formatted with Intl.DateTimeFormat: creating the first Intl formatter
// loads the browser's locale data, a single ~35 ms task during hydration on a slow phone (issue 8).
// core/dates.test.ts holds the output equal to Intl's en-US long date.
const MONTHS = [
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

/** Formats a date or an ISO date string (read as a calendar date, not shifted by time zone). */
export function formatLongDate(date: Date | string): string {
  const day = typeof date === 'string' ? new Date(date) : date;
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
