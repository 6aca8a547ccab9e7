/**
 * Identity (spec §2 Auth, §4 auth events, §7 Identity provider) through Better Auth: e-mail and
 * password, sessions in httpOnly cookies with rolling expiry (docs/design.md §5), password recovery by
 * e-mail, sign-in by a one-time code by e-mail or text message, TOTP two-factor, passkeys
 * (docs/decisions/022-passkeys.md) and a JWKS for API clients. Our password rules and rate limits run in its `hooks.before`, so they hold for HTTP
 * calls to /api/auth and for the server's own `auth.api` calls alike.
 */
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { bearer, emailOTP, jwt, phoneNumber, twoFactor } from 'better-auth/plugins';
import { passkey } from '@better-auth/passkey';
import {
  firstPasswordProblem,
  hasMailableEmail,
  phonePlaceholderEmail,
} from '../../core/identity/identity';
import { phoneNumberDigits } from '../../core/identity/phone';
import { authRequestProblem } from '../../core/identity/identity-fields';
import {
  PASSKEY_USER_NOT_VERIFIED_MESSAGE,
  passkeyResponseSchema,
} from '../../core/identity/passkeys';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { eq } from 'drizzle-orm';
import { accounts, jwks, passkeys, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Logger } from '../logger';
import { enqueue } from '../modules/jobs';
import { admitIdentityMail } from '../mail';
import {
  identityMailCause,
  mailSpacedMessage,
  tooManyMailsMessage,
  type AccountMailPurpose,
} from '../mail/causes';
import type { AccountNotice } from '../../core/admin/notices';
import type { RateLimiter } from '../modules/rate-limit';
import { verificationResend } from '../modules/identity';
import { readSiteSettings } from '../modules/settings';
import type { SmsSender } from '../modules/sms';
import {
  accountOf,
  admitAttempt,
  CREDENTIAL_CHECK_PATHS,
  recordFailedAttempt,
  type AttemptLimits,
} from './attempt-limits';
import { identityMails } from './mails';
import {
  PASSKEY_REGISTRATION_PATHS,
  passkeyReauthentication,
  passkeyRemovalOnReset,
  refuseUnacceptableRegistration,
  requirePasskeyReauthentication,
  usePasskeyReauthentication,
} from './passkey-guard';
import { acceptedTotpStep, claimTotpStep, storedTotpSecret } from './totp-replay';

/**
 * The Hono app writes the client address it trusts into this header (removing any a client sent),
 * so Better Auth records it on sessions and our rate limits key on it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-address';

export const AUTH_BASE_PATH = '/api/auth';

const SESSION_DAYS = 30;

/**
 * Endpoints of Better Auth and its plugins that the shop does not use, switched off over HTTP
 * (`disabledPaths`; the pages call `auth.api` on the server, which only calls what they use).
 * Each one left on is one more door the password rules and rate limits below must guard; several
 * of these set a password, send a code or sign in without our checks (docs/requirements.md §14 audit).
 */
export const DISABLED_AUTH_PATHS = [
  // E-mail codes are only for signing in (app/routes/auth.code.tsx).
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  // Phone numbers, too, only sign in by code.
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  // Two-factor is TOTP with backup codes, set up on /dashboard/security; no codes by mail or text.
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  // The current password travels with /change-email itself (see the hook below).
  '/verify-password',
  // Profiles live in server/modules/account. A new verification link is sent by the dashboard's
  // "Resend verification email" (auth.api, for the signed-in user's own address only; docs/requirements.md §15).
  '/send-verification-email',
  '/update-user',
  '/update-session',
  '/delete-user',
  '/delete-user/callback',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  // No social sign-in is configured.
  '/sign-in/social',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  // docs/requirements.md §19: passkeys are added, listed and removed; the security page names none.
  '/passkey/update-passkey',
];

/**
 * Endpoints that check a password or a code, or send one: each is limited per client address and
 * per account. Matched by pattern, so that an endpoint a plugin or an upgrade adds is covered too,
 * and so are the switched-off ones when the server's own code calls them through `auth.api`.
 */
const RATE_LIMITED_PATH =
  /^\/(sign-in|sign-up|email-otp|phone-number|two-factor|forget-password)\/|^\/passkey\/(generate-|verify-|reauthenticate)|password|verif|change-email|delete-user/;

