import { ADMIN_PAGE_SIZE } from '../../core/admin/admin';
import { formatShopDate } from '../../core/time/shop-calendar';
import { parseRouteQuery } from '../../core/forms/route-query';
import { subscriberListQuerySchema } from '../../core/admin/admin-list-query';
import {
  newsletterSources,
  newsletterSubscriptionStatuses,
  statusLabel,
} from '../../core/orders/statuses';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { countSubscribers, listSubscribers } from '../../server/modules/newsletter';
import {
  FilterSelect,
  ListFilters,
  ListPages,
  listQueryString,
} from '../components/admin/list-filters';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.subscribers';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Subscribers', undefined, { noindex: true });
}

// docs/requirements.md §12 "Subscribers": the newsletter list for the owner; nobody else gets a row of it
export const loader = adminPageLoader(loadSubscribers);

async function loadSubscribers({ context, request }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  const filter = parseRouteQuery(subscriberListQuerySchema, new URL(request.url).searchParams);
  const [rows, counts] = await Promise.all([
    listSubscribers(db, actor, { ...filter, timeZone: site.shopTimeZone }),
    countSubscribers(db, actor, { ...filter, timeZone: site.shopTimeZone }),
  ]);
  // Labels, dates and the page count are made here: the page's JavaScript then shares no more
  // modules with the storefront's pages than it must (their budget is spent).
  const subscribers = rows.map((row) => ({
    id: row.id,
    email: row.email,
    source: statusLabel(row.source),
    status: statusLabel(row.status),
    subscribedAt: row.subscribedAt.toISOString(),
    subscribedOn: formatShopDate(row.subscribedAt, site.shopTimeZone),
  }));
  const choices = (values: readonly string[]) =>
    values.map((value) => ({ value, label: statusLabel(value) }));
  return {
    filter,
    subscribers,
    counts,
    pages: Math.max(1, Math.ceil(counts.matching / ADMIN_PAGE_SIZE)),
    statuses: choices(newsletterSubscriptionStatuses),
    sources: choices(newsletterSources),
  };
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { filter, subscribers, counts, pages, statuses, sources } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="font-display text-4xl font-semibold">Subscribers</h1>
      <p className="mt-2 text-ink-muted">
        {counts.subscribed} subscribed, {counts.unsubscribed} unsubscribed
      </p>
      <div className="mt-8">
        <ListFilters
          label="Subscribers"
          filter={filter}
          statuses={statuses}
          matching={counts.matching}
          clearHref="/admin/subscribers"
          exportHref={`/admin/export/subscribers.csv${listQueryString({ ...filter, page: null })}`}
        >
          <FilterSelect label="Source" name="source" value={filter.source} choices={sources} />
        </ListFilters>
      </div>
      {subscribers.length === 0 ? (
        <p className="text-ink-muted">No subscribers found.</p>
      ) : (
        // docs/requirements.md §12: one card per address, laid out as a row on wide screens; no table to scroll
        <ul aria-label="Subscribers" className="grid gap-3">
          {subscribers.map((subscriber) => (
            <li
              key={subscriber.id}
              className="grid gap-1 rounded-2xl border border-stone/70 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:items-center sm:gap-4"
            >
              <span className="break-all font-medium">{subscriber.email}</span>
              <span className="text-sm">
                <span className="text-ink-muted sm:sr-only">Source: </span>
                {subscriber.source}
              </span>
              <span className="text-sm">
                <span className="text-ink-muted sm:sr-only">Status: </span>
                {subscriber.status}
              </span>
              <span className="text-sm text-ink-muted">
                <span className="sm:sr-only">Subscribed </span>
                <time dateTime={subscriber.subscribedAt}>{subscriber.subscribedOn}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListPages
        page={filter.page}
        pages={pages}
        href={(page) => `/admin/subscribers${listQueryString({ ...filter, page })}`}
      />
    </section>
  );
}
