/**
 * docs/requirements.md §12 "Lists that find things": which contact messages an admin's filters select, and the
 * "Export CSV" of all of them. The search matches the sender's e-mail (from its start) and name
 * (each word the start of a word of it), both indexed (migration 0011).
 */
import { and, or, type SQL } from 'drizzle-orm';
import { adminSearch } from '../../../core/search/admin-search';
import type { AdminListFilter } from '../../../core/admin/admin-list-query';
import type { ContactMessageStatus } from '../../../core/orders/statuses';
import {
  byDate,
  csvInBatches,
  exportBatch,
  lowered,
  nameMatches,
  startsWith,
  statusAndDays,
  type ListFilterParts,
} from '../../db/admin-search';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../kernel';

export type ContactMessageListFilter = Partial<AdminListFilter<ContactMessageStatus>> &
  Pick<ListFilterParts, 'timeZone'>;

/** The filters as one condition on contact_messages (undefined: every message). */
export function contactMessageFilterCondition(filter: ContactMessageListFilter): SQL | undefined {
  const search = adminSearch(filter.q ?? '');
  return and(
    search
      ? or(
          startsWith(lowered(contactMessages.email), search.lowered),
          search.namePrefixes === null
            ? undefined
            : nameMatches(contactMessages.name, search.namePrefixes),
        )
      : undefined,
    ...statusAndDays(
      { status: contactMessages.status, createdAt: contactMessages.createdAt },
      filter,
    ),
  );
}

export function contactMessageOrder(filter: ContactMessageListFilter): SQL[] {
  return byDate({ createdAt: contactMessages.createdAt, id: contactMessages.id }, filter.sort);
}

const EXPORT_HEADER = ['received', 'status', 'name', 'email', 'subject', 'message'] as const;

/**
 * docs/requirements.md §12 "Export CSV": every message the filters select (not only the page), in the list's
 * order, a batch at a time. Owner only: checked before anything is read.
 */
export async function exportContactMessages(
  db: Database,
  actor: Actor,
  filter: ContactMessageListFilter,
): Promise<AsyncGenerator<string>> {
  requireAdmin(actor);
  const columns = { createdAt: contactMessages.createdAt, id: contactMessages.id };
  return csvInBatches({
    header: EXPORT_HEADER,
    fetch: (after) => {
      const batch = exportBatch(columns, filter.sort, after);
      return db
        .select({ message: contactMessages, cursor: batch.cursor })
        .from(contactMessages)
        .where(and(contactMessageFilterCondition(filter), batch.after))
        .orderBy(...batch.order)
        .limit(batch.limit);
    },
    line: ({ message }) => [
      message.createdAt.toISOString(),
      message.status,
      message.name,
      message.email,
      message.subject,
      message.message,
    ],
  });
}
