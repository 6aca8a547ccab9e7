import { parseRouteQuery } from '../../core/forms/route-query';
import { subscriberListQuerySchema } from '../../core/admin/admin-list-query';
import { csvDownload } from '../../server/http/csv-download';
import { appContext } from '../../server/http/app-context';
import { resourceReply } from '../../server/http/answer';
import { exportSubscribers } from '../../server/modules/newsletter';
import type { Route } from './+types/admin.export.subscribers';

/** docs/requirements.md §12 "Export CSV": every one of the newsletter subscribers the list's filters select, for the owner only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  const filter = parseRouteQuery(subscriberListQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () =>
    csvDownload(
      'subscribers.csv',
      await exportSubscribers(db, actor, { ...filter, timeZone: site.shopTimeZone }),
    ),
  );
}
