import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { createLogger } from '../../logger';
import { databaseRateLimiter, type RateLimiter } from '../rate-limit';
import { createMailer } from './index';

const SHOP_ADDRESS = 'hello@kalakriti.example';

/** A rate limiter that never refuses, for the tests of the outbox itself. */
const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 1 }),
  close: async () => {},
};

function freshOutbox(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'mail-')), 'outbox');
}

/** The messages in the outbox addressed to `to` (nodemailer writes the domain in lower case). */
function outboxFor(outbox: string, to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((eml) => eml.toLowerCase().includes(`to: ${to.toLowerCase()}\n`));
}

describe('the mail module without SMTP', () => {
  it('writes each message as an .eml file to the outbox', async () => {
    const outbox = freshOutbox();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Kalakriti" <hello@kalakriti.example>',
      outboxDirectory: outbox,
      logger: createLogger('silent'),
      recipientLimit: { rateLimiter: unlimited, perHour: 5, shopAddress: SHOP_ADDRESS },
    });
    await mailer.send({
      to: 'owner@example.com',
      subject: 'New quotation request: Lotus Urli',
      text: 'Quantity: 4',
      headers: { 'List-Unsubscribe': '<https://shop.example/newsletter/unsubscribe?token=x>' },
    });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/new-quotation-request-lotus-urli\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('To: owner@example.com');
    expect(eml).toContain('Subject: New quotation request: Lotus Urli');
    expect(eml).toContain(
      'List-Unsubscribe: <https://shop.example/newsletter/unsubscribe?token=x>',
    );
    expect(eml).toContain('Quantity: 4');
  });
});

// issue 14 finding 5: mails to one address are rate-limited, counted across processes.
describe(`the per-recipient mail limit, counted in the ${testDatabaseKind} database`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** One server process's mailer: its own limiter object over the shared database. */
  function processMailer(outbox: string, warnings: string[] = []) {
    const logger = pino(
      { level: 'warn', base: undefined },
      { write: (line: string) => void warnings.push(line) },
    );
    return createMailer({
      smtpUrl: undefined,
      from: `"Kalakriti" <${SHOP_ADDRESS}>`,
      outboxDirectory: outbox,
      logger,
      recipientLimit: {
        rateLimiter: databaseRateLimiter(database.db),
        perHour: 5,
        shopAddress: SHOP_ADDRESS,
      },
    });
  }

  it('delivers 5 mails an hour to one address, drops the 6th without an error, and still mails the shop', async () => {
    const outbox = freshOutbox();
    const warnings: string[] = [];
    // Two processes, one count: the database holds it.
    const first = processMailer(outbox, warnings);
    const second = processMailer(outbox, warnings);
    for (let index = 0; index < 6; index += 1) {
      const mailer = index % 2 === 0 ? first : second;
      await expect(
        mailer.send({ to: 'victim@example.com', subject: `Confirmation ${index}`, text: 'x' }),
      ).resolves.toBeUndefined();
      // The shop's own address, in any case, is never limited: the owner hears of every request.
      await mailer.send({ to: 'Hello@Kalakriti.example', subject: `Owner ${index}`, text: 'x' });
    }
    expect(outboxFor(outbox, 'victim@example.com')).toHaveLength(5);
    expect(outboxFor(outbox, SHOP_ADDRESS)).toHaveLength(6);
    expect(warnings.join('\n')).toContain('mail dropped: its recipient reached the hourly limit');
    // The limit is per address, whatever its case: a differently written address is the same one.
    await first.send({ to: 'VICTIM@example.com', subject: 'Welcome', text: 'x' });
    await first.send({ to: 'another@example.com', subject: 'Welcome', text: 'x' });
    expect(outboxFor(outbox, 'victim@example.com')).toHaveLength(5);
    expect(outboxFor(outbox, 'another@example.com')).toHaveLength(1);
  });
  it("does not count a retry against the recipient's limit (issue 15 §1)", async () => {
    const outbox = freshOutbox();
    const mailer = processMailer(outbox);
    // One mail tried five times while the mail server was down, then delivered: one counted send.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await mailer.send(
        { to: 'retried@example.com', subject: 'Your quotation', text: 'x' },
        { retry: attempt > 0 },
      );
    }
    for (let index = 0; index < 4; index += 1) {
      await mailer.send({ to: 'retried@example.com', subject: `Later ${index}`, text: 'x' });
    }
    expect(outboxFor(outbox, 'retried@example.com')).toHaveLength(9);
  });
});
