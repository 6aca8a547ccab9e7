/**
 * Identity (spec §2 Auth, §4 auth events, §7 Identity provider) through Better Auth: e-mail and
 * password, sessions in httpOnly cookies with rolling expiry (DESIGN.md §5), password recovery by
 * e-mail, sign-in by a one-time code by e-mail or text message, TOTP two-factor and a JWKS for API
 * clients. Our password rules and rate limits run in its `hooks.before`, so they hold for HTTP
 * calls to /api/auth and for the server's own `auth.api` calls alike.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailOTP, jwt, phoneNumber, twoFactor } from 'better-auth/plugins';
import { firstPasswordProblem } from '../../core/identity';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, jwks, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../modules/mail';
import { RATE_LIMIT_MESSAGE, type RateLimiter } from '../modules/rate-limit';
import type { SmsSender } from '../modules/sms';
import { identityMails } from './mails';

/**
 * The Hono app writes the client address it trusts into this header (removing any a client sent),
 * so Better Auth records it on sessions and our rate limits key on it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-address';

export const AUTH_BASE_PATH = '/api/auth';

const SESSION_DAYS = 30;

/** Endpoints that guess or send secrets; each is limited per client address and per account. */
const RATE_LIMITED_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/verify-password',
  '/change-password',
  '/change-email',
]);

/** Endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export interface AuthDependencies {
  db: Database;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  logger: Logger;
}

export function createAuth({ db, config, mailer, sms, rateLimiter, logger }: AuthDependencies) {
  const mails = identityMails(config);
  const phoneSignIn = config.sms.provider !== 'none';

  return betterAuth({
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
      },
    }),
    // Our limiter below counts in the database and also covers auth.api calls.
    rateLimit: { enabled: false },
    session: {
      // DESIGN.md §5: rolling expiry; an active user stays signed in, an idle one is signed out.
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    advanced: {
      cookiePrefix: 'storefront',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    user: {
      // Changing the e-mail needs the current password first (see server/modules/account).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        // The link opens our own page, which posts the new password with the token.
        const url = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        mailer.sendLater(mails.resetPassword({ to: user.email, url }));
      },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        const body = (context.body ?? {}) as Record<string, unknown>;
        if (RATE_LIMITED_PATHS.has(context.path)) {
          const address = context.headers?.get(CLIENT_ADDRESS_HEADER);
          const account =
            typeof body.email === 'string'
              ? body.email.trim().toLowerCase()
              : typeof body.phoneNumber === 'string'
                ? body.phoneNumber
                : undefined;
          const keys = [
            // A call from the server's own code without a request (the demo seed) has no address.
            ...(address ? [`auth-ip:${address}`] : []),
            ...(account ? [`auth-account:${account}`] : []),
          ];
          for (const key of keys) {
            const decision = await rateLimiter.consume({ key, limit: config.authRateLimit });
            if (!decision.allowed) {
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { message: RATE_LIMIT_MESSAGE },
                { 'Retry-After': String(decision.retryAfterSeconds) },
              );
            }
          }
        }
        const passwordField = PASSWORD_FIELDS[context.path];
        if (passwordField) {
          // spec §5: Better Auth checks only the length; the shop's rules are ours.
          const problem = firstPasswordProblem(String(body[passwordField] ?? ''));
          if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        }
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
          mailer.sendLater(mails.oneTimeCode({ to: email, code: otp, purpose: type }));
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
                getTempEmail: (phone) => `${phone.replace(/\D/g, '')}@phone.invalid`,
                getTempName: (phone) => phone,
              },
            }),
          ]
        : []),
      // spec §7: GET .well-known/jwks.json for API clients; Better Auth serves it at /api/auth/jwks.
      jwt(),
    ],
    logger: {
      log: (level, message, ...rest) => {
        logger[level]({ auth: rest }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

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

/** The phone endpoints, which exist only when an SMS sender is configured (see createAuth). */
export function phoneApi(auth: Auth): PhoneApi {
  return auth.api as unknown as PhoneApi;
}
