import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimiter, type RateLimiter } from './index';

// `npm test` sets TEST_REDIS_URL when a Redis server answers; CI always starts one.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the rate limit with its counters in Redis (REDIS_URL)', () => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = redisRateLimiter(redisUrl!, `storefront-test:${randomUUID()}:`);
  });
  afterAll(async () => {
    await limiter.close();
  });

  it('lets the limit through in a minute, refuses the next and says when to retry', async () => {
    const decisions = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      decisions.push(await limiter.consume({ key: 'contact:203.0.113.9', limit: 5 }));
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(decisions[5]?.retryAfterSeconds).toBeGreaterThan(50);
    expect(decisions[5]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume({ key: 'contact:198.51.100.1', limit: 5 })).allowed).toBe(true);
  });

  it('keeps an hour-long window (the mail to one recipient) apart from the one-minute one', async () => {
    const key = 'mail-recipient:victim@example.com';
    const decisions = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      decisions.push(await limiter.consume({ key, limit: 3, window: 'hour' }));
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterSeconds).toBeGreaterThan(3500);
    // The same key counted by the minute is another counter.
    expect((await limiter.consume({ key, limit: 3 })).allowed).toBe(true);
  });

  it('keeps a ten-minute window apart from the hour and the minute (docs/decisions/017)', async () => {
    const key = 'mail-spaced:sign-in-code:victim@example.com';
    const first = await limiter.consume({ key, limit: 1, window: 'tenMinutes' });
    const second = await limiter.consume({ key, limit: 1, window: 'tenMinutes' });
    expect([first.allowed, second.allowed]).toEqual([true, false]);
    expect(second.retryAfterSeconds).toBeGreaterThan(590);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await limiter.consume({ key, limit: 1, window: 'hour' })).allowed).toBe(true);
    expect((await limiter.consume({ key, limit: 1 })).allowed).toBe(true);
  });

  it('reads a count without adding to it (sign-in failures)', async () => {
    const key = `auth-failures:${randomUUID()}`;
    expect(await limiter.peek({ key, window: 'hour' })).toEqual({
      count: 0,
      retryAfterSeconds: 0,
    });
    await limiter.consume({ key, limit: 10, window: 'hour' });
    await limiter.consume({ key, limit: 10, window: 'hour' });
    const seen = await limiter.peek({ key, window: 'hour' });
    expect(seen.count).toBe(2);
    expect(seen.retryAfterSeconds).toBeGreaterThan(3500);
    expect((await limiter.peek({ key, window: 'hour' })).count).toBe(2);
  });

  it('holds under concurrent requests from several processes: exactly the limit gets through', async () => {
    const prefix = `storefront-test-shared:${randomUUID()}:`;
    const first = redisRateLimiter(redisUrl!, prefix);
    const second = redisRateLimiter(redisUrl!, prefix);
    try {
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 ? first : second).consume({ key: 'quote:192.0.2.7', limit: 5 }),
        ),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
