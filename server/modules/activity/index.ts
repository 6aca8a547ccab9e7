/**
 * docs/requirements.md §12: the activity log. Every owner write records who, when, what and the changed fields'
 * before → after, by calling `recordActivity` with its own transaction, so the entry commits or
 * rolls back with the change it describes. Entries are never edited or deleted (migration 0010's
 * trigger refuses both).
 */
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import {
  COMMAND_LINE_PERSON,
  shopDayRange,
  type ActivityActorKind,
  type ActivityChange,
  type ActivityKind,
  type ActivityQuery,
} from '../../../core/admin/activity';
import type { Database } from '../../db/client';
import { activityLog, users } from '../../db/schema';
import type { Actor } from '../actor';
import { pageOffset, requireAdmin } from '../kernel';

export { recordActivity, type ActivityEntry } from './record';

export interface ActivityListEntry {
  id: string;
  createdAt: Date;
  actorKind: ActivityActorKind;
  actorName: string;
  kind: ActivityKind;
  subject: string | null;
  summary: string;
  changes: ActivityChange[];
}

function activityFilters(filters: Omit<ActivityQuery, 'page'>, timeZone: string): SQL | undefined {
  const { start, end } = shopDayRange(filters, timeZone);
  return and(
    filters.person === COMMAND_LINE_PERSON
      ? eq(activityLog.actorKind, 'command-line')
      : filters.person
        ? eq(activityLog.actorId, filters.person)
        : undefined,
    filters.kind ? eq(activityLog.kind, filters.kind) : undefined,
    start ? gte(activityLog.createdAt, start) : undefined,
    end ? lt(activityLog.createdAt, end) : undefined,
  );
}

/**
 * docs/requirements.md §12 `/admin/activity`: the log newest first, by person, kind and shop days (of the shop's
 * time zone, `timeZone`), a page of ADMIN_PAGE_SIZE at a time. The owner's own session only: an API key does not read who did what.
 * Each filter walks one of the log's (column, created_at desc) indexes.
 */
export async function listActivity(
  db: Database,
  actor: Actor,
  filters: ActivityQuery,
  timeZone: string,
): Promise<{ entries: ActivityListEntry[]; page: number; hasNextPage: boolean }> {
  requireAdmin(actor);
  const rows = await db
    .select({
      id: activityLog.id,
      createdAt: activityLog.createdAt,
      actorKind: activityLog.actorKind,
      actorName: activityLog.actorName,
      kind: activityLog.kind,
      subject: activityLog.subject,
      summary: activityLog.summary,
      changes: activityLog.changes,
    })
    .from(activityLog)
    .where(activityFilters(filters, timeZone))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    // One row past the page says whether a next page exists, without counting the whole log.
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset(pageOffset(filters.page));
  return {
    entries: rows.slice(0, ADMIN_PAGE_SIZE),
    page: filters.page,
    hasNextPage: rows.length > ADMIN_PAGE_SIZE,
  };
}

export interface ActivityPerson {
  /** The person filter's value: a user id, or COMMAND_LINE_PERSON. */
  id: string;
  name: string;
}

/** docs/requirements.md §12: everyone who has an entry in the log, for the person filter, A to Z. */
export async function activityPeople(db: Database, actor: Actor): Promise<ActivityPerson[]> {
  requireAdmin(actor);
  const actors = db
    .selectDistinct({ actorId: activityLog.actorId })
    .from(activityLog)
    .where(isNotNull(activityLog.actorId))
    .as('actors');
  const [people, [commandLine]] = await Promise.all([
    db
      .select({
        id: sql<string>`${actors.actorId}`,
        // A deleted account keeps its entries; its id stands for its name.
        name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email}, ${actors.actorId})`,
      })
      .from(actors)
      .leftJoin(users, eq(users.id, actors.actorId)),
    db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(eq(activityLog.actorKind, 'command-line'))
      .limit(1),
  ]);
  const everyone = commandLine
    ? [...people, { id: COMMAND_LINE_PERSON, name: 'Command line' }]
    : people;
  return everyone.sort((a, b) => a.name.localeCompare(b.name));
}
