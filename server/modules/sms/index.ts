/**
 * Text messages (one-time sign-in codes by phone) through a pluggable sender (SMS_PROVIDER): the
 * outbox (a .sms.txt file in DATA_DIR/outbox, for development and tests), or a webhook that hands
 * `{ to, text }` to the shop's SMS gateway. With `none`, phone sign-in is switched off.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../../logger';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  readonly enabled: boolean;
  send(message: SmsMessage): Promise<void>;
  /** Sends in the background; a failure is logged and never fails the request. */
  sendLater(message: SmsMessage): void;
}

export function createSmsSender(options: {
  settings: Config['sms'];
  outboxDirectory: string;
  logger: Logger;
}): SmsSender {
  const { settings, logger } = options;
  let sequence = 0;

  const send = async (message: SmsMessage) => {
    if (settings.provider === 'none') throw new Error('No SMS sender is configured');
    if (settings.provider === 'outbox') {
      sequence += 1;
      const file = path.join(
        options.outboxDirectory,
        `${Date.now()}-${process.pid}-${sequence}-sms-${message.to.replace(/\D/g, '')}.sms.txt`,
      );
      await mkdir(options.outboxDirectory, { recursive: true });
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`);
      logger.info({ to: message.to, file }, 'text message written to the outbox');
      return;
    }
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    logger.info({ to: message.to }, 'text message sent');
  };

  return {
    enabled: settings.provider !== 'none',
    send,
    sendLater(message) {
      send(message).catch((error: unknown) => {
        logger.error({ err: error, to: message.to }, 'text message failed');
      });
    },
  };
}
