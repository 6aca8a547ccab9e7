/**
 * issue 18 "Lists that find things": which quotation requests an admin's filters select, and the
 * "Export CSV" of all of them. Every search branch is answered by an index of migration 0011
 * (server/db/admin-search.ts), so the search stays flat at 100k requests.
 */
import { and, type SQL } from 'drizzle-orm';
import type { AdminListFilter, QUOTATION_WAITING } from '../../../core/admin-list-query';
import { overdueBefore } from '../../../core/week-at-a-glance';
import type { QuotationStatus } from '../../../core/statuses';
import {
  byDate,
  csvInBatches,
  exportBatch,
  statusAndDays,
  type ListFilterParts,
} from '../../db/admin-search';
import { awaitingReplySince, quotationSearchCondition } from '../../db/quotation-conditions';
import type { Database } from '../../db/client';
import { quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../kernel';

export type QuotationListFilter = Partial<
  AdminListFilter<QuotationStatus> & { waiting: (typeof QUOTATION_WAITING)[number] | null }
> &
  Pick<ListFilterParts, 'timeZone'>;

/**
 * The filters as one condition on quotation_requests (undefined: every request). `now` places the
 * overdue filter's 24 hours (issue 18: the week's tile and its list count the same requests).
 */
export function quotationFilterCondition(filter: QuotationListFilter, now?: Date): SQL | undefined {
  if (filter.waiting === 'overdue' && !now) throw new Error('the overdue filter needs the clock');
  return and(
    quotationSearchCondition(filter.q),
    filter.waiting === 'overdue' && now ? awaitingReplySince(overdueBefore(now)) : undefined,
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
] as const;

/**
 * issue 18 "Export CSV": every request the filters select (not only the page), in the list's
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
    fetch: (after) => {
      const batch = exportBatch(columns, filter.sort, after);
      return db
        .select({ request: quotationRequests, cursor: batch.cursor })
        .from(quotationRequests)
        .where(and(quotationFilterCondition(filter, now), batch.after))
        .orderBy(...batch.order)
        .limit(batch.limit);
    },
    line: ({ request }) => [
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
    ],
  });
}
