/**
 * The mails a test's actions queued (docs/requirements.md §10): read from pg-boss's job table and rendered as
 * the worker would render them (its own mailOfNotice: lifecycle mails are read from the database
 * and get their private links and PDFs), so a test sees the mail without running a worker.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { JOB_SCHEMA } from '../../server/modules/jobs';
import type { MailMessage } from '../../server/mail';
import type { Notice } from '../../core/admin/notices';
import { mailOfNotice, shopAtDelivery } from '../../server/worker';

interface QueuedJob {
  id: string;
  data: Notice;
}

async function mailJobs(db: Database): Promise<QueuedJob[]> {
  const result = await db.execute(
    sql.raw(
      `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
    ),
  );
  return result.rows as unknown as QueuedJob[];
}

/**
 * A view of the mail queue from now on: `mails()` renders what was queued since, at the time
 * `clock` tells, as the worker renders at its own clock's.
 */
export async function mailQueueFrom(
  db: Database,
  config: Config,
  clock: () => Date = () => new Date(),
): Promise<{ mails(): Promise<MailMessage[]> }> {
  const before = new Set((await mailJobs(db)).map((job) => job.id));
  return {
    async mails() {
      const queued = (await mailJobs(db)).filter((job) => !before.has(job.id));
      const mails: MailMessage[] = [];
      for (const job of queued) {
        const mail = await mailOfNotice(db, job.data, await shopAtDelivery(db, config), clock());
        if (mail) mails.push(mail);
      }
      return mails;
    },
  };
}
