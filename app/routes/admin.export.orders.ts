import { parseRouteQuery } from '../../core/forms/route-query';
import { orderListQuerySchema } from '../../core/admin/admin-list-query';
import { csvDownload } from '../../server/http/csv-download';
import { appContext } from '../../server/http/app-context';
import { resourceReply } from '../../server/http/answer';
import { exportOrders } from '../../server/modules/orders';
import type { Route } from './+types/admin.export.orders';

/** docs/requirements.md §12 "Export CSV": every one of the orders the list's filters select, for the owner only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  const filter = parseRouteQuery(orderListQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () =>
    csvDownload(
      'orders.csv',
      await exportOrders(db, actor, { ...filter, timeZone: site.shopTimeZone }),
    ),
  );
}
