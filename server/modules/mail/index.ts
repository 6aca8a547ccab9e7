/**
 * Outgoing mail (DESIGN.md §2 modules/mail): SMTP when SMTP_URL is set; otherwise every message
 * is written as an .eml file to DATA_DIR/outbox and logged with its subject, so a shop without a
 * mail server (and the test suite) can read what would have been sent. Every message passes the
 * per-recipient limit here, whoever builds it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger';
import type { RateLimiter } from '../rate-limit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Sends now; rejects when the message could not be handed over. A message over its recipient's
   * limit is dropped (and logged) without an error.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: a mail failure is logged and never fails the visitor's request
   * (issue: notifications).
   */
  sendLater(message: MailMessage): void;
}

export interface RecipientLimit {
  /** Shared by every process (database or Redis), like the form limits. */
  rateLimiter: RateLimiter;
  /** Mails an hour to one address. */
  perHour: number;
  /** The shop's own address, never limited: the owner must hear of every request. */
  shopAddress: string;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDirectory: string;
  logger: Logger;
  recipientLimit: RecipientLimit;
}): Mailer {
  const { from, logger, recipientLimit } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const shopAddress = recipientLimit.shopAddress.trim().toLowerCase();

  /**
   * issue 14 finding 5: no one may make the shop mail one address without end (a guest's quotation
   * or newsletter form names any address). Counted per address and hour across processes.
   */
  const withinRecipientLimit = async (message: MailMessage): Promise<boolean> => {
    const recipient = message.to.trim().toLowerCase();
    if (recipient === shopAddress) return true;
    const decision = await recipientLimit.rateLimiter.consume({
      key: `mail-recipient:${recipient}`,
      limit: recipientLimit.perHour,
      window: 'hour',
    });
    if (!decision.allowed) {
      logger.warn(
        { to: message.to, subject: message.subject },
        'mail dropped: its recipient reached the hourly limit',
      );
    }
    return decision.allowed;
  };

  const send = async (message: MailMessage) => {
    if (!(await withinRecipientLimit(message))) return;
    const info = await transport.sendMail({ from, ...message });
    if (!options.smtpUrl) {
      const file = path.join(options.outboxDirectory, outboxFileName(message.subject));
      await mkdir(options.outboxDirectory, { recursive: true });
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    } else {
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    }
  };

  return {
    send,
    sendLater(message) {
      send(message).catch((error: unknown) => {
        logger.error({ err: error, to: message.to, subject: message.subject }, 'mail failed');
      });
    },
  };
}

let sequence = 0;
function outboxFileName(subject: string): string {
  sequence += 1;
  const slug = subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${Date.now()}-${process.pid}-${sequence}-${slug || 'message'}.eml`;
}
