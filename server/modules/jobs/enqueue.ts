/**
 * The job queue's enqueue, in the domain kernel (docs/design.md §3): every module writes its side
 * effects (a mail, a webhook's try, a sweep) as jobs of its own transaction, with this alone.
 * The queues themselves, their installation and the worker are in ./index.ts.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Notice } from '../../../core/admin/notices';
import type { Database } from '../../db/client';
import { mailCauseOf, type MailCause } from '../../mail/causes';

/** pg-boss keeps its tables in a schema of its own, next to the shop's. */
export const JOB_SCHEMA = 'pgboss';

/**
 * A mail job: the notice, rendered at delivery with the shop's settings
 * (server/modules/notifications), and who caused it (docs/requirements.md §13), recorded here by `enqueue`.
 */
export type MailJob = Notice & {
  /** Missing only on a job queued before causes were recorded: the worker works it out. */
  cause?: MailCause;
  /** docs/requirements.md §13: the owner released it from hold ("Send Now"): no limit holds it again. */
  released?: boolean;
};

/** docs/requirements.md §13: a mail its limit held, kept until the owner sends it or 30 days pass. */
export type HeldMailJob = MailJob & {
  held: { address: string; perHour: number; heldAt: string };
};

/** What each queue's jobs carry. */
export interface JobData {
  mail: MailJob;
  'mail-held': HeldMailJob;
  /** docs/requirements.md §10: the sweep that reminds of offers about to expire and expires those past their day. */
  'offer-expiry': Record<string, never>;
  /**
   * docs/requirements.md §11: one try of a webhook delivery (server/modules/webhooks). `manual` is the owner's
   * "Resend": one try now, outside the delivery's own retry schedule.
   */
  'webhook-delivery': { deliveryId: string; manual?: boolean };
  /** docs/requirements.md §12: the sweep that sends the owner's 09:00 digest of requests awaiting a reply. */
  'daily-digest': Record<string, never>;
  /** docs/requirements.md §18: the sweep that deletes quote lists left unused for 30 days. */
  'quote-list-sweep': Record<string, never>;
  /** docs/requirements.md §14: the sweep that deletes expired sign-in challenges and links. */
  'verification-sweep': Record<string, never>;
  /** docs/requirements.md §21: the price-drop mails of one product, folded: server/flows/alert-price-drop.ts. */
  'price-drop-alert': { productId: string };
}
export type QueueName = keyof JobData;

interface SqlResult {
  rows: unknown[];
  rowCount?: number;
}

/**
 * pg-boss's `db` over a drizzle database or transaction: its SQL with `$n` placeholders becomes
 * one drizzle query with the same parameters, so a job is written by the transaction it is
 * part of, on either driver.
 */
export function sqlExecutorOver(db: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<SqlResult> {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      );
      const result = (await db.execute(sql.join(chunks))) as unknown as SqlResult;
      return { rows: result.rows, rowCount: result.rows.length };
    },
  };
}

function bossOptions(db: PgBoss.Db): PgBoss.ConstructorOptions {
  return { db, schema: JOB_SCHEMA };
}

// Only builds and checks the insert; every job is written through the caller's own database.
const producer = new PgBoss(
  bossOptions({
    executeSql: () => Promise.reject(new Error('jobs are written through the caller’s database')),
  }),
);

/** What a caller queues: a mail's cause is not theirs to say (docs/requirements.md §13). */
export type JobInput = Omit<JobData, 'mail'> & { mail: Notice & Pick<MailJob, 'released'> };

/**
 * Queues a job in the caller's transaction (or as its own statement when given the database).
 * Throws when the queue is missing, so the change it belongs to rolls back with it. A mail job
 * records who caused it here, for every caller (docs/requirements.md §13).
 */
export async function enqueue<Name extends QueueName>(
  db: Database,
  name: Name,
  data: JobInput[Name],
  options: { startAfter?: Date; id?: string } = {},
): Promise<string> {
  const stored =
    name === 'mail' ? { ...(data as Notice), cause: mailCauseOf(data as Notice) } : data;
  const id = await producer.send(name, stored as object, { ...options, db: sqlExecutorOver(db) });
  if (!id) throw new Error(`the ${name} queue did not accept the job`);
  return id;
}

/**
 * docs/requirements.md §21: queues a job unless one of the same queue and `singletonKey` is still waiting (a queue
 * of pg-boss's `short` policy): answers null when it was folded into that one. The waiting job
 * reads the state of things when it runs, so nothing is lost.
 */
export async function enqueueUnlessWaiting<Name extends Exclude<QueueName, 'mail'>>(
  db: Database,
  name: Name,
  data: JobInput[Name],
  options: { startAfter: Date; singletonKey: string },
): Promise<string | null> {
  return producer.send(name, data as object, { ...options, db: sqlExecutorOver(db) });
}

/**
 * docs/requirements.md §13: keeps a mail its limit held, as a job of the `mail-held` queue under the mail
 * job's own id: a delivery tried twice (a process that died after holding it) holds it once.
 */
export async function holdMail(
  db: Database,
  mailJobId: string,
  mail: MailJob,
  held: HeldMailJob['held'],
): Promise<void> {
  const cause = mail.cause ?? mailCauseOf(mail);
  await producer.send('mail-held', { ...mail, cause, held } satisfies HeldMailJob, {
    id: mailJobId,
    db: sqlExecutorOver(db),
  });
}
