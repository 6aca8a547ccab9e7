/**
 * docs/requirements.md §18 "Request a Quote for All": every piece of the signed-in customer's wishlist goes on
 * their quote list. The account module reads the wishlist (the customer's own only); the
 * quote-lists module adds the pieces not yet listed.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { listWishlist } from '../modules/account';
import { addPiecesToQuoteList } from '../modules/quote-lists';

export async function quoteWholeWishlist(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<{ count: number }> {
  const wished = await listWishlist(db, actor);
  const { count } = await addPiecesToQuoteList(
    db,
    { actor, token: null },
    wished.map((entry) => entry.productId),
    now,
  );
  return { count };
}
