/**
 * Outgoing mail (DESIGN.md §2 modules/mail): SMTP when SMTP_URL is set; otherwise every message
 * is written as an .eml file to DATA_DIR/outbox and logged with its subject, so a shop without a
 * mail server (and the test suite) can read what would have been sent. Every message passes the
 * per-recipient limit here, whoever builds it. Only the job worker sends (server/worker.ts):
 * domain functions queue their mails (server/modules/jobs), so none is lost with a failed send.
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
  /** Files the mail carries (an offer's PDF, issue 16). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Sends now; rejects when the message could not be handed over (the job is retried). A message
   * over its recipient's limit is dropped (and logged) without an error. A retry of the same
   * message passes `retry` and is not counted again: a mail server that is down must not use up
   * the recipient's limit.
   */
  send(message: MailMessage, options?: { retry?: boolean }): Promise<void>;
}

export interface RecipientLimit {
  /** Shared by every process (database or Redis), like the form limits. */
  rateLimiter: RateLimiter;
  /** Mails an hour to one address. */
  perHour: number;
  /**
   * The shop's own address, never limited: the owner must hear of every request. A function is
   * asked at each send (issue 18: the owner can change the address in Settings).
   */
  shopAddress: string | (() => Promise<string>);
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
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A send that hangs is given up well before its job's 2-minute expiry (server/modules/jobs),
        // so a retry never runs beside it.
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const shopAddressOf = recipientLimit.shopAddress;

  /**
   * issue 14 finding 5: no one may make the shop mail one address without end (a guest's quotation
   * or newsletter form names any address). Counted per address and hour across processes.
   */
  const withinRecipientLimit = async (message: MailMessage): Promise<boolean> => {
    const recipient = message.to.trim().toLowerCase();
    const shopAddress = typeof shopAddressOf === 'string' ? shopAddressOf : await shopAddressOf();
    if (recipient === shopAddress.trim().toLowerCase()) return true;
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

  const send = async (message: MailMessage, { retry = false }: { retry?: boolean } = {}) => {
    if (!retry && !(await withinRecipientLimit(message))) return;
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

  return { send };
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
