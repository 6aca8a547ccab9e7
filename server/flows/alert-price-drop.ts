/**
 * docs/requirements.md §21 "Price-drop alerts": the `price-drop-alert` job of one product. It reads the product's
 * price as it is now (products), so drops folded into one job are told at their last price, and
 * hands it to the account module, which tells each wisher who holds the piece below the price they
 * added it at (their mails queued with the alerted_* of their items, in one transaction).
 */
import type { Database } from '../db/client';
import { alertWishersOfPriceDrop } from '../modules/account';
import { readProductForPriceDropAlert } from '../modules/products';

export async function alertPriceDrop(
  db: Database,
  /** AUTH_SECRET, which signs the mails' unsubscribe links. */
  secret: string,
  job: { productId: string },
  now: Date,
): Promise<{ mailed: number; later: number }> {
  const product = await readProductForPriceDropAlert(db, job.productId);
  // Gone or unpublished since: nobody is sent to a page that is not there.
  if (!product) return { mailed: 0, later: 0 };
  return alertWishersOfPriceDrop(db, secret, product, now);
}
