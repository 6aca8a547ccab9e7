/**
 * The primary image of listed products (spec §3: the media row flagged primary, else the first by
 * sort order), in one query rather than one per product: a read shared by the catalogue, the
 * wishlist and the orders, which show the pieces they list. Written once here, below the modules
 * (docs/design.md §3: modules do not import each other).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { productMedia } from './schema';

export async function primaryImages(
  db: Database,
  productIds: string[],
): Promise<Map<string, { url: string; alt: string | null }>> {
  if (productIds.length === 0) return new Map();
  const primaries = await db
    .selectDistinctOn([productMedia.productId], {
      productId: productMedia.productId,
      url: productMedia.mediaUrl,
      alt: productMedia.altText,
    })
    .from(productMedia)
    .where(and(inArray(productMedia.productId, productIds), eq(productMedia.mediaType, 'image')))
    .orderBy(productMedia.productId, desc(productMedia.isPrimary), asc(productMedia.sortOrder));
  return new Map(primaries.map((media) => [media.productId, media]));
}
