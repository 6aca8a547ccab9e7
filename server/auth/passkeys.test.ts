/**
 * docs/decisions/022: passkeys through Better Auth's passkey plugin, as a browser
 * reaches them (auth.handler with the client address the Hono app sets), against a fresh database.
 * A software authenticator below answers the WebAuthn ceremonies as a phone would: a P-256 key,
 * attestation "none", and a flag saying whether it checked its owner (user verification).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import {
  PASSKEY_PASSWORD_OR_CODE_WRONG_MESSAGE,
  PASSKEY_REAUTHENTICATION_REQUIRED_MESSAGE,
  PASSKEY_USER_NOT_VERIFIED_MESSAGE,
  passkeyProblems,
} from '../../core/identity/passkeys';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { passkeys, sessions, users, verifications } from '../db/schema';
import { createLogger } from '../logger';
import { databaseRateLimiter, RATE_LIMIT_MESSAGE } from '../modules/rate-limit';
import { DomainError } from '../modules/errors';
import { listOwnPasskeys, removeOwnPasskey } from '../modules/identity/passkeys';
import type { AccountNotice, Notice } from '../../core/admin/notices';
import { mailCauseOf } from '../mail/causes';
import { resetPassword } from '../modules/identity';
import { PASSKEY_REAUTHENTICATION_MINUTES, PASSKEY_REAUTHENTICATION_PATH } from './passkey-guard';
import {
  AUTH_BASE_PATH,
  CLIENT_ADDRESS_HEADER,
  createAuth,
  PASSKEY_SIGN_IN_OPTIONS_BY_POST_MESSAGE,
  PASSKEY_SIGN_IN_OPTIONS_PATH,
  type Auth,
} from './index';

const PUBLIC_URL = 'http://localhost:3000';
const RP_ID = 'localhost';
const PASSWORD = 'Marble#Lotus9';
/** One secret for every auth built here: the JWKS they share in the database is sealed with it. */
const AUTH_SECRET = randomBytes(32).toString('hex');

/** What the auth under test queued and logged, and its clock. */
interface Recorded {
  mails: AccountNotice[];
  errors: string[];
  warnings: string[];
  clock: { now: Date };
}

function recorder(): Recorded {
  return { mails: [], errors: [], warnings: [], clock: { now: new Date() } };
}

function buildAuth(db: Database, authRateLimit: number, recorded: Recorded = recorder()): Auth {
  const logger = createLogger('silent');
  logger.error = ((_: unknown, message?: string) => {
    recorded.errors.push(String(message));
  }) as typeof logger.error;
  logger.warn = ((_: unknown, message?: string) => {
    recorded.warnings.push(String(message));
  }) as typeof logger.warn;
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'passkey-test-')),
    PUBLIC_URL,
    AUTH_RATE_LIMIT: String(authRateLimit),
  });
  return createAuth({
    db,
    config,
    queueMail: async (notice) => {
      recorded.mails.push(notice);
    },
    sms: { enabled: false, send: async () => {}, sendLater: () => {} },
    rateLimiter: databaseRateLimiter(db),
    logger,
    sleep: async () => {},
    now: () => recorded.clock.now,
  });
}

let addressCount = 0;
function freshAddress(): string {
  addressCount += 1;
  return `203.0.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
}

interface CallOptions {
  body?: Record<string, unknown>;
  cookie?: string;
  address?: string;
  /** POST with a body, GET without one, unless said otherwise. */
  method?: 'GET' | 'HEAD' | 'POST';
}

function call(auth: Auth, pathAndQuery: string, options: CallOptions = {}): Promise<Response> {
  const { body, cookie, address = freshAddress(), method = body ? 'POST' : 'GET' } = options;
  const headers = new Headers({ Origin: PUBLIC_URL, [CLIENT_ADDRESS_HEADER]: address });
  if (body) headers.set('Content-Type', 'application/json');
  if (cookie) headers.set('Cookie', cookie);
  return auth.handler(
    new Request(`${PUBLIC_URL}${AUTH_BASE_PATH}${pathAndQuery}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
}

function cookiesOf(...responses: Response[]): string {
  return responses
    .flatMap((response) => response.headers.getSetCookie())
    .map((cookie) => cookie.split(';')[0])
    .filter((cookie) => cookie && !cookie.endsWith('='))
    .join('; ');
}

