/**
 * docs/requirements.md §20 "What shoppers did not find": every search that ends with no exact result is counted by
 * its normalised text and shop week, with no user and no address, and once per client address and
 * week (docs/requirements.md §20): who was counted is kept only as a keyed hash of the week, the
 * address and the text, deleted when the week ends. A search never waits for its count:
 * `countSearch` adds it to this process's buffer and the server writes the buffer in one batched
 * transaction every 5 seconds and on shutdown (server/main.ts). The owner's Searches page reads
 * the sums.
 */
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  searchCountsPruneBefore,
  searchCountText,
  searchReportFirstWeek,
  searchReportOptionsSchema,
  type SearchCountOutcome,
  type SearchReportOptions,
} from '../../../core/search/search-counts';
import { shopWeekEnd, shopWeekOf } from '../../../core/time/shop-calendar';
import type { Database } from '../../db/client';
import { searchCounts, searchCountVisitors } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Actor } from '../actor';
import { parseInput, requireAdmin } from '../kernel';
import { rateLimitAddress } from '../../../core/identity/client-network';

/**
 * At most this many distinct searches (text, week and client address) wait in a buffer. A full
 * buffer is written at once; one filling while that write is still out drops its new keys (with
 * a warning): the counts are statistics, and a flood of made-up queries must not grow the
 * process's memory.
 */
export const SEARCH_COUNT_BUFFER_MAX_KEYS = 1_000;
/** How often the server writes the buffer. */
export const SEARCH_COUNT_FLUSH_INTERVAL_MS = 5_000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

/** One client address's search for one text in one shop week, not yet written. */
interface PendingSearch {
  text: string;
  week: string;
  outcome: SearchCountOutcome;
  /** The keyed hash that stands for the address's search of this text this week. */
  digest: string;
  /** When the week ends, and the hash is deleted. */
  expiresAt: Date;
}

interface CountsState {
  /** By digest: a second search of the text from the address this week adds nothing. */
  buffer: Map<string, PendingSearch>;
  /** Writes still out: a report waits for them, so it includes every search counted before it. */
  writes: Set<Promise<void>>;
  lastPrunedAt: number | null;
  /** The earliest end of a week whose hashes this process wrote: they are deleted from then. */
  hashesExpireAt: number | null;
  /** One warning per buffer about dropped keys, not one per search. */
  warnedOfDrops: boolean;
  logger: Pick<Logger, 'warn'> | null;
}

// One state per database handle, on globalThis: in development the routes run in Vite's copy of
// this module and server/main.ts in Node's, and both must see the same buffer.
const states = ((
  globalThis as { __searchCountStates?: WeakMap<Database, CountsState> }
).__searchCountStates ??= new WeakMap<Database, CountsState>());

function stateOf(db: Database): CountsState {
  let state = states.get(db);
  if (!state) {
    state = {
      buffer: new Map(),
      writes: new Set(),
      lastPrunedAt: null,
      hashesExpireAt: null,
      warnedOfDrops: false,
      logger: null,
    };
    states.set(db, state);
  }
  return state;
}

function warn(state: CountsState, details: Record<string, unknown>, message: string): void {
  if (state.logger) state.logger.warn(details, message);
  else console.warn(message, details);
}

/** A search as the results page saw it. */
export interface SearchToCount {
  /** The query as normaliseSearchText gave it (stored as given, cut to 100 characters). */
  text: string;
  /** Whether the tolerant search answered it. */
  outcome: SearchCountOutcome;
  /** The client address (server/http/client-address.ts); only its keyed hash is kept. */
  clientAddress: string;
}

/** The clock, and the shop's time zone that weeks are read in. */
export interface SearchCountClock {
  now: Date;
  timeZone: string;
}

/** The clock and zone of a search, and the key of its hash (AUTH_SECRET). */
export interface SearchCountContext extends SearchCountClock {
  secret: string;
}

/**
 * docs/requirements.md §20: the hash that stands for one address's search of one text in one
 * shop week. Keyed by the server's secret, it cannot be turned back into the address by trying
 * every address, and it names nothing outside its week.
 */
