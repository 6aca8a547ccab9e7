import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { createLogger } from '../../logger';
import type { Notice } from '../../../core/admin/notices';
import { enqueue, JOB_SCHEMA, startJobWorker, type JobWorker } from './index';

const logger = createLogger('silent');

function note(text: string): Notice {
  return { kind: 'message', message: { to: 'owner@example.com', subject: text, text } };
}

async function jobsWithSubject(database: TestDatabase, subject: string) {
  const result = await database.db.execute(
    sql`select state::text as state, retry_count as "retryCount", start_after as "startAfter"
        from ${sql.raw(JOB_SCHEMA)}.job where name = 'mail' and data->'message'->>'subject' = ${subject}`,
  );
  return result.rows as { state: string; retryCount: number; startAfter: Date }[];
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`the job queue on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await database.destroy();
  });

  it('keeps a job queued in a transaction that commits, and drops it with one that rolls back', async () => {
    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'mail', note('committed'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'mail', note('rolled back'));
        throw new Error('the change failed after its mail was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsWithSubject(database, 'committed')).toHaveLength(1);
    expect(await jobsWithSubject(database, 'rolled back')).toEqual([]);
  });

  it('delivers each job once across several workers, and retries a failed one later', async () => {
    const delivered: string[] = [];
    let failedOnce = false;
    const handler = async (notice: Notice) => {
      if (notice.kind !== 'message') return;
      if (notice.message.subject === 'flaky' && !failedOnce) {
        failedOnce = true;
        throw new Error('the mail server is down');
      }
      delivered.push(notice.message.subject);
    };
    for (let index = 0; index < 2; index += 1) {
      workers.push(await startJobWorker({ handle: database, logger, handlers: { mail: handler } }));
    }
    const subjects = Array.from({ length: 12 }, (_, index) => `batch ${index}`);
    for (const subject of subjects) await enqueue(database.db, 'mail', note(subject));
    await enqueue(database.db, 'mail', note('flaky'));

    await until(async () => subjects.every((subject) => delivered.includes(subject)));
    expect(delivered.filter((subject) => subject.startsWith('batch')).sort()).toEqual(
      [...subjects].sort(),
    );

    // The failed one waits for its retry, backed off, instead of being lost (pg-boss counts the
    // retry when it fetches it again).
    await until(async () => (await jobsWithSubject(database, 'flaky'))[0]?.state === 'retry');
    const [flaky] = await jobsWithSubject(database, 'flaky');
    expect(new Date(flaky?.startAfter ?? 0).getTime()).toBeGreaterThan(Date.now() + 5_000);

    const health = await workers[0]?.health();
    expect(health).toMatchObject({ status: 'ok', active: 0, failed: 0 });
    expect(health?.waiting).toBeGreaterThanOrEqual(1);
  });
});