async function signUp(auth: Auth, email: string) {
  expect(
    (await call(auth, '/sign-up/email', { body: { email, password: PASSWORD, name: 'Asha' } }))
      .status,
  ).toBe(200);
  const signIn = await call(auth, '/sign-in/email', { body: { email, password: PASSWORD } });
  expect(signIn.status).toBe(200);
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { cookie: cookiesOf(signIn), userId: user!.id };
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A device's passkey for the shop: registers once, then signs challenges with its counter. A
 * device on another site answers for that site's origin and relying party.
 */
function softwareAuthenticator({ origin = PUBLIC_URL, rpId = RP_ID } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // The COSE_Key of an ES256 key (RFC 9053): {1: 2, 3: -7, -1: 1, -2: x, -3: y} in CBOR.
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  const rpIdHash = createHash('sha256').update(rpId).digest();
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  const flags = (userVerified: boolean, attested = false) =>
    Buffer.from([0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)]);
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  let counter = 0;
  return {
    id,
    register(challenge: string, { userVerified = true, transports = ['internal'] } = {}) {
      const authData = Buffer.concat([
        rpIdHash,
        flags(userVerified, true),
        u32(0),
        Buffer.alloc(16),
        u16(credentialId.length),
        credentialId,
        coseKey,
      ]);
      // {"fmt": "none", "attStmt": {}, "authData": bytes} in CBOR.
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3, 0x63, ...Buffer.from('fmt'), 0x64, ...Buffer.from('none')]),
        Buffer.from([0x67, ...Buffer.from('attStmt'), 0xa0]),
        Buffer.from([0x68, ...Buffer.from('authData'), 0x59]),
        u16(authData.length),
        authData,
      ]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestationObject),
          transports,
        },
        clientExtensionResults: {},
      };
    },
    authenticate(challenge: string, { userVerified = true } = {}) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, flags(userVerified), u32(counter)]);
      const data = clientData('webauthn.get', challenge);
      const signed = Buffer.concat([authData, createHash('sha256').update(data).digest()]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(sign('sha256', signed, { key: privateKey, dsaEncoding: 'der' })),
        },
        clientExtensionResults: {},
      };
    },
  };
}
type Authenticator = ReturnType<typeof softwareAuthenticator>;

/** The step before "Add a passkey": the current password (or authenticator code) again. */
function reauthenticate(auth: Auth, cookie: string, currentPassword = PASSWORD) {
  return call(auth, PASSKEY_REAUTHENTICATION_PATH, { cookie, body: { currentPassword } });
}

/** "Add a passkey" as the security page runs it, for the account signed in by `cookie`. */
async function addPasskey(
  auth: Auth,
  cookie: string,
  device: Authenticator,
  { name = 'My phone', userVerified = true, transports = ['internal'], confirm = true } = {},
) {
  if (confirm) expect((await reauthenticate(auth, cookie)).status).toBe(200);
  const options = await call(auth, '/passkey/generate-register-options', { cookie });
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  return call(auth, '/passkey/verify-registration', {
    cookie: [cookie, cookiesOf(options)].join('; '),
    body: { response: device.register(challenge, { userVerified, transports }), name },
  });
}

/** "Sign in with a passkey" from the sign-in page: no session, no e-mail typed. */
async function signInWithPasskey(auth: Auth, device: Authenticator, { userVerified = true } = {}) {
  const options = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { method: 'POST' });
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  return call(auth, '/passkey/verify-authentication', {
    cookie: cookiesOf(options),
    body: { response: device.authenticate(challenge, { userVerified }) },
  });
}

async function sessionUserOf(auth: Auth, cookie: string): Promise<string | null> {
  const answer = (await (await call(auth, '/get-session', { cookie })).json()) as {
    user?: { id: string };
  } | null;
  return answer?.user?.id ?? null;
}

