/**
 * The public forms' per-address limit (docs/requirements.md §14 "Rate limits"), as the pages'
 * actions call it, counted in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { createLogger } from '../logger';
import { databaseRateLimiter } from '../modules/rate-limit';
import type { AppContext } from './app-context';
import { rateLimitedReply } from './form-guard';

describe(`the public forms' limit per client on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** What the action reads of its context: the limiter, the limit, the log and the client. */
  const contextFrom = (clientAddress: string) =>
    ({
      rateLimiter: databaseRateLimiter(database.db),
      config: { formRateLimit: 2 },
      logger: createLogger('silent'),
      clientAddress,
    }) as unknown as AppContext;

  it('counts every address of one IPv6 /64 as one client', async () => {
    const replies = [];
    for (const client of ['2001:db8:5:1::1', '2001:db8:5:1::2', '2001:db8:5:1:ffff::3']) {
      replies.push(await rateLimitedReply(contextFrom(client), 'contact'));
    }
    expect(replies.slice(0, 2)).toEqual([null, null]);
    expect(replies[2]?.init.status).toBe(429);
    expect(await rateLimitedReply(contextFrom('2001:db8:5:2::1'), 'contact')).toBeNull();
  });
});
