/**
 * docs/requirements.md §11, RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of the same
 * OTP after the successful validation has been issued for the first OTP". Better Auth accepts a
 * code for its whole window (the step before, now and after), so one code signed in twice. After
 * Better Auth accepts a code, the step it belongs to is worked out with the same library and
 * settings it verifies with, and kept per account: a code of that step or an earlier one is
 * refused from then on. One atomic statement, so two sign-ins racing with one code get one
 * session.
 */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { totpUsedSteps, twoFactors } from '../db/schema';

/** Better Auth's TOTP settings (its defaults, which createAuth does not change). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/**
 * Better Auth accepts the step before and after the current one; two on each side here, so a
 * check made a moment after Better Auth's, across a step's edge, still finds the code's step.
 */
const SEARCH_WINDOW = 2;
/** How Better Auth marks a secret stored in base32 (its two-factor plugin's own prefix). */
const BASE32_PREFIX = 'base32:';

/** The time step of an accepted `code`, for the account's stored (encrypted) secret; null if none. */
export async function acceptedTotpStep(
  storedSecret: string,
  code: string,
  options: { secretKey: Parameters<typeof symmetricDecrypt>[0]['key']; now: number },
): Promise<number | null> {
  const decrypted = await symmetricDecrypt({ key: options.secretKey, data: storedSecret });
  const secret = decrypted.startsWith(BASE32_PREFIX)
    ? base32.decode(decrypted.slice(BASE32_PREFIX.length).toUpperCase())
    : decrypted;
  const otp = createOTP(secret, { period: PERIOD_SECONDS, digits: DIGITS });
  const current = Math.floor(options.now / (PERIOD_SECONDS * 1000));
  for (let step = current - SEARCH_WINDOW; step <= current + SEARCH_WINDOW; step += 1) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}

/**
 * Records that `userId` signed in with the code of `step`; false when that step, or a later one,
 * was used already (a replay).
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .insert(totpUsedSteps)
    .values({ userId, step })
    .onConflictDoUpdate({
      target: totpUsedSteps.userId,
      set: { step, usedAt: sql`now()` },
      setWhere: sql`${totpUsedSteps.step} < excluded.step`,
    })
    .returning({ userId: totpUsedSteps.userId });
  return claimed.length > 0;
}

/** The account's stored TOTP secret, as Better Auth keeps it (encrypted). */
export async function storedTotpSecret(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return row?.secret ?? null;
}
