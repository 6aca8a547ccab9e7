/**
 * The customer's wishlist (spec §2 Customer dashboard Wishlist, §3 Wishlist item, §7 Dashboard
 * calls; docs/requirements.md §11 `/me/wishlist`): the list with each piece's price change since
 * it was added, the product page's toggle, and the API's add and remove. Every function takes the
 * acting user and touches only that user's items: an item of someone else is "not found".
 */
import { and, desc, eq } from 'drizzle-orm';
import { wishlistPriceChange } from '../../../core/identity/account';
import { rowKey } from '../../../core/forms/form-text';
import type { Database } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import type { Actor } from '../actor';
import { primaryImages } from '../../db/product-images';
import { DomainError } from '../errors';
import { requireRowId, requireUser } from '../kernel';

const WISHLIST_ITEM_NOT_FOUND = 'Wishlist item not found';

export interface WishlistEntry {
  id: string;
  productId: string;
  name: string;
  image: string | null;
  priceMinor: number;
  priceWhenAddedMinor: number;
  priceChange: 'drop' | 'up' | null;
  addedAt: Date;
}

// spec §7: wishlist_items by added_at, newest first; spec §2: items whose product is gone are hidden
export async function listWishlist(db: Database, actor: Actor): Promise<WishlistEntry[]> {
  const userId = requireUser(actor);
  const rows = await db
    .select({
      id: wishlistItems.id,
      productId: wishlistItems.productId,
      name: products.name,
      priceMinor: products.priceMinor,
      priceWhenAddedMinor: wishlistItems.priceWhenAddedMinor,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(
      products,
      and(eq(products.id, wishlistItems.productId), eq(products.published, true)),
    )
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt));
  const images = await primaryImages(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => ({
    ...row,
    image: images.get(row.productId)?.url ?? null,
    priceChange: wishlistPriceChange(row.priceMinor, row.priceWhenAddedMinor),
  }));
}

export async function isInWishlist(
  db: Database,
  actor: Actor,
  productId: string,
): Promise<boolean> {
  if (!actor) return false;
  const [row] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, actor.userId), eq(wishlistItems.productId, productId)));
  return Boolean(row);
}

/**
 * spec §2: the product page's wishlist button adds the product at today's price, or takes it out
 * again. Answers whether the product is now on the wishlist.
 */
export async function toggleWishlist(
  db: Database,
  actor: Actor,
  input: { productId: string },
): Promise<{ inWishlist: boolean }> {
  const userId = requireUser(actor);
  // docs/requirements.md §14: a product key with NUL (PostgreSQL refuses it) or too long names no row.
  requireRowId(input.productId, 'Product', rowKey);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, input.productId)))
      .returning({ id: wishlistItems.id });
    if (removed.length > 0) return { inWishlist: false };
    await saveToWishlist(tx, userId, input.productId);
    return { inWishlist: true };
  });
}

/**
 * A published product onto the customer's wishlist at today's price. Already saved, it keeps the
 * price it was added at (spec §2's "Price Drop!" compares to it).
 */
async function saveToWishlist(db: Database, userId: string, productId: string): Promise<void> {
  const [product] = await db
    .select({ priceMinor: products.priceMinor })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new DomainError('not_found', 'Product not found');
  await db
    .insert(wishlistItems)
    .values({ userId, productId, priceWhenAddedMinor: product.priceMinor })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] });
}

/** docs/requirements.md §11: `PUT /me/wishlist/{productId}`: on the wishlist afterwards, however often it is sent. */
export async function addToWishlist(
  db: Database,
  actor: Actor,
  input: { productId: string },
): Promise<{ inWishlist: true }> {
  const userId = requireUser(actor);
  requireRowId(input.productId, 'Product', rowKey);
  await saveToWishlist(db, userId, input.productId);
  return { inWishlist: true };
}

/** docs/requirements.md §11: `DELETE /me/wishlist/{productId}`: the customer's own item of that product. */
export async function removeProductFromWishlist(
  db: Database,
  actor: Actor,
  input: { productId: string },
): Promise<void> {
  const userId = requireUser(actor);
  requireRowId(input.productId, 'Wishlist item', rowKey);
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, input.productId)))
    .returning({ id: wishlistItems.id });
  if (deleted.length === 0) throw new DomainError('not_found', WISHLIST_ITEM_NOT_FOUND);
}

// spec §7: delete wishlist item by id
export async function removeWishlistItem(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const userId = requireUser(actor);
  const id = requireRowId(input.id, 'Wishlist item');
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (deleted.length === 0) throw new DomainError('not_found', WISHLIST_ITEM_NOT_FOUND);
}
