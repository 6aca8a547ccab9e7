/**
 * docs/requirements.md §14: verifications nobody used are deleted once expired, by the job queue's
 * `verification-sweep` (every 10 minutes, pg-boss cron) and the worker's clock.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { loadConfig } from '../config';
import { verifications } from '../db/schema';
import { createLogger } from '../logger';
import { enqueue, JOB_SCHEMA } from '../modules/jobs';
import { startDeliveries } from '../worker';
import { deleteExpiredVerifications } from './verification-sweep';

// The clock the sweep goes by: a challenge made at 10:00 for 5 minutes has expired at 10:05.
const now = new Date('2026-11-24T10:05:00Z');
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);

async function challenge(database: TestDatabase, identifier: string, expiresAt: Date) {
  await database.db.insert(verifications).values({
    id: randomUUID(),
    identifier,
    value: JSON.stringify({ type: 'authentication', expectedChallenge: identifier }),
    expiresAt,
  });
}

async function identifiers(database: TestDatabase): Promise<string[]> {
  const rows = await database.db
    .select({ identifier: verifications.identifier })
    .from(verifications);
  return rows.map((row) => row.identifier).sort();
}

describe(`the sweep of expired verifications on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(verifications);
  });

  it('deletes what expired by its clock and keeps what has not', async () => {
    await challenge(database, 'expired a minute ago', minutes(-1));
    await challenge(database, 'expires now', now);
    await challenge(database, 'expires in a minute', minutes(1));
    expect(await deleteExpiredVerifications(database.db, now)).toBe(2);
    expect(await identifiers(database)).toEqual(['expires in a minute']);
    expect(await deleteExpiredVerifications(database.db, now)).toBe(0);
    expect(await deleteExpiredVerifications(database.db, minutes(1))).toBe(1);
    expect(await identifiers(database)).toEqual([]);
  });

  it('is a job of the queue, scheduled every 10 minutes, that the worker runs by its clock', async () => {
    const { rows } = await database.db.execute(
      sql`select cron from ${sql.raw(JOB_SCHEMA)}.schedule where name = 'verification-sweep'`,
    );
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);

    await challenge(database, 'unused sign-in', minutes(-1));
    await challenge(database, 'sign-in in progress', minutes(4));
    const worker = await startDeliveries({
      database,
      config: loadConfig({ AUTH_SECRET: 'verification-sweep-test-secret-verification' }),
      logger: createLogger('silent'),
      clock: () => now,
    });
    try {
      await enqueue(database.db, 'verification-sweep', {});
      const deadline = Date.now() + 20_000;
      while ((await identifiers(database)).length > 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await identifiers(database)).toEqual(['sign-in in progress']);
    } finally {
      await worker.stop();
    }
  });
});
