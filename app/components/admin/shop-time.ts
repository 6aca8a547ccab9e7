/**
 * issue 27: times in the back office are on the shop's clock, in the time zone Settings name; the
 * back office's shell (app/routes/admin-shell.tsx) loads the zone once for every admin page.
 */
import { useRouteLoaderData } from 'react-router';
import { shopDateTime } from '../../../core/shop-calendar';
import type { loader as backOfficeShellLoader } from '../../routes/admin-shell';

const BACK_OFFICE_SHELL = 'routes/admin-shell';

/** The shop's time zone, as the back office's shell loaded it. */
export function useShopTimeZone(): string {
  const shell = useRouteLoaderData<typeof backOfficeShellLoader>(BACK_OFFICE_SHELL);
  if (!shell) throw new Error('an admin page is drawn outside the back office shell');
  return shell.shopTimeZone;
}

/** issue 17: an instant for the logs, "2026-11-24 09:05:00 IST", the same on server and page. */
export function formatShopTime(iso: string, timeZone: string): string {
  return shopDateTime(new Date(iso), timeZone);
}
