import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createMailer } from './index';

describe('the mail module without SMTP', () => {
  it('writes each message as an .eml file to the outbox', async () => {
    const outbox = path.join(mkdtempSync(path.join(os.tmpdir(), 'mail-')), 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Kalakriti" <hello@kalakriti.example>',
      outboxDirectory: outbox,
      logger: createLogger('silent'),
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
