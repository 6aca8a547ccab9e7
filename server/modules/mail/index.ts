/**
 * Outgoing mail (DESIGN.md §2 modules/mail): SMTP when SMTP_URL is set; otherwise every message
 * is written as an .eml file to DATA_DIR/outbox and logged with its subject, so a shop without a
 * mail server (and the test suite) can read what would have been sent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends now; rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: a mail failure is logged and never fails the visitor's request
   * (issue: notifications).
   */
  sendLater(message: MailMessage): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDirectory: string;
  logger: Logger;
}): Mailer {
  const { from, logger } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const send = async (message: MailMessage) => {
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
