/**
 * docs/requirements.md §23 "Export GSTR-1": a month's or quarter's invoices and credit notes as the GST offline
 * tool's CSV files in one ZIP, for the owner only (a visitor 401, a customer 403).
 */
import { invoiceListQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { monthOfDay } from '../../core/tax/filing-period';
import { shopDayOf } from '../../core/time/shop-calendar';
import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-policy';
import { gstr1Archive } from '../../server/modules/invoices';
import type { Route } from './+types/admin.invoices.gstr1';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, clock, site } = context.get(appContext);
  const { period: value } = parseRouteQuery(
    invoiceListQuerySchema,
    new URL(request.url).searchParams,
  );
  return resourceReply(async () => {
    // Without a period, the month the shop is in.
    const period = value || monthOfDay(shopDayOf(clock(), site.shopTimeZone));
    const { fileName, archive } = await gstr1Archive(db, actor, { period });
    return new Response(new Uint8Array(archive), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Content-Length': String(archive.length),
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      },
    });
  });
}
