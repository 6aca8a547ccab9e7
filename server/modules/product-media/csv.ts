/**
 * The media CSV import and export (spec §5, §7 CSV import; docs/design.md §5). Both check the admin role
 * first; the import is one transaction.
 */
import { asc, count } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { countOf } from '../../../core/forms/plurals';
import {
  CSV_BATCH_SIZE,
  mediaCsv,
  parseMediaCsv,
  type MediaCsvRow,
  type SkippedRow,
} from '../../../core/catalog/media-csv';
import { catalogueWriter } from '../../db/catalogue-cache';
import type { Database } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { requireAdmin } from '../kernel';

export interface MediaImportReport {
  imported: number;
  skipped: SkippedRow[];
  /** Rows imported with a change, such as a second primary of one product imported as not primary. */
  notes: SkippedRow[];
}

/**
 * spec §5 / §7 CSV import: the existing media are replaced by the file's rows, inserted in batches
 * of 50 with progress as current/total. Beyond the spec it is one transaction (docs/design.md §5): a
 * failure part-way leaves the old media exactly as they were.
 */
export const importMediaCsv = catalogueWriter(async function importMediaCsv(
  db: Database,
  actor: Actor,
  input: { text: string },
  onProgress: (progress: { current: number; total: number }) => void | Promise<void> = () => {},
): Promise<MediaImportReport> {
  requireAdmin(actor, 'catalogue:write');
  const catalogue = await db.select({ id: products.id, name: products.name }).from(products);
  const parsed = parseMediaCsv(input.text, {
    ids: new Set(catalogue.map((product) => product.id)),
    idByName: new Map(catalogue.map((product) => [product.name.trim().toLowerCase(), product.id])),
  });
  const { rows, notes } = withOnePrimaryPerProduct(parsed.rows);
  const total = rows.length;
  await db.transaction(async (tx) => {
    const [replaced] = await tx.select({ value: count() }).from(productMedia);
    await tx.delete(productMedia);
    await onProgress({ current: 0, total });
    for (let start = 0; start < total; start += CSV_BATCH_SIZE) {
      const batch = rows.slice(start, start + CSV_BATCH_SIZE);
      await tx.insert(productMedia).values(
        batch.map((row) => ({
          productId: row.productId,
          mediaUrl: row.mediaUrl,
          mediaType: row.mediaType,
          altText: row.altText,
          sortOrder: row.sortOrder,
          isPrimary: row.isPrimary,
        })),
      );
      await onProgress({ current: start + batch.length, total });
    }
    // docs/requirements.md §12: one entry per import, with its counts
    await recordActivity(tx, actor, {
      kind: 'import',
      summary: `Media CSV imported: ${countOf(total, 'row')} imported, ${parsed.skipped.length} skipped`,
      changes: changedFields(
        { mediaRows: replaced?.value ?? 0 },
        { mediaRows: total, skippedRows: parsed.skipped.length, notes: notes.length },
      ),
    });
  });
  return { imported: total, skipped: parsed.skipped, notes };
});

/** The partial unique index allows one primary per product: later TRUE rows are imported as not primary. */
function withOnePrimaryPerProduct(rows: MediaCsvRow[]): {
  rows: MediaCsvRow[];
  notes: SkippedRow[];
} {
  const withPrimary = new Set<string>();
  const notes: SkippedRow[] = [];
  const kept = rows.map((row) => {
    if (!row.isPrimary) return row;
    if (!withPrimary.has(row.productId)) {
      withPrimary.add(row.productId);
      return row;
    }
    notes.push({
      line: row.line,
      reason: `"${row.productId}" already has a primary image: imported as not primary`,
    });
    return { ...row, isPrimary: false };
  });
  return { rows: kept, notes };
}

/** "Export media CSV": every media row in the import's format, formula cells neutralised. */
export async function exportMediaCsv(db: Database, actor: Actor): Promise<string> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(productMedia)
    .orderBy(asc(productMedia.productId), asc(productMedia.sortOrder), asc(productMedia.id));
  return mediaCsv(rows);
}
