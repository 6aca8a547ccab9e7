import { ADMIN_PAGE_SIZE } from '../../core/admin';
import { formatLongDate } from '../../core/dates';
import { parseRouteQuery } from '../../core/route-query';
import { subscriberListQuerySchema } from '../../core/admin-list-query';
import {
  newsletterSources,
  newsletterSubscriptionStatuses,
  statusLabel,
} from '../../core/statuses';
import { appContext } from '../../server/http/app-context';
import { countSubscribers, listSubscribers } from '../../server/modules/newsletter';
import { AdminAccessNotice } from '../components/admin/admin-access-notice';
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

// issue 18 "Subscribers": the newsletter list for the owner; nobody else gets a row of it
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, viewer } = context.get(appContext);
  if (!viewer) return { access: 'signed-out' as const };
  if (!viewer.isAdmin) return { access: 'denied' as const, userId: viewer.id };
  const filter = parseRouteQuery(subscriberListQuerySchema, new URL(request.url).searchParams);
  const [subscribers, counts] = await Promise.all([
    listSubscribers(db, actor, filter),
    countSubscribers(db, actor, filter),
  ]);
  return { access: 'admin' as const, filter, subscribers, counts };
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === 'denied') return <AdminAccessNotice access={loaderData} />;
  if (loaderData.access === 'signed-out') {
    return <AdminAccessNotice access={{ access: 'signed-out', path: '/admin/subscribers' }} />;
  }
  const { filter, subscribers, counts } = loaderData;
  const pages = Math.max(1, Math.ceil(counts.matching / ADMIN_PAGE_SIZE));
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
          statuses={newsletterSubscriptionStatuses}
          matching={counts.matching}
          clearHref="/admin/subscribers"
          exportHref={`/admin/export/subscribers.csv${listQueryString({ ...filter, page: null })}`}
        >
          <FilterSelect
            label="Source"
            name="source"
            value={filter.source}
            choices={newsletterSources}
          />
        </ListFilters>
      </div>
      {subscribers.length === 0 ? (
        <p className="text-ink-muted">No subscribers found.</p>
      ) : (
        // issue 18: one card per address, laid out as a row on wide screens; no table to scroll
        <ul aria-label="Subscribers" className="grid gap-3">
          {subscribers.map((subscriber) => (
            <li
              key={subscriber.id}
              className="grid gap-1 rounded-2xl border border-stone/70 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:items-center sm:gap-4"
            >
              <span className="break-all font-medium">{subscriber.email}</span>
              <span className="text-sm">
                <span className="text-ink-muted sm:sr-only">Source: </span>
                {statusLabel(subscriber.source)}
              </span>
              <span className="text-sm">
                <span className="text-ink-muted sm:sr-only">Status: </span>
                {statusLabel(subscriber.status)}
              </span>
              <span className="text-sm text-ink-muted">
                <span className="sm:sr-only">Subscribed </span>
                <time dateTime={new Date(subscriber.subscribedAt).toISOString()}>
                  {formatLongDate(subscriber.subscribedAt)}
                </time>
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
