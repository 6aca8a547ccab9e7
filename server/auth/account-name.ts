/**
 * The account's name in Better Auth's `users` table, which server/auth writes (docs/design.md §3, one
 * writer per table): the account module sets it from the customer's display name, in the
 * profile's own transaction.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export async function setAccountName(tx: Database, userId: string, name: string): Promise<void> {
  await tx.update(users).set({ name }).where(eq(users.id, userId));
}
