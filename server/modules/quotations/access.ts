/**
 * Who may read and act on a quotation (docs/requirements.md §10): the requester, with a private key from a link
 * the shop gave them, or signed in as the account the request belongs to. Anyone else learns
 * nothing, not even whether the reference exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { quotationKeySchema, quotationReferenceSchema } from '../../../core/quotes/quote-offer';
import type { Database } from '../../db/client';
import { quotationAccessKeys, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { requireRowId } from '../kernel';

export const QUOTATION_NOT_FOUND = 'Quotation not found';

/** The quote page's key as the URL carries it, and the reference it is for. */
export interface QuotationAccess {
  reference: unknown;
  key?: unknown;
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * docs/requirements.md §10: a new private key of the request: 192 random bits, base64url; only its SHA-256 is
 * kept. Every mail and the request's answer carry a key of their own, so none is stored in clear.
 */
export async function issueAccessKey(db: Database, quotationRequestId: string): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insert(quotationAccessKeys).values({ keyHash: hashOf(key), quotationRequestId });
  return key;
}

export type QuotationRow = typeof quotationRequests.$inferSelect;

/**
 * The request a customer names, when the key is one of its own or the actor is its account;
 * `not_found` otherwise, the same for a wrong key, another request's key and no such reference.
 * `lock` takes the row for the transaction's change (accepting twice makes one order).
 */
export async function requestOfCustomer(
  db: Database,
  actor: Actor,
  access: QuotationAccess,
  options: { lock?: boolean } = {},
): Promise<QuotationRow> {
  const reference = quotationReferenceSchema.safeParse(access.reference);
  if (!reference.success) throw new DomainError('not_found', QUOTATION_NOT_FOUND);
  const key =
    access.key === undefined || access.key === null || access.key === ''
      ? null
      : quotationKeySchema.safeParse(access.key);
  if (key && !key.success) throw new DomainError('not_found', QUOTATION_NOT_FOUND);
  if (!key && !actor) throw new DomainError('not_found', QUOTATION_NOT_FOUND);

  const query = db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.reference, reference.data));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request) throw new DomainError('not_found', QUOTATION_NOT_FOUND);
  if (actor && request.userId === actor.userId) return request;
  if (key) {
    const [held] = await db
      .select({ keyHash: quotationAccessKeys.keyHash })
      .from(quotationAccessKeys)
      .where(
        and(
          eq(quotationAccessKeys.keyHash, hashOf(key.data)),
          eq(quotationAccessKeys.quotationRequestId, request.id),
        ),
      );
    if (held) return request;
  }
  throw new DomainError('not_found', QUOTATION_NOT_FOUND);
}

/**
 * The quote page's guard (docs/requirements.md §10, "authorise before any work"): the key or the account may act
 * on this quotation, checked before the page's form is read; every function checks again.
 */
export async function requireQuotationAccess(
  db: Database,
  actor: Actor,
  access: QuotationAccess,
): Promise<void> {
  await requestOfCustomer(db, actor, access);
}

/** The owner's read of a request by its id; the caller has checked the admin role. */
export async function requestForOwner(db: Database, id: unknown, options: { lock?: boolean } = {}) {
  const requestId = requireRowId(id, 'Quotation request');
  const query = db.select().from(quotationRequests).where(eq(quotationRequests.id, requestId));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request) throw new DomainError('not_found', 'Quotation request not found');
  return request;
}
