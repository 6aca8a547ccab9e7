/**
 * docs/requirements.md §18 "Request Quotation": the buyer's quote list becomes one quotation request, with one
 * reference and one private link. One transaction: the quote-lists module locks the list, saves
 * the rows as posted and hands its pieces over (emptying it); the quotations module checks the
 * details and makes the request with every piece. Two submits of one list make one request: the
 * second waits on the lock and finds the list empty. A refusal leaves the list as it was.
 */
import type { DisplayCurrency } from '../../core/money/display-currency';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import type { Database } from '../db/client';
import { createMultiPieceRequest, type StoredQuotationRequest } from '../modules/quotations';
import { takeQuoteListForRequest, type QuoteListHolder } from '../modules/quote-lists';
import { rememberRequestDetails } from './request-quotation';

export async function submitQuoteList(
  db: Database,
  holder: QuoteListHolder,
  input: { lines?: unknown } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
  displayCurrency: DisplayCurrency | null = null,
): Promise<StoredQuotationRequest> {
  return db.transaction(async (tx) => {
    const lines = await takeQuoteListForRequest(tx, holder, input);
    const stored = await createMultiPieceRequest(
      tx,
      holder.actor,
      { ...input, lines },
      now,
      timeZone,
      displayCurrency,
    );
    // docs/requirements.md §15: signed in, the profile keeps the mobile, company and GSTIN
    await rememberRequestDetails(tx, holder.actor, stored);
    return stored;
  });
}
