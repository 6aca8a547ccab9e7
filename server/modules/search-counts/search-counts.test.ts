import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { searchCounts } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import {
  countSearch,
  flushSearchCounts,
  readSearchReport,
  SEARCH_COUNT_BUFFER_MAX_KEYS,
  startSearchCountFlushes,
} from './index';

const owner: Actor = { userId: 'owner-1', roles: ['admin'] };
const customer: Actor = { userId: 'customer-1', roles: [] };
// A Wednesday: its week's Monday is 2026-11-23.
const now = new Date('2026-11-25T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysLater = (days: number) => new Date(now.getTime() + days * DAY);

function count(database: TestDatabase, text: string, outcome: 'none' | 'tolerant', at = now) {
  countSearch(database.db, { text, outcome }, at);
}

async function storedRows(database: TestDatabase) {
  return database.db
    .select()
    .from(searchCounts)
    .orderBy(asc(searchCounts.week), asc(searchCounts.text), asc(searchCounts.outcome));
}

describe(`search counts on ${testDatabaseKind} (issue 31)`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  afterEach(async () => {
    await flushSearchCounts(database.db, now);
    await database.db.delete(searchCounts);
    vi.restoreAllMocks();
  });

  it('buffers counts in memory and adds them up across flushes, by week and outcome', async () => {
    count(database, 'votive', 'none');
    count(database, 'votive', 'none');
    count(database, 'ganesha', 'tolerant');
    expect(await storedRows(database), 'nothing written before the flush').toEqual([]);

    await flushSearchCounts(database.db, now);
    count(database, 'votive', 'none');
    count(database, 'votive', 'tolerant');
    count(database, 'votive', 'none', daysLater(7));
    await flushSearchCounts(database.db, daysLater(7));

    expect(await storedRows(database)).toEqual([
      { text: 'ganesha', week: '2026-11-23', outcome: 'tolerant', count: 1 },
      { text: 'votive', week: '2026-11-23', outcome: 'none', count: 3 },
      { text: 'votive', week: '2026-11-23', outcome: 'tolerant', count: 1 },
      { text: 'votive', week: '2026-11-30', outcome: 'none', count: 1 },
    ]);
  });

  it('stores the text as given, cut to 100 characters; the empty query is not counted', async () => {
    count(database, 'a'.repeat(150), 'none');
    count(database, '', 'none');
    await flushSearchCounts(database.db, now);
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['a'.repeat(100)]);
  });

  it('writes a full buffer at once and drops new keys while that write is out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let n = 0; n < SEARCH_COUNT_BUFFER_MAX_KEYS; n += 1) count(database, `query ${n}`, 'none');
    // The buffer is full: this key starts the write of the first 1,000 and waits in a fresh one.
    count(database, 'one more', 'none');
    // A second full buffer while the first write is still out: its new keys are dropped.
    for (let n = 0; n < SEARCH_COUNT_BUFFER_MAX_KEYS; n += 1) count(database, `again ${n}`, 'none');
    count(database, 'dropped', 'none');
    count(database, 'one more', 'none');
    expect(warn).toHaveBeenCalledTimes(1);

    await flushSearchCounts(database.db, now);
    const rows = await storedRows(database);
    const texts = new Set(rows.map((row) => row.text));
    expect(rows).toHaveLength(2 * SEARCH_COUNT_BUFFER_MAX_KEYS);
    expect(texts).toContain('query 999');
    expect(texts).toContain('again 998');
    expect(texts).not.toContain('dropped');
    expect(rows.find((row) => row.text === 'one more')?.count).toBe(2);
  });

  it('reports the top searches of the last 30 days for the owner, highest count first, then A–Z', async () => {
    await database.db.insert(searchCounts).values([
      { text: 'old search', week: '2026-10-12', outcome: 'none', count: 50 },
      { text: 'votive', week: '2026-11-02', outcome: 'none', count: 2 },
      { text: 'brass bell', week: '2026-11-16', outcome: 'none', count: 3 },
      { text: 'ganesha', week: '2026-11-16', outcome: 'tolerant', count: 4 },
    ]);
    // Counted just before the report and not yet flushed: the report includes it.
    count(database, 'votive', 'none');

    const report = await readSearchReport(database.db, owner, now);

    expect(report.noResults).toEqual([
      { text: 'brass bell', count: 3 },
      { text: 'votive', count: 3 },
    ]);
    expect(report.tolerantOnly).toEqual([{ text: 'ganesha', count: 4 }]);
    const top1 = await readSearchReport(database.db, owner, now, { limit: 1 });
    expect(top1.noResults).toEqual([{ text: 'brass bell', count: 3 }]);
  });

  it.each([
    ['a visitor', null, 'unauthenticated'],
    ['a customer', customer, 'forbidden'],
  ] as const)('refuses %s and flushes nothing', async (_who, actor, code) => {
    count(database, 'votive', 'none');
    const refused = await readSearchReport(database.db, actor, now).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(code);
    expect(await storedRows(database), 'refused before any work').toEqual([]);
  });

  it('refuses report options out of range', async () => {
    await expect(readSearchReport(database.db, owner, now, { days: 0 })).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('the server flushes on a timer and once more on stop', async () => {
    const logger = { warn: vi.fn() };
    const flushes = startSearchCountFlushes({
      db: database.db,
      logger,
      clock: () => now,
      intervalMs: 20,
    });
    count(database, 'lantern', 'tolerant');
    await vi.waitFor(async () => {
      expect(await storedRows(database)).toHaveLength(1);
    });
    count(database, 'lantern', 'tolerant');
    await flushes.stop();
    expect((await storedRows(database))[0]?.count).toBe(2);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

// A database of its own: pruning runs at most once a day per database handle, and the tests above
// have flushed theirs already.
describe(`pruning the search counts on ${testDatabaseKind} (issue 31 "Limits")`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('prunes weeks older than 13 months, at most once a day (injected clock)', async () => {
    const rows = [
      { text: 'kept', week: '2025-10-20', outcome: 'none' as const, count: 1 },
      { text: 'pruned', week: '2025-10-13', outcome: 'none' as const, count: 1 },
    ];
    // Thirteen months before 2026-11-25 is 2025-10-25, in the week of Monday 2025-10-20.
    await database.db.insert(searchCounts).values(rows);
    await flushSearchCounts(database.db, now);
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['kept']);

    // The next prune waits a day, whatever the clock says meanwhile.
    await database.db.insert(searchCounts).values(rows[1]!);
    await flushSearchCounts(database.db, daysLater(0.5));
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['pruned', 'kept']);

    // A day later the week of 2025-10-20 is older than 13 months as well.
    await flushSearchCounts(database.db, daysLater(7));
    expect(await storedRows(database)).toEqual([]);
  });
});
