/**
 * The identity module against Better Auth on a fresh database: it checks the fields again, hands
 * on Better Auth's cookies and Retry-After, and turns its refusals into DomainErrors with Better
 * Auth's own messages (spec §8: "Sign In Error" shows the server's message).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePlaceholderEmail } from '../../../core/identity/identity';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { CLIENT_ADDRESS_HEADER, createAuth, type Auth } from '../../auth';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { DomainError } from '../errors';
import { renderNotice } from '../../mail/notifications';
import type { MailMessage } from '../../mail';
import { databaseRateLimiter, RATE_LIMIT_MESSAGE } from '../rate-limit';
import {
  changePassword,
  sendVerificationEmail,
  signIn,
  signUp,
  type IdentityExchange,
} from './index';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'Marble#Lotus9';
const LIMIT = 4;

let database: TestDatabase;
let auth: Auth;
const mails: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'identity-test-')),
    PUBLIC_URL,
    AUTH_RATE_LIMIT: String(LIMIT),
  });
  auth = createAuth({
    db: database.db,
    config,
    queueMail: async (notice) => {
      const mail = await renderNotice(notice, config);
      if (mail) mails.push(mail);
    },
    sms: { enabled: false, send: async () => {}, sendLater: () => {} },
    rateLimiter: databaseRateLimiter(database.db),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await database.destroy();
});

let addresses = 0;
/** A request of its own client address, so one test's attempts never count against another's. */
function exchange(cookie?: string, address = `203.0.113.${(addresses += 1)}`): IdentityExchange {
  const headers = new Headers({ Origin: PUBLIC_URL, [CLIENT_ADDRESS_HEADER]: address });
  if (cookie) headers.set('Cookie', cookie);
  return { headers, replyHeaders: new Headers() };
}

const freshEmail = () => `asha-${randomBytes(4).toString('hex')}@example.com`;

function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      return { code: error.code, message: error.message };
    },
  );
}

async function signedUpAndIn(): Promise<{ email: string; cookie: string }> {
  const email = freshEmail();
  await signUp(auth, exchange(), {
    name: 'Asha',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const signedIn = exchange();
  await signIn(auth, signedIn, { email, password: PASSWORD });
  const cookie = signedIn.replyHeaders
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { email, cookie };
}

describe('the identity module', () => {
  it('checks the fields again with their core/ schema before Better Auth is asked', async () => {
    expect(
      await refusalOf(signIn(auth, exchange(), { email: 'not-an-email', password: 'x' })),
    ).toEqual({ code: 'invalid', message: 'Invalid email address' });
    expect(
      await refusalOf(
        signUp(auth, exchange(), {
          email: freshEmail(),
          password: 'weak',
          confirmPassword: 'weak',
        }),
      ),
    ).toEqual({ code: 'invalid', message: 'Password must be at least 8 characters' });
  });

  it('hands on the session cookie of a sign-in, and refuses a wrong password in Better Auth’s words', async () => {
    const { email, cookie } = await signedUpAndIn();
    expect(cookie).toMatch(/storefront\.session_token=/);
    const wrong = exchange();
    expect(await refusalOf(signIn(auth, wrong, { email, password: 'Wrong#Password1' }))).toEqual({
      code: 'unauthenticated',
      message: 'Invalid email or password',
    });
  });

  it('answers the sign-in limit as rate_limited with its Retry-After', async () => {
    const address = '203.0.113.250';
    const attempt = () => {
      const call = exchange(undefined, address);
      return {
        call,
        refused: refusalOf(signIn(auth, call, { email: freshEmail(), password: 'x' })),
      };
    };
    for (let count = 0; count < LIMIT; count += 1) {
      expect((await attempt().refused).code).toBe('unauthenticated');
    }
    const limited = attempt();
    expect(await limited.refused).toEqual({ code: 'rate_limited', message: RATE_LIMIT_MESSAGE });
    expect(limited.call.replyHeaders.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('changes the password only with the current one (Better Auth’s 400 is "invalid")', async () => {
    const { cookie } = await signedUpAndIn();
    const refused = await refusalOf(
      changePassword(auth, exchange(cookie), {
        currentPassword: 'Not#MyPassword1',
        password: 'Carved#Stone77',
        confirmPassword: 'Carved#Stone77',
      }),
    );
    expect(refused.code).toBe('invalid');
    await changePassword(auth, exchange(cookie), {
      currentPassword: PASSWORD,
      password: 'Carved#Stone77',
      confirmPassword: 'Carved#Stone77',
    });
  });

  it('sends a verification link only for the signed-in user’s own unverified address', async () => {
    expect(await refusalOf(sendVerificationEmail(auth, exchange(), null))).toEqual({
      code: 'unauthenticated',
      message: 'Please sign in to continue.',
    });
    expect(
      await refusalOf(
        sendVerificationEmail(auth, exchange(), { email: freshEmail(), emailVerified: true }),
      ),
    ).toEqual({ code: 'conflict', message: 'Your e-mail address is already verified.' });
    expect(
      await refusalOf(
        sendVerificationEmail(auth, exchange(), {
          email: phonePlaceholderEmail('+919829000000'),
          emailVerified: false,
        }),
      ),
    ).toEqual({ code: 'invalid', message: 'This account has no e-mail address to verify.' });
    const { email, cookie } = await signedUpAndIn();
    const before = mails.length;
    await sendVerificationEmail(auth, exchange(cookie), { email, emailVerified: false });
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([email]);
  });
});
