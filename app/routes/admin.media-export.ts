import { resourceReply } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { exportMediaCsv } from '../../server/modules/product-media';
import type { Route } from './+types/admin.media-export';

/** "Export media CSV": every media row in the import's format, for admins only. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, actor } = context.get(appContext);
  return resourceReply(async () => {
    const csv = await exportMediaCsv(db, actor);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="product-media.csv"',
        'Cache-Control': 'no-store',
      },
    });
  });
}
