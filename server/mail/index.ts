/**
 * Outgoing mail (docs/design.md §2 modules/mail): SMTP when SMTP_URL is set; otherwise every message
 * is written as an .eml file to DATA_DIR/outbox, with its HTML part beside it as an .html file a
 * newcomer can open and click (docs/requirements.md §13), and logged. Only the job worker sends
 * (server/worker.ts): domain functions queue their mails (server/modules/jobs), so none is lost
 * with a failed send. Which mails a limit may hold is decided before a mail gets here
 * (`admitMail`, causes.ts); the mailer itself sends whatever it is given.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from '../logger';
import { rateLimitAddress } from '../../core/identity/client-network';
import type { RateLimiter } from '../modules/rate-limit';
import {
  isLimited,
  mailLimitKey,
  mailRequesterKey,
  mailSpacingKey,
  type LimitedMailCause,
  type MailCause,
} from './causes';
import { sameEmail } from '../../core/identity/identity';

/** A name and an address, which nodemailer encodes: no header is ever built from raw text. */
export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part: every mail has one, with each link on a line of its own. */
  text: string;
  /** The HTML part (docs/requirements.md §13); a mail queued by an earlier version may have none. */
  html?: string;
  /** docs/requirements.md §13: where Reply goes: the customer for the owner's notices, the shop for customers. */
  replyTo?: string;
  /** docs/requirements.md §13: the mails about one quotation are one conversation in a mail client. */
  thread?: { messageId: string; inReplyTo?: string; references?: string[] };
  headers?: Record<string, string>;
  /** Files the mail carries (an offer's PDF, docs/requirements.md §10). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Sends now, from `from`; rejects when the message could not be handed over (the job is retried). */
  send(message: MailMessage, from: string | MailAddress): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDirectory: string;
  logger: Logger;
}): Mailer {
  const { logger } = options;
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

  const send = async (message: MailMessage, from: string | MailAddress) => {
    const { thread, ...rest } = message;
    const mail: Mail.Options = {
      ...rest,
      from,
      // Long lines stay readable in the outbox's .eml: quoted-printable, never base64 text.
      textEncoding: 'quoted-printable',
      ...(thread
        ? {
            messageId: thread.messageId,
            ...(thread.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
            ...(thread.references ? { references: thread.references } : {}),
          }
        : {}),
    };
    const info = await transport.sendMail(mail);
    if (options.smtpUrl) {
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    const base = path.join(options.outboxDirectory, outboxFileName(message.subject));
    await mkdir(options.outboxDirectory, { recursive: true });
    await writeFile(`${base}.eml`, (info as unknown as { message: Buffer }).message);
    // docs/requirements.md §13: the HTML part as a page of its own, its links as they are (the .eml's are
    // quoted-printable and cannot be copied as they are).
    const html = message.html ? `${base}.html` : null;
    if (html) await writeFile(html, message.html!);
    logger.info(
      { to: message.to, subject: message.subject, file: `${base}.eml`, html },
      html ? `mail written to the outbox: open ${html}` : 'mail written to the outbox',
    );
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
  return `${Date.now()}-${process.pid}-${sequence}-${slug || 'message'}`;
}

export interface MailAdmission {
  allowed: boolean;
  /** When the count that refused it starts again (for Retry-After and the answer's minutes). */
  retryAfterSeconds: number;
  /** The limit it was counted against, an hour. */
  perHour: number;
}

/**
 * Counts a mail against the limit of its cause (decision 017): the shop's own answers and mails to
 * the shop's own address pass uncounted; an account holder's requests count per address and
 * purpose, strangers' mails per address. Counted across processes (database or Redis).
 */
export async function admitMail(
  limit: { rateLimiter: RateLimiter; perHour: number; shopAddress: string },
  cause: MailCause,
): Promise<MailAdmission> {
  const perHour = limit.perHour;
  if (!isLimited(cause) || sameEmail(cause.address, limit.shopAddress)) {
    return { allowed: true, retryAfterSeconds: 0, perHour };
  }
  const decision = await limit.rateLimiter.consume({
    key: mailLimitKey(cause),
    limit: perHour,
    window: 'hour',
  });
  return { ...decision, perHour };
}

/** Why an identity mail was not admitted, and when its asker may ask again. */
export type IdentityMailAdmission =
  | { allowed: true }
  | {
      allowed: false;
      /**
       * `requester`: this client asked the address to be sent too many in the hour, and is
       * refused; `spaced`: the address is past its hour's limit and had one less than ten minutes
       * ago, whoever asked.
       */
      refused: 'requester' | 'spaced';
      retryAfterSeconds: number;
    };

/**
 * Counts an identity mail asked for at an endpoint (a reset link, a sign-in code, a sign-up's
 * link, a change of address), before anything is made (docs/decisions/017, amended):
 *
 * - per client (`rateLimitAddress` of `requester`), address and purpose, `perHour` an hour; beyond
 *   it that client is refused, and no other;
 * - per address and purpose, `perHour` an hour from whoever asks; past that, never refused for the
 *   hour: one more is sent every ten minutes. Each sign-in code replaces the one before (Better
 *   Auth keeps only the newest), so what a stranger asks for still reaches the address's holder,
 *   and the holder waits ten minutes at most.
 *
 * A call without a client address (the server's own) is counted per address only.
 */
export async function admitIdentityMail(
  limit: { rateLimiter: RateLimiter; perHour: number; shopAddress: string },
  cause: LimitedMailCause,
  requester: string | null | undefined,
): Promise<IdentityMailAdmission> {
  const { rateLimiter, perHour } = limit;
  if (sameEmail(cause.address, limit.shopAddress)) return { allowed: true };
  if (requester) {
    const asker = await rateLimiter.consume({
      key: mailRequesterKey(cause, rateLimitAddress(requester)),
      limit: perHour,
      window: 'hour',
    });
    if (!asker.allowed) {
      return { allowed: false, refused: 'requester', retryAfterSeconds: asker.retryAfterSeconds };
    }
  }
  const address = await rateLimiter.consume({
    key: mailLimitKey(cause),
    limit: perHour,
    window: 'hour',
  });
  if (address.allowed) return { allowed: true };
  const spaced = await rateLimiter.consume({
    key: mailSpacingKey(cause),
    limit: 1,
    window: 'tenMinutes',
  });
  if (spaced.allowed) return { allowed: true };
  return { allowed: false, refused: 'spaced', retryAfterSeconds: spaced.retryAfterSeconds };
}
