/**
 * The job worker of a server process (docs/requirements.md §13, decision 013): delivers what the domain queued.
 * Every process runs one; pg-boss hands each job to one of them. Mail goes through SMTP when
 * SMTP_URL is set and to DATA_DIR/outbox otherwise, so a restart without SMTP_URL delivers the
 * mails still waiting to the outbox.
 */
import path from 'node:path';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import { alertPriceDrop } from './flows/alert-price-drop';
import { sendDailyDigest } from './modules/insights';
import { holdMail, startJobWorker, type JobWorker, type MailJob } from './modules/jobs';
import { admitMail, createMailer, type MailAddress } from './mail';
import { isLimited, mailCauseOf } from './mail/causes';
import type { Database } from './db/client';
import type { MailMessage } from './mail';
import type { Notice } from '../core/notices';
import { quotationEventMail, renderNotice, type MailIdentity } from './mail/notifications';
import {
  expireOffers,
  issueAccessKey,
  quotationMailFacts,
  remindExpiringOffers,
} from './modules/quotations';
import { offerPdfDocument } from './modules/quotations/documents';
import { renderOfferPdf } from './modules/quotations/offer-pdf';
import { databaseRateLimiter, redisRateLimiter } from './modules/rate-limit';
import { readSiteSettings } from './modules/settings';
import { getDisplayCurrencyChoice } from './modules/account';
import type { DisplayCurrency, DisplayRate } from '../core/display-amount';
import { approximateTotalLine, effectiveDisplayRate } from '../core/display-currency';
import { displayRatesOf } from './http/display-currency';
import type { SiteSettings } from '../content/site';
import { deleteUnusedQuoteLists } from './modules/quote-lists';
import { deleteExpiredVerifications } from './auth/verification-sweep';
import { deliverWebhook } from './modules/webhooks';

