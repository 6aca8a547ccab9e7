/**
 * issue 31 "What shoppers did not find": every search that ends with no exact result is counted by
 * its normalised text and week, with no user and no address. A search never waits for its count:
 * `countSearch` adds it to this process's buffer and the server writes the buffer in one batched
 * upsert every 5 seconds and on shutdown (server/main.ts). The owner's Searches page reads the sums.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  searchCountsPruneBefore,
  searchCountText,
  searchReportFirstWeek,
  searchReportOptionsSchema,
  searchWeekOf,
  type SearchCountOutcome,
  type SearchReportOptions,
} from '../../../core/search-counts';
import type { Database } from '../../db/client';
import { searchCounts } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Actor } from '../actor';
import { parseInput, requireAdmin } from '../kernel';

/**
 * At most this many distinct (text, week, outcome) keys wait in a buffer. A full buffer is written
 * at once; one filling while that write is still out drops its new keys (with a warning): the
 * counts are statistics, and a flood of made-up queries must not grow the process's memory.
 */
export const SEARCH_COUNT_BUFFER_MAX_KEYS = 1_000;
/** How often the server writes the buffer. */
export const SEARCH_COUNT_FLUSH_INTERVAL_MS = 5_000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

interface PendingCount {
  text: string;
  week: string;
  outcome: SearchCountOutcome;
  count: number;
}

interface CountsState {
  buffer: Map<string, PendingCount>;
  /** Writes still out: a report waits for them, so it includes every search counted before it. */
  writes: Set<Promise<void>>;
  lastPrunedAt: number | null;
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

/**
 * Counts one search that found no exact result: `text` is the query as normaliseSearchText gave it
 * (stored as given, cut to 100 characters), `outcome` whether the tolerant search answered it.
 * Synchronous: it only touches memory. The empty query is not a search and is not counted.
 */
export function countSearch(
  db: Database,
  input: { text: string; outcome: SearchCountOutcome },
  now: Date,
): void {
  const text = searchCountText(input.text);
  if (text === '') return;
  const state = stateOf(db);
  const week = searchWeekOf(now);
  const key = JSON.stringify([text, week, input.outcome]);
  const pending = state.buffer.get(key);
  if (pending) {
    pending.count += 1;
    return;
  }
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
  state.buffer.set(key, { text, week, outcome: input.outcome, count: 1 });
}

/**
 * Writes this process's buffer in one upsert (count = count + n) after any write still out, and
 * once a day prunes the weeks older than 13 months (issue 31 "Limits"). `now` is the clock.
 */
export async function flushSearchCounts(db: Database, now: Date): Promise<void> {
  const state = stateOf(db);
  await Promise.allSettled([...state.writes]);
  await track(state, writeBuffer(db, state));
  await pruneWhenDue(db, state, now);
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
 * issue 31: the owner's Searches page: the top searches (20) of the last 30 days with no result
 * and those answered only by the tolerant search, highest count first, then text A–Z. This
 * process's buffer is written first, so the page includes the searches made just before it.
 */
export async function readSearchReport(
  db: Database,
  actor: Actor,
  now: Date,
  options: SearchReportOptions = {},
): Promise<SearchReport> {
  requireAdmin(actor);
  const { days, limit } = parseInput(searchReportOptionsSchema, options);
  await flushSearchCounts(db, now);
  const firstWeek = searchReportFirstWeek(now, days);
  const lastWeek = searchWeekOf(now);
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
  clock?: () => Date;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, logger, clock = () => new Date() } = options;
  stateOf(db).logger = logger;
  const flush = () =>
    flushSearchCounts(db, clock()).catch((error: unknown) => {
      logger.warn({ err: error }, 'search counts could not be written');
    });
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

/** Takes the buffer (new searches go to a fresh one) and writes it in one statement. */
async function writeBuffer(db: Database, state: CountsState): Promise<void> {
  const pending = state.buffer;
  if (pending.size === 0) return;
  state.buffer = new Map();
  state.warnedOfDrops = false;
  try {
    await db
      .insert(searchCounts)
      .values([...pending.values()])
      .onConflictDoUpdate({
        target: [searchCounts.text, searchCounts.week, searchCounts.outcome],
        set: { count: sql`${searchCounts.count} + excluded.count` },
      });
  } catch (error) {
    // The database is away: keep the counts for the next flush, as far as the bound allows.
    for (const [key, count] of pending) {
      const current = state.buffer.get(key);
      if (current) current.count += count.count;
      else if (state.buffer.size < SEARCH_COUNT_BUFFER_MAX_KEYS) state.buffer.set(key, count);
    }
    throw error;
  }
}

async function pruneWhenDue(db: Database, state: CountsState, now: Date): Promise<void> {
  const previous = state.lastPrunedAt;
  if (previous !== null && now.getTime() - previous < PRUNE_EVERY_MS) return;
  state.lastPrunedAt = now.getTime();
  try {
    await db.delete(searchCounts).where(lt(searchCounts.week, searchCountsPruneBefore(now)));
  } catch (error) {
    state.lastPrunedAt = previous;
    throw error;
  }
}
