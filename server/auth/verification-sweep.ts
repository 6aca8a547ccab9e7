/**
 * docs/requirements.md §14: the challenges, links and codes Better Auth keeps in `verifications`
 * (a passkey ceremony's challenge, an e-mail link's token, a one-time code) that were never used.
 * Better Auth deletes one when it is used, or found after its expiry; one nobody comes back for
 * stays, and anyone can make one by starting a passkey sign-in. The job queue's
 * `verification-sweep` deletes them once they have expired (server/worker.ts), by its clock.
 */
import { lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verifications } from '../db/schema';

/** Deletes every verification that expired at or before `now`; answers how many. */
export async function deleteExpiredVerifications(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(verifications)
    .where(lte(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  return deleted.length;
}
