/**
 * docs/decisions/022 (amended): what guards adding a passkey, which signs in without the password
 * and without the TOTP step.
 *
 * - Reauthentication on the server: the current password (or, with two-factor on, a code of the
 *   authenticator app) marks the session for a few minutes, and the plugin's registration
 *   endpoints refuse a session without that mark, so a stolen session alone cannot add a key.
 *   One mark adds one passkey.
 * - The account holder is mailed of every passkey added (a durable job, server/modules/jobs).
 * - A passkey answer the shop cannot accept (another site's origin or relying party, a challenge
 *   it did not give, a credential already added) is the visitor's mistake: 400, logged as a
 *   warning, never a 500 (docs/requirements.md §14).
 * - A password reset removes the account's passkeys unless its owner unticks "Also remove all
 *   passkeys", in the reset's own transaction.
 */
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  type createAuthMiddleware,
  sessionMiddleware,
} from 'better-auth/api';
import { getCurrentAdapter } from 'better-auth';
import { eq } from 'drizzle-orm';
import {
  isAuthenticatorCode,
  PASSKEY_PASSWORD_OR_CODE_WRONG_MESSAGE,
  PASSKEY_REAUTHENTICATION_REQUIRED_MESSAGE,
  passkeyProblems,
  passkeyReauthenticationSchema,
} from '../../core/identity/passkeys';
import type { Database } from '../db/client';
import { passkeys } from '../db/schema';
import type { Logger } from '../logger';
import { acceptedTotpStep, claimTotpStep, storedTotpSecret } from './totp-replay';

export const PASSKEY_REAUTHENTICATION_PATH = '/passkey/reauthenticate';

/** The plugin's endpoints that add a passkey: each needs a reauthenticated session. */
export const PASSKEY_REGISTRATION_PATHS: ReadonlySet<string> = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
]);

/** How long a reauthentication lets its session add a passkey: time for the device's prompt. */
export const PASSKEY_REAUTHENTICATION_MINUTES = 5;

/** The `verifications` row that marks a session as reauthenticated (Better Auth's own table). */
export const passkeyReauthenticationMark = (sessionId: string) => `passkey-reauth:${sessionId}`;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

interface GuardDependencies {
  db: Database;
  now: () => Date;
}

/**
 * `POST /api/auth/passkey/reauthenticate` with `{ currentPassword }`: checks it for the session's
 * account and marks the session. With two-factor on, six digits are a code of the authenticator
 * app (each code once: its step is claimed as a sign-in's is, server/auth/totp-replay.ts).
 */
