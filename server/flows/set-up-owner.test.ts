/**
 * docs/requirements.md §19: the first-run setup against Better Auth on a fresh database. The link's token is
 * the authorisation (checked before the fields), valid for 24 hours by the injected clock, and
 * for one owner; the owner is made verified and admin in one transaction, and signed in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_EMAIL_TAKEN_MESSAGE } from '../../core/identity/owner-setup';
import { insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { CLIENT_ADDRESS_HEADER, createAuth, type Auth } from '../auth';
import { loadConfig } from '../config';
import { userRoles, users } from '../db/schema';
import { createLogger } from '../logger';
import { DomainError } from '../modules/errors';
import type { IdentityExchange } from '../modules/identity';
import { createOwnerSetupLink, type OwnerSetupLink } from '../modules/identity/owner-setup-link';
import { databaseRateLimiter } from '../modules/rate-limit';
import { ownerSetupOpen, setUpOwner } from './set-up-owner';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'Marble#Lotus9';
const HOUR = 60 * 60 * 1000;

let database: TestDatabase;
let auth: Auth;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'owner-setup-test-')),
    PUBLIC_URL,
  });
  auth = createAuth({
    db: database.db,
    config,
    queueMail: async () => {},
    sms: { enabled: false, send: async () => {}, sendLater: () => {} },
    rateLimiter: databaseRateLimiter(database.db),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await database.destroy();
});

// Each test starts from a shop without an owner.
beforeEach(async () => {
  await database.db.delete(userRoles);
});

let addresses = 0;
function exchange(): IdentityExchange {
  const address = `203.0.113.${(addresses += 1)}`;
  return {
    headers: new Headers({ Origin: PUBLIC_URL, [CLIENT_ADDRESS_HEADER]: address }),
    replyHeaders: new Headers(),
  };
}

/** A link with a clock the test moves. */
function linkAt(start = new Date('2026-11-27T09:00:00Z')) {
  let now = start.getTime();
  const token = randomBytes(32).toString('base64url');
  const link = createOwnerSetupLink({ publicUrl: PUBLIC_URL, clock: () => new Date(now), token });
  return { link, token, advance: (ms: number) => (now += ms) };
}

const freshEmail = () => `owner-${randomBytes(4).toString('hex')}@example.com`;

function ownerFields(email = freshEmail()) {
  return { name: 'Meera Rathore', email, password: PASSWORD, confirmPassword: PASSWORD };
}

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

function setUp(link: OwnerSetupLink, token: unknown, fields: unknown, call = exchange()) {
  return setUpOwner(database.db, auth, link, call, { token, fields });
}

async function accountsNamed(email: string) {
  return database.db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
}

