/**
 * How the identity endpoints slow down guessing without letting anyone lock an account out
 * (OWASP ASVS 5.0 §6.3, docs/decisions/018-accounts-proxies-and-guesses.md, docs/requirements.md
 * §14 "Guessing passwords and codes"). One counter per account for every client address let ten
 * wrong passwords a minute, from one address, keep the owner out of their own account (and out of
 * password reset and sign-in codes, which shared it). Now:
 *
 * - every attempt at an endpoint that checks or sends a secret counts per client address, and per
 *   account AND client address (AUTH_RATE_LIMIT a minute each; 429 beyond, for that address);
 * - a failed credential check (a wrong password or code) counts per account and client address,
 *   and per account, for an hour. An address that has failed AUTH_RATE_LIMIT times for an account
 *   is refused for it until its hour is over; no other address is;
 * - the per-account count only slows, never refuses: once an account has failed
 *   FAILURES_BEFORE_BRAKE times in the hour, each attempt from an address that has failed for it
 *   waits, twice as long with each further failure, up to MAX_BRAKE_MS; once it has failed
 *   FAILURES_BEFORE_EVERY_ADDRESS_BRAKE times, an attempt from any address waits too, a shorter
 *   time that grows more slowly, up to the same cap. A guess spread over many fresh addresses is
 *   slowed like one from a single address, and the right password still gets through, late by
 *   at most MAX_BRAKE_MS.
 *
 * A client address is counted by `rateLimitAddress`: an IPv6 address by its /64.
 */
import { APIError } from 'better-auth/api';
import { RATE_LIMIT_MESSAGE, rateLimitAddress, type RateLimiter } from '../modules/rate-limit';
import { emailKey } from '../../core/identity/identity';

/** The endpoints that check a password or a one-time code and sign in when it is right. */
export const CREDENTIAL_CHECK_PATHS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/sign-in/email-otp',
  '/phone-number/verify',
]);

/** An account's failures in the hour before its brake starts. */
export const FAILURES_BEFORE_BRAKE = 5;
const FIRST_BRAKE_MS = 250;
export const MAX_BRAKE_MS = 8_000;
/**
 * An account's failures in the hour before every address is slowed, also one that has never
 * failed for it: far above what its holder mistypes, so the owner meets it only under attack.
 */
export const FAILURES_BEFORE_EVERY_ADDRESS_BRAKE = 20;
const FIRST_EVERY_ADDRESS_BRAKE_MS = 1_000;
/** Every this many further failures, the wait of an address that has not failed doubles. */
const FAILURES_PER_EVERY_ADDRESS_DOUBLING = 10;

export const TOO_MANY_FAILURES_MESSAGE =
  'Too many failed sign-ins for this account from your network. Try again later, or reset your password.';

export interface AttemptLimits {
  rateLimiter: RateLimiter;
  /** AUTH_RATE_LIMIT: attempts a minute, and failures an hour per account and address. */
  limit: number;
  /** Waits the brake's time (a test hands in one that records it). */
  sleep(ms: number): Promise<void>;
}

/** Who the request is about: its e-mail (lower case) or phone number, if it names one. */
export function accountOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.email === 'string') return emailKey(body.email);
  if (typeof body.phoneNumber === 'string') return body.phoneNumber.trim();
  return undefined;
}

const failuresHere = (account: string, address: string) => `auth-failures:${account}|${address}`;
const failuresOfAccount = (account: string) => `auth-failures:${account}`;

function tooMany(message: string, retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message },
    { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
  );
}

/** The brake's wait after `failures` failures of an account in the hour. */
export function brakeDelayMs(failures: number): number {
  if (failures < FAILURES_BEFORE_BRAKE) return 0;
  return Math.min(MAX_BRAKE_MS, FIRST_BRAKE_MS * 2 ** (failures - FAILURES_BEFORE_BRAKE));
}

/**
 * The wait of an attempt from an address that has not failed for the account, after `failures`
 * failures of the account in the hour from other addresses.
 */
export function everyAddressBrakeDelayMs(failures: number): number {
  if (failures < FAILURES_BEFORE_EVERY_ADDRESS_BRAKE) return 0;
  const doublings = Math.floor(
    (failures - FAILURES_BEFORE_EVERY_ADDRESS_BRAKE) / FAILURES_PER_EVERY_ADDRESS_DOUBLING,
  );
  return Math.min(MAX_BRAKE_MS, FIRST_EVERY_ADDRESS_BRAKE_MS * 2 ** doublings);
}

/**
 * Before an attempt: counts it, refuses it (429) when this address is over a limit, and holds a
 * credential check for the brake's wait when the account is under attack: from the first brake
 * when this address has failed for it, from the every-address brake otherwise.
 * A call from the server's own code, without a client address (the demo seed), is not limited.
 */
export async function admitAttempt(
  limits: AttemptLimits,
  attempt: { path: string; address: string | null | undefined; account: string | undefined },
): Promise<void> {
  const { rateLimiter, limit } = limits;
  const { path, account } = attempt;
  if (!attempt.address) return;
  const address = rateLimitAddress(attempt.address);
  // An address that failed too often for this account is told so, before anything is counted.
  const checksCredential = account !== undefined && CREDENTIAL_CHECK_PATHS.has(path);
  const here = checksCredential
    ? await rateLimiter.peek({ key: failuresHere(account, address), window: 'hour' })
    : null;
  if (here && here.count >= limit) {
    throw tooMany(TOO_MANY_FAILURES_MESSAGE, here.retryAfterSeconds);
  }
  for (const key of [
    `auth-ip:${address}`,
    ...(account ? [`auth-account-ip:${account}|${address}`] : []),
  ]) {
    const decision = await rateLimiter.consume({ key, limit });
    if (!decision.allowed) throw tooMany(RATE_LIMIT_MESSAGE, decision.retryAfterSeconds);
  }
  if (!checksCredential) return;
  const everywhere = await rateLimiter.peek({ key: failuresOfAccount(account), window: 'hour' });
  const wait =
    here && here.count > 0
      ? Math.max(brakeDelayMs(everywhere.count), everyAddressBrakeDelayMs(everywhere.count))
      : everyAddressBrakeDelayMs(everywhere.count);
  if (wait > 0) await limits.sleep(wait);
}

/** After a credential check that failed: one more failure here, and for the account. */
export async function recordFailedAttempt(
  limits: AttemptLimits,
  attempt: { address: string | null | undefined; account: string | undefined },
): Promise<void> {
  const { account } = attempt;
  if (!attempt.address || !account) return;
  const address = rateLimitAddress(attempt.address);
  // Counted far past the limit: the count itself is what the refusal reads.
  const count = { limit: Number.MAX_SAFE_INTEGER, window: 'hour' } as const;
  await limits.rateLimiter.consume({ key: failuresHere(account, address), ...count });
  await limits.rateLimiter.consume({ key: failuresOfAccount(account), ...count });
}