/**
 * docs/decisions/022: a passkey signs in without a password and without the TOTP
 * step, as a second factor in itself: the device holds the key (possession) and checks its owner
 * (user verification: PIN, fingerprint or face). The plugin only prefers that check; these are
 * where the shop requires it, in the options the browser gets and in the answer it sends.
 */
const PASSKEY_CEREMONY_OPTIONS = new Set([
  '/passkey/generate-authenticate-options',
  '/passkey/generate-register-options',
]);

/**
 * docs/requirements.md §14 "A GET never writes": the start of a passkey sign-in stores its
 * challenge (a `verifications` row) for anyone who asks, signed in or not. The plugin serves it as
 * a GET, so any page on the web could make its visitors' browsers write rows (an image, a
 * prefetch). The shop takes it as a POST, which the Origin check and the per-address limit of
 * every sign-in step guard, and hands the plugin a GET of the same request; a GET is refused. The
 * browser asks with POST (app/components/account/passkey-client.ts). Adding a passkey starts with
 * a GET too, but only for a signed-in account whose session is fresh and has just given its
 * password again (server/auth/passkey-guard.ts).
 */
export const PASSKEY_SIGN_IN_OPTIONS_PATH = '/passkey/generate-authenticate-options';

export const PASSKEY_SIGN_IN_OPTIONS_BY_POST_MESSAGE =
  'Ask for the passkey sign-in options with POST.';

const passkeySignInByPost = {
  id: 'storefront-passkey-sign-in-by-post',
  onRequest: async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname !== `${AUTH_BASE_PATH}${PASSKEY_SIGN_IN_OPTIONS_PATH}`) return;
    if (request.method === 'POST') {
      // The plugin reads nothing from a body here: the options depend on the session alone.
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      return { request: new Request(url, { method: 'GET', headers }) };
    }
    return {
      response: Response.json(
        { code: 'METHOD_NOT_ALLOWED', message: PASSKEY_SIGN_IN_OPTIONS_BY_POST_MESSAGE },
        { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } },
      ),
    };
  },
} satisfies BetterAuthPlugin;

/**
 * docs/requirements.md §13: the endpoints that mail the address they are given, and the purpose that mail is
 * counted under. Counted when asked for, before any work (`admitIdentityMail`,
 * docs/decisions/017): a client over its own limit for the address is refused, and an address past
 * its hour's limit gets one every ten minutes; a request refused either way is answered 429,
 * nothing is made and nothing is sent, so no answer says "sent" of a mail that was not. The count
 * does not depend on whether the address has an account, so the answer tells nobody whether it has.
 */
const MAIL_SENDING_PATHS: Record<string, { purpose: AccountMailPurpose; field: string }> = {
  '/sign-up/email': { purpose: 'sign-up', field: 'email' },
  '/send-verification-email': { purpose: 'verify-email', field: 'email' },
  '/request-password-reset': { purpose: 'reset-password', field: 'email' },
  '/forget-password': { purpose: 'reset-password', field: 'email' },
  '/email-otp/send-verification-otp': { purpose: 'sign-in-code', field: 'email' },
  '/change-email': { purpose: 'confirm-new-email', field: 'newEmail' },
};

/**
 * The endpoint that texts a sign-in code to the number it is given: counted as the identity mails
 * are (`admitIdentityMail`, docs/decisions/017), per client and number and per number, so a
 * stranger neither floods a number with texts nor uses up what its holder needs. A number is
 * counted by its digits, so another spelling of it is the same number.
 */
const TEXT_SENDING_PATHS: Record<string, { purpose: string; field: string }> = {
  '/phone-number/send-otp': { purpose: 'sign-in-text', field: 'phoneNumber' },
};

/** Endpoints that set a password: the new one is `newPassword`, or `password` on these. */
const SETS_PASSWORD_PATH = /^\/sign-up\/|(reset|change|set)-password$/;

/** The new passwords a request carries, each to be checked against the shop's rules. */
function newPasswordsIn(path: string, body: Record<string, unknown>): string[] {
  const candidates = [body.newPassword, ...(SETS_PASSWORD_PATH.test(path) ? [body.password] : [])];
  const given = candidates.filter((value) => value !== undefined).map((value) => String(value));
  // A password-setting call without any password fails the first rule, as an empty one would.
  return given.length === 0 && SETS_PASSWORD_PATH.test(path) ? [''] : given;
}

/** Endpoints that sign in by a one-time code, past the two-factor plugin's password sign-in hook. */
const CODE_SIGN_IN_PATHS = new Set([
  '/sign-in/email-otp',
  '/phone-number/verify',
  '/email-otp/verify-email',
]);

