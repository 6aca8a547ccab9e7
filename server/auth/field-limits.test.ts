/**
 * What Better Auth takes from a request: its fields have limits (docs/requirements.md §14), and none of
 * the free text reaches a mail to an address nobody verified (finding 5). Requests go to
 * `auth.handler` as the Hono app passes them on, and to `auth.api` as the pages call it, against
 * a fresh database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_NUMBER_BY_CODE_ONLY_MESSAGE } from '../../core/identity/identity-fields';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { loadConfig } from '../config';
import { rateLimitCounters, users } from '../db/schema';
import { createLogger } from '../logger';
import { renderNotice } from '../mail/notifications';
import type { MailMessage } from '../mail';
import { databaseRateLimiter } from '../modules/rate-limit';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER, createAuth, type Auth } from './index';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'Marble#Lotus9';

let database: TestDatabase;
let auth: Auth;
const mails: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'auth-limits-test-')),
    PUBLIC_URL,
    // With phone sign-in on, Better Auth's users carry a phone number field.
    SMS_PROVIDER: 'outbox',
    AUTH_RATE_LIMIT: '1000',
  });
  auth = createAuth({
    db: database.db,
    config,
    queueMail: async (notice) => {
      const mail = await renderNotice(notice, config);
      if (mail) mails.push(mail);
    },
    sms: { enabled: true, send: async () => {}, sendLater: () => {} },
    rateLimiter: databaseRateLimiter(database.db),
    logger: createLogger('silent'),
  });
});
afterAll(async () => {
  await database.destroy();
});

let emailCount = 0;
function freshEmail(): string {
  emailCount += 1;
  return `limits-${emailCount}-${randomBytes(3).toString('hex')}@example.com`;
}

function post(endpoint: string, body: Record<string, unknown>, cookie?: string): Promise<Response> {
  return auth.handler(
    new Request(`${PUBLIC_URL}${AUTH_BASE_PATH}${endpoint}`, {
      method: 'POST',
      headers: {
        Origin: PUBLIC_URL,
        'Content-Type': 'application/json',
        [CLIENT_ADDRESS_HEADER]: '198.51.100.77',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

async function messageOf(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { message?: string }).message;
}

async function userCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

describe(`the limits on Better Auth's fields on ${testDatabaseKind}`, () => {
  it('refuse a 5,000,000-character name on /api/auth/sign-up/email with 400, and store no user', async () => {
    const before = await userCount();
    const email = freshEmail();
    const response = await post('/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'N'.repeat(5_000_000),
    });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Name must be less than 100 characters');
    expect(await userCount()).toBe(before);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuse a 101-character name and take a 100-character one', async () => {
    const before = await userCount();
    const refused = await post('/sign-up/email', {
      email: freshEmail(),
      password: PASSWORD,
      name: 'N'.repeat(101),
    });
    expect(refused.status).toBe(400);
    expect(await userCount()).toBe(before);

    const email = freshEmail();
    const accepted = await post('/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'N'.repeat(100),
    });
    expect(accepted.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.name).toHaveLength(100);
  });

  it('refuse the other stored fields over their limits, and a phone number outside the phone sign-in', async () => {
    const before = await userCount();
    const mailsBefore = mails.length;
    const valid = { email: freshEmail(), password: PASSWORD, name: 'Asha Rao' };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...valid, email: `${'e'.repeat(64)}@${'d'.repeat(190)}.com` },
        'Email must be at most 254',
      ],
      [{ ...valid, image: `https://img.example/${'i'.repeat(2000)}` }, 'Image address must be at'],
      [{ ...valid, callbackURL: `/${'c'.repeat(2000)}` }, 'Callback address must be at most'],
      [{ ...valid, password: `Aa1#${'p'.repeat(125)}` }, 'Password must be at most 128'],
      [{ ...valid, phoneNumber: '+919829000042' }, PHONE_NUMBER_BY_CODE_ONLY_MESSAGE],
      [{ ...valid, nickname: 'x'.repeat(2001) }, 'Each field must be at most 2000'],
    ];
    for (const [body, message] of cases) {
      const response = await post('/sign-up/email', body);
      expect(response.status, message).toBe(400);
      expect(await messageOf(response)).toContain(message);
    }
    // A one-time code sign-in makes an account too, from the same fields.
    const codeSignIn = await post('/sign-in/email-otp', {
      email: freshEmail(),
      otp: '123456',
      name: 'N'.repeat(101),
    });
    expect(codeSignIn.status).toBe(400);
    expect(await userCount()).toBe(before);
    expect(mails).toHaveLength(mailsBefore);
  });

  it('refuse a long e-mail before it becomes a rate-limit key', async () => {
    const email = `${'k'.repeat(60)}@${'d'.repeat(5000)}.com`;
    const mailsBefore = mails.length;
    const response = await post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(response.status).toBe(400);
    const keys = (await database.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys.some((key) => key.length > 400)).toBe(false);
    expect(mails).toHaveLength(mailsBefore);
  });

  it('hold for the server’s own auth.api calls and for a link’s query', async () => {
    const before = await userCount();
    await expect(
      auth.api.signUpEmail({
        body: { email: freshEmail(), password: PASSWORD, name: 'N'.repeat(101) },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await userCount()).toBe(before);
    const link = await auth.handler(
      new Request(`${PUBLIC_URL}${AUTH_BASE_PATH}/verify-email?token=${'t'.repeat(3000)}`),
    );
    expect(link.status).toBe(400);
  });
});

describe(`the identity mails on ${testDatabaseKind}`, () => {
  // docs/requirements.md §15: names count as free text; an unverified address gets none.
  it('carry no free text from the request to an unverified address: no name', async () => {
    const email = freshEmail();
    const newEmail = freshEmail();
    const signedUp = await post('/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Mallory Name-Marker',
    });
    expect(signedUp.status).toBe(200);
    // A sign-up does not sign in (docs/requirements.md §13).
    const signedIn = await post('/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);

    const requests: [string, Record<string, unknown>, string?][] = [
      ['/request-password-reset', { email, redirectTo: '/Redirect-Marker' }],
      ['/email-otp/send-verification-otp', { email, type: 'sign-in' }],
      [
        '/change-email',
        { newEmail, currentPassword: PASSWORD, callbackURL: '/Callback-Marker' },
        cookie,
      ],
    ];
    for (const [endpoint, body, withCookie] of requests) {
      expect((await post(endpoint, body, withCookie)).status, endpoint).toBe(200);
    }
    const sent = mails.filter((mail) => mail.to === email || mail.to === newEmail);
    // A reset link, a sign-in code and the new address's confirmation at least.
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.map((mail) => mail.to)).toContain(newEmail);
    for (const mail of sent) {
      const whole = `${mail.subject}\n${mail.text}`;
      expect(whole, mail.subject).not.toContain('Name-Marker');
      expect(whole, mail.subject).not.toContain('Mallory');
      expect(whole, mail.subject).not.toContain('Redirect-Marker');
      expect(whole, mail.subject).not.toContain('Callback-Marker');
    }
  });
});
