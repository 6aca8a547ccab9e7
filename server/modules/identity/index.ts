/**
 * Identity (spec §2 Auth, §4 auth events, §7 Identity provider): every call the pages make to
 * Better Auth on the server, named for what it does (docs/requirements.md §13). Each takes the app's auth, the
 * request's headers with the headers of the reply (the session cookies and Retry-After Better
 * Auth sets go there), and the form's fields, checked again with their `core/identity/identity.ts` schema
 * (the answer pipeline checked them first). Better Auth's refusals
 * become `DomainError`s whose messages are its own (spec §8: "Sign In Error" with the server's
 * message), so the answer pipeline maps them like any module's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isAPIError } from 'better-auth/api';
import {
  backupCodeFormSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmTotpSchema,
  currentPasswordSchema,
  emailVerificationState,
  forgotPasswordSchema,
  oneTimeCodeRequestSchema,
  oneTimeCodeSchema,
  resetPasswordFormSchema,
  signInSchema,
  signUpSchema,
  totpCodeFormSchema,
  type EmailVerificationState,
} from '../../../core/identity/identity';
import type { Auth, ChangeEmailBody, PhoneApi, ResetPasswordBody } from '../../auth';
import { DomainError, type DomainErrorCode } from '../errors';
import { parseInput } from '../kernel';

/**
 * docs/requirements.md §13: a new verification link asked for by the signed-in account holder (the dashboard's
 * "Resend verification email", `sendVerificationEmail` below) rather than sent by a sign-up.
 * Better Auth calls the same mailer for both; server/auth's mailer reads this to tell them apart.
 */
export const verificationResend = new AsyncLocalStorage<true>();

/** The phone endpoints, which exist only when an SMS sender is configured (server/auth createAuth). */
function phoneApi(auth: Auth): PhoneApi {
  return auth.api as unknown as PhoneApi;
}

/** The request's headers (its session cookie, client address) and the reply's, written here. */
export interface IdentityExchange {
  headers: Headers;
  replyHeaders: Headers;
}

/** Better Auth's statuses as domain errors; anything else is unexpected (logged, a 500). */
const codeOfStatus: Record<number, DomainErrorCode> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'conflict',
  429: 'rate_limited',
};

/** Only the cookies and Retry-After of Better Auth's answer belong on the page's response. */
export function copyAuthReplyHeaders(from: Headers, to: Headers): Headers {
  for (const cookie of from.getSetCookie()) to.append('Set-Cookie', cookie);
  const retryAfter = from.get('Retry-After');
  if (retryAfter) to.set('Retry-After', retryAfter);
  return to;
}

async function call<T>(
  exchange: IdentityExchange,
  run: () => Promise<{ headers: Headers; response: T }>,
): Promise<T> {
  try {
    const { headers, response } = await run();
    copyAuthReplyHeaders(headers, exchange.replyHeaders);
    return response;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    copyAuthReplyHeaders(new Headers(error.headers), exchange.replyHeaders);
    const code = codeOfStatus[error.statusCode];
    const message = error.body?.message ?? error.message;
    if (!code) throw new Error(`identity call failed (${error.statusCode}): ${message}`);
    throw new DomainError(code, message);
  }
}

/**
 * docs/requirements.md §13, docs/decisions/011: a sign-up never signs in, and answers the same for a new address
 * and one that has an account (Better Auth mails the one a verification link, the other a notice).
 */