function searchDigest(secret: string, week: string, clientAddress: string, text: string): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(['search-count', week, clientAddress, text]))
    .digest('base64url');
}

/**
 * Counts one search that found no exact result, once per client address, text and shop week.
 * Synchronous: it only touches memory; whether the address was counted earlier this week (by this
 * process or another) is settled when the buffer is written. The empty query is not a search and
 * is not counted.
 */
export function countSearch(
  db: Database,
  search: SearchToCount,
  context: SearchCountContext,
): void {
  const text = searchCountText(search.text);
  if (text === '') return;
  const state = stateOf(db);
  const week = shopWeekOf(context.now, context.timeZone);
  // One client is one network: an IPv6 subscriber holds a whole /64 (`rateLimitAddress`).
  const digest = searchDigest(context.secret, week, rateLimitAddress(search.clientAddress), text);
  if (state.buffer.has(digest)) return;
  if (state.buffer.size >= SEARCH_COUNT_BUFFER_MAX_KEYS) {
    if (state.writes.size > 0) {
      if (!state.warnedOfDrops) {
        state.warnedOfDrops = true;
        warn(
          state,
          { maxKeys: SEARCH_COUNT_BUFFER_MAX_KEYS },
          'search counts buffer full while a write is out; new searches are not counted',
        );
      }
      return;
    }
    track(
      state,
      writeBuffer(db, state).catch((error: unknown) => {
        warn(state, { err: error }, 'search counts could not be written');
      }),
    );
  }
  const expiresAt = shopWeekEnd(week, context.timeZone);
  state.buffer.set(digest, { text, week, outcome: search.outcome, digest, expiresAt });
}

/**
 * Writes this process's buffer (after any write still out), then deletes the hashes of the weeks
 * that have ended and, once a day, the counts of the weeks older than 13 months (docs/requirements.md §20
 * "Limits").
 */
export async function flushSearchCounts(db: Database, clock: SearchCountClock): Promise<void> {
  const state = stateOf(db);
  await Promise.allSettled([...state.writes]);
  await track(state, writeBuffer(db, state));
  await pruneWhenDue(db, state, clock);
}

export interface SearchReportRow {
  text: string;
  count: number;
}

export interface SearchReport {
  /** Searches that found nothing, not even with the tolerant search. */
  noResults: SearchReportRow[];
  /** Searches that only the tolerant search answered. */
  tolerantOnly: SearchReportRow[];
}

/**
 * docs/requirements.md §20: the owner's Searches page: the top searches (20) of the last 30 days with no result
 * and those answered only by the tolerant search, highest count first, then text A–Z. This
 * process's buffer is written first, so the page includes the searches made just before it.
 */
export async function readSearchReport(
  db: Database,
  actor: Actor,
  clock: SearchCountClock,
  options: SearchReportOptions = {},
): Promise<SearchReport> {
  requireAdmin(actor);
  const { days, limit } = parseInput(searchReportOptionsSchema, options);
  await flushSearchCounts(db, clock);
  const firstWeek = searchReportFirstWeek(clock.now, clock.timeZone, days);
  const lastWeek = shopWeekOf(clock.now, clock.timeZone);
  const total = sql<number>`sum(${searchCounts.count})`.mapWith(Number);
  const top = (outcome: SearchCountOutcome) =>
    db
      .select({ text: searchCounts.text, count: total })
      .from(searchCounts)
      .where(
        and(
          eq(searchCounts.outcome, outcome),
          gte(searchCounts.week, firstWeek),
          lte(searchCounts.week, lastWeek),
        ),
      )
      .groupBy(searchCounts.text)
      .orderBy(desc(total), asc(sql`${searchCounts.text} collate "C"`))
      .limit(limit);
  const [noResults, tolerantOnly] = await Promise.all([top('none'), top('tolerant')]);
  return { noResults, tolerantOnly };
}

/**
 * The server's flushes (server/main.ts): every 5 seconds on a timer that does not hold the process
 * open, and once more from `stop()` at shutdown, after the last request has finished.
 */
