import { Download, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { CSV_MAX_BYTES, MEDIA_CSV_HEADER } from '../../../core/media-csv';
import { consoleMessages } from '../../../core/product-console';
import type { MediaImportEvent } from '../../routes/admin.media-import';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { toast } from '../ui/toast-store';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'importing'; current: number; total: number | null }
  | { phase: 'done'; report: Extract<MediaImportEvent, { type: 'done' }> };

const IMPORT_URL = '/admin/product-media/import';

/** Reads the import's answer, one JSON event per line, as the batches land. */
async function* importEvents(response: Response): AsyncGenerator<MediaImportEvent> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as MediaImportEvent;
  }
}

function failed(detail: unknown) {
  // spec §8: the details go to the console, the toast points there
  console.error('Media CSV import failed:', detail);
  toast({ title: 'Error', description: consoleMessages.csvFailed, variant: 'destructive' });
}

/**
 * spec §2 Product Media tab: the CSV import tool (spec §5: progress as current/total, the success
 * toast) with the report of skipped rows, and the export in the same format.
 */
export function MediaImportTool() {
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const { revalidate } = useRevalidator();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get('file');
    if (!(file instanceof File) || !file.name.toLowerCase().endsWith('.csv')) {
      toast({ title: 'Error', description: 'Please choose a .csv file.', variant: 'destructive' });
      return;
    }
    if (file.size > CSV_MAX_BYTES) {
      toast({
        title: 'Error',
        description: 'The CSV file must be 5 MB or smaller.',
        variant: 'destructive',
      });
      return;
    }
    setState({ phase: 'importing', current: 0, total: null });
    try {
      const response = await fetch(IMPORT_URL, { method: 'POST', body: new FormData(form) });
      if (!response.ok) {
        const refusal = (await response.json().catch(() => null)) as { message?: string } | null;
        failed(refusal?.message ?? `HTTP ${response.status}`);
        setState({ phase: 'idle' });
        return;
      }
      for await (const importEvent of importEvents(response)) {
        if (importEvent.type === 'progress') {
          setState({ phase: 'importing', current: importEvent.current, total: importEvent.total });
        } else if (importEvent.type === 'done') {
          setState({ phase: 'done', report: importEvent });
          toast({
            title: 'Success',
            description: consoleMessages.csvImported(importEvent.imported),
          });
          form.reset();
          void revalidate();
          return;
        } else {
          failed(importEvent.message);
          setState({ phase: 'idle' });
          return;
        }
      }
      failed('The import ended without a report.');
      setState({ phase: 'idle' });
    } catch (error) {
      failed(error);
      setState({ phase: 'idle' });
    }
  }

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
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-1">
          <label htmlFor="media-csv-file" className="font-medium">
            CSV file
          </label>
          <input
            id="media-csv-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className={inputClass}
          />
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
            Imported {state.report.imported}/{state.report.imported} rows.
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
