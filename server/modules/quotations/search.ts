/**
 * docs/requirements.md §12 "Lists that find things": which quotation requests an admin's filters select, and the
 * "Export CSV" of all of them. Every search branch is answered by an index of migration 0011 or,
 * for the pieces' names, of migration 0017 (server/db/admin-search.ts), so the search stays flat
 * at 100k requests.
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import { adminSearch } from '../../../core/search/admin-search';
import type { AdminListFilter, QUOTATION_WAITING } from '../../../core/admin/admin-list-query';
import { overdueBefore } from '../../../core/time/week-at-a-glance';
import type { QuotationStatus } from '../../../core/orders/statuses';
import {
  byDate,
  csvInBatches,
  exportBatch,
  nameMatches,
  statusAndDays,
  type ListFilterParts,
} from '../../db/admin-search';
import { awaitingReplySince, quotationSearchCondition } from '../../db/quotation-conditions';
import type { Database } from '../../db/client';
import { quotationRequestLines, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../kernel';
import { requestView } from './customer-view';
import { requestLinesOf } from './request-lines';
import type { QuoteRequestLineView } from './views';

export type QuotationListFilter = Partial<
  AdminListFilter<QuotationStatus> & { waiting: (typeof QUOTATION_WAITING)[number] | null }
> &
  Pick<ListFilterParts, 'timeZone'>;

/**
 * docs/requirements.md §18: a request one of whose pieces is named so (each word the start of a word of the
 * piece's name), through the lines' own nameWords expression, which the GIN index
 * quotation_request_lines_name_words_idx holds. The requests' ids are read once into an array:
 * `id = any(array)` is indexable, so it joins the other branches' BitmapOr, where an EXISTS (a
 * subplan) would make PostgreSQL read every request to test it.
 */
function anyPieceNamed(namePrefixes: readonly string[]): SQL {
  const requestIds = sql`select ${quotationRequestLines.quotationRequestId} from ${quotationRequestLines} where ${nameMatches(quotationRequestLines.productName, namePrefixes)}`;
  return sql`${quotationRequests.id} = any(array(${requestIds}))`;
}

/**
 * docs/requirements.md §12's search (reference, e-mail, mobile, customer's name), and docs/requirements.md §18: any of the
 * request's pieces' names. Added here rather than to quotationSearchCondition, which the orders'
 * search shares: docs/requirements.md §18 asks it of the quotations' list only.
 */
function quotationListSearch(query: string | undefined): SQL | undefined {
  const search = adminSearch(query ?? '');
  if (!search) return undefined;
  return or(
    quotationSearchCondition(query),
    search.namePrefixes === null ? undefined : anyPieceNamed(search.namePrefixes),
  );
}

/**
 * The filters as one condition on quotation_requests (undefined: every request). `now` places the
 * overdue filter's 24 hours (docs/requirements.md §12: the week's tile and its list count the same requests).
 */
export function quotationFilterCondition(filter: QuotationListFilter, now?: Date): SQL | undefined {
  if (filter.waiting && !now) throw new Error('the waiting filters need the clock');
  // docs/requirements.md §12: waiting over 24 hours; docs/requirements.md §19: "needs reply", however long it has waited
  const waitingSince =
    !now || !filter.waiting ? null : filter.waiting === 'overdue' ? overdueBefore(now) : now;
  return and(
    quotationListSearch(filter.q),
    waitingSince ? awaitingReplySince(waitingSince) : undefined,
    ...statusAndDays(
      { status: quotationRequests.status, createdAt: quotationRequests.createdAt },
      filter,
    ),
  );
}

export function quotationOrder(filter: QuotationListFilter): SQL[] {
  return byDate({ createdAt: quotationRequests.createdAt, id: quotationRequests.id }, filter.sort);
}

const EXPORT_HEADER = [
  'reference',
  'received',
  'status',
  'customer_name',
  'customer_company',
  'customer_mobile',
  'customer_email',
  'product_name',
  'quantity',
  'customization_notes',
  // docs/requirements.md §18: the CSV export shows every piece; the columns before stay as they were
  'pieces',
  'customer_gstin',
] as const;

/** docs/requirements.md §18: "Floral Inlay Marble Urli × 20; Brass Diya × 5", in the buyer's order. */
function piecesText(lines: readonly QuoteRequestLineView[]): string {
  return lines.map((line) => `${line.productName} × ${line.quantity}`).join('; ');
}

/**
 * docs/requirements.md §12 "Export CSV": every request the filters select (not only the page), in the list's
 * order, a batch at a time. Owner only: checked before anything is read.
 */
export async function exportQuotationRequests(
  db: Database,
  actor: Actor,
  filter: QuotationListFilter,
  now?: Date,
): Promise<AsyncGenerator<string>> {
  requireAdmin(actor);
  const columns = { createdAt: quotationRequests.createdAt, id: quotationRequests.id };
  return csvInBatches({
    header: EXPORT_HEADER,
    fetch: async (after) => {
      const batch = exportBatch(columns, filter.sort, after);
      const rows = await db
        .select({ request: quotationRequests, cursor: batch.cursor })
        .from(quotationRequests)
        .where(and(quotationFilterCondition(filter, now), batch.after))
        .orderBy(...batch.order)
        .limit(batch.limit);
      // docs/requirements.md §18: the batch's pieces in one more read, not one per request
      const lines = await requestLinesOf(
        db,
        rows.map(({ request }) => request.id),
      );
      return rows.map((row) => ({
        ...row,
        pieces: piecesText(requestView(row.request, lines.get(row.request.id)).lines),
      }));
    },
    line: ({ request, pieces }) => [
      request.reference,
      request.createdAt.toISOString(),
      request.status,
      request.customerName,
      request.customerCompany,
      request.customerMobile,
      request.customerEmail,
      request.productName,
      request.quantity,
      request.customizationNotes,
      pieces,
      request.customerGstin,
    ],
  });
}
