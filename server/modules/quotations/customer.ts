/**
 * Who a quotation request's customer is, for the shop: the one place that reads it, so the quote
 * page, the merge, the claim and every mail agree (docs/requirements.md §13, §15; docs/design.md §3).
 * An address a stranger typed is only an address; an account's address counts once verified.
 */
import { eq } from 'drizzle-orm';
import { emailKey, hasMailableEmail } from '../../../core/identity/identity';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { QuotationRow } from './access';

export interface RequestCustomer {
  name: string;
  /** Where the customer's mail goes: the request's address, or its account's verified one. */
  mailAddress: string | null;
  /** The account's address, when the request has an account and that address is verified. */
  verifiedAccountAddress: string | null;
}

/** An account's address when it is verified and a real mailbox (not a phone sign-in's placeholder). */
export async function verifiedAccountAddress(db: Database, userId: string): Promise<string | null> {
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return account?.emailVerified && hasMailableEmail(account.email) ? account.email : null;
}

export async function customerOfRequest(
  db: Database,
  request: Pick<QuotationRow, 'userId' | 'customerName' | 'customerEmail'>,
): Promise<RequestCustomer> {
  const accountAddress = request.userId ? await verifiedAccountAddress(db, request.userId) : null;
  return {
    name: request.customerName,
    mailAddress: request.customerEmail || accountAddress,
    verifiedAccountAddress: accountAddress,
  };
}

/**
 * The addresses a request may be found by: its own, when mailable, and its account's verified
 * one, each as `emailKey` (for the guest-request hints of docs/requirements.md §18).
 */
export function addressKeysOf(
  request: Pick<QuotationRow, 'customerEmail'>,
  customer: RequestCustomer,
): string[] {
  const keys = new Set<string>();
  if (request.customerEmail && hasMailableEmail(request.customerEmail)) {
    keys.add(emailKey(request.customerEmail));
  }
  if (customer.verifiedAccountAddress) keys.add(emailKey(customer.verifiedAccountAddress));
  return [...keys];
}
