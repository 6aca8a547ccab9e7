/**
 * The product console's selected product with its media (spec §2 Product console): the product
 * from the products module, its media from the product-media module's, for the admin alone.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { listMediaOfProduct, type ConsoleMedia } from '../modules/product-media';
import { getConsoleProduct, type ConsoleProduct } from '../modules/products';

export async function readConsoleProduct(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ product: ConsoleProduct; media: ConsoleMedia[] } | null> {
  const product = await getConsoleProduct(db, actor, id);
  if (!product) return null;
  return { product, media: await listMediaOfProduct(db, actor, id) };
}
