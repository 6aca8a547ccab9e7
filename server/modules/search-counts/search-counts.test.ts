import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { searchCounts, searchCountVisitors } from '../../db/schema';
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
const INDIA = 'Asia/Kolkata';
const SECRET = 'search-counts-test-secret-search-counts';
// A Wednesday: its week's Monday is 2026-11-23.
const now = new Date('2026-11-25T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysLater = (days: number) => new Date(now.getTime() + days * DAY);
const inIndia = (at: Date) => ({ now: at, timeZone: INDIA });

let visitors = 0;
/** A client address of its own for each search, unless the test names one. */
function count(
  database: TestDatabase,
  text: string,
  outcome: 'none' | 'tolerant',
  { at = now, from = `198.51.100.${(visitors += 1) % 250}:${visitors}`, timeZone = INDIA } = {},
) {
  countSearch(
    database.db,
    { text, outcome, clientAddress: from },
    { now: at, timeZone, secret: SECRET },
  );
}

async function storedRows(database: TestDatabase) {
  return database.db
    .select()
    .from(searchCounts)
    .orderBy(asc(searchCounts.week), asc(searchCounts.text), asc(searchCounts.outcome));
}

describe(`search counts on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  afterEach(async () => {
    await flushSearchCounts(database.db, inIndia(now));
    await database.db.delete(searchCounts);
    await database.db.delete(searchCountVisitors);
    vi.restoreAllMocks();
  });

  it('buffers counts in memory and adds them up across flushes, by week and outcome', async () => {
    count(database, 'votive', 'none');
    count(database, 'votive', 'none');
    count(database, 'ganesha', 'tolerant');
    expect(await storedRows(database), 'nothing written before the flush').toEqual([]);

    await flushSearchCounts(database.db, inIndia(now));
    count(database, 'votive', 'none');
    count(database, 'votive', 'tolerant');
    count(database, 'votive', 'none', { at: daysLater(7) });
    await flushSearchCounts(database.db, inIndia(daysLater(7)));

    expect(await storedRows(database)).toEqual([
      { text: 'ganesha', week: '2026-11-23', outcome: 'tolerant', count: 1 },
      { text: 'votive', week: '2026-11-23', outcome: 'none', count: 3 },
      { text: 'votive', week: '2026-11-23', outcome: 'tolerant', count: 1 },
      { text: 'votive', week: '2026-11-30', outcome: 'none', count: 1 },
    ]);
  });

  it('counts a text once per client address and shop week, however often it is searched', async () => {
    // 30 searches from one address, before and after a flush: the report is not theirs to inflate.
    for (let time = 0; time < 15; time += 1) {
      count(database, 'votive', 'none', { from: '203.0.113.7' });
    }
    await flushSearchCounts(database.db, inIndia(now));
    for (let time = 0; time < 15; time += 1) {
      count(database, 'votive', 'none', { from: '203.0.113.7', at: daysLater(time / 10) });
    }
    await flushSearchCounts(database.db, inIndia(daysLater(2)));
    expect(await storedRows(database)).toEqual([
      { text: 'votive', week: '2026-11-23', outcome: 'none', count: 1 },
    ]);

    // Another text from it counts; so does the same text from two other addresses, and from it
    // again the next week.
    count(database, 'diya', 'none', { from: '203.0.113.7' });
    count(database, 'votive', 'none', { from: '203.0.113.8' });
    count(database, 'votive', 'tolerant', { from: '2001:db8::1' });
    // Another address of the same IPv6 /64 is the same client (decision 018).
    count(database, 'votive', 'tolerant', { from: '2001:db8::ffff:2' });
    count(database, 'votive', 'none', { from: '203.0.113.7', at: daysLater(7) });
    await flushSearchCounts(database.db, inIndia(daysLater(7)));
    expect(await storedRows(database)).toEqual([
      { text: 'diya', week: '2026-11-23', outcome: 'none', count: 1 },
      { text: 'votive', week: '2026-11-23', outcome: 'none', count: 2 },
      { text: 'votive', week: '2026-11-23', outcome: 'tolerant', count: 1 },
      { text: 'votive', week: '2026-11-30', outcome: 'none', count: 1 },
    ]);
  });

  it('keeps no address: a keyed hash of the week, address and text, deleted when the week ends', async () => {
    count(database, 'votive', 'none', { from: '203.0.113.7' });
    await flushSearchCounts(database.db, inIndia(now));
    const [kept, ...more] = await database.db.select().from(searchCountVisitors);
    expect(more).toEqual([]);
    expect(kept!.digest).toMatch(/^[\w-]{43}$/);
    expect(kept!.digest).not.toContain('203');
    // The week of Monday 23 November ends at midnight on the 30th in India.
    expect(kept!.expiresAt.toISOString()).toBe('2026-11-29T18:30:00.000Z');

    // Still there a second before the week ends; gone at its end, while the count stays.
    await flushSearchCounts(database.db, inIndia(new Date('2026-11-29T18:29:59Z')));
    expect(await database.db.select().from(searchCountVisitors)).toHaveLength(1);
    await flushSearchCounts(database.db, inIndia(new Date('2026-11-29T18:30:00Z')));
    expect(await database.db.select().from(searchCountVisitors)).toEqual([]);
    expect((await storedRows(database))[0]).toMatchObject({ text: 'votive', count: 1 });
  });

  it('files a search at 01:00 on a Monday in India in that Monday’s week, not the last', async () => {
    // Still Sunday 29 November in UTC.
    const mondayOneAm = new Date('2026-11-29T19:30:00Z');
    count(database, 'jharokha', 'none', { at: mondayOneAm });
    count(database, 'jharokha', 'none', { at: mondayOneAm, timeZone: 'UTC' });
    await flushSearchCounts(database.db, inIndia(mondayOneAm));
    expect(await storedRows(database)).toEqual([
      { text: 'jharokha', week: '2026-11-23', outcome: 'none', count: 1 },
      { text: 'jharokha', week: '2026-11-30', outcome: 'none', count: 1 },
    ]);
  });

  it('stores the text as given, cut to 100 characters; the empty query is not counted', async () => {
    count(database, 'a'.repeat(150), 'none');
    count(database, '', 'none');
    await flushSearchCounts(database.db, inIndia(now));
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['a'.repeat(100)]);
  });

  it('writes a full buffer at once and drops new keys while that write is out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let n = 0; n < SEARCH_COUNT_BUFFER_MAX_KEYS; n += 1) count(database, `query ${n}`, 'none');
    // The buffer is full: this key starts the write of the first 1,000 and waits in a fresh one.
    count(database, 'one more', 'none', { from: '203.0.113.9' });
    // A second full buffer while the first write is still out: its new keys are dropped.
    for (let n = 0; n < SEARCH_COUNT_BUFFER_MAX_KEYS; n += 1) count(database, `again ${n}`, 'none');
    count(database, 'dropped', 'none');
    // A search waiting already, from the same address, is still taken (and counts once).
    count(database, 'one more', 'none', { from: '203.0.113.9' });
    expect(warn).toHaveBeenCalledTimes(1);

    await flushSearchCounts(database.db, inIndia(now));
    const rows = await storedRows(database);
    const texts = new Set(rows.map((row) => row.text));
    expect(rows).toHaveLength(2 * SEARCH_COUNT_BUFFER_MAX_KEYS);
    expect(texts).toContain('query 999');
    expect(texts).toContain('again 998');
    expect(texts).not.toContain('dropped');
    expect(rows.find((row) => row.text === 'one more')?.count).toBe(1);
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

    const report = await readSearchReport(database.db, owner, inIndia(now));

    expect(report.noResults).toEqual([
      { text: 'brass bell', count: 3 },
      { text: 'votive', count: 3 },
    ]);
    expect(report.tolerantOnly).toEqual([{ text: 'ganesha', count: 4 }]);
    const top1 = await readSearchReport(database.db, owner, inIndia(now), { limit: 1 });
    expect(top1.noResults).toEqual([{ text: 'brass bell', count: 3 }]);
  });

  it.each([
    ['a visitor', null, 'unauthenticated'],
    ['a customer', customer, 'forbidden'],
  ] as const)('refuses %s and flushes nothing', async (_who, actor, code) => {
    count(database, 'votive', 'none');
    const refused = await readSearchReport(database.db, actor, inIndia(now)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(code);
    expect(await storedRows(database), 'refused before any work').toEqual([]);
  });

  it('refuses report options out of range', async () => {
    await expect(
      readSearchReport(database.db, owner, inIndia(now), { days: 0 }),
    ).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('the server flushes on a timer and once more on stop', async () => {
    const logger = { warn: vi.fn() };
    const flushes = startSearchCountFlushes({
      db: database.db,
      logger,
      shopTimeZone: async () => INDIA,
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
describe(`pruning the search counts on ${testDatabaseKind}`, () => {
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
    await flushSearchCounts(database.db, inIndia(now));
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['kept']);

    // The next prune waits a day, whatever the clock says meanwhile.
    await database.db.insert(searchCounts).values(rows[1]!);
    await flushSearchCounts(database.db, inIndia(daysLater(0.5)));
    expect((await storedRows(database)).map((row) => row.text)).toEqual(['pruned', 'kept']);

    // A day later the week of 2025-10-20 is older than 13 months as well.
    await flushSearchCounts(database.db, inIndia(daysLater(7)));
    expect(await storedRows(database)).toEqual([]);
  });
});
