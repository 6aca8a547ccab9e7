import { Link } from 'react-router';
import {
  activityFieldLabel,
  activityKindLabels,
  activityKinds,
  activityQuerySchema,
  type ActivityQuery,
} from '../../core/admin/activity';
import { parseRouteQuery } from '../../core/forms/route-query';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { activityPeople, listActivity } from '../../server/modules/activity';
import { ActivityFilters } from '../components/admin/activity-filters';
import { ActivityList } from '../components/admin/activity-list';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.activity';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Activity', undefined, { noindex: true });
}

// docs/requirements.md §12: the activity log, for the admin's session only; nobody else gets data (as /admin).
export const loader = adminPageLoader(loadActivity);

async function loadActivity({ request, context }: Route.LoaderArgs) {
  const { db, actor, site } = context.get(appContext);
  // docs/requirements.md §5: a bad filter or page falls back, never fails the page.
  const filters = parseRouteQuery(activityQuerySchema, new URL(request.url).searchParams);
  const [log, people] = await Promise.all([
    listActivity(db, actor, filters, site.shopTimeZone),
    activityPeople(db, actor),
  ]);
  return {
    filters,
    people,
    kinds: activityKinds.map((kind) => ({ value: kind, label: activityKindLabels[kind] })),
    page: log.page,
    hasNextPage: log.hasNextPage,
    entries: log.entries.map((entry) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      actorName: entry.actorName,
      kindLabel: activityKindLabels[entry.kind] ?? entry.kind,
      subject: entry.subject,
      summary: entry.summary,
      changes: entry.changes.map((change) => ({
        ...change,
        label: activityFieldLabel(change.field),
      })),
    })),
  };
}

/** The address of another page of the same filters. */
function pageLink(filters: ActivityQuery, page: number): string {
  const params = new URLSearchParams();
  for (const name of ['person', 'kind', 'from', 'to'] as const) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '/admin/activity';
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { filters, people, kinds, entries, page, hasNextPage } = loaderData;
  const filtered = Boolean(filters.person || filters.kind || filters.from || filters.to);
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-12">
      <div>
        <h1 className="font-display text-4xl font-semibold">Activity</h1>
        <p className="mt-2 text-ink-muted">
          Who changed what in the shop, newest first. Times are shop time (IST).
        </p>
      </div>
      {/* Keyed by the filters, so "Clear" and the pages' links reset the fields too. */}
      <ActivityFilters key={pageLink(filters, 1)} filters={filters} people={people} kinds={kinds} />
      {entries.length === 0 ? (
        <p className="text-ink-muted">
          {filtered || page > 1 ? 'No activity matches these filters.' : 'No activity yet.'}
        </p>
      ) : (
        <ActivityList entries={entries} />
      )}
      {page > 1 || hasNextPage ? (
        <nav aria-label="Pages" className="flex items-center gap-3">
          {page > 1 ? (
            <Link to={pageLink(filters, page - 1)} className="underline">
              Previous
            </Link>
          ) : null}
          <span>Page {page}</span>
          {hasNextPage ? (
            <Link to={pageLink(filters, page + 1)} className="underline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