export async function signUp(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<{ email: string }> {
  const { email, password, name } = parseInput(signUpSchema, fields);
  await call(exchange, () =>
    auth.api.signUpEmail({
      body: { email, password, name: name || email.split('@')[0] || email },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
  return { email };
}

/** A password sign-in; an account with TOTP on needs its second factor next (verifyTotpSignIn). */
export async function signIn(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<{ secondFactorRequired: boolean }> {
  const input = parseInput(signInSchema, fields);
  const response = await call(exchange, () =>
    auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
  return {
    secondFactorRequired: 'twoFactorRedirect' in response && Boolean(response.twoFactorRedirect),
  };
}

/** The second step of a sign-in with TOTP on: a code of the authenticator app. */
export async function verifyTotpSignIn(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(totpCodeFormSchema, fields);
  await call(exchange, () =>
    auth.api.verifyTOTP({
      body: { code: input.code },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

/** The second step of a sign-in with TOTP on, by one of the backup codes instead. */
export async function verifyBackupCodeSignIn(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(backupCodeFormSchema, fields);
  await call(exchange, () =>
    auth.api.verifyBackupCode({
      body: { code: input.code },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

export type CodeDestination =
  { channel: 'email'; email: string } | { channel: 'phone'; phoneNumber: string };

/** The form's fields naming where a code goes, and whether texts can be sent at all. */
export interface CodeRequest {
  fields: { email?: string | undefined; phoneNumber?: string | undefined };
  phoneSignIn: boolean;
}

/** spec §5: a code goes to an e-mail address, or to a phone number when texts can be sent. */
function codeDestinationOf({ fields, phoneSignIn }: CodeRequest): CodeDestination {
  return parseInput(oneTimeCodeRequestSchema, {
    email: fields.email,
    phoneNumber: phoneSignIn ? fields.phoneNumber : undefined,
  });
}

/** Sends a one-time code to sign in with ("send" and "resend" alike, spec §7). */
export async function sendSignInCode(
  auth: Auth,
  exchange: IdentityExchange,
  request: CodeRequest,
): Promise<CodeDestination> {
  const destination = codeDestinationOf(request);
  if (destination.channel === 'email') {
    await call(exchange, () =>
      auth.api.sendVerificationOTP({
        body: { email: destination.email, type: 'sign-in' },
        headers: exchange.headers,
        returnHeaders: true,
      }),
    );
  } else {
    await call(exchange, () =>
      phoneApi(auth).sendPhoneNumberOTP({
        body: { phoneNumber: destination.phoneNumber },
        headers: exchange.headers,
        returnHeaders: true,
      }),
    );
  }
  return destination;
}

/** Signs in with the one-time code sent to the destination. */
export async function signInWithCode(
  auth: Auth,
  exchange: IdentityExchange,
  request: CodeRequest & { fields: { code?: string | undefined } },
): Promise<CodeDestination> {
  const destination = codeDestinationOf(request);
  const code = parseInput(oneTimeCodeSchema, request.fields.code);
  if (destination.channel === 'email') {
    await call(exchange, () =>
      auth.api.signInEmailOTP({
        body: { email: destination.email, otp: code },
        headers: exchange.headers,
        returnHeaders: true,
      }),
    );
    return destination;
  }
  await call(exchange, () =>
    phoneApi(auth).verifyPhoneNumber({
      body: { phoneNumber: destination.phoneNumber, code },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
  return destination;
}

/** Mails a reset link if an account uses the address; says nothing either way. */
export async function requestPasswordReset(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(forgotPasswordSchema, fields);
  await call(exchange, () =>
    auth.api.requestPasswordReset({
      body: { email: input.email, redirectTo: '/auth/reset-password' },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

export async function resetPassword(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(resetPasswordFormSchema, fields);
  // The hook in server/auth reads removePasskeys; Better Auth's own body has no such field.
  const body: ResetPasswordBody = {
    newPassword: input.password,
    token: input.token ?? '',
    removePasskeys: input.removePasskeys,
  };
  await call(exchange, () =>
    auth.api.resetPassword({
      body,
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

/**
 * spec §4: sign-out clears the session. 401, 403 and 404 mean there was none to clear; any other
 * refusal is answered as the refused status and message, for the caller to log.
 */
export async function signOut(
  auth: Auth,
  exchange: IdentityExchange,
): Promise<{ refused: DomainError | null }> {
  try {
    await call(exchange, () =>
      auth.api.signOut({ headers: exchange.headers, returnHeaders: true }),
    );
    return { refused: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const noSession = ['unauthenticated', 'forbidden', 'not_found'].includes(error.code);
    return { refused: noSession ? null : error };
  }
}

/** The signed-in account as identity sees it; null for a visitor. */
export type IdentityViewer = { email: string; emailVerified: boolean } | null;

function requireViewer<V extends IdentityViewer>(viewer: V): NonNullable<V> {
  if (!viewer) throw new DomainError('unauthenticated', 'Please sign in to continue.');
  return viewer;
}

const verificationRefusals: Record<Exclude<EmailVerificationState, 'unverified'>, DomainError> = {
  verified: new DomainError('conflict', 'Your e-mail address is already verified.'),
  'no-address': new DomainError('invalid', 'This account has no e-mail address to verify.'),
};

/**
 * docs/requirements.md §15: a new verification link for the signed-in user's own unverified address, rate-limited
 * with the other identity mails (Better Auth's hooks in server/auth); docs/requirements.md §13: beyond its
 * limits it is refused with when to ask again (docs/decisions/017), never "sent".
 */
export async function sendVerificationEmail(
  auth: Auth,
  exchange: IdentityExchange,
  viewer: IdentityViewer,
): Promise<{ email: string }> {
  const { email, emailVerified } = requireViewer(viewer);
  const state = emailVerificationState({ email, emailVerified });
  if (state !== 'unverified') throw verificationRefusals[state];
  // docs/requirements.md §13: the account holder's own request, counted apart from a sign-up's link.
  await call(exchange, () =>
    verificationResend.run(true, () =>
      auth.api.sendVerificationEmail({
        body: { email },
        headers: exchange.headers,
        returnHeaders: true,
      }),
    ),
  );
  return { email };
}

/** Changing the password asks for the current one; the other sessions are signed out. */
export async function changePassword(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(changePasswordSchema, fields);
  await call(exchange, () =>
    auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

/**
 * The hook in server/auth checks the current password; the e-mail changes when the link mailed to
 * the new address is opened, and that brings the user back to the security page.
 */
export async function changeEmail(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<{ email: string }> {
  const input = parseInput(changeEmailSchema, fields);
  const body: ChangeEmailBody = {
    newEmail: input.email,
    currentPassword: input.currentPassword,
    callbackURL: '/dashboard/security',
  };
  await call(exchange, () =>
    auth.api.changeEmail({ body, headers: exchange.headers, returnHeaders: true }),
  );
  return { email: input.email };
}

export interface TotpEnrolment {
  /** The otpauth:// address an authenticator app scans. */
  totpURI: string;
  /** The key inside it, for typing in by hand. */
  secret: string;
  backupCodes: string[];
}

/** Starts turning TOTP on (the current password first); confirmTotp finishes it. */
export async function startTotpEnrolment(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<TotpEnrolment> {
  const input = parseInput(currentPasswordSchema, fields);
  const response = await call(exchange, () =>
    auth.api.enableTwoFactor({
      body: { password: input.currentPassword },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
  if (!('totpURI' in response)) {
    throw new DomainError('invalid', 'Authenticator apps are not available');
  }
  const { totpURI, backupCodes } = response;
  return { totpURI, secret: new URL(totpURI).searchParams.get('secret') ?? '', backupCodes };
}

/** The first code of the app turns TOTP on. */
export async function confirmTotp(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(confirmTotpSchema, fields);
  await call(exchange, () =>
    auth.api.verifyTOTP({
      body: { code: input.code },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}

export async function disableTotp(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const input = parseInput(currentPasswordSchema, fields);
  await call(exchange, () =>
    auth.api.disableTwoFactor({
      body: { password: input.currentPassword },
      headers: exchange.headers,
      returnHeaders: true,
    }),
  );
}
