/**
 * /sitemap.xml (issue: findability): every public page, product and story with its last change,
 * split into pages behind a sitemap index beyond 5,000 addresses.
 */
import { utcDayOf } from '../time/shop-calendar';

export const SITEMAP_PAGE_SIZE = 5000;

export interface SitemapEntry {
  path: string;
  /** Every address says when it last changed, so crawlers can skip what has not. */
  lastModified: Date | string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

function isoDate(value: Date | string): string {
  return utcDayOf(toDate(value));
}

/** The newest of some dates (a listing changes when its newest entry does); none: undefined. */
export function latestDate(dates: Iterable<Date | string>): Date | undefined {
  let latest: Date | undefined;
  for (const value of dates) {
    const date = toDate(value);
    if (!latest || date > latest) latest = date;
  }
  return latest;
}

export function sitemapPageCount(entries: readonly SitemapEntry[]): number {
  return Math.max(1, Math.ceil(entries.length / SITEMAP_PAGE_SIZE));
}

/** One page of addresses (page 1 is the only page while there are 5,000 or fewer). */
export function sitemapUrlSet(origin: string, entries: readonly SitemapEntry[], page = 1): string {
  const slice = entries.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE);
  const urls = slice
    .map(
      (entry) =>
        `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc><lastmod>${isoDate(entry.lastModified)}</lastmod></url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** The index that lists every page of the sitemap. */
export function sitemapIndex(origin: string, pages: number, lastModified: Date): string {
  const items = Array.from(
    { length: pages },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${index + 1}`)}</loc><lastmod>${isoDate(lastModified)}</lastmod></sitemap>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>\n`;
}
