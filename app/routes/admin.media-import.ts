import { data } from 'react-router';
import { CSV_MAX_BYTES } from '../../core/media-csv';
import { consoleMessages } from '../../core/product-console';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { isAdmin } from '../../server/modules/actor';
import { importMediaCsv, type MediaImportReport } from '../../server/modules/media-import';
import type { Route } from './+types/admin.media-import';

/** One line of the import's answer, a JSON object per line (application/x-ndjson). */
export type MediaImportEvent =
  | { type: 'progress'; current: number; total: number }
  | ({ type: 'done' } & MediaImportReport)
  | { type: 'error'; message: string };

/**
 * spec §5 CSV import: the file arrives here and the answer streams the progress of the batches
 * (current/total), then the report. Refused before anything is read: visitors, non-admins, files
 * that are not .csv or are over 5 MB.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor, logger } = context.get(appContext);
  if (!actor) return data({ message: 'Please sign in to continue.' }, { status: 401 });
  if (!isAdmin(actor)) {
    return data({ message: 'You do not have administrator privileges.' }, { status: 403 });
  }
  if (Number(request.headers.get('content-length') ?? 0) > CSV_MAX_BYTES + 64 * 1024) {
    return data({ message: 'The CSV file must be 5 MB or smaller.' }, { status: 413 });
  }
  const file = (await readFormData(request)).get('file');
  // spec §5: only .csv files
  if (!(file instanceof File) || !file.name.toLowerCase().endsWith('.csv')) {
    return data({ message: 'Please choose a .csv file.' }, { status: 400 });
  }
  if (file.size > CSV_MAX_BYTES) {
    return data({ message: 'The CSV file must be 5 MB or smaller.' }, { status: 413 });
  }
  const text = await file.text();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: MediaImportEvent) =>
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        const report = await importMediaCsv(db, actor, { text }, (progress) =>
          send({ type: 'progress', ...progress }),
        );
        // Read-your-write for the owner, as in the console's other writes.
        send({ type: 'done', ...report });
      } catch (error) {
        logger.error({ err: error }, 'media CSV import failed');
        send({ type: 'error', message: consoleMessages.csvFailed });
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
