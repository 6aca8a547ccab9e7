import { parseRouteQuery } from '../../core/forms/route-query';
import { contactMessageListQuerySchema } from '../../core/admin/admin-list-query';
import { csvDownload } from '../../server/http/csv-download';
import { appContext } from '../../server/http/app-context';
import { resourceReply } from '../../server/http/answer';
import { exportContactMessages } from '../../server/modules/contact';
import type { Route } from './+types/admin.export.messages';

/** docs/requirements.md §12 "Export CSV": every one of the contact messages the list's filters select, for the owner only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  const filter = parseRouteQuery(contactMessageListQuerySchema, new URL(request.url).searchParams);
  return resourceReply(async () =>
    csvDownload(
      'contact-messages.csv',
      await exportContactMessages(db, actor, { ...filter, timeZone: site.shopTimeZone }),
    ),
  );
}
