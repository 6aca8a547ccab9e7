/**
 * docs/requirements.md §18: the pieces of quotation requests, read once for every page, mail, PDF and export that
 * shows them, in the buyer's order.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quotationRequestLines } from '../../db/schema';
import type { QuoteRequestLineView } from './views';

export async function requestLinesOf(
  db: Database,
  requestIds: readonly string[],
): Promise<Map<string, QuoteRequestLineView[]>> {
  const byRequest = new Map<string, QuoteRequestLineView[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      quotationRequestId: quotationRequestLines.quotationRequestId,
      productId: quotationRequestLines.productId,
      productName: quotationRequestLines.productName,
      quantity: quotationRequestLines.quantity,
      notes: quotationRequestLines.notes,
    })
    .from(quotationRequestLines)
    .where(inArray(quotationRequestLines.quotationRequestId, [...requestIds]))
    .orderBy(asc(quotationRequestLines.quotationRequestId), asc(quotationRequestLines.position));
  for (const { quotationRequestId, ...line } of rows) {
    const lines = byRequest.get(quotationRequestId) ?? [];
    lines.push(line);
    byRequest.set(quotationRequestId, lines);
  }
  return byRequest;
}
