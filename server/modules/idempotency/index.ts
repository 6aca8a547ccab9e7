/**
 * docs/requirements.md §11: the `Idempotency-Key`s of the API's creates, kept 24 hours per caller in
 * `idempotency_keys` so every process sees them. The HTTP layer (server/http/api/idempotency.ts)
 * decides what to answer; this module is the one writer of the table (docs/design.md §3).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Whose keys a create's `Idempotency-Key` is one of, so that one caller never gets another's
 * answer (docs/decisions/015-headless-api.md, Idempotency): an API key's or an account's own
 * (`principal`, `key:…` or `user:…`); a guest's quote list, by a hash of its token, which only the
 * guest's browser holds and which stays the same when the guest's address changes between a try
 * and its retry. A client address is never a scope: guests behind one address (a café, an
 * office, a carrier's NAT) may send the same key and body. A guest with no quote list has nothing
 * of its own to scope a key by, so its key is not honoured (null): each request is answered on
 * its own, a duplicate rather than another guest's reference and private link.
 */
export function idempotencyScopeOf(caller: {
  signedIn: boolean;
  principal: string;
  guestToken: string | null;
}): string | null {
  if (caller.signedIn) return caller.principal;
  if (!caller.guestToken) return null;
  return `guest-list:${createHash('sha256').update(caller.guestToken).digest('hex')}`;
}

/** One caller's key, in the scope `idempotencyScopeOf` gives, so one cannot replay another's. */
export interface IdempotencyKey {
  principal: string;
  key: string;
}

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/**
 * Forgets the keys past their lifetime, then claims `key` for this request. When another request
 * claimed it first, that request's record comes back (none when it gave the key up since).
 */
export async function claimIdempotencyKey(
  db: Database,
  claim: IdempotencyKey & { operation: string; requestHash: string; now: Date },
): Promise<{ claimed: true } | { claimed: false; first: IdempotencyRecord | undefined }> {
  await db
    .delete(idempotencyKeys)
    .where(
      lt(idempotencyKeys.createdAt, new Date(claim.now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)),
    );
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      principal: claim.principal,
      key: claim.key,
      operation: claim.operation,
      requestHash: claim.requestHash,
      createdAt: claim.now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return { claimed: true };
  const [first] = await db.select().from(idempotencyKeys).where(thisKey(claim));
  return { claimed: false, first };
}

/** Gives the key up, so a retry runs the request again. */
export async function releaseIdempotencyKey(db: Database, key: IdempotencyKey): Promise<void> {
  await db.delete(idempotencyKeys).where(thisKey(key));
}

/** Keeps the first request's answer, replayed to every retry with the same key and body. */
export async function keepIdempotentAnswer(
  db: Database,
  key: IdempotencyKey,
  answer: { status: number; responseBody: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, responseBody: answer.responseBody })
    .where(thisKey(key));
}

function thisKey({ principal, key }: IdempotencyKey) {
  return and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));
}