export function startSearchCountFlushes(options: {
  db: Database;
  logger: Pick<Logger, 'warn'>;
  /** The shop's time zone as Settings have it when the flush runs. */
  shopTimeZone: () => Promise<string>;
  clock?: () => Date;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, logger, shopTimeZone, clock = () => new Date() } = options;
  stateOf(db).logger = logger;
  const flush = async () => {
    try {
      await flushSearchCounts(db, { now: clock(), timeZone: await shopTimeZone() });
    } catch (error) {
      logger.warn({ err: error }, 'search counts could not be written');
    }
  };
  const timer = setInterval(
    () => void flush(),
    options.intervalMs ?? SEARCH_COUNT_FLUSH_INTERVAL_MS,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

function track(state: CountsState, write: Promise<void>): Promise<void> {
  state.writes.add(write);
  void write.then(
    () => state.writes.delete(write),
    () => state.writes.delete(write),
  );
  return write;
}

/**
 * Takes the buffer (new searches go to a fresh one) and writes it in one transaction: the hashes
 * first, and only the searches whose hash is new this week are added to the counts.
 */
async function writeBuffer(db: Database, state: CountsState): Promise<void> {
  const pending = state.buffer;
  if (pending.size === 0) return;
  state.buffer = new Map();
  state.warnedOfDrops = false;
  try {
    await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(searchCountVisitors)
        .values([...pending.values()].map(({ digest, expiresAt }) => ({ digest, expiresAt })))
        .onConflictDoNothing()
        .returning({ digest: searchCountVisitors.digest });
      const totals = new Map<
        string,
        { text: string; week: string; outcome: SearchCountOutcome; count: number }
      >();
      for (const { digest } of fresh) {
        const { text, week, outcome } = pending.get(digest)!;
        const key = JSON.stringify([text, week, outcome]);
        const total = totals.get(key);
        if (total) total.count += 1;
        else totals.set(key, { text, week, outcome, count: 1 });
      }
      if (totals.size === 0) return;
      await tx
        .insert(searchCounts)
        .values([...totals.values()])
        .onConflictDoUpdate({
          target: [searchCounts.text, searchCounts.week, searchCounts.outcome],
          set: { count: sql`${searchCounts.count} + excluded.count` },
        });
    });
  } catch (error) {
    // The database is away: keep the searches for the next flush, as far as the bound allows.
    for (const [digest, search] of pending) {
      if (state.buffer.size >= SEARCH_COUNT_BUFFER_MAX_KEYS) break;
      if (!state.buffer.has(digest)) state.buffer.set(digest, search);
    }
    throw error;
  }
  const earliest = Math.min(...[...pending.values()].map((search) => search.expiresAt.getTime()));
  state.hashesExpireAt = Math.min(state.hashesExpireAt ?? earliest, earliest);
}

/**
 * Deletes the hashes of the weeks that have ended, as soon as a week this process wrote has
 * ended and at least once a day (another process's), and once a day the counts older than 13
 * months.
 */
async function pruneWhenDue(
  db: Database,
  state: CountsState,
  clock: SearchCountClock,
): Promise<void> {
  const now = clock.now.getTime();
  const previous = state.lastPrunedAt;
  const dailyDue = previous === null || now - previous >= PRUNE_EVERY_MS;
  const weekEnded = state.hashesExpireAt !== null && now >= state.hashesExpireAt;
  if (!dailyDue && !weekEnded) return;
  const expiringAt = state.hashesExpireAt;
  state.hashesExpireAt = null;
  if (dailyDue) state.lastPrunedAt = now;
  try {
    await db.delete(searchCountVisitors).where(lte(searchCountVisitors.expiresAt, clock.now));
    if (dailyDue) {
      await db
        .delete(searchCounts)
        .where(lt(searchCounts.week, searchCountsPruneBefore(clock.now, clock.timeZone)));
    }
  } catch (error) {
    state.lastPrunedAt = previous;
    state.hashesExpireAt = expiringAt;
    throw error;
  }
}
