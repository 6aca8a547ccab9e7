/**
 * docs/requirements.md §15 "Is this your request? Add it to your account": the holder of the account whose
 * verified e-mail a guest's request named adds it, signed in, with the key of the request's mail.
 * The quotations module checks all three and moves the request; the orders module moves the
 * orders it made; the account module fills the profile's empty mobile, company and GSTIN from it
 * (docs/requirements.md §15); one transaction.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { fillProfileFromRequest } from '../modules/account';
import { moveGuestOrdersOfRequest } from '../modules/orders';
import { claimQuotationRequest, type QuotationAccess } from '../modules/quotations';

export async function addRequestToAccount(
  db: Database,
  actor: Actor,
  access: QuotationAccess,
): Promise<{ reference: string }> {
  return db.transaction(async (tx) => {
    const claimed = await claimQuotationRequest(tx, actor, access);
    await moveGuestOrdersOfRequest(tx, claimed.id, claimed.userId);
    await fillProfileFromRequest(tx, actor, claimed.details);
    return { reference: claimed.reference };
  });
}
