import { errorToast, type Answer } from '../../core/community/answer';
import { CSV_MAX_BYTES, CSV_TOO_LARGE, mediaCsvFileSchema } from '../../core/catalog/media-csv';
import { consoleMessages } from '../../core/catalog/product-console';
import {
  answerAction,
  intent,
  streamedAnswer,
  type StreamedAnswerLine,
} from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { requireAdmin } from '../../server/modules/kernel';
import { importMediaCsv, type MediaImportReport } from '../../server/modules/product-media';
import type { Route } from './+types/admin.media-import';

const IMPORT_INTENT = 'import-media';

/** What the import's stream carries: batch progress as current/total, then its Answer. */
export type MediaImportLine = StreamedAnswerLine<
  { current: number; total: number },
  MediaImportReport
>;

function imported(report: MediaImportReport): Answer<MediaImportReport> {
  return {
    status: 'ok',
    intent: IMPORT_INTENT,
    toast: { title: 'Success', description: consoleMessages.csvImported(report.imported) },
    message: null,
    result: null,
    data: report,
  };
}

// spec §8: whatever stopped the import, the owner reads this and the details are logged.
const importFailed: Answer<MediaImportReport> = {
  status: 'error',
  intent: IMPORT_INTENT,
  toast: errorToast(consoleMessages.csvFailed),
  message: consoleMessages.csvFailed,
  result: null,
  data: null,
};

const importIntents = {
  [IMPORT_INTENT]: intent({
    schema: mediaCsvFileSchema,
    run: async (_fields, { app, formData }) => {
      const file = formData.get('file');
      // The schema has checked it is a .csv file within the limit.
      const text = file instanceof File ? await file.text() : '';
      // spec §5: progress as current/total while the batches land, then the report.
      return streamedAnswer({
        logger: app.logger,
        run: async (report) => imported(await importMediaCsv(app.db, app.actor, { text }, report)),
        failed: importFailed,
      });
    },
  }),
};

/**
 * spec §5 CSV import: refused before anything is read for visitors and non-admins, and for a body
 * over the limit; then the file must be a .csv of 5 MB at most. Refusals are Answers like any
 * form's; an accepted file is answered with the import's progress stream.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      guard: (app) => requireAdmin(app.actor),
      bodyLimit: { bytes: CSV_MAX_BYTES + 64 * 1024, message: CSV_TOO_LARGE },
      intents: importIntents,
      defaultIntent: IMPORT_INTENT,
    },
    context.get(appContext),
  );
}
