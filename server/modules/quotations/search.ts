/**
 * issue 18 "Lists that find things": which quotation requests an admin's filters select, and the
 * "Export CSV" of all of them. Every search branch is answered by an index of migration 0011
 * (server/db/admin-search.ts), so the search stays flat at 100k requests.
 */
import { and, or, type SQL } from 'drizzle-orm';
import { adminSearch } from '../../../core/admin-search';
import type { AdminListFilter, QUOTATION_WAITING } from '../../../core/admin-list-query';
import { overdueBefore } from '../../../core/week-at-a-glance';
import type { QuotationStatus } from '../../../core/statuses';
import {
  byDate,
  csvInBatches,
  exportBatch,
  lowered,
  nameMatches,
  reversedDigits,
  startsWith,
  statusAndDays,
} from '../../db/admin-search';
import type { Database } from '../../db/client';
import { quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { awaitingReplySince } from '../insights';
import { requireAdmin } from '../kernel';

export type QuotationListFilter = Partial<
  AdminListFilter<QuotationStatus> & { waiting: (typeof QUOTATION_WAITING)[number] | null }
>;

/**
 * issue 18: the search matches the reference (Q-…, from its start), the e-mail (from its start),
 * the mobile (by the digits it ends with, so +91 and spaces do not matter) and the name (each
 * word the start of a word of it). Undefined when there is nothing to search for.
 */
export function quotationSearchCondition(query: string | undefined): SQL | undefined {
  const search = adminSearch(query ?? '');
  if (!search) return undefined;
  return or(
    startsWith(quotationRequests.reference, search.code),
    startsWith(lowered(quotationRequests.customerEmail), search.lowered),
    search.reversedMobileDigits === null
      ? undefined
      : startsWith(reversedDigits(quotationRequests.customerMobile), search.reversedMobileDigits),
    search.nameQuery === null
      ? undefined
      : nameMatches(quotationRequests.customerName, search.nameQuery),
  );
}

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
