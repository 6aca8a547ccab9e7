import { appContext } from '../../server/http/app-context';
import { DomainError, httpStatusOf } from '../../server/modules/errors';
import { exportMediaCsv } from '../../server/modules/media-import';
import type { Route } from './+types/admin.media-export';

/** "Export media CSV": every media row in the import's format, for admins only. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, actor } = context.get(appContext);
  try {
    const csv = await exportMediaCsv(db, actor);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="product-media.csv"',
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    if (error instanceof DomainError) {
      return new Response(error.message, { status: httpStatusOf[error.code] });
    }
    throw error;
  }
}
