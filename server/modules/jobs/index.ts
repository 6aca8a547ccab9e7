/**
 * Durable side effects (docs/decisions/013): a transactional outbox on pg-boss, on both
 * databases. A domain function enqueues its effects with `enqueue(tx, …)` inside the transaction
 * that makes the change, so a rollback drops them and a commit guarantees them; a worker in every
 * server process delivers them with retries and exponential back-off. pg-boss fetches with
 * `FOR UPDATE SKIP LOCKED`, so several processes never deliver one job twice.
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../../logger';
import { JOB_SCHEMA, type JobData, type QueueName } from './enqueue';

export * from './enqueue';

/**
 * Each queue's retry policy. A mail is tried again after 10 s, 20 s, 40 s … for about 11 hours
 * (12 retries); a delivery that has not answered in 2 minutes (a process killed mid-send) is
 * taken up again.
 */
export const jobQueues: Record<QueueName, PgBoss.Queue> = {
  mail: {
    name: 'mail',
    policy: 'standard',
    retryLimit: 12,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  'offer-expiry': {
    name: 'offer-expiry',
    // One sweep at a time: a tick that finds one still waiting adds nothing.
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 300,
  },
  // docs/requirements.md §11: a delivery's retries follow its own schedule (server/modules/webhooks), each one a
  // new job; pg-boss only takes up a try whose process died (10 s timeout, then 50 s to spare).
  'webhook-delivery': {
    name: 'webhook-delivery',
    policy: 'standard',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  'daily-digest': {
    name: 'daily-digest',
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 300,
  },
  'quote-list-sweep': {
    name: 'quote-list-sweep',
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 300,
  },
  'verification-sweep': {
    name: 'verification-sweep',
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 300,
  },
  // docs/requirements.md §21: one waiting alert per product and key (pg-boss `short`): drops fold into it.
  'price-drop-alert': {
    name: 'price-drop-alert',
    policy: 'short',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  // docs/requirements.md §13: no worker takes these; a held mail waits here, listed on Failed Work, until the
  // owner's Send Now moves it to `mail`. Kept 30 days, then pg-boss archives it.
  'mail-held': {
    name: 'mail-held',
    policy: 'standard',
    retryLimit: 0,
    retentionMinutes: 30 * 24 * 60,
  },
};

/**
 * The queues fed by the clock rather than by a change (pg-boss cron, one job per tick however
 * many processes run): every 10 minutes the offers are swept, so an offer is expired within ten
 * minutes of its day's end, shop time (docs/requirements.md §10). The ticks keep pg-boss's UTC: every 10 minutes
 * is the same in any zone, and each job reads the shop's day in Settings' time zone when it runs
 * (docs/decisions/019), so changing the zone needs no new schedule.
 */
export const jobSchedules: Partial<Record<QueueName, string>> = {
  'offer-expiry': '*/10 * * * *',
  // docs/requirements.md §12: the digest is due from 09:00 shop time; a tick every 10 minutes sends it at 09:00,
  // or as soon as a process is back if none ran then (sendDailyDigest sends one a day).
  'daily-digest': '*/10 * * * *',
  // docs/requirements.md §18: quote lists left unused for 30 days are deleted, once an hour
  'quote-list-sweep': '17 * * * *',
  // docs/requirements.md §14: a passkey's challenge lives 5 minutes, a code 10; every 10 minutes
  // the expired ones nobody used are deleted
  'verification-sweep': '*/10 * * * *',
};

/**
 * pg-boss's `db` over the process's own connection. PGlite refuses several statements in one
 * prepared query, which pg-boss's schema and maintenance SQL send, so SQL without parameters goes
 * through `exec` (STACK.md).
 */
export function sqlExecutorFor(handle: DatabaseHandle): PgBoss.Db {
  const { driver } = handle;
  if (driver.kind === 'postgres') {
    return {
      async executeSql(text: string, values?: unknown[]) {
        const result = await driver.pool.query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
    };
  }
  const client = driver.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
    },
  };
}

function bossOptions(db: PgBoss.Db): PgBoss.ConstructorOptions {
  return { db, schema: JOB_SCHEMA };
}

/**
 * Creates pg-boss's schema and the shop's queues (with their current policies). Part of the
 * migrations, so every process, test database and template has them before anything enqueues.
 */
export async function installJobQueues(handle: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({
    ...bossOptions(sqlExecutorFor(handle)),
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  try {
    for (const queue of Object.values(jobQueues)) {
      await boss.createQueue(queue.name, queue);
      await boss.updateQueue(queue.name, queue);
    }
    for (const [name, cron] of Object.entries(jobSchedules)) {
      await boss.schedule(name, cron, {});
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

export type JobHandlers = {
  [Name in QueueName]: (
    data: JobData[Name],
    job: { id: string; retryCount: number },
  ) => Promise<void>;
};

export interface QueueHealth {
  status: 'ok' | 'unavailable';
  /** Jobs waiting (created or waiting for a retry), being delivered, and failed for good. */
  waiting: number;
  active: number;
  failed: number;
  /** docs/requirements.md §13: mails a limit held, waiting for the owner's Send Now. */
  held: number;
}

export interface JobWorker {
  health(): Promise<QueueHealth>;
  /** Stops fetching and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

/** How often an idle worker looks for new jobs, and how many it takes at once. */
const POLLING_INTERVAL_SECONDS = 1;
const BATCH_SIZE = 10;
/** How often a worker looks for deliveries stuck past their queue's `expireInSeconds`. */
export const STUCK_JOB_CHECK_SECONDS = 30;

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Starts delivering every queue's jobs in this process. */
export async function startJobWorker(options: {
  handle: DatabaseHandle;
  handlers: Partial<JobHandlers>;
  logger: Logger;
}): Promise<JobWorker> {
  const { handle, handlers, logger } = options;
  const boss = new PgBoss({
    ...bossOptions(sqlExecutorFor(handle)),
    // The schema is installed by the migrations; the worker only checks its version.
    migrate: false,
    supervise: true,
    // docs/requirements.md §13: a delivery stuck for 2 minutes (its process killed mid-send) is taken
    // up again. pg-boss finds such jobs only when it looks, every 2 minutes by default, which made
    // the wait up to 4; every 30 s keeps it near 2.
    maintenanceIntervalSeconds: STUCK_JOB_CHECK_SECONDS,
    // Turns the schedules into jobs (jobSchedules); pg-boss makes one per tick across processes.
    schedule: true,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const work = async <Name extends QueueName>(name: Name, handler: JobHandlers[Name]) => {
    await boss.work<JobData[Name]>(
      name,
      {
        pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
        batchSize: BATCH_SIZE,
        includeMetadata: true,
      },
      async (jobs) => {
        // Each job of the batch succeeds or fails on its own: a failed one is handed back for
        // its retry here, and pg-boss completes only those still active when the batch returns.
        for (const job of jobs) {
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount });
          } catch (error) {
            logger.warn(
              { err: error, queue: name, jobId: job.id, retryCount: job.retryCount },
              'job failed; pg-boss retries it',
            );
            await boss.fail(name, job.id, { message: describeFailure(error) });
          }
        }
      },
    );
  };
  // A process works the queues it is given handlers for (a test may give one).
  if (handlers.mail) await work('mail', handlers.mail);
  if (handlers['offer-expiry']) await work('offer-expiry', handlers['offer-expiry']);
  if (handlers['webhook-delivery']) {
    await work('webhook-delivery', handlers['webhook-delivery']);
  }
  if (handlers['daily-digest']) await work('daily-digest', handlers['daily-digest']);
  if (handlers['quote-list-sweep']) {
    await work('quote-list-sweep', handlers['quote-list-sweep']);
  }
  if (handlers['verification-sweep']) {
    await work('verification-sweep', handlers['verification-sweep']);
  }
  if (handlers['price-drop-alert']) {
    await work('price-drop-alert', handlers['price-drop-alert']);
  }
  return {
    async health() {
      try {
        const { rows } = await sqlExecutorFor(handle).executeSql(
          `select state::text as state, (name = 'mail-held') as held, count(*)::int as count
           from ${JOB_SCHEMA}.job group by state, name = 'mail-held'`,
          [],
        );
        const counted = rows as { state: string; held: boolean; count: number }[];
        const count = (states: string[]) =>
          counted
            .filter((row) => !row.held && states.includes(row.state))
            .reduce((sum, row) => sum + Number(row.count), 0);
        return {
          status: 'ok',
          waiting: count(['created', 'retry']),
          active: count(['active']),
          failed: count(['failed']),
          held: counted
            .filter((row) => row.held && row.state === 'created')
            .reduce((sum, row) => sum + Number(row.count), 0),
        };
      } catch (error) {
        logger.warn({ err: error }, 'job queue health check failed');
        return { status: 'unavailable', waiting: 0, active: 0, failed: 0, held: 0 };
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