export const TWO_FACTOR_CODE_SIGN_IN_MESSAGE =
  'This account uses two-factor sign-in. Please sign in with your password and authenticator code.';

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password';

/** docs/requirements.md §15: a code that signed in once already. */
export const TOTP_CODE_USED_MESSAGE =
  'This code was used already. Wait for the next code in your authenticator app.';

/**
 * The body of /change-email: Better Auth's fields plus the current password our hook checks, so
 * a stolen session alone cannot move the account to another address.
 */
export interface ChangeEmailBody {
  newEmail: string;
  currentPassword: string;
  callbackURL?: string;
}

/**
 * The body of /reset-password: Better Auth's fields plus "Also remove all passkeys", read by the
 * hook below (server/auth/passkey-guard.ts); absent means ticked.
 */
export interface ResetPasswordBody {
  newPassword: string;
  token: string;
  removePasskeys?: boolean;
}

export interface AuthDependencies {
  db: Database;
  config: Config;
  /** Queues an identity mail (server/modules/jobs): it is sent by the worker, with retries. */
  queueMail?(notice: AccountNotice): Promise<void>;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** docs/decisions/018: the brake's wait (a test records it instead of waiting). */
  sleep?(ms: number): Promise<void>;
  /** The clock of the passkey reauthentication's few minutes (server/auth/passkey-guard.ts). */
  now?(): Date;
}

