import { parseRouteQuery } from '../../core/forms/route-query';
import { quotationListQuerySchema } from '../../core/admin/admin-list-query';
import { csvDownload } from '../../server/http/csv-download';
import { appContext } from '../../server/http/app-context';
import { resourceReply } from '../../server/http/answer';
import { exportQuotationRequests } from '../../server/modules/quotations';
import type { Route } from './+types/admin.export.quotations';

/** docs/requirements.md §12 "Export CSV": every one of the quotation requests the list's filters select, for the owner only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, clock, site } = context.get(appContext);
  const filter = parseRouteQuery(quotationListQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () =>
    csvDownload(
      'quotation-requests.csv',
      await exportQuotationRequests(db, actor, { ...filter, timeZone: site.shopTimeZone }, clock()),
    ),
  );
}
