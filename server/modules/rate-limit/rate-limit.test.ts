import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { rateLimitCounters } from '../../db/schema';
import { consumeRateLimit, peekRateLimit, rateLimitAddress } from './index';

describe(`the form rate limit on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lets 5 requests a minute through and refuses the 6th', async () => {
    const now = new Date('2026-11-22T10:00:10Z');
    const decisions = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      decisions.push(
        await consumeRateLimit(database.db, { key: 'contact:203.0.113.9', limit: 5, now }),
      );
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(decisions[5]?.retryAfterSeconds).toBe(60);
  });

  it('reads a count without adding to it, and none once its window is over', async () => {
    const key = 'auth-failures:asha@example.com';
    const now = new Date('2026-11-22T10:00:00Z');
    expect(await peekRateLimit(database.db, { key, window: 'hour', now })).toEqual({
      count: 0,
      retryAfterSeconds: 0,
    });
    await consumeRateLimit(database.db, { key, limit: 10, window: 'hour', now });
    await consumeRateLimit(database.db, { key, limit: 10, window: 'hour', now });
    const later = new Date('2026-11-22T10:30:00Z');
    expect(await peekRateLimit(database.db, { key, window: 'hour', now: later })).toEqual({
      count: 2,
      retryAfterSeconds: 1800,
    });
    const over = new Date('2026-11-22T11:00:00Z');
    expect((await peekRateLimit(database.db, { key, window: 'hour', now: over })).count).toBe(0);
  });

  it('counts each form and address apart, and opens a new window a minute after the first request', async () => {
    const now = new Date('2026-11-22T10:00:30Z');
    expect(
      (await consumeRateLimit(database.db, { key: 'contact:198.51.100.1', limit: 5, now })).allowed,
    ).toBe(true);
    expect(
      (await consumeRateLimit(database.db, { key: 'newsletter:203.0.113.9', limit: 5, now }))
        .allowed,
    ).toBe(true);
    // The clock minute changing does not reset a window: it runs from its first request (10:00:10).
    const nextClockMinute = new Date('2026-11-22T10:01:05Z');
    const stillLimited = await consumeRateLimit(database.db, {
      key: 'contact:203.0.113.9',
      limit: 5,
      now: nextClockMinute,
    });
    expect(stillLimited).toEqual({ allowed: false, retryAfterSeconds: 5 });
    const windowOver = new Date('2026-11-22T10:01:10Z');
    expect(
      (
        await consumeRateLimit(database.db, {
          key: 'contact:203.0.113.9',
          limit: 5,
          now: windowOver,
        })
      ).allowed,
    ).toBe(true);
    // One row per key.
    let rows = await database.db.select().from(rateLimitCounters);
    expect(rows.filter((row) => row.key === 'contact:203.0.113.9')).toHaveLength(1);
    expect(rows.find((row) => row.key === 'contact:203.0.113.9')?.count).toBe(1);
    // Finished windows of other keys are cleared away on the next request.
    await consumeRateLimit(database.db, {
      key: 'contact:203.0.113.9',
      limit: 5,
      now: new Date('2026-11-22T10:01:31Z'),
    });
    rows = await database.db.select().from(rateLimitCounters);
    expect(rows.map((row) => row.key)).not.toContain('newsletter:203.0.113.9');
  });

  it('holds under concurrent requests: exactly the limit gets through', async () => {
    const now = new Date('2026-11-22T11:00:00Z');
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () =>
        consumeRateLimit(database.db, { key: 'quote:192.0.2.7', limit: 5, now }),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  // docs/requirements.md §13: the mail to one recipient is limited by the hour.
  it('keeps an hour-long window for an hour, through the clean-up of finished one-minute windows', async () => {
    const start = new Date('2026-11-22T12:00:00Z');
    const key = 'mail-recipient:victim@example.com';
    const decisions = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      decisions.push(
        await consumeRateLimit(database.db, { key, limit: 3, window: 'hour', now: start }),
      );
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterSeconds).toBe(3600);
    // Ten minutes on, another key's request clears finished one-minute windows, not this one.
    const later = new Date('2026-11-22T12:10:00Z');
    await consumeRateLimit(database.db, { key: 'contact:192.0.2.99', limit: 5, now: later });
    const stillLimited = await consumeRateLimit(database.db, {
      key,
      limit: 3,
      window: 'hour',
      now: later,
    });
    expect(stillLimited).toEqual({ allowed: false, retryAfterSeconds: 3000 });
    const hourOver = new Date('2026-11-22T13:00:00Z');
    expect(
      (await consumeRateLimit(database.db, { key, limit: 3, window: 'hour', now: hourOver }))
        .allowed,
    ).toBe(true);
  });

  // docs/decisions/017: one identity mail per ten minutes past an address's hour.
  it('keeps a ten-minute window for ten minutes, through the clean-up of one-minute windows', async () => {
    const start = new Date('2026-11-22T14:00:00Z');
    const key = 'mail-spaced:sign-in-code:victim@example.com';
    const first = await consumeRateLimit(database.db, {
      key,
      limit: 1,
      window: 'tenMinutes',
      now: start,
    });
    expect(first).toEqual({ allowed: true, retryAfterSeconds: 600 });
    const later = new Date('2026-11-22T14:04:00Z');
    await consumeRateLimit(database.db, { key: 'contact:192.0.2.98', limit: 5, now: later });
    expect(
      await consumeRateLimit(database.db, { key, limit: 1, window: 'tenMinutes', now: later }),
    ).toEqual({ allowed: false, retryAfterSeconds: 360 });
    // Another window's counter of the same key is another count.
    expect(
      (await consumeRateLimit(database.db, { key, limit: 1, window: 'hour', now: later })).allowed,
    ).toBe(true);
    const over = new Date('2026-11-22T14:10:00Z');
    expect(
      (await consumeRateLimit(database.db, { key, limit: 1, window: 'tenMinutes', now: over }))
        .allowed,
    ).toBe(true);
  });
});

// docs/requirements.md §14: one subscriber holds a whole IPv6 /64 and can take a new address in it
// for every request.
describe('the client a per-address limit counts', () => {
  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe(network);
    expect(rateLimitAddress('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(network);
    expect(rateLimitAddress('2001:0DB8:0001:0002:0000:0000:0000:0009')).toBe(network);
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80::/64');
    // The next /64 is another client.
    expect(rateLimitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('counts an IPv4 address whole, also when a dual-stack socket writes it in IPv6', () => {
    expect(rateLimitAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('198.51.100.8')).toBe('198.51.100.8');
  });

  it('counts what is not an address as it is', () => {
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});
