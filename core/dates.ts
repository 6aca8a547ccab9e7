/** Dates as the pages show them: the long US format, e.g. "November 22, 2026" (spec §2). */
const longUsDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Formats a date or an ISO date string (read as a calendar date, not shifted by time zone). */
export function formatLongDate(date: Date | string): string {
  return longUsDate.format(typeof date === 'string' ? new Date(date) : date);
}
