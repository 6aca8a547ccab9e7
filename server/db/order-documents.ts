/**
 * The GST documents of listed orders (docs/requirements.md §23): a read shared by the orders' views, the quote
 * page's order and the invoices module, which show each order's "Download Invoice" and "Download
 * Credit Note", and by the quotations module's mail of a document issued. Written once here, below
 * the modules (docs/design.md §3: modules do not import each other); the invoices module alone
 * writes the table.
 */
import { eq, inArray } from 'drizzle-orm';
import type { TaxDocumentKind } from '../../core/tax/document-links';
import type { Database } from './client';
import { taxDocuments } from './schema';

/** A document as lists show it: enough to name it and open its PDF. */
export interface TaxDocumentSummary {
  id: string;
  kind: TaxDocumentKind;
  number: string;
  issuedOn: string;
  orderId: string;
}

export function taxDocumentSummary(row: typeof taxDocuments.$inferSelect): TaxDocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    orderId: row.orderId,
  };
}

/** Each order's documents, oldest first; the caller has checked who may read those orders. */
export async function documentsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, TaxDocumentSummary[]>> {
  const byOrder = new Map<string, TaxDocumentSummary[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, orderIds))
    .orderBy(taxDocuments.issuedAt, taxDocuments.number);
  for (const row of rows) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), taxDocumentSummary(row)]);
  }
  return byOrder;
}

/**
 * One document as it was issued, for its mail (docs/requirements.md §23): the worker attaches its PDF,
 * printed from the stored content. Null when there is none of that id.
 */
export async function taxDocumentById(
  db: Database,
  id: string,
): Promise<typeof taxDocuments.$inferSelect | null> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row ?? null;
}
