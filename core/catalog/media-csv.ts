/**
 * The media CSV of the product console (spec §5 CSV import, §3 product media): parse an upload into
 * rows to insert plus a report of skipped lines, and write the same format for "Export media CSV".
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { mediaContentSchema } from './product-console';
import { legacyMediaProductId } from './slug';
import type { MediaType } from '../orders/statuses';

export const MEDIA_CSV_HEADER = [
  'product_id',
  'media_url',
  'media_type',
  'alt_text',
  'sort_order',
  'is_primary',
] as const;
/** spec §9: rows are inserted 50 at a time. */
export const CSV_BATCH_SIZE = 50;
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

export const CSV_FILE_REFUSED = 'Please choose a .csv file.';
export const CSV_TOO_LARGE = 'The CSV file must be 5 MB or smaller.';

/** spec §5: the import takes only .csv files; beyond the spec, of 5 MB at most. */
export const mediaCsvFileSchema = z.object({
  file: z
    .file({ error: CSV_FILE_REFUSED })
    .refine((file) => file.name.toLowerCase().endsWith('.csv'), CSV_FILE_REFUSED)
    .max(CSV_MAX_BYTES, CSV_TOO_LARGE),
});

export type MediaCsvRecord = {
  productId: string;
  mediaUrl: string;
  mediaType: MediaType;
  altText: string | null;
  sortOrder: number;
  isPrimary: boolean;
};
/** `line` is the 1-based line of the file the row starts on (the header is line 1). */
export type MediaCsvRow = MediaCsvRecord & { line: number };
export type SkippedRow = { line: number; reason: string };
/** `idByName` is keyed by the lowercased, trimmed product name. */
export type MediaCsvCatalogue = {
  ids: ReadonlySet<string>;
  idByName: ReadonlyMap<string, string>;
};

// sort_order is a PostgreSQL integer: a larger value would fail the whole import's transaction.
const MAX_SORT_ORDER = 2 ** 31 - 1;
const MIN_SORT_ORDER = -(2 ** 31);

export function parseMediaCsv(
  text: string,
  catalogue: MediaCsvCatalogue,
): { rows: MediaCsvRow[]; skipped: SkippedRow[] } {
  const csv = text.replace(/^\uFEFF/, '');
  const rows: MediaCsvRow[] = [];
  const skipped: SkippedRow[] = [];
  let isHeader = true;
  let recordStart = 0;
  let line = 1;
  Papa.parse<string[]>(csv, {
    // Auto-detection could pick '|' or ';' when the values are full of them.
    delimiter: ',',
    // Blank records are skipped below by papaparse's 'greedy' rule rather than by papaparse itself:
    // then every record starts where the previous one ended, which gives its line in the file.
    step: ({ data: cells, meta: { cursor } }) => {
      const recordLine = line;
      line += lineBreaksIn(csv.slice(recordStart, cursor));
      recordStart = cursor;
      if (cells.join('').trim() === '') return;
      // spec §5: the first line is a header and skipped.
      if (isHeader) {
        isHeader = false;
        return;
      }
      const record = mediaCsvRecord(cells, catalogue);
      if (typeof record === 'string') skipped.push({ line: recordLine, reason: record });
      else rows.push({ line: recordLine, ...record });
    },
  });
  return { rows, skipped };
}

/** The row to import, or why it is skipped. */
function mediaCsvRecord(cells: string[], catalogue: MediaCsvCatalogue): MediaCsvRecord | string {
  // spec §5: a row needs at least 6 columns (the spec skips shorter rows silently; we report them).
  if (cells.length < MEDIA_CSV_HEADER.length) return 'too few columns';
  const [product = '', mediaUrl = '', type = '', altText = '', sortOrder = '', primary = ''] =
    cells.map((cell) => cell.trim());
  // spec §3: product_id may be a display name or an id: mapped by name, else lowercased with
  // spaces turned to hyphens.
  const productId = catalogue.idByName.get(product.toLowerCase()) ?? legacyMediaProductId(product);
  if (!catalogue.ids.has(productId)) return `unknown product "${shownInReport(product)}"`;
  // spec §5: media URL required.
  if (!mediaUrl) return 'missing media URL';
  // docs/requirements.md §5: the address, type and alt text pass the console form's own schema, so the
  // import stores nothing the form would refuse (`javascript:`, `file:`, `data:`, over-long text).
  // spec §5: media type image or video, default image (the CSV ignores its case).
  const content = mediaContentSchema.safeParse({
    mediaUrl,
    mediaType: type.toLowerCase(),
    altText,
  });
  if (!content.success) return refusedContent(content.error.issues[0], { mediaUrl, type });
  // spec §5: sort_order is an integer.
  const order = Number(sortOrder);
  if (!/^-?\d+$/.test(sortOrder) || order > MAX_SORT_ORDER || order < MIN_SORT_ORDER) {
    return `bad sort order "${shownInReport(sortOrder)}"`;
  }
  return {
    productId,
    ...content.data,
    sortOrder: order,
    // spec §5: primary when the text equals TRUE, ignoring case.
    isPrimary: primary.toUpperCase() === 'TRUE',
  };
}

// A refused cell is named in the report cut short (docs/requirements.md §14's class): a 5 MB file must
// not come back as a 5 MB report.
const SHOWN_CELL_LENGTH = 100;

function shownInReport(cell: string): string {
  return cell.length > SHOWN_CELL_LENGTH ? `${cell.slice(0, SHOWN_CELL_LENGTH)}…` : cell;
}

function refusedContent(
  issue: { path: PropertyKey[]; message: string } | undefined,
  cells: { mediaUrl: string; type: string },
): string {
  const field = issue?.path[0];
  if (field === 'mediaType') return `bad media type "${shownInReport(cells.type)}"`;
  if (field === 'altText') return `bad alt text: ${issue?.message ?? 'refused'}`;
  return `bad media URL "${shownInReport(cells.mediaUrl)}": ${issue?.message ?? 'refused'}`;
}

// Counted as editors count them: Excel writes CRLF between rows but a bare LF inside a cell.
function lineBreaksIn(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** The database column is plain text, so an export takes any media type string. */
export type MediaCsvExportRow = Omit<MediaCsvRecord, 'mediaType'> & { mediaType: string };

// papaparse's own `escapeFormulae: true` pattern, /^[=+\-@\t\r].*$/, misses a cell with a line
// break after its first character; this one matches on the first character alone.
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The import's format; a cell a spreadsheet would run as a formula is prefixed with a single quote. */
export function mediaCsv(rows: readonly MediaCsvExportRow[]): string {
  return Papa.unparse(
    {
      fields: [...MEDIA_CSV_HEADER],
      data: rows.map((row) => [
        row.productId,
        row.mediaUrl,
        row.mediaType,
        row.altText ?? '',
        row.sortOrder,
        row.isPrimary ? 'TRUE' : 'FALSE',
      ]),
    },
    { escapeFormulae: FORMULA_START },
  );
}
