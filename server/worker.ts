/**
 * The job worker of a server process (issue 15 §1, decision 013): delivers what the domain queued.
 * Every process runs one; pg-boss hands each job to one of them. Mail goes through SMTP when
 * SMTP_URL is set and to DATA_DIR/outbox otherwise, so a restart without SMTP_URL delivers the
 * mails still waiting to the outbox.
 */
import path from 'node:path';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import { startJobWorker, type JobWorker } from './modules/jobs';
import { createMailer } from './modules/mail';
import { renderNotice } from './modules/notifications';
import { databaseRateLimiter, redisRateLimiter } from './modules/rate-limit';

export async function startDeliveries(options: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
}): Promise<JobWorker> {
  const { database, config, logger } = options;
  const rateLimiter = config.redisUrl
    ? redisRateLimiter(config.redisUrl)
    : databaseRateLimiter(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDirectory: path.join(config.dataDir, 'outbox'),
    logger,
    recipientLimit: {
      rateLimiter,
      perHour: config.mailRateLimit,
      shopAddress: config.site.shopEmail,
    },
  });
  return startJobWorker({
    handle: database,
    logger,
    handlers: {
      async mail(notice, job) {
        const message = renderNotice(notice, config);
        if (!message) {
          logger.warn({ jobId: job.id, kind: notice.kind }, 'a notice without a mail was skipped');
          return;
        }
        await mailer.send(message, { retry: job.retryCount > 0 });
      },
    },
  });
}
