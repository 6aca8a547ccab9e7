/**
 * docs/requirements.md §19: the shop owner's account made by the first-run setup, written in the setup's own
 * transaction (server/flows/set-up-owner.ts) with its admin role, so a failure leaves neither.
 * Better Auth's tables are this folder's to write (server/db/one-writer.test.ts); the rows are
 * the ones Better Auth's e-mail sign-up makes, the password hashed by its own hasher, with the
 * address verified: the holder of the setup link is the shop's operator, not a stranger.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { OWNER_EMAIL_TAKEN_MESSAGE, type OwnerSetupInput } from '../../core/identity/owner-setup';
import type { Database } from '../db/client';
import { accounts, users } from '../db/schema';
import { DomainError } from '../modules/errors';
import { emailKey } from '../../core/identity/identity';

export async function createOwnerAccount(
  tx: Database,
  owner: Pick<OwnerSetupInput, 'name' | 'email' | 'password'>,
): Promise<{ userId: string; email: string }> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, emailKey(owner.email)));
  // An account of that address (a customer's, or a stranger's sign-up) is never made the owner.
  if (taken) throw new DomainError('invalid', OWNER_EMAIL_TAKEN_MESSAGE);
  const userId = randomUUID();
  await tx
    .insert(users)
    .values({ id: userId, name: owner.name, email: owner.email, emailVerified: true });
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashPassword(owner.password),
  });
  return { userId, email: owner.email };
}
