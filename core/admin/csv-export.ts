/**
 * docs/requirements.md §12: the admin lists' CSV exports, formula-safe exactly as the media export is (one
 * definition, core/catalog/media-csv.ts FORMULA_START): a cell a spreadsheet would run as a formula is
 * prefixed with a single quote.
 */
import Papa from 'papaparse';
import { FORMULA_START } from '../catalog/media-csv';

/** Lines of CSV, each ending CRLF (RFC 4180), so batches join into one file. */
export function csvText(lines: readonly (readonly unknown[])[]): string {
  if (lines.length === 0) return '';
  const text = Papa.unparse(
    lines.map((line) => line.map((cell) => (cell === null || cell === undefined ? '' : cell))),
    { escapeFormulae: FORMULA_START, header: false, newline: '\r\n' },
  );
  return `${text}\r\n`;
}
