import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { createLogger } from '../logger';
import { databaseRateLimiter } from '../modules/rate-limit';
import { accountCause, strangerCause } from './causes';
import { admitMail, createMailer } from './index';

const SHOP_ADDRESS = 'hello@kalakriti.example';

function freshOutbox(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'mail-')), 'outbox');
}

describe('the mail module without SMTP', () => {
  it('writes each message as an .eml file, and its HTML part beside it as an .html page', async () => {
    const outbox = freshOutbox();
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', base: undefined },
      { write: (line: string) => void lines.push(line) },
    );
    const mailer = createMailer({ smtpUrl: undefined, outboxDirectory: outbox, logger });
    const link = 'https://shop.example/quotes/Q-20261124-0007?key=a=b&c=d';
    await mailer.send(
      {
        to: 'owner@example.com',
        subject: 'New quotation request: Lotus Urli',
        text: `Quantity: 4\n${link}`,
        html: `<p>Quantity: 4</p><a href="${link.replaceAll('&', '&amp;')}">View your quotation</a>`,
        replyTo: 'meera@example.com',
        thread: {
          messageId: '<quotation-1.owner.job@shop.example>',
          inReplyTo: '<quotation-1.owner@shop.example>',
          references: ['<quotation-1.owner@shop.example>'],
        },
        headers: { 'List-Unsubscribe': '<https://shop.example/newsletter/unsubscribe?token=x>' },
      },
      { name: 'Kalakriti', address: SHOP_ADDRESS },
    );
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/new-quotation-request-lotus-urli\.eml$/);
    expect(files[1]).toBe(files[0]!.replace(/\.eml$/, '.html'));
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('To: owner@example.com');
    expect(eml).toContain('From: Kalakriti <hello@kalakriti.example>');
    expect(eml).toContain('Reply-To: meera@example.com');
    expect(eml).toContain('Message-ID: <quotation-1.owner.job@shop.example>');
    expect(eml).toContain('In-Reply-To: <quotation-1.owner@shop.example>');
    expect(eml).toContain('References: <quotation-1.owner@shop.example>');
    expect(eml).toContain('Subject: New quotation request: Lotus Urli');
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).toContain(
      'List-Unsubscribe: <https://shop.example/newsletter/unsubscribe?token=x>',
    );
    // docs/requirements.md §13: the page's links are as they are, not quoted-printable.
    const html = readFileSync(path.join(outbox, files[1]!), 'utf8');
    expect(html).toContain('href="https://shop.example/quotes/Q-20261124-0007?key=a=b&amp;c=d"');
    expect(lines.join('\n')).toContain(path.join(outbox, files[1]!));
  });

  it('encodes a sender name from Settings: a line break in it never starts a header', async () => {
    const outbox = freshOutbox();
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDirectory: outbox,
      logger: createLogger('silent'),
    });
    await mailer.send(
      { to: 'owner@example.com', subject: 'Hello', text: 'x' },
      { name: 'Kalakriti\r\nBcc: victim@example.com', address: SHOP_ADDRESS },
    );
    const [file] = readdirSync(outbox);
    const eml = readFileSync(path.join(outbox, file!), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/m);
  });
});

// docs/requirements.md §13, decision 017: which mails a limit counts, counted across processes.
describe(`the mail limits, counted in the ${testDatabaseKind} database`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** One server process's view of the limit: its own limiter object over the shared database. */
  const limitOf = () => ({
    rateLimiter: databaseRateLimiter(database.db),
    perHour: 5,
    shopAddress: SHOP_ADDRESS,
  });

  it("never counts the shop's own answers or mails to the shop's own address", async () => {
    for (let index = 0; index < 20; index += 1) {
      expect((await admitMail(limitOf(), { by: 'shop' })).allowed).toBe(true);
      expect((await admitMail(limitOf(), { by: 'to-shop' })).allowed).toBe(true);
      // A stranger naming the shop's own address in a form: the owner hears every time.
      const shop = strangerCause('Hello@Kalakriti.example', 'quotation-confirmation', 'delivery');
      expect((await admitMail(limitOf(), shop)).allowed).toBe(true);
    }
  });

  it("counts strangers' mails to one address together, whatever its case, across processes", async () => {
    const decisions = [];
    for (let index = 0; index < 6; index += 1) {
      const purpose = index % 2 === 0 ? 'quotation-confirmation' : 'newsletter-welcome';
      const address = index % 2 === 0 ? 'victim@example.com' : 'VICTIM@example.com';
      decisions.push(await admitMail(limitOf(), strangerCause(address, purpose, 'delivery')));
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(decisions[5]!.retryAfterSeconds).toBeGreaterThan(60 * 59);
    expect(decisions[5]!.perHour).toBe(5);
    // Another address has its own count.
    const other = strangerCause('another@example.com', 'newsletter-welcome', 'delivery');
    expect((await admitMail(limitOf(), other)).allowed).toBe(true);
  });

  it("counts an account holder's requests per purpose: one purpose never uses up another", async () => {
    for (let index = 0; index < 5; index += 1) {
      const resend = accountCause('asha@example.com', 'verify-email', 'request');
      expect((await admitMail(limitOf(), resend)).allowed).toBe(true);
    }
    const sixth = accountCause('asha@example.com', 'verify-email', 'request');
    expect((await admitMail(limitOf(), sixth)).allowed).toBe(false);
    const reset = accountCause('asha@example.com', 'reset-password', 'request');
    expect((await admitMail(limitOf(), reset)).allowed).toBe(true);
    // Nor do the account's requests use up what strangers may send it, or the other way round.
    const confirmation = strangerCause('asha@example.com', 'quotation-confirmation', 'delivery');
    expect((await admitMail(limitOf(), confirmation)).allowed).toBe(true);
  });
});
