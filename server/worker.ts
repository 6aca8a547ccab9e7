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
import { sendDailyDigest } from './modules/insights';
import { startJobWorker, type JobWorker } from './modules/jobs';
import { createMailer } from './modules/mail';
import type { Database } from './db/client';
import type { MailMessage } from './modules/mail';
import { quotationEventMail, renderNotice, type Notice } from './modules/notifications';
import {
  expireOffers,
  issueAccessKey,
  quotationMailFacts,
  remindExpiringOffers,
} from './modules/quotations';
import { offerPdfDocument } from './modules/quotations/offer-document';
import { renderOfferPdf } from './modules/quotations/offer-pdf';
import { databaseRateLimiter, redisRateLimiter } from './modules/rate-limit';
import { readSiteSettings } from './modules/settings';
import { deliverWebhook } from './modules/webhooks';

export async function startDeliveries(options: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** The time the expiry sweep goes by (issue 16); the system's unless a test moves it. */
  clock?: () => Date;
  /** issue 17: the waits between a webhook's tries (ms) and its timeout; a test's shorter ones. */
  webhooks?: { retrySchedule?: readonly number[]; timeoutMs?: number };
}): Promise<JobWorker> {
  const { database, config, logger } = options;
  if (config.webhooksAllowPrivate && config.isProduction) {
    logger.warn(
      'WEBHOOKS_ALLOW_PRIVATE=true: webhooks may reach this network’s private addresses; for tests and local tools only',
    );
  }
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
      // issue 18: the address in Settings as it is when the mail is sent.
      shopAddress: async () => (await readSiteSettings(database.db, config)).shopEmail,
    },
  });
  const clock = options.clock ?? (() => new Date());
  return startJobWorker({
    handle: database,
    logger,
    handlers: {
      async mail(notice, job) {
        const message = await mailOfNotice(database.db, notice, config);
        if (!message) {
          logger.warn({ jobId: job.id, kind: notice.kind }, 'a notice without a mail was skipped');
          return;
        }
        await mailer.send(message, { retry: job.retryCount > 0 });
      },
      // issue 16: reminders first, so an offer in its last minutes is not expired unreminded.
      async 'offer-expiry'() {
        const now = clock();
        const { reminded } = await remindExpiringOffers(database.db, now);
        const { expired } = await expireOffers(database.db, now);
        if (reminded + expired > 0) logger.info({ reminded, expired }, 'offers swept');
      },
      // issue 18: the owner's digest, due from 09:00 shop time unless turned off in Settings.
      async 'daily-digest'() {
        const { dailyDigest } = await readSiteSettings(database.db, config);
        const { sent, listed } = await sendDailyDigest(database.db, clock(), {
          enabled: dailyDigest !== 'off',
        });
        if (sent) logger.info({ listed }, 'daily digest queued');
      },
      // issue 17: one try of a signed webhook; its retries are queued by deliverWebhook itself.
      async 'webhook-delivery'(job) {
        await deliverWebhook(database.db, job, {
          now: clock(),
          allowPrivate: config.webhooksAllowPrivate,
          ...options.webhooks,
        });
      },
    },
  });
}

/**
 * The mail of a queued notice. The quote lifecycle's mails are read from the database at delivery
 * (issue 16): their facts, a private link made for this mail, and an offer's PDF.
 */
export async function mailOfNotice(
  db: Database,
  notice: Notice,
  config: Pick<Config, 'site' | 'siteLockedBy' | 'publicUrl' | 'authSecret'>,
): Promise<MailMessage | null> {
  // issue 18: the shop's details (its name, phone, address for the owner's mails) as the owner
  // set them when the mail is delivered, not as they were when the process started.
  const shop = { ...config, site: await readSiteSettings(db, config) };
  if (notice.kind === 'quotation-request' && notice.to === 'requester') {
    const customerKey = await issueAccessKey(db, notice.quotation.id);
    return renderNotice(notice, shop, { customerKey });
  }
  if (notice.kind !== 'quotation-event') return renderNotice(notice, shop);
  const facts = await quotationMailFacts(db, notice);
  if (!facts) return null;
  const message = quotationEventMail(notice, facts, shop);
  if (!message || notice.event !== 'offer-sent' || !facts.offer) return message;
  const pdf = await renderOfferPdf(offerPdfDocument(facts.offer, shop.site));
  return {
    ...message,
    attachments: [
      {
        filename: `${facts.reference}-v${facts.offer.version}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}