export function passkeyReauthentication({ db, now }: GuardDependencies) {
  return {
    id: 'storefront-passkey-reauthentication',
    endpoints: {
      reauthenticateForPasskey: createAuthEndpoint(
        PASSKEY_REAUTHENTICATION_PATH,
        { method: 'POST', body: passkeyReauthenticationSchema, use: [sessionMiddleware] },
        async (context) => {
          const { session, user } = context.context.session;
          const given = context.body.currentPassword;
          const byCode = Boolean(user.twoFactorEnabled) && isAuthenticatorCode(given);
          const confirmed = byCode
            ? await codeMatches(db, context, user.id, given, now())
            : await passwordMatches(context, user.id, given);
          if (!confirmed) {
            throw new APIError('BAD_REQUEST', {
              message: user.twoFactorEnabled
                ? PASSKEY_PASSWORD_OR_CODE_WRONG_MESSAGE
                : 'Invalid password',
            });
          }
          const identifier = passkeyReauthenticationMark(session.id);
          await context.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          await context.context.internalAdapter.createVerificationValue({
            identifier,
            value: user.id,
            expiresAt: new Date(now().getTime() + PASSKEY_REAUTHENTICATION_MINUTES * 60_000),
          });
          return context.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

async function passwordMatches(
  context: { context: HookContext['context'] },
  userId: string,
  password: string,
): Promise<boolean> {
  const credential = await context.context.internalAdapter.findCredentialAccount(userId);
  return (
    credential?.password != null &&
    (await context.context.password.verify({ hash: credential.password, password }))
  );
}

async function codeMatches(
  db: Database,
  context: { context: HookContext['context'] },
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const stored = await storedTotpSecret(db, userId);
  const step =
    stored &&
    (await acceptedTotpStep(stored, code, {
      secretKey: context.context.secretConfig,
      now: now.getTime(),
    }));
  return typeof step === 'number' && (await claimTotpStep(db, userId, step));
}

/** Refuses adding a passkey from a session that has not just given its password or code. */
export async function requirePasskeyReauthentication(
  context: HookContext,
  sessionId: string,
  now: Date,
): Promise<void> {
  const mark = await context.context.internalAdapter.findVerificationValue(
    passkeyReauthenticationMark(sessionId),
  );
  if (!mark || mark.expiresAt.getTime() <= now.getTime()) {
    throw new APIError('FORBIDDEN', { message: PASSKEY_REAUTHENTICATION_REQUIRED_MESSAGE });
  }
}

/** The mark is used up by the passkey it let in. */
export async function usePasskeyReauthentication(
  context: HookContext,
  sessionId: string,
): Promise<void> {
  await context.context.internalAdapter.deleteVerificationByIdentifier(
    passkeyReauthenticationMark(sessionId),
  );
}

interface RegistrationCheck {
  db: Database;
  logger: Logger;
  origin: string;
  rpID: string;
  /** The plugin's challenge cookie (its `advanced.webAuthnChallengeCookie`). */
  challengeCookie?: string;
}

/**
 * docs/requirements.md §14: the plugin verifies the answer inside a catch-all that logs an error
 * and answers 500. The same verification runs here first, against the same challenge (read, not
 * used up), so an answer that fails it, or names a credential already added, is answered 400 and
 * logged as a warning before the plugin sees it. Without a challenge the plugin answers 400 itself.
 */
export async function refuseUnacceptableRegistration(
  context: HookContext,
  userId: string,
  { db, logger, origin, rpID, challengeCookie = 'better-auth-passkey' }: RegistrationCheck,
): Promise<void> {
  const cookie = context.context.createAuthCookie(challengeCookie);
  const token = await context.getSignedCookie(cookie.name, context.context.secret);
  const stored = token ? await context.context.internalAdapter.findVerificationValue(token) : null;
  const challenge = stored ? challengeOf(stored.value) : null;
  if (!challenge) return;
  const response = (context.body as { response?: unknown } | undefined)?.response;
  let credentialId: string;
  try {
    const verification = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified || !verification.registrationInfo) throw new Error('not verified');
    credentialId = verification.registrationInfo.credential.id;
  } catch (error) {
    logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'passkey registration refused: the answer does not verify',
    );
    throw new APIError('BAD_REQUEST', {
      code: 'PASSKEY_NOT_ACCEPTED',
      message: passkeyProblems.refused,
    });
  }
  const [existing] = await db
    .select({ userId: passkeys.userId })
    .from(passkeys)
    .where(eq(passkeys.credentialID, credentialId));
  if (existing) {
    logger.warn(
      { ownAccount: existing.userId === userId },
      'passkey registration refused: already added',
    );
    throw new APIError('BAD_REQUEST', {
      code: 'PASSKEY_ALREADY_ADDED',
      message: existing.userId === userId ? passkeyProblems.alreadyAdded : passkeyProblems.refused,
    });
  }
}

function challengeOf(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { type?: unknown; expectedChallenge?: unknown };
    return parsed.type === 'registration' && typeof parsed.expectedChallenge === 'string'
      ? parsed.expectedChallenge
      : null;
  } catch {
    return null;
  }
}

/**
 * The password reset's "Also remove all passkeys" (ticked unless `removePasskeys: false` is sent),
 * carried from the request's hook into the reset's transaction: Better Auth sets the new password
 * in a transaction of its own, and the passkeys go in it (`databaseHooks` on the credential
 * account), so a reset that fails removes none and one that succeeds leaves none behind.
 */
export function passkeyRemovalOnReset() {
  /** The account of each reset in flight whose passkeys go, by the reset's token. */
  const pending = new Map<string, string>();
  const tokenOf = (context: { body?: unknown; query?: unknown } | null | undefined) => {
    const body = (context?.body ?? {}) as { token?: unknown };
    const query = (context?.query ?? {}) as { token?: unknown };
    const token = body.token ?? query.token;
    return typeof token === 'string' && token !== '' ? token : null;
  };
  const removeIn = async (
    context: {
      path?: string;
      body?: unknown;
      query?: unknown;
      context: HookContext['context'];
    } | null,
    userId?: string,
  ) => {
    if (context?.path !== '/reset-password') return;
    const token = tokenOf(context);
    const owner = token ? pending.get(token) : undefined;
    if (!owner || (userId !== undefined && userId !== owner)) return;
    const adapter = await getCurrentAdapter(context.context.adapter);
    await adapter.deleteMany({ model: 'passkey', where: [{ field: 'userId', value: owner }] });
  };
  return {
    /** Before the reset: whose passkeys it removes, if the account holder wants them gone. */
    async note(context: HookContext): Promise<void> {
      const token = tokenOf(context);
      if (!token) return;
      const body = (context.body ?? {}) as { removePasskeys?: unknown };
      if (body.removePasskeys === false) return;
      const reset = await context.context.internalAdapter.findVerificationValue(
        `reset-password:${token}`,
      );
      if (reset) pending.set(token, reset.value);
    },
    /** After the reset, whatever its outcome. */
    forget(context: HookContext): void {
      const token = tokenOf(context);
      if (token) pending.delete(token);
    },
    databaseHooks: {
      account: {
        update: {
          before: async (
            _account: Record<string, unknown>,
            context: Parameters<typeof removeIn>[0],
          ) => {
            await removeIn(context);
          },
        },
        create: {
          before: async (account: { userId: string }, context: Parameters<typeof removeIn>[0]) => {
            await removeIn(context, account.userId);
          },
        },
      },
    },
  };
}
