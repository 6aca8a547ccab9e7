/**
 * Rate limits for the public forms and the sign-in endpoints (abuse protection). Each key (form
 * or endpoint plus client address or account) gets a one-minute window that opens at its first
 * request, so a burst cannot straddle a clock-minute boundary and get twice the limit. Counted in
 * the database, or in Redis when REDIS_URL is set, so several server processes share one count.
 */
import { Redis } from 'ioredis';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again in a minute.';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, for the Retry-After header. */
  retryAfterSeconds: number;
}

/** Where the counts live; both stores give the same answers. */
export interface RateLimiter {
  consume(input: { key: string; limit: number }): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export function databaseRateLimiter(db: Database): RateLimiter {
  return { consume: (input) => consumeRateLimit(db, input), close: async () => {} };
}

// One round trip, atomic: the first request of a window starts its one-minute expiry.
const REDIS_CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export function redisRateLimiter(url: string, prefix = 'storefront:rate:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async consume({ key, limit }) {
      const [count, ttl] = (await redis.eval(
        REDIS_CONSUME,
        1,
        `${prefix}${key}`,
        String(RATE_LIMIT_WINDOW_MS),
      )) as [number, number];
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Counts one request of `key` (e.g. "contact:203.0.113.9") and says whether it may go ahead. */
export async function consumeRateLimit(
  db: Database,
  input: { key: string; limit: number; now?: Date },
): Promise<RateLimitDecision> {
  const now = input.now ?? new Date();
  const expiredBefore = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS);
  // One atomic upsert: a window that has run out starts again at this request.
  const windowOver = sql`${rateLimitCounters.windowStart} <= ${expiredBefore.toISOString()}::timestamptz`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: input.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        windowStart: sql`CASE WHEN ${windowOver} THEN excluded.window_start ELSE ${rateLimitCounters.windowStart} END`,
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
  // Other keys' finished windows are no longer needed; removing them here keeps the table small.
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, expiredBefore));
  const windowStart = counter?.windowStart ?? now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000),
  );
  return { allowed: (counter?.count ?? 1) <= input.limit, retryAfterSeconds };
}