export async function startDeliveries(options: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** The time the expiry sweep goes by (docs/requirements.md §10); the system's unless a test moves it. */
  clock?: () => Date;
  /** docs/requirements.md §11: the waits between a webhook's tries (ms) and its timeout; a test's shorter ones. */
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
    outboxDirectory: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const clock = options.clock ?? (() => new Date());
  return startJobWorker({
    handle: database,
    logger,
    handlers: {
      async mail(mailJob, job) {
        // docs/requirements.md §12: the shop's address and name in Settings as they are when the mail is sent.
        const site = await readSiteSettings(database.db, config);
        const cause = mailJob.cause ?? mailCauseOf(mailJob);
        // docs/requirements.md §13: a mail a stranger could make the shop send is counted once, on its first
        // try (a mail server that is down must not use up the recipient's limit), and held,
        // never dropped, beyond it. The shop's own answers and the owner's release pass.
        if (
          !mailJob.released &&
          job.retryCount === 0 &&
          isLimited(cause) &&
          cause.countedAt === 'delivery'
        ) {
          const admission = await admitMail(
            { rateLimiter, perHour: config.mailRateLimit, shopAddress: site.shopEmail },
            cause,
          );
          if (!admission.allowed) {
            await holdMail(database.db, job.id, mailJob, {
              address: cause.address,
              perHour: admission.perHour,
              heldAt: clock().toISOString(),
            });
            logger.warn(
              { jobId: job.id, kind: mailJob.kind, to: cause.address },
              'mail held: its recipient reached the hourly limit (Failed Work: Send Now)',
            );
            return;
          }
        }
        const message = await mailOfNotice(database.db, mailJob, config, { mailId: job.id });
        if (!message) {
          logger.warn({ jobId: job.id, kind: mailJob.kind }, 'a notice without a mail was skipped');
          return;
        }
        const from: string | MailAddress = config.mailFrom ?? {
          name: site.shopName,
          address: site.shopEmail,
        };
        await mailer.send(message, from);
      },
      // docs/requirements.md §10: reminders first, so an offer in its last minutes is not expired unreminded.
      async 'offer-expiry'() {
        const now = clock();
        // docs/decisions/019: an offer's day ends in the shop's time zone as Settings have it now.
        const { shopTimeZone } = await readSiteSettings(database.db, config);
        const { reminded } = await remindExpiringOffers(database.db, now, shopTimeZone);
        const { expired } = await expireOffers(database.db, now, shopTimeZone);
        if (reminded + expired > 0) logger.info({ reminded, expired }, 'offers swept');
      },
      // docs/requirements.md §12: the owner's digest, due from 09:00 shop time unless turned off in Settings.
      async 'daily-digest'() {
        const { dailyDigest, shopTimeZone } = await readSiteSettings(database.db, config);
        const { sent, listed } = await sendDailyDigest(database.db, clock(), {
          enabled: dailyDigest !== 'off',
          timeZone: shopTimeZone,
        });
        if (sent) logger.info({ listed }, 'daily digest queued');
      },
      // docs/requirements.md §18: a quote list unused for 30 days is deleted with its pieces.
      async 'quote-list-sweep'() {
        const deleted = await deleteUnusedQuoteLists(database.db, clock());
        if (deleted > 0) logger.info({ deleted }, 'unused quote lists deleted');
      },
      // docs/requirements.md §14: sign-in challenges, links and codes nobody used, once expired.
      async 'verification-sweep'() {
        const deleted = await deleteExpiredVerifications(database.db, clock());
        if (deleted > 0) logger.info({ deleted }, 'expired verifications deleted');
      },
      // docs/requirements.md §21: a product's price-drop mails, at its price as it is now.
      async 'price-drop-alert'(job) {
        const { mailed } = await alertPriceDrop(database.db, job, clock());
        if (mailed > 0)
          logger.info({ productId: job.productId, mailed }, 'price-drop alerts queued');
      },
      // docs/requirements.md §11: one try of a signed webhook; its retries are queued by deliverWebhook itself.
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
 * The display currency of a customer mail's reader, when its rate is fresh (docs/decisions/026):
 * the one their account chose, or else the one the requester's page showed when they asked (a
 * guest has only that: the worker never sees their browser). Every amount of the mail, and the
 * offer PDF's approximate line, are in it.
 */
async function readerDisplayRate(
  db: Database,
  requester: { userId: string | null; requestCurrency?: DisplayCurrency | null },
  site: Pick<SiteSettings, 'displayCurrencies' | 'shopTimeZone'>,
  now: Date,
): Promise<DisplayRate | null> {
  const { fresh } = displayRatesOf(site, now);
  if (fresh.length === 0) return null;
  const chosen = requester.userId
    ? await getDisplayCurrencyChoice(db, { userId: requester.userId, roles: [] })
    : null;
  return effectiveDisplayRate({
    choice: chosen ?? requester.requestCurrency ?? null,
    acceptLanguage: null,
    freshRates: fresh,
  });
}

/**
 * The mail of a queued notice. The quote lifecycle's mails are read from the database at delivery
 * (docs/requirements.md §10): their facts, a private link made for this mail, and an offer's PDF.
 */
export async function mailOfNotice(
  db: Database,
  notice: Notice | MailJob,
  config: Pick<Config, 'site' | 'siteLockedBy' | 'publicUrl' | 'authSecret'>,
  identity: MailIdentity = {},
  now: Date = new Date(),
): Promise<MailMessage | null> {
  // docs/requirements.md §12: the shop's details (its name, phone, address for the owner's mails) as the owner
  // set them when the mail is delivered, not as they were when the process started.
  const shop = { ...config, site: await readSiteSettings(db, config) };
  if (notice.kind === 'quotation-request' && notice.to === 'requester') {
    if (!notice.quotation.customerEmail) return null;
    const customerKey = await issueAccessKey(db, notice.quotation.id);
    return renderNotice(notice, shop, { customerKey, ...identity });
  }
  // docs/requirements.md §18: the link of the merge's mail opens the kept request, with a key of its own.
  if (notice.kind === 'quotation-merged') {
    const customerKey = await issueAccessKey(db, notice.quotationId);
    return renderNotice(notice, shop, { customerKey, ...identity });
  }
  // docs/decisions/026: the wisher's amounts in the currency their account chose
  if (notice.kind === 'price-drop') {
    const displayRate = await readerDisplayRate(db, { userId: notice.userId }, shop.site, now);
    return renderNotice(notice, shop, { ...identity, displayRate });
  }
  if (notice.kind !== 'quotation-event') return renderNotice(notice, shop, identity);
  const facts = await quotationMailFacts(db, notice);
  if (!facts) return null;
  // The owner's mails stay in rupees; each of the customer's shows its amounts in their currency.
  const rate =
    notice.to === 'customer'
      ? await readerDisplayRate(
          db,
          {
            userId: facts.customerUserId ?? null,
            requestCurrency: facts.requestDisplayCurrency ?? null,
          },
          shop.site,
          now,
        )
      : null;
  facts.displayRate = rate;
  const message = await quotationEventMail(notice, facts, shop, identity);
  if (!message || notice.event !== 'offer-sent' || !facts.offer) return message;
  // docs/decisions/026: the attached PDF reads as the one its reader downloads from the quote page
  const pdf = await renderOfferPdf({
    ...offerPdfDocument(facts.offer, shop.site),
    approximateTotal: rate ? approximateTotalLine(facts.offer.totalMinor, rate) : null,
  });
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