export function createAuth({
  db,
  config,
  queueMail = async (notice) => {
    await enqueue(db, 'mail', notice);
  },
  sms,
  rateLimiter,
  logger,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = () => new Date(),
}: AuthDependencies) {
  const mails = identityMails(config);
  const phoneSignIn = config.sms.provider !== 'none';
  const attemptLimits: AttemptLimits = { rateLimiter, limit: config.authRateLimit, sleep };

  /**
   * The session of a request, its cookie's or its bearer token's: asked of Better Auth's own
   * getSession, which runs the bearer plugin's conversion (set once the auth exists, below).
   */
  const signedInSession: {
    of?: (headers: Headers) => Promise<{ user: { id: string }; session: { id: string } } | null>;
  } = {};
  const relyingParty = {
    origin: new URL(config.publicUrl).origin,
    rpID: new URL(config.publicUrl).hostname,
  };
  const passkeyRemovals = passkeyRemovalOnReset();

  /**
   * The checks that run last, once the request is otherwise fine: the current password of a
   * change of e-mail, and the mail's limit. The session is read through Better Auth's getSession,
   * not from the hook's context: the bearer plugin's conversion of an `Authorization: Bearer`
   * token is applied only after every before-hook (docs/decisions/018: a change of e-mail by a
   * bearer token was refused as signed out).
   */
  const lastChecks = {
    id: 'storefront-last-checks',
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) =>
            context.path === '/change-email' ||
            PASSKEY_REGISTRATION_PATHS.has(context.path ?? '') ||
            MAIL_SENDING_PATHS[context.path ?? ''] !== undefined ||
            TEXT_SENDING_PATHS[context.path ?? ''] !== undefined,
          handler: createAuthMiddleware(async (context) => {
            const path = context.path ?? '';
            const body = (context.body ?? {}) as Record<string, unknown>;
            if (PASSKEY_REGISTRATION_PATHS.has(path)) {
              // docs/decisions/022 (amended): a session alone does not add a passkey. Signed
              // out, the plugin's own session check answers 401.
              const session = context.headers ? await signedInSession.of?.(context.headers) : null;
              if (!session) return;
              await requirePasskeyReauthentication(context, session.session.id, now());
              if (path === '/passkey/verify-registration') {
                await refuseUnacceptableRegistration(context, session.user.id, {
                  db,
                  logger,
                  ...relyingParty,
                });
              }
              return;
            }
            if (path === '/change-email') {
              // Reauthentication on the server (docs/requirements.md §15): the current password, checked here,
              // so a direct call with only a session is refused as well as the security page's
              // form.
              const session = context.headers ? await signedInSession.of?.(context.headers) : null;
              if (!session) throw new APIError('UNAUTHORIZED', { message: 'Unauthorized' });
              const password = body.currentPassword;
              if (typeof password !== 'string' || password === '') {
                throw new APIError('BAD_REQUEST', { message: CURRENT_PASSWORD_REQUIRED_MESSAGE });
              }
              const credential = await context.context.internalAdapter.findCredentialAccount(
                session.user.id,
              );
              const matches =
                credential?.password != null &&
                (await context.context.password.verify({ hash: credential.password, password }));
              if (!matches) throw new APIError('BAD_REQUEST', { message: 'Invalid password' });
            }
            // Last, once the request is otherwise fine: a refused one uses up no mail or text.
            const mailing = MAIL_SENDING_PATHS[path];
            const texting = TEXT_SENDING_PATHS[path];
            const address = mailing ? body[mailing.field] : undefined;
            const number = texting ? body[texting.field] : undefined;
            const counted =
              mailing && typeof address === 'string' && hasMailableEmail(address)
                ? { channel: 'mail' as const, purpose: mailing.purpose, target: address }
                : texting && typeof number === 'string' && phoneNumberDigits(number) !== ''
                  ? {
                      channel: 'text' as const,
                      purpose: texting.purpose,
                      target: phoneNumberDigits(number),
                    }
                  : null;
            if (counted) {
              const { shopEmail } = await readSiteSettings(db, config);
              const cause = identityMailCause(counted.purpose, counted.target);
              const admission = await admitIdentityMail(
                { rateLimiter, perHour: config.mailRateLimit, shopAddress: shopEmail },
                cause,
                context.headers?.get(CLIENT_ADDRESS_HEADER),
              );
              if (!admission.allowed) {
                const { refused, retryAfterSeconds } = admission;
                if (refused === 'spaced') {
                  logger.warn(
                    { to: cause.address, purpose: cause.purpose, channel: counted.channel },
                    'identity codes spaced: the address or number is past its hourly limit (one per 10 minutes)',
                  );
                }
                throw new APIError(
                  'TOO_MANY_REQUESTS',
                  {
                    message:
                      refused === 'spaced'
                        ? mailSpacedMessage(retryAfterSeconds, counted.channel)
                        : tooManyMailsMessage(retryAfterSeconds, counted.channel),
                  },
                  { 'Retry-After': String(retryAfterSeconds) },
                );
              }
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

  /** Takes back the session an endpoint just made, and its cookie. */
  const revokeNewSession = async (context: HookContext) => {
    const signedIn = context.context.newSession;
    if (!signedIn) return;
    await context.context.internalAdapter.deleteSession(signedIn.session.token);
    deleteSessionCookie(context);
    context.context.setNewSession(null);
  };

  /**
   * docs/requirements.md §14: a TOTP code Better Auth accepted signs in once; its step is claimed for the
   * account, and a code of a step already claimed is refused and its session taken back.
   */
  const refuseReplayedTotp = async (context: HookContext) => {
    const signedIn = context.context.newSession;
    const code = (context.body as { code?: unknown } | undefined)?.code;
    if (!signedIn || isAPIError(context.context.returned) || typeof code !== 'string') return;
    const stored = await storedTotpSecret(db, signedIn.user.id);
    const step =
      stored &&
      (await acceptedTotpStep(stored, code, {
        secretKey: context.context.secretConfig,
        now: Date.now(),
      }));
    if (step === null || step === '' || (await claimTotpStep(db, signedIn.user.id, step))) return;
    await revokeNewSession(context);
    throw new APIError('UNAUTHORIZED', { message: TOTP_CODE_USED_MESSAGE });
  };

  /**
   * docs/decisions/022 (amended): the holder of the account hears of every passkey added, and the
   * reauthentication that let it in is used up. A passkey whose mail cannot be queued is taken
   * back: none stays that its holder was not told of.
   */
  const announceAddedPasskey = async (
    context: HookContext,
    added: { id: string; userId: string; name?: string | null },
  ) => {
    const session = context.headers ? await signedInSession.of?.(context.headers) : null;
    if (session) await usePasskeyReauthentication(context, session.session.id);
    const user = await context.context.internalAdapter.findUserById(added.userId);
    if (!user || !hasMailableEmail(user.email)) return;
    try {
      await queueMail(
        mails.passkeyAdded({ to: user.email, passkeyName: added.name?.trim() || null }),
      );
    } catch (error) {
      await db.delete(passkeys).where(eq(passkeys.id, added.id));
      throw error;
    }
  };

  const auth = betterAuth({
    // docs/requirements.md §12: Better Auth is built once at start-up; its app name and the 2FA issuer keep the
    // shop's name as deployed (an authenticator app's entry must not change with a rename).
    appName: config.site.shopName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        jwks,
        passkey: passkeys,
      },
    }),
    disabledPaths: DISABLED_AUTH_PATHS,
    // docs/decisions/022 (amended): "Also remove all passkeys", in the reset's own transaction.
    databaseHooks: passkeyRemovals.databaseHooks,
    // Our limiter below counts in the database and also covers auth.api calls.
    rateLimit: { enabled: false },
    session: {
      // docs/design.md §5: rolling expiry; an active user stays signed in, an idle one is signed out.
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    advanced: {
      cookiePrefix: 'storefront',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    user: {
      // The new address gets a link (below); the e-mail changes when it is opened. The hook below
      // asks for the current password first.
      changeEmail: { enabled: true },
    },
    // docs/requirements.md §15: an account owns its e-mail address only once it is verified. Sign-up mails a
    // link; signing in stays possible before (the dashboard shows a banner to resend it).
    emailVerification: {
      sendOnSignUp: true,
      // docs/requirements.md §15: the sign-up itself makes no session (decision 011); opening its
      // link does, as only the owner of the address can. A link opened a second time signs no one
      // in: Better Auth skips an address verified already.
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      sendVerificationEmail: async ({ user, url, token }) => {
        if (!hasMailableEmail(user.email)) return;
        if (isChangeOfAddress(token)) {
          await queueMail(mails.confirmNewEmail({ to: user.email, url }));
          return;
        }
        const resent = verificationResend.getStore() === true;
        await queueMail(mails.verifyEmail({ to: user.email, url, resent }));
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // docs/requirements.md §13, docs/decisions/011: a sign-up never signs in, so that one with an address that
      // already has an account gets the same answer as a new one (Better Auth then answers a
      // look-alike user and calls onExistingUserSignUp instead of refusing).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (hasMailableEmail(user.email)) await queueMail(mails.signUpAttempt({ to: user.email }));
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        // The link opens our own page, which posts the new password with the token.
        const url = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await queueMail(mails.resetPassword({ to: user.email, url }));
      },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        const path = context.path ?? '';
        const body = (context.body ?? {}) as Record<string, unknown>;
        // docs/requirements.md §14: every text Better Auth stores (or counts, hashes, mails) has a
        // limit, checked first: a 5,000,000-character name is refused, and so is a long e-mail
        // before it becomes a rate-limit key.
        const fieldProblem = authRequestProblem(path, body, context.query);
        if (fieldProblem) throw new APIError('BAD_REQUEST', { message: fieldProblem });
        if (path.startsWith('/passkey/verify-')) {
          // The WebAuthn answer is stored as it comes (its transports, its id): held to its size.
          const answer = passkeyResponseSchema.safeParse(body.response ?? {});
          if (!answer.success) {
            throw new APIError('BAD_REQUEST', {
              message: answer.error.issues[0]?.message ?? 'Invalid passkey answer',
            });
          }
        }
        if (RATE_LIMITED_PATH.test(path)) {
          // docs/requirements.md §14: per client address, and per account and address; never per
          // account alone (attempt-limits.ts).
          await admitAttempt(attemptLimits, {
            path,
            address: context.headers?.get(CLIENT_ADDRESS_HEADER),
            account: accountOf(body),
          });
        }
        for (const password of newPasswordsIn(path, body)) {
          // spec §5: Better Auth checks only the length; the shop's rules are ours.
          const problem = firstPasswordProblem(password);
          if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        }
        if (path === '/reset-password') await passkeyRemovals.note(context);
        if (path === '/email-otp/send-verification-otp' && body.type !== 'sign-in') {
          // The other kinds of code belong to the switched-off endpoints; none would be usable.
          throw new APIError('BAD_REQUEST', { message: 'One-time codes are only sent to sign in' });
        }
      }),
      after: createAuthMiddleware(async (context) => {
        const path = context.path ?? '';
        const returned = context.context.returned;
        // docs/requirements.md §14: a wrong password or code counts against this address for the account.
        if (CREDENTIAL_CHECK_PATHS.has(path) && isAPIError(returned)) {
          await recordFailedAttempt(attemptLimits, {
            address: context.headers?.get(CLIENT_ADDRESS_HEADER),
            account: accountOf((context.body ?? {}) as Record<string, unknown>),
          });
          return;
        }
        if (path === '/two-factor/verify-totp') {
          await refuseReplayedTotp(context);
          return;
        }
        if (path === '/reset-password') {
          passkeyRemovals.forget(context);
          return;
        }
        if (path === '/passkey/verify-registration' && !isAPIError(returned) && returned) {
          await announceAddedPasskey(
            context,
            returned as { id: string; userId: string; name?: string | null },
          );
          return;
        }
        if (PASSKEY_CEREMONY_OPTIONS.has(path) && !isAPIError(returned) && returned) {
          // docs/decisions/022: the browser must check the device's owner, not merely prefer to.
          return context.json({ ...(returned as object), userVerification: 'required' });
        }
        if (path === '/verify-email') {
          // docs/requirements.md §15: opening a verification link signs in, but never around
          // two-factor sign-in; a browser signed in to the account already keeps its session.
          const opened = context.context.newSession;
          const current = context.context.session?.session.id;
          if (opened?.user.twoFactorEnabled && opened.session.id !== current) {
            await revokeNewSession(context);
          }
          return;
        }
        // The two-factor plugin stops password sign-ins of accounts with TOTP on; a one-time
        // code must not be a way around it. Checked after the code, so only its owner learns it.
        if (!CODE_SIGN_IN_PATHS.has(path)) return;
        const signedIn = context.context.newSession;
        if (!signedIn?.user.twoFactorEnabled) return;
        await revokeNewSession(context);
        throw new APIError('FORBIDDEN', { message: TWO_FACTOR_CODE_SIGN_IN_MESSAGE });
      }),
    },
    plugins: [
      twoFactor({ issuer: config.site.shopName }),
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          // Only sign-in codes are sent (the hook refuses the other types).
          if (type === 'sign-in') await queueMail(mails.oneTimeCode({ to: email, code: otp }));
        },
      }),
      ...(phoneSignIn
        ? [
            phoneNumber({
              otpLength: 6,
              expiresIn: 10 * 60,
              allowedAttempts: 5,
              sendOTP: ({ phoneNumber: to, code }) => {
                sms.sendLater({ to, text: mails.smsCode(code) });
              },
              // A first sign-in by phone makes an account; its e-mail is a placeholder until the
              // customer sets a real one.
              signUpOnVerification: {
                getTempEmail: phonePlaceholderEmail,
                getTempName: (phone) => phone,
              },
            }),
          ]
        : []),
      // spec §7: GET .well-known/jwks.json for API clients; Better Auth serves it at /api/auth/jwks.
      jwt(),
      // docs/requirements.md §11: API clients sign in and send `Authorization: Bearer <token>` (set-auth-token).
      bearer(),
      passkey({
        // docs/decisions/022: the relying party is the shop's own address (PUBLIC_URL).
        rpID: relyingParty.rpID,
        rpName: config.site.shopName,
        origin: relyingParty.origin,
        // Discoverable ("resident") keys sign in in one tap, without typing an e-mail first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        registration: {
          afterVerification: async ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) {
              throw new APIError('BAD_REQUEST', { message: PASSKEY_USER_NOT_VERIFIED_MESSAGE });
            }
          },
        },
        authentication: {
          // docs/decisions/022: without the device's check of its owner the key is one factor.
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError('UNAUTHORIZED', { message: PASSKEY_USER_NOT_VERIFIED_MESSAGE });
            }
          },
        },
      }),
      passkeySignInByPost,
      passkeyReauthentication({ db, now }),
      // Last: the checks of a request that is otherwise fine.
      lastChecks,
    ],
    logger: {
      log: (level, message, ...rest) => {
        logger[level]({ auth: rest }, message);
      },
    },
  });
  signedInSession.of = (headers) => auth.api.getSession({ headers });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth sends its change-of-address links through the same callback as the links that
 * verify an account's address; only the former's token names the address to change to. The token
 * is our own, just signed: reading its claims needs no check.
 */
function isChangeOfAddress(token: string): boolean {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims?.updateTo === 'string';
  } catch {
    return false;
  }
}

/** The plugin endpoints for text messages exist only when an SMS sender is configured. */
export interface PhoneApi {
  sendPhoneNumberOTP(input: {
    body: { phoneNumber: string };
    headers: Headers;
    returnHeaders: true;
  }): Promise<{ headers: Headers; response: unknown }>;
  verifyPhoneNumber(input: {
    body: { phoneNumber: string; code: string; disableSession?: boolean };
    headers: Headers;
    returnHeaders: true;
  }): Promise<{ headers: Headers; response: unknown }>;
}
