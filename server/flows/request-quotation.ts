/**
 * A quotation request made by a signed-in buyer joins their account as it is made (the quotations
 * module stores it with their user id); the account module then fills the profile's empty mobile,
 * company and GSTIN from it, so the next form starts with them (docs/requirements.md §15). One
 * transaction. A visitor's request joins no account here: only "Add it to your account" adds one
 * later (server/flows/add-request-to-account.ts).
 */
import type { DisplayCurrency } from '../../core/money/display-currency';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import type { Database } from '../db/client';
import { fillProfileFromRequest } from '../modules/account';
import type { Actor } from '../modules/actor';
import {
  createMultiPieceRequest,
  createQuotationRequest,
  type StoredQuotationRequest,
} from '../modules/quotations';

/** The profile learns what a signed-in buyer's new request told the shop. */
export async function rememberRequestDetails(
  db: Database,
  actor: Actor,
  stored: StoredQuotationRequest,
): Promise<void> {
  // An API key acts for the shop, not for a buyer: no profile learns from its requests.
  if (actor && !actor.apiKey) await fillProfileFromRequest(db, actor, stored);
}

/** One piece: the product page's Request Quotation, `/quote/{id}` and the API. */
export async function requestQuotation(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
  displayCurrency: DisplayCurrency | null = null,
): Promise<StoredQuotationRequest> {
  return db.transaction(async (tx) => {
    const stored = await createQuotationRequest(tx, actor, input, now, timeZone, displayCurrency);
    await rememberRequestDetails(tx, actor, stored);
    return stored;
  });
}

/** Several pieces: the API's `lines`. */
export async function requestQuotationOfPieces(
  db: Database,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
): Promise<StoredQuotationRequest> {
  return db.transaction(async (tx) => {
    const stored = await createMultiPieceRequest(tx, actor, input, now, timeZone);
    await rememberRequestDetails(tx, actor, stored);
    return stored;
  });
}