const exchange = (cookie: string) => ({
  headers: new Headers({ Cookie: cookie, Origin: PUBLIC_URL }),
  replyHeaders: new Headers(),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe(`passkeys on ${testDatabaseKind}`, () => {
  let auth: Auth;
  beforeAll(() => {
    auth = buildAuth(database.db, 1000);
  });

  it('adds a passkey to the signed-in account and signs in with it in one step', async () => {
    const { cookie, userId } = await signUp(auth, 'passkey-owner@example.com');
    const device = softwareAuthenticator();

    expect((await reauthenticate(auth, cookie)).status).toBe(200);
    const options = await call(auth, '/passkey/generate-register-options', { cookie });
    const asked = (await options.json()) as {
      rp: { id: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
    };
    // The relying party is PUBLIC_URL's host; the key is discoverable and checks its owner.
    expect(asked.rp.id).toBe(RP_ID);
    expect(asked.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });

    const added = await addPasskey(auth, cookie, device, { confirm: false });
    expect(added.status).toBe(200);
    const [row] = await database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    expect(row).toMatchObject({
      name: 'My phone',
      credentialID: device.id,
      transports: 'internal',
    });
    expect(await listOwnPasskeys(auth, exchange(cookie))).toEqual([
      { id: row!.id, name: 'My phone', addedAt: row!.createdAt.toISOString() },
    ]);

    const authenticate = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { method: 'POST' });
    expect(((await authenticate.json()) as { userVerification: string }).userVerification).toBe(
      'required',
    );
    const signedIn = await signInWithPasskey(auth, device);
    expect(signedIn.status).toBe(200);
    expect(await sessionUserOf(auth, cookiesOf(signedIn))).toBe(userId);
  });

  it('starts a sign-in by POST only: a GET or HEAD is refused and stores no challenge', async () => {
    const challenges = async () => (await database.db.select().from(verifications)).length;
    const before = await challenges();
    for (const method of ['GET', 'HEAD'] as const) {
      const refused = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow'), method).toBe('POST');
      expect(refused.headers.getSetCookie(), method).toEqual([]);
    }
    const got = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH);
    expect(await got.json()).toMatchObject({ message: PASSKEY_SIGN_IN_OPTIONS_BY_POST_MESSAGE });
    expect(await challenges()).toBe(before);

    // A POST, with or without a body, is the ceremony's start: one challenge, and its cookie.
    const posted = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { method: 'POST' });
    expect(posted.status).toBe(200);
    expect(((await posted.json()) as { challenge: string }).challenge).toMatch(/^[\w-]+$/);
    expect(cookiesOf(posted)).toMatch(/passkey/);
    const withBody = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { body: {} });
    expect(withBody.status).toBe(200);
    expect(await challenges()).toBe(before + 2);
  });

  it('counts as the second factor: an account with two-factor on is not asked for a code', async () => {
    const { cookie, userId } = await signUp(auth, 'passkey-2fa@example.com');
    const device = softwareAuthenticator();
    expect((await addPasskey(auth, cookie, device)).status).toBe(200);
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));

    // The password alone still leads to the TOTP step…
    const password = await call(auth, '/sign-in/email', {
      body: { email: 'passkey-2fa@example.com', password: PASSWORD },
    });
    expect(((await password.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(
      true,
    );
    // …the passkey signs in at once: possession and the device's check of its owner.
    const signedIn = await signInWithPasskey(auth, device);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await sessionUserOf(auth, cookiesOf(signedIn))).toBe(userId);
  });

  it('refuses a passkey whose device did not check its owner, and makes no session', async () => {
    const { cookie, userId } = await signUp(auth, 'passkey-uv@example.com');
    // Such a passkey is not added…
    const unverified = softwareAuthenticator();
    const notAdded = await addPasskey(auth, cookie, unverified, { userVerified: false });
    expect(notAdded.status).toBe(400);
    expect(
      await database.db.select().from(passkeys).where(eq(passkeys.credentialID, unverified.id)),
    ).toEqual([]);

    // …nor does an added one sign in when the device skips the check.
    const device = softwareAuthenticator();
    expect((await addPasskey(auth, cookie, device)).status).toBe(200);
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
    const refused = await signInWithPasskey(auth, device, { userVerified: false });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(
      PASSKEY_USER_NOT_VERIFIED_MESSAGE,
    );
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual(
      [],
    );
  });

  it('lists and removes only the actor’s own passkeys', async () => {
    const a = await signUp(auth, 'passkey-a@example.com');
    const b = await signUp(auth, 'passkey-b@example.com');
    const deviceA = softwareAuthenticator();
    expect((await addPasskey(auth, a.cookie, deviceA, { name: 'A’s phone' })).status).toBe(200);
    const [ofA] = await database.db.select().from(passkeys).where(eq(passkeys.userId, a.userId));

    // B sees none of A's, and cannot remove A's, over HTTP or through the security page's action.
    const listed = await call(auth, '/passkey/list-user-passkeys', { cookie: b.cookie });
    expect(await listed.json()).toEqual([]);
    const byHttp = await call(auth, '/passkey/delete-passkey', {
      cookie: b.cookie,
      body: { id: ofA!.id },
    });
    expect(byHttp.status).toBe(401);
    await expect(
      removeOwnPasskey(auth, exchange(b.cookie), { passkeyId: ofA!.id }),
    ).rejects.toMatchObject(new DomainError('not_found', 'Passkey not found'));
    expect(await database.db.select().from(passkeys).where(eq(passkeys.id, ofA!.id))).toHaveLength(
      1,
    );

    // Signed out: nothing listed, nothing removed, no ceremony started.
    for (const [endpoint, body] of [
      ['/passkey/list-user-passkeys', undefined],
      ['/passkey/delete-passkey', { id: ofA!.id }],
      ['/passkey/generate-register-options', undefined],
      ['/passkey/verify-registration', { response: deviceA.register('x') }],
    ] as const) {
      const answer = await call(auth, endpoint, { body });
      expect(answer.status, endpoint).toBe(401);
      expect(await answer.text(), endpoint).not.toContain(ofA!.id);
    }
    await expect(listOwnPasskeys(auth, exchange(''))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(await database.db.select().from(passkeys).where(eq(passkeys.id, ofA!.id))).toHaveLength(
      1,
    );

    // A removes it; the device's key then signs nobody in, and says why.
    await removeOwnPasskey(auth, exchange(a.cookie), { passkeyId: ofA!.id });
    expect(await listOwnPasskeys(auth, exchange(a.cookie))).toEqual([]);
    const afterRemoval = await signInWithPasskey(auth, deviceA);
    expect(afterRemoval.status).toBe(401);
    expect(await afterRemoval.json()).toMatchObject({ code: 'PASSKEY_NOT_FOUND' });
    expect(passkeyProblems.unknown).toMatch(/not linked to an account/);
  });

  it('holds what a WebAuthn answer may store to its size', async () => {
    const { cookie, userId } = await signUp(auth, 'passkey-limits@example.com');
    const device = softwareAuthenticator();
    const huge = await addPasskey(auth, cookie, device, { transports: ['x'.repeat(100_000)] });
    expect(huge.status).toBe(400);
    const tooLong = await addPasskey(auth, cookie, device, { name: 'n'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual(
      [],
    );
  });

  it('is removed with its account', async () => {
    const { cookie, userId } = await signUp(auth, 'passkey-gone@example.com');
    expect((await addPasskey(auth, cookie, softwareAuthenticator())).status).toBe(200);
    await database.db.delete(users).where(eq(users.id, userId));
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual(
      [],
    );
  });
});

describe(`passkey rate limits on ${testDatabaseKind}`, () => {
  it('limits the passkey ceremonies per client address like the other sign-ins', async () => {
    const auth = buildAuth(database.db, 3);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await call(auth, PASSKEY_SIGN_IN_OPTIONS_PATH, { address, method: 'POST' });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(((await answer.json()) as { message: string }).message).toBe(RATE_LIMIT_MESSAGE);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const verify = await call(auth, '/passkey/verify-authentication', {
      address,
      body: { response: softwareAuthenticator().authenticate('x') },
    });
    expect(verify.status).toBe(429);
  });
});

/** The TOTP code of the account's secret for `at` (its authenticator app, as the test's). */
async function totpCode(secret: Parameters<typeof createOTP>[0], at: Date): Promise<string> {
  return createOTP(secret, { period: 30, digits: 6 }).hotp(Math.floor(at.getTime() / 30_000));
}

describe(`adding a passkey asks for the password again, on ${testDatabaseKind}`, () => {
  let auth: Auth;
  let recorded: Recorded;
  const passkeysOf = (userId: string) =>
    database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
  beforeAll(() => {
    recorded = recorder();
    auth = buildAuth(database.db, 1000, recorded);
  });

  it('refuses a session alone, and one whose password was wrong: no passkey, no mail', async () => {
    const { cookie, userId } = await signUp(auth, 'reauth-none@example.com');
    const mailsBefore = recorded.mails.length;
    const options = await call(auth, '/passkey/generate-register-options', { cookie });
    expect(options.status).toBe(403);
    expect(await options.json()).toMatchObject({
      message: PASSKEY_REAUTHENTICATION_REQUIRED_MESSAGE,
    });

    const wrong = await reauthenticate(auth, cookie, 'Not-the-password1');
    expect(wrong.status).toBe(400);
    expect((await call(auth, '/passkey/generate-register-options', { cookie })).status).toBe(403);

    // Options asked for with the password, then the answer sent from a session without it.
    const device = softwareAuthenticator();
    expect((await reauthenticate(auth, cookie)).status).toBe(200);
    const granted = await call(auth, '/passkey/generate-register-options', { cookie });
    const { challenge } = (await granted.json()) as { challenge: string };
    const secondSession = cookiesOf(
      await call(auth, '/sign-in/email', {
        body: { email: 'reauth-none@example.com', password: PASSWORD },
      }),
    );
    const refused = await call(auth, '/passkey/verify-registration', {
      cookie: [secondSession, cookiesOf(granted)].join('; '),
      body: { response: device.register(challenge), name: 'Stolen' },
    });
    expect(refused.status).toBe(403);
    expect(await passkeysOf(userId)).toEqual([]);
    expect(recorded.mails.length).toBe(mailsBefore);
  });

  it('adds one passkey per password, within five minutes, and mails its holder', async () => {
    const { cookie, userId } = await signUp(auth, 'reauth-once@example.com');
    const added = await addPasskey(auth, cookie, softwareAuthenticator(), { name: 'Laptop' });
    expect(added.status).toBe(200);
    expect(recorded.mails.at(-1)).toEqual({
      kind: 'account',
      purpose: 'passkey-added',
      to: 'reauth-once@example.com',
      passkeyName: 'Laptop',
    });
    expect(mailCauseOf(recorded.mails.at(-1) as Notice)).toEqual({ by: 'shop' });

    // The password let one passkey in; the next asks for it again.
    const again = await call(auth, '/passkey/generate-register-options', { cookie });
    expect(again.status).toBe(403);

    // A reauthentication more than five minutes old lets nothing in.
    expect((await reauthenticate(auth, cookie)).status).toBe(200);
    recorded.clock.now = new Date(Date.now() + (PASSKEY_REAUTHENTICATION_MINUTES * 60 + 1) * 1000);
    try {
      const late = await call(auth, '/passkey/generate-register-options', { cookie });
      expect(late.status).toBe(403);
    } finally {
      recorded.clock.now = new Date();
    }
    expect(await passkeysOf(userId)).toHaveLength(1);
  });

  it('takes a code of the authenticator app instead when two-factor is on, once', async () => {
    const { cookie, userId } = await signUp(auth, 'reauth-totp@example.com');
    const enabled = await call(auth, '/two-factor/enable', {
      cookie,
      body: { password: PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));

    const code = await totpCode(base32.decode(secret.toUpperCase()), new Date());
    expect((await reauthenticate(auth, cookie, code)).status).toBe(200);
    const added = await addPasskey(auth, cookie, softwareAuthenticator(), { confirm: false });
    expect(added.status).toBe(200);
    // The same code does not confirm twice.
    const replayed = await reauthenticate(auth, cookie, code);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({
      message: PASSKEY_PASSWORD_OR_CODE_WRONG_MESSAGE,
    });
    expect(await passkeysOf(userId)).toHaveLength(1);
  });

  it('authorisation matrix: a denied "add a passkey" adds none and mails nobody', async () => {
    const a = await signUp(auth, 'matrix-a@example.com');
    const b = await signUp(auth, 'matrix-b@example.com');
    const device = softwareAuthenticator();
    const mailsBefore = recorded.mails.length;
    const countsBefore = (await database.db.select().from(passkeys)).length;

    // Anonymous: no session, whatever it sends.
    expect((await reauthenticate(auth, '')).status).toBe(401);
    expect((await call(auth, '/passkey/generate-register-options')).status).toBe(401);
    // Signed in, no reauthentication.
    expect(
      (await call(auth, '/passkey/generate-register-options', { cookie: a.cookie })).status,
    ).toBe(403);
    // Another user: B, reauthenticated, sends an answer to A's challenge.
    expect((await reauthenticate(auth, a.cookie)).status).toBe(200);
    const ofA = await call(auth, '/passkey/generate-register-options', { cookie: a.cookie });
    const { challenge } = (await ofA.json()) as { challenge: string };
    expect((await reauthenticate(auth, b.cookie)).status).toBe(200);
    const byB = await call(auth, '/passkey/verify-registration', {
      cookie: [b.cookie, cookiesOf(ofA)].join('; '),
      body: { response: device.register(challenge), name: 'B on A' },
    });
    expect(byB.status).toBe(401);
    // A's password does not reauthenticate B's session, nor B's A's.
    expect((await reauthenticate(auth, b.cookie, 'Wrong-password-1')).status).toBe(400);

    expect((await database.db.select().from(passkeys)).length).toBe(countsBefore);
    expect(recorded.mails.length).toBe(mailsBefore);
  });
});

describe(`a refused passkey answer on ${testDatabaseKind}`, () => {
  it('answers 400 for another origin, another relying party and a credential added already, and logs no error', async () => {
    const recorded = recorder();
    const auth = buildAuth(database.db, 1000, recorded);
    const { cookie, userId } = await signUp(auth, 'refused-answer@example.com');
    const cases = [
      ['another origin', softwareAuthenticator({ origin: 'https://evil.example' })],
      ['another relying party', softwareAuthenticator({ rpId: 'evil.example' })],
    ] as const;
    for (const [label, device] of cases) {
      const answer = await addPasskey(auth, cookie, device);
      expect(answer.status, label).toBe(400);
      expect(await answer.json(), label).toMatchObject({ message: passkeyProblems.refused });
    }
    const device = softwareAuthenticator();
    expect((await addPasskey(auth, cookie, device)).status).toBe(200);
    const duplicate = await addPasskey(auth, cookie, device);
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({ message: passkeyProblems.alreadyAdded });

    expect(recorded.errors).toEqual([]);
    expect(recorded.warnings.length).toBeGreaterThanOrEqual(3);
    expect(
      await database.db.select().from(passkeys).where(eq(passkeys.userId, userId)),
    ).toHaveLength(1);
  });
});

describe(`a password reset and passkeys on ${testDatabaseKind}`, () => {
  it('removes every passkey unless "Also remove all passkeys" is unticked, in the reset itself', async () => {
    const recorded = recorder();
    const auth = buildAuth(database.db, 1000, recorded);
    const resetLink = async (email: string) => {
      expect((await call(auth, '/request-password-reset', { body: { email } })).status).toBe(200);
      const mail = recorded.mails.filter((notice) => notice.purpose === 'reset-password').at(-1);
      return new URL(mail!.url!).searchParams.get('token')!;
    };
    const passkeysOf = (userId: string) =>
      database.db.select().from(passkeys).where(eq(passkeys.userId, userId));

    const ticked = await signUp(auth, 'reset-removes@example.com');
    expect((await addPasskey(auth, ticked.cookie, softwareAuthenticator())).status).toBe(200);
    // A reset that fails (a token that is not one) removes nothing.
    const failed = await resetPassword(auth, exchange(''), {
      password: 'Fresh#Lotus42',
      confirmPassword: 'Fresh#Lotus42',
      token: 'not-a-token',
      removePasskeys: 'on',
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DomainError);
    expect(await passkeysOf(ticked.userId)).toHaveLength(1);
    await resetPassword(auth, exchange(''), {
      password: 'Fresh#Lotus42',
      confirmPassword: 'Fresh#Lotus42',
      token: await resetLink('reset-removes@example.com'),
      removePasskeys: 'on',
    });
    expect(await passkeysOf(ticked.userId)).toEqual([]);

    const unticked = await signUp(auth, 'reset-keeps@example.com');
    expect((await addPasskey(auth, unticked.cookie, softwareAuthenticator())).status).toBe(200);
    await resetPassword(auth, exchange(''), {
      password: 'Fresh#Lotus42',
      confirmPassword: 'Fresh#Lotus42',
      token: await resetLink('reset-keeps@example.com'),
    });
    expect(await passkeysOf(unticked.userId)).toHaveLength(1);

    // Straight to Better Auth's endpoint, without the field: ticked, as the page shows it.
    const direct = await signUp(auth, 'reset-direct@example.com');
    expect((await addPasskey(auth, direct.cookie, softwareAuthenticator())).status).toBe(200);
    const answer = await call(auth, '/reset-password', {
      body: { newPassword: 'Fresh#Lotus42', token: await resetLink('reset-direct@example.com') },
    });
    expect(answer.status).toBe(200);
    expect(await passkeysOf(direct.userId)).toEqual([]);
  });
});
