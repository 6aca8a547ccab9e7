/**
 * docs/requirements.md §15, docs/design.md §5: a request made by someone who was not signed in never joins an
 * account by itself, nor puts its order there, on the strength of the e-mail it named: a guest
 * could name a verified customer's address, accept the offer with their own shipping address,
 * and have the customer pay for it. The account holder confirms it first, signed in, from the
 * link the request's mail carries ("Is this your request? Add it to your account"): the private
 * key proves they hold that mail, and the account's verified e-mail must be the one the request
 * names. Until then it stays a guest request. Once added, its private links stop working.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { hasMailableEmail, sameEmail } from '../../../core/identity/identity';
import type { Database } from '../../db/client';
import { quotationAccessKeys, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { requireUser } from '../kernel';
import { requestOfCustomer, type QuotationAccess, type QuotationRow } from './access';
import { verifiedAccountAddress } from './customer';

/** What the quote page offers about its account: add it, sign in to add it, or nothing. */
export type QuotationClaim = 'available' | 'sign-in' | null;

/** Whether the viewer of a guest request may add it to their account, or could by signing in. */
export async function claimOf(
  db: Database,
  actor: Actor,
  request: Pick<QuotationRow, 'userId' | 'customerEmail'>,
): Promise<QuotationClaim> {
  if (request.userId || !request.customerEmail || !hasMailableEmail(request.customerEmail)) {
    return null;
  }
  if (!actor || actor.apiKey) return actor ? null : 'sign-in';
  const address = await verifiedAccountAddress(db, actor.userId);
  return sameEmail(address, request.customerEmail) ? 'available' : null;
}

/**
 * "Add it to your account": the guest request the key opens joins the signed-in account whose
 * verified e-mail it named (its orders follow it: server/flows/add-request-to-account.ts, in the
 * same transaction). Refused, with nothing changed, for anyone else, without the key, or when the
 * request belongs to an account already.
 */
export async function claimQuotationRequest(
  tx: Database,
  actor: Actor,
  access: QuotationAccess,
): Promise<{
  id: string;
  reference: string;
  userId: string;
  /** What the request told the shop about its buyer (docs/requirements.md §15). */
  details: { customerMobile: string; customerCompany: string | null; customerGstin: string | null };
}> {
  const userId = requireUser(actor);
  // The key of the request's mail: the account adds only a request whose mail it holds.
  const key = access.key;
  if (key === undefined || key === null || key === '') {
    throw new DomainError('not_found', 'Quotation not found');
  }
  // The account's own request opens without the key: its keys stop working once it is added.
  const request = await requestOfCustomer(tx, actor, access, { lock: true });
  if (request.userId === userId) {
    throw new DomainError('conflict', 'This request is in your account already.');
  }
  const address = await verifiedAccountAddress(tx, userId);
  if (request.userId || !sameEmail(address, request.customerEmail)) {
    throw new DomainError(
      'forbidden',
      'Only the account whose verified e-mail this request names can add it.',
    );
  }
  await tx
    .update(quotationRequests)
    .set({ userId })
    .where(and(eq(quotationRequests.id, request.id), isNull(quotationRequests.userId)));
  // Once it is the account's, the account reaches it through its session: every private link
  // made while it was a guest's stops opening it, the one the guest who sent it holds included
  // (docs/decisions/018, amended).
  await tx
    .delete(quotationAccessKeys)
    .where(eq(quotationAccessKeys.quotationRequestId, request.id));
  return {
    id: request.id,
    reference: request.reference,
    userId,
    details: {
      customerMobile: request.customerMobile,
      customerCompany: request.customerCompany,
      customerGstin: request.customerGstin,
    },
  };
}