describe(`the first-run setup on ${testDatabaseKind}`, () => {
  it('prints the issue’s line with a token of at least 256 bits', () => {
    const link = createOwnerSetupLink({ publicUrl: PUBLIC_URL, clock: () => new Date() });
    const match =
      /^Set up the shop's owner account: http:\/\/localhost:3000\/setup\?token=(\S+)$/.exec(
        link.line,
      );
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(link.admits(match![1])).toBe(true);
  });

  it('opens only with its own token', async () => {
    const { link, token } = linkAt();
    expect(await ownerSetupOpen(database.db, link, token)).toBe(true);
    for (const wrong of [null, undefined, '', `${token}x`, token.slice(1), ['a'], 42]) {
      expect(await ownerSetupOpen(database.db, link, wrong)).toBe(false);
    }
    expect(await ownerSetupOpen(database.db, null, token)).toBe(false);
  });

  it('checks the token before the fields: a wrong one with bad fields is not found', async () => {
    const { link } = linkAt();
    expect(await refusalOf(setUp(link, 'guess', { email: 'not-an-email' }))).toEqual({
      code: 'not_found',
      message: 'Page not found',
    });
  });

  it('expires 24 hours after start-up, by the injected clock', async () => {
    const { link, token, advance } = linkAt();
    advance(24 * HOUR - 1000);
    expect(await ownerSetupOpen(database.db, link, token)).toBe(true);
    advance(1000);
    expect(await ownerSetupOpen(database.db, link, token)).toBe(false);
    const fields = ownerFields();
    expect((await refusalOf(setUp(link, token, fields))).code).toBe('not_found');
    expect(await accountsNamed(fields.email)).toEqual([]);
  });

  it('makes the owner verified and admin, signs them in, and is spent', async () => {
    const { link, token } = linkAt();
    const fields = ownerFields();
    const call = exchange();
    const owner = await setUp(
      link,
      token,
      { ...fields, email: ` ${fields.email.toUpperCase()} ` },
      call,
    );
    expect(owner.email).toBe(fields.email);
    expect(await accountsNamed(fields.email)).toEqual([{ id: owner.userId, emailVerified: true }]);
    const roles = await database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, owner.userId));
    expect(roles).toEqual([{ role: 'admin' }]);

    // Signed in as Better Auth's sign-in does it: its session cookie reads back as the owner.
    const cookie = call.replyHeaders
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/storefront\.session_token=/);
    const session = await auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
    expect(session?.user.email).toBe(fields.email);

    // Single use: the same link again is not found, and makes nothing, even with the owner's
    // role revoked at once (so that no admin exists to close it).
    await database.db.delete(userRoles);
    expect(await ownerSetupOpen(database.db, link, token)).toBe(false);
    const second = ownerFields();
    expect((await refusalOf(setUp(link, token, second))).code).toBe('not_found');
    expect(await accountsNamed(second.email)).toEqual([]);
  });

  it('is not found once any admin exists, and stays dead', async () => {
    const { link, token } = linkAt();
    const granted = await insertUser(database.db, { email: freshEmail() });
    await database.db.insert(userRoles).values({ userId: granted.id, role: 'admin' });
    expect(await ownerSetupOpen(database.db, link, token)).toBe(false);
    const fields = ownerFields();
    expect((await refusalOf(setUp(link, token, fields))).code).toBe('not_found');
    expect(await accountsNamed(fields.email)).toEqual([]);
    // The admin goes again: the link stays closed all the same.
    await database.db.delete(userRoles);
    expect(await ownerSetupOpen(database.db, link, token)).toBe(false);
  });

  it('refuses an admin made by another process between the check and the write', async () => {
    const { link, token } = linkAt();
    expect(await ownerSetupOpen(database.db, link, token)).toBe(true);
    const other = await insertUser(database.db, { email: freshEmail() });
    await database.db.insert(userRoles).values({ userId: other.id, role: 'admin' });
    const fields = ownerFields();
    expect((await refusalOf(setUp(link, token, fields))).code).toBe('not_found');
    expect(await accountsNamed(fields.email)).toEqual([]);
  });

  it('answers bad input with its field message, makes nothing, and keeps the link', async () => {
    const { link, token } = linkAt();
    const fields = ownerFields();
    expect(
      await refusalOf(
        setUp(link, token, { ...fields, password: 'weakpass1!', confirmPassword: 'weakpass1!' }),
      ),
    ).toEqual({
      code: 'invalid',
      message: 'Password must contain at least one uppercase letter',
    });
    expect(await refusalOf(setUp(link, token, { ...fields, name: '  ' }))).toEqual({
      code: 'invalid',
      message: 'Name is required',
    });
    expect(
      await refusalOf(setUp(link, token, { ...fields, confirmPassword: 'Other#Pass9' })),
    ).toEqual({
      code: 'invalid',
      message: 'Passwords do not match',
    });
    expect(await accountsNamed(fields.email)).toEqual([]);
    expect(await ownerSetupOpen(database.db, link, token)).toBe(true);
  });

  it('never makes an existing account the owner', async () => {
    const { link, token } = linkAt();
    const customer = await insertUser(database.db, { email: freshEmail(), emailVerified: false });
    expect(await refusalOf(setUp(link, token, ownerFields(customer.email)))).toEqual({
      code: 'invalid',
      message: OWNER_EMAIL_TAKEN_MESSAGE,
    });
    expect(await database.db.select().from(userRoles)).toEqual([]);
  });

  it('makes the account and its role in one transaction: a failed role leaves no account', async () => {
    const { link, token } = linkAt();
    const fields = ownerFields();
    // The role's insert fails inside the setup's transaction, after the account's rows.
    await database.db.execute(sql`
      create or replace function refuse_role() returns trigger language plpgsql as $$
      begin raise exception 'role refused by the test'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_role before insert on user_roles
      for each row execute function refuse_role()`);
    try {
      await expect(setUp(link, token, fields)).rejects.toThrow(
        /role refused by the test|Failed query/,
      );
    } finally {
      await database.db.execute(sql`drop trigger refuse_role on user_roles`);
    }
    expect(await accountsNamed(fields.email)).toEqual([]);
    // Nothing was made: the same link makes the owner now.
    const owner = await setUp(link, token, fields);
    expect(await accountsNamed(fields.email)).toEqual([{ id: owner.userId, emailVerified: true }]);
  });

  it('lets one of two setups at once through with one link', async () => {
    const { link, token } = linkAt();
    const [first, second] = await Promise.allSettled([
      setUp(link, token, ownerFields()),
      setUp(link, token, ownerFields()),
    ]);
    const outcomes = [first.status, second.status].sort();
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    const admins = await database.db.select().from(userRoles);
    expect(admins).toHaveLength(1);
  });
});
