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
import type { Notice, QuotationEventNotice } from '../core/admin/notices';
import { quotationEventMail, renderNotice, type MailIdentity } from './mail/notifications';
import {
  expireOffers,
  issueAccessKey,
  quotationMailOf,
  remindExpiringOffers,
} from './modules/quotations';
import { renderOfferPdf } from './modules/quotations/offer-pdf';
import { receiptOfConfirmedPayment, renderTaxDocumentPdf } from './modules/invoices';
import { taxDocumentFileName } from '../core/tax/tax-document';
import type { PaymentStage } from '../core/orders/payment-terms';
import { databaseRateLimiter, redisRateLimiter } from './modules/rate-limit';
import { readSiteSettings, typedSettingsOf } from './modules/settings';
import { getDisplayCurrencyChoice, priceDropUnsubscribePath } from './modules/account';
import { newsletterUnsubscribePath } from './modules/newsletter';
import type { DisplayRate } from '../core/money/display-amount';
import { displayRatesOf, mailReaderDisplayRate } from '../core/money/display-currency';
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
        const shop = await shopAtDelivery(database.db, config);
        const { site } = shop;
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
        const message = await mailOfNotice(database.db, mailJob, shop, clock(), { mailId: job.id });
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
        const site = await readSiteSettings(database.db, config);
        const { sent, listed } = await sendDailyDigest(database.db, clock(), {
          enabled: typedSettingsOf(site).dailyDigest,
          timeZone: site.shopTimeZone,
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
        const { mailed } = await alertPriceDrop(database.db, config.authSecret, job, clock());
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

/** The payment each payment mail confirms, whose receipt it carries (docs/requirements.md §23). */
const paymentStageOfMail = {
  'advance-confirmed': 'advance',
  'payment-confirmed': 'full',
  'balance-confirmed': 'balance',
} as const satisfies Partial<Record<QuotationEventNotice['event'], PaymentStage>>;

/** The settings a mail is made with: the shop's details as the owner set them when it is delivered. */
export type MailShop = Pick<Config, 'siteLockedBy' | 'publicUrl' | 'authSecret'> & {
  site: SiteSettings;
};

/**
 * docs/requirements.md §12: the shop's details (its name, phone, address for the owner's mails) as
 * the owner set them when the mail is delivered, not as they were when the process started.
 */
export async function shopAtDelivery(
  db: Database,
  config: Pick<Config, 'site' | 'siteLockedBy' | 'publicUrl' | 'authSecret'>,
): Promise<MailShop> {
  return { ...config, site: await readSiteSettings(db, config) };
}

/** docs/decisions/026: the price-drop mail's amounts in the currency the wisher's account chose. */
async function wisherDisplayRate(
  db: Database,
  userId: string,
  site: SiteSettings,
  now: Date,
): Promise<DisplayRate | null> {
  const { fresh } = displayRatesOf(site, now);
  if (fresh.length === 0) return null;
  return mailReaderDisplayRate({
    accountChoice: await getDisplayCurrencyChoice(db, { userId, roles: [] }),
    requestCurrency: null,
    freshRates: fresh,
  });
}

/**
 * docs/design.md §7: a notice carries its unsubscribe link, made by the module that owns it; a
 * newsletter welcome or a price-drop mail queued before it did is given the one its module makes
 * now (the same token for the same address or account, so the same link).
 */
export function withUnsubscribeLink(notice: Notice, secret: string): Notice {
  if (notice.kind === 'newsletter-welcome' && !notice.unsubscribePath) {
    return { ...notice, unsubscribePath: newsletterUnsubscribePath(secret, notice.email) };
  }
  if (notice.kind === 'price-drop' && !notice.unsubscribePath) {
    return { ...notice, unsubscribePath: priceDropUnsubscribePath(secret, notice.userId) };
  }
  return notice;
}

/**
 * The mail of a queued notice, made with `shop` as read for this delivery and the worker's clock's
 * `now`. The quote lifecycle's mails are read from the database at delivery (docs/requirements.md
 * §10): the quotations module gives their facts, a private link made for this mail, and an
 * offer's PDF document or a GST document's content (docs/requirements.md §23); this renders them.
 */
export async function mailOfNotice(
  db: Database,
  queued: Notice | MailJob,
  shop: MailShop,
  now: Date,
  identity: MailIdentity = {},
): Promise<MailMessage | null> {
  const notice = withUnsubscribeLink(queued, shop.authSecret);
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
  if (notice.kind === 'price-drop') {
    const displayRate = await wisherDisplayRate(db, notice.userId, shop.site, now);
    return renderNotice(notice, shop, { ...identity, displayRate });
  }
  if (notice.kind !== 'quotation-event') return renderNotice(notice, shop, identity);
  const mail = await quotationMailOf(db, notice, shop.site, now);
  if (!mail) return null;
  const message = await quotationEventMail(notice, mail.facts, shop, identity);
  if (!message) return message;
  if (mail.offerPdf) {
    return {
      ...message,
      attachments: [
        {
          filename: mail.offerPdf.filename,
          content: await renderOfferPdf(mail.offerPdf.document),
          contentType: 'application/pdf',
        },
      ],
    };
  }
  // docs/requirements.md §23: the invoice or credit note, printed from its content as issued (the
  // shipped mail's is the order's invoice, docs/requirements.md §24); a confirmed payment's
  // receipt, or its receipt voucher.
  const document =
    mail.taxDocumentPdf?.content ??
    (notice.orderId && notice.event in paymentStageOfMail
      ? await receiptOfConfirmedPayment(
          db,
          notice.orderId,
          paymentStageOfMail[notice.event as keyof typeof paymentStageOfMail],
          shop.site,
          now,
        )
      : null);
  if (document) {
    return {
      ...message,
      attachments: [
        {
          filename: taxDocumentFileName(document),
          content: await renderTaxDocumentPdf(document),
          contentType: 'application/pdf',
        },
      ],
    };
  }
  return message;
}
