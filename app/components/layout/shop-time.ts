/**
 * docs/decisions/019: every time and date a page shows is on the shop's clock, in
 * the time zone Settings name, so the server's HTML and the browser's render read alike whatever
 * zone either runs in. The root's loader (app/root.tsx) ships the zone once for every page.
 */
import { useRouteLoaderData } from 'react-router';
import { shopDateTime } from '../../../core/time/shop-calendar';
import type { loader as rootLoader } from '../../root';

/** The shop's time zone, as the root's loader shipped it. */
export function useShopTimeZone(): string {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (!root) throw new Error('a page draws a time without the root loader’s shop time zone');
  return root.site.shopTimeZone;
}

/**
 * An instant for the activity and job logs (docs/requirements.md §12), "2026-11-24 09:05:00 IST",
 * the same on server and page.
 */
export function formatShopTime(iso: string, timeZone: string): string {
  return shopDateTime(new Date(iso), timeZone);
}
