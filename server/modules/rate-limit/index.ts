/**
 * Rate limits for the public forms, the sign-in endpoints and the mail to one address (abuse
 * protection). Each key (form or endpoint plus client address or account, or a mail recipient)
 * gets a window that opens at its first request, so a burst cannot straddle a clock boundary and
 * get twice the limit. Counted in the database, or in Redis when REDIS_URL is set, so several
 * server processes share one count.
 */
import type { Redis } from 'ioredis';
import { and, eq, lt, notLike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * How long a window lasts: a minute for requests, an hour for the mail to one recipient (docs/requirements.md §13
 * finding 5: "a few an hour"), ten minutes between the identity mails of an address past its
 * hour's limit (docs/decisions/017-mail-a-customer-can-trust.md).
 */
export const RATE_LIMIT_WINDOWS = {
  minute: RATE_LIMIT_WINDOW_MS,
  tenMinutes: 10 * 60_000,
  hour: 60 * 60_000,
} as const;
export type RateLimitWindow = keyof typeof RATE_LIMIT_WINDOWS;

/**
 * Counters of a window longer than a minute are stored under this prefix, so that the clean-up of
 * finished one-minute windows (below) tells them apart without a column of their own; they are
 * removed an hour after they start.
 */
const HOUR_KEY_PREFIX = 'hour:';

function storedKey(key: string, window: RateLimitWindow): string {
  if (window === 'hour') return `${HOUR_KEY_PREFIX}${key}`;
  if (window === 'tenMinutes') return `${HOUR_KEY_PREFIX}10min:${key}`;
  return key;
}

export interface RateLimitRequest {
  key: string;
  limit: number;
  /** A minute unless said otherwise. */
  window?: RateLimitWindow;
}
export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again in a minute.';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, for the Retry-After header. */
  retryAfterSeconds: number;
}

/** How far a count has gone in its window, without counting. */
export interface RateLimitCount {
  count: number;
  /** Seconds until the window ends (0 when no window is open). */
  retryAfterSeconds: number;
}

/** Where the counts live; both stores give the same answers. */
export interface RateLimiter {
  consume(input: RateLimitRequest): Promise<RateLimitDecision>;
  /**
   * docs/requirements.md §14: the count of `key` in its open window, without adding to it (the sign-in
   * failures are counted when they happen and read before the next attempt).
   */
  peek(input: Omit<RateLimitRequest, 'limit'>): Promise<RateLimitCount>;
  close(): Promise<void>;
}

/** `clock`: the time the windows go by (a test moves it). */
export function databaseRateLimiter(
  db: Database,
  clock: () => Date = () => new Date(),
): RateLimiter {
  return {
    consume: (input) => consumeRateLimit(db, { ...input, now: clock() }),
    peek: (input) => peekRateLimit(db, { ...input, now: clock() }),
    close: async () => {},
  };
}

// One round trip, atomic: the first request of a window starts its expiry.
const REDIS_CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export function redisRateLimiter(url: string, prefix = 'storefront:rate:'): RateLimiter {
  // docs/decisions/030: the Redis client loads only in a process that is given REDIS_URL; it still
  // connects as the limiter is made.
  const connected: Promise<Redis> = import('ioredis').then(
    ({ Redis }) => new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 }),
  );
  return {
    async consume({ key, limit, window = 'minute' }) {
      const redis = await connected;
      const [count, ttl] = (await redis.eval(
        REDIS_CONSUME,
        1,
        `${prefix}${storedKey(key, window)}`,
        String(RATE_LIMIT_WINDOWS[window]),
      )) as [number, number];
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek({ key, window = 'minute' }) {
      const stored = `${prefix}${storedKey(key, window)}`;
      const redis = await connected;
      const [[, count], [, ttl]] = (await redis.multi().get(stored).pttl(stored).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return {
        count: Number(count ?? 0),
        retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0,
      };
    },
    async close() {
      await (await connected).quit();
    },
  };
}

/** The count of `key` in its open window; none once the window is over. */
export async function peekRateLimit(
  db: Database,
  input: Omit<RateLimitRequest, 'limit'> & { now?: Date },
): Promise<RateLimitCount> {
  const now = input.now ?? new Date();
  const windowMs = RATE_LIMIT_WINDOWS[input.window ?? 'minute'];
  const [counter] = await db
    .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, storedKey(input.key, input.window ?? 'minute')));
  if (!counter || counter.windowStart.getTime() + windowMs <= now.getTime()) {
    return { count: 0, retryAfterSeconds: 0 };
  }
  return {
    count: counter.count,
    retryAfterSeconds: Math.ceil((counter.windowStart.getTime() + windowMs - now.getTime()) / 1000),
  };
}

/** Counts one request of `key` (e.g. "contact:203.0.113.9") and says whether it may go ahead. */
export async function consumeRateLimit(
  db: Database,
  input: RateLimitRequest & { now?: Date },
): Promise<RateLimitDecision> {
  const now = input.now ?? new Date();
  const window = input.window ?? 'minute';
  const windowMs = RATE_LIMIT_WINDOWS[window];
  const expiredBefore = new Date(now.getTime() - windowMs);
  // One atomic upsert: a window that has run out starts again at this request.
  const windowOver = sql`${rateLimitCounters.windowStart} <= ${expiredBefore.toISOString()}::timestamptz`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: storedKey(input.key, window), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        windowStart: sql`CASE WHEN ${windowOver} THEN excluded.window_start ELSE ${rateLimitCounters.windowStart} END`,
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
  // Other keys' finished windows are no longer needed; removing them here keeps the table small.
  const minuteOver = new Date(now.getTime() - RATE_LIMIT_WINDOWS.minute);
  const hourOver = new Date(now.getTime() - RATE_LIMIT_WINDOWS.hour);
  await db
    .delete(rateLimitCounters)
    .where(
      or(
        lt(rateLimitCounters.windowStart, hourOver),
        and(
          lt(rateLimitCounters.windowStart, minuteOver),
          notLike(rateLimitCounters.key, `${HOUR_KEY_PREFIX}%`),
        ),
      ),
    );
  const windowStart = counter?.windowStart ?? now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return { allowed: (counter?.count ?? 1) <= input.limit, retryAfterSeconds };
}

export { rateLimitAddress } from '../../../core/identity/client-network';
