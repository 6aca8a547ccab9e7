/**
 * docs/requirements.md §20 "What shoppers did not find": the rules of the search counts. Every search that ends
 * with no exact result is counted by its normalised text and its shop week, once per client
 * address and week (docs/requirements.md §20); the owner's Searches page sums the last 30 days.
 * Pure; server/modules/search-counts counts.
 */
import { z } from 'zod';
import type { SearchOutcome } from './search-tolerant';
import { addDays, mondayOf, sameDayMonthsBefore, shopDayOf } from '../time/shop-calendar';

/** A counted search found nothing at all, or only the tolerant search answered it. */
export const searchCountOutcomes = ['none', 'tolerant'] as const satisfies readonly SearchOutcome[];
export type SearchCountOutcome = (typeof searchCountOutcomes)[number];

/** docs/requirements.md §20 "Limits": a query is cut to 100 characters. */
export const SEARCH_COUNT_TEXT_MAX = 100;
/** docs/requirements.md §20 "Limits": the counts table keeps 13 months. */
export const SEARCH_COUNTS_KEPT_MONTHS = 13;
/** docs/requirements.md §20: the Searches page shows the top searches of the last 30 days. */
export const SEARCH_REPORT_DAYS = 30;
export const SEARCH_REPORT_LIMIT = 20;

/** The stored text: the caller's normalised text, cut to the limit the table's check holds. */
export function searchCountText(text: string): string {
  return text.slice(0, SEARCH_COUNT_TEXT_MAX);
}

/**
 * The first week the report sums: the shop week of the shop day 30 days (`days`) before today.
 * Rows are weekly, so the report reaches back up to 6 days more than `days`, never fewer.
 */
export function searchReportFirstWeek(
  now: Date,
  timeZone: string,
  days: number = SEARCH_REPORT_DAYS,
): string {
  return mondayOf(addDays(shopDayOf(now, timeZone), -days));
}

/**
 * Weeks before this one are pruned: the shop week of the same day 13 months ago (the last day of
 * the month when that month is shorter), so a week is kept for at least 13 months.
 */
export function searchCountsPruneBefore(now: Date, timeZone: string): string {
  return mondayOf(sameDayMonthsBefore(shopDayOf(now, timeZone), SEARCH_COUNTS_KEPT_MONTHS));
}

/** The report's window and length; the Searches page passes none and gets 30 days, top 20. */
export const searchReportOptionsSchema = z.object({
  days: z.number().int().min(1).max(400).default(SEARCH_REPORT_DAYS),
  limit: z.number().int().min(1).max(100).default(SEARCH_REPORT_LIMIT),
});
export type SearchReportOptions = z.input<typeof searchReportOptionsSchema>;
