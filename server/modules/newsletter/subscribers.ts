/**
 * docs/requirements.md §12 "Subscribers": the owner's view of the newsletter list (address, the form it came
 * from, subscribed or unsubscribed, the date), its counts, and the CSV the owner sends campaigns
 * with elsewhere. Owner only; every function checks first.
 */
import { and, count, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import { adminSearch } from '../../../core/search/admin-search';
import type { AdminListFilter } from '../../../core/admin/admin-list-query';
import type { NewsletterSource, NewsletterSubscriptionStatus } from '../../../core/orders/statuses';
import {
  byDate,
  csvInBatches,
  exportBatch,
  startsWith,
  statusAndDays,
  type ListFilterParts,
} from '../../db/admin-search';
import type { Database } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import type { Actor } from '../actor';
import { pageOffset, requireAdmin } from '../kernel';

export type SubscriberListFilter = Partial<AdminListFilter<NewsletterSubscriptionStatus>> &
  Pick<ListFilterParts, 'timeZone'> & {
    source?: NewsletterSource | null;
  };

const columns = { createdAt: newsletterSubscriptions.createdAt, id: newsletterSubscriptions.id };

function subscriberCondition(filter: SubscriberListFilter): SQL | undefined {
  const search = adminSearch(filter.q ?? '');
  return and(
    // Addresses are stored lower-cased (a check constraint): the e-mail index answers the prefix.
    search ? startsWith(newsletterSubscriptions.email, search.lowered) : undefined,
    filter.status === 'subscribed' ? isNull(newsletterSubscriptions.unsubscribedAt) : undefined,
    filter.status === 'unsubscribed'
      ? isNotNull(newsletterSubscriptions.unsubscribedAt)
      : undefined,
    filter.source ? sql`${newsletterSubscriptions.source} = ${filter.source}` : undefined,
    ...statusAndDays({ createdAt: newsletterSubscriptions.createdAt }, filter),
  );
}

export interface SubscriberView {
  id: string;
  email: string;
  source: NewsletterSource;
  status: NewsletterSubscriptionStatus;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
}

function subscriberView(row: typeof newsletterSubscriptions.$inferSelect): SubscriberView {
  return {
    id: row.id,
    email: row.email,
    source: row.source,
    status: row.unsubscribedAt ? 'unsubscribed' : 'subscribed',
    subscribedAt: row.createdAt,
    unsubscribedAt: row.unsubscribedAt,
  };
}

/** One page of the subscribers the filters select, newest first unless asked otherwise. */
export async function listSubscribers(
  db: Database,
  actor: Actor,
  input: { page: number } & SubscriberListFilter,
): Promise<SubscriberView[]> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(subscriberCondition(input))
    .orderBy(...byDate(columns, input.sort))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
  return rows.map(subscriberView);
}

/** docs/requirements.md §12: "{n} subscribed, {m} unsubscribed" over the whole list, and how many match. */
export async function countSubscribers(
  db: Database,
  actor: Actor,
  filter: SubscriberListFilter = {},
): Promise<{ subscribed: number; unsubscribed: number; matching: number }> {
  requireAdmin(actor);
  const [[totals], [matching]] = await Promise.all([
    db
      .select({
        subscribed: sql<number>`(count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} is null))::int`,
        unsubscribed: sql<number>`(count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} is not null))::int`,
      })
      .from(newsletterSubscriptions),
    db.select({ value: count() }).from(newsletterSubscriptions).where(subscriberCondition(filter)),
  ]);
  return {
    subscribed: totals?.subscribed ?? 0,
    unsubscribed: totals?.unsubscribed ?? 0,
    matching: matching?.value ?? 0,
  };
}

const EXPORT_HEADER = ['email', 'source', 'status', 'subscribed_at', 'unsubscribed_at'] as const;

/**
 * docs/requirements.md §12: every subscriber the filters select, as CSV a batch at a time: the file the owner
 * sends campaigns with. Formula-safe like every export.
 */
export async function exportSubscribers(
  db: Database,
  actor: Actor,
  filter: SubscriberListFilter,
): Promise<AsyncGenerator<string>> {
  requireAdmin(actor);
  return csvInBatches({
    header: EXPORT_HEADER,
    fetch: (after) => {
      const batch = exportBatch(columns, filter.sort, after);
      return db
        .select({ row: newsletterSubscriptions, cursor: batch.cursor })
        .from(newsletterSubscriptions)
        .where(and(subscriberCondition(filter), batch.after))
        .orderBy(...batch.order)
        .limit(batch.limit);
    },
    line: ({ row }) => {
      const subscriber = subscriberView(row);
      return [
        subscriber.email,
        subscriber.source,
        subscriber.status,
        subscriber.subscribedAt.toISOString(),
        subscriber.unsubscribedAt?.toISOString(),
      ];
    },
  });
}
