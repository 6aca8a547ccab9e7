import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Download, Upload } from '../ui/icons';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { errorToast, isAnswer } from '../../../core/community/answer';
import { MEDIA_CSV_HEADER, mediaCsvFileSchema } from '../../../core/catalog/media-csv';
import { countOf } from '../../../core/forms/plurals';
import { consoleMessages } from '../../../core/catalog/product-console';
import type { MediaImportReport } from '../../../server/modules/product-media';
import type { MediaImportLine } from '../../routes/admin.media-import';
import { showAnswer } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { toast } from '../ui/toast-store';
import { FieldError, toastFirstProblem } from './product-console/form-problems';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'importing'; current: number; total: number | null }
  | { phase: 'done'; report: MediaImportReport };

const IMPORT_URL = '/admin/product-media/import';

/** Reads the import's answer, one JSON line at a time, as the batches land. */
async function* importLines(response: Response): AsyncGenerator<MediaImportLine> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as MediaImportLine;
  }
}

function failed(detail: unknown) {
  // spec §8: the details go to the console, the toast points there
  console.error('Media CSV import failed:', detail);
  toast(errorToast(consoleMessages.csvFailed));
}

const checkImportForm = (formData: FormData) =>
  parseWithZod(formData, { schema: mediaCsvFileSchema, disableAutoCoercion: true });

/**
 * spec §2 Product Media tab: the CSV import tool (spec §5: progress as current/total, the success
 * toast) with the report of skipped rows, and the export in the same format.
 */
export function MediaImportTool() {
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const { revalidate } = useRevalidator();

  async function runImport(form: HTMLFormElement, formData: FormData) {
    setState({ phase: 'importing', current: 0, total: null });
    try {
      const response = await fetch(IMPORT_URL, { method: 'POST', body: formData });
      if (!response.ok) {
        // A refusal (not an admin, not a .csv file, too large) is an Answer like any form's.
        const refusal: unknown = await response.json().catch(() => null);
        if (isAnswer(refusal)) showAnswer(refusal);
        else failed(`HTTP ${response.status}`);
        setState({ phase: 'idle' });
        return;
      }
      for await (const line of importLines(response)) {
        if (!isAnswer(line)) {
          setState({ phase: 'importing', current: line.current, total: line.total });
          continue;
        }
        showAnswer(line);
        const report = line.data as MediaImportReport | null;
        if (line.status === 'ok' && report) {
          setState({ phase: 'done', report });
          form.reset();
          void revalidate();
        } else {
          console.error('Media CSV import failed:', line.message);
          setState({ phase: 'idle' });
        }
        return;
      }
      failed('The import ended without a report.');
      setState({ phase: 'idle' });
    } catch (error) {
      failed(error);
      setState({ phase: 'idle' });
    }
  }

  const [form, fields] = useForm({
    id: 'media-csv-import',
    constraint: getZodConstraint(mediaCsvFileSchema),
    onValidate: ({ formData }) => {
      const submission = checkImportForm(formData);
      if (!formData.has('__intent__')) toastFirstProblem(submission);
      return submission;
    },
    onSubmit: (event, { formData }) => {
      // The answer streams its progress: read here rather than by a navigation.
      event.preventDefault();
      void runImport(event.currentTarget, formData);
    },
  });
  const { key: fileKey, ...file } = getInputProps(fields.file, { type: 'file' });

  return (
    <section aria-labelledby="csv-import-heading" className="grid gap-4">
      <h3 id="csv-import-heading" className="font-sans text-lg font-semibold">
        Import media from CSV
      </h3>
      <p className="text-sm text-ink-muted">
        The file replaces every product&apos;s media. Its first line is a header; the columns are{' '}
        <code>{MEDIA_CSV_HEADER.join(', ')}</code>. A product may be named by its id or its name.
      </p>
      <form
        method="post"
        action={IMPORT_URL}
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-1">
          <label htmlFor={fields.file.id} className="font-medium">
            CSV file
          </label>
          <input key={fileKey} {...file} accept=".csv,text/csv" className={inputClass} />
          <FieldError meta={fields.file} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={state.phase === 'importing'}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          Import CSV
        </button>
        <a href="/admin/product-media/export.csv" download className={secondaryButtonClass}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export media CSV
        </a>
      </form>
      <div role="status" aria-live="polite">
        {state.phase === 'importing' ? (
          <div className="grid gap-1">
            <progress
              max={state.total ?? undefined}
              value={state.total === null ? undefined : state.current}
              aria-label="Import progress"
              className="w-full"
            />
            <p>
              Importing…{' '}
              {state.total === null ? null : (
                <span>
                  {state.current}/{state.total}
                </span>
              )}
            </p>
          </div>
        ) : null}
        {state.phase === 'done' ? (
          <p>
            Imported {state.report.imported}/{countOf(state.report.imported, 'row')}.
          </p>
        ) : null}
      </div>
      {state.phase === 'done' && state.report.skipped.length + state.report.notes.length > 0 ? (
        <div>
          <h4 className="font-medium">Skipped rows ({state.report.skipped.length})</h4>
          <ul className="mt-1 list-disc pl-6 text-sm">
            {state.report.skipped.map((row) => (
              <li key={`skipped-${row.line}`}>
                Line {row.line}: {row.reason}
              </li>
            ))}
          </ul>
          {state.report.notes.length > 0 ? (
            <>
              <h4 className="mt-3 font-medium">Imported with a change</h4>
              <ul className="mt-1 list-disc pl-6 text-sm">
                {state.report.notes.map((row) => (
                  <li key={`note-${row.line}`}>
                    Line {row.line}: {row.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
