/**
 * The public forms' rate limit (issue: abuse protection): a fixed one-minute window per form and
 * client address, counted in the database so several server processes share one count.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again in a minute.';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, for the Retry-After header. */
  retryAfterSeconds: number;
}

/** Counts one request of `key` (e.g. "contact:203.0.113.9") and says whether it may go ahead. */
export async function consumeRateLimit(
  db: Database,
  input: { key: string; limit: number; now?: Date },
): Promise<RateLimitDecision> {
  const now = input.now ?? new Date();
  const windowStart = new Date(
    Math.floor(now.getTime() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS,
  );
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: input.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  // Earlier minutes of this key are no longer needed; removing them here keeps the table small.
  await db
    .delete(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.key, input.key), lt(rateLimitCounters.windowStart, windowStart)),
    );
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000),
  );
  return { allowed: (counter?.count ?? 1) <= input.limit, retryAfterSeconds };
}
