/**
 * Public catalogue reads (spec §7 "Catalogue"). Only published products reach the storefront.
 */
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { CategoryValue } from '../../../core/categories';
import type { Database } from '../../db/client';
import { productMedia, products, reviews } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export interface ProductImage {
  url: string;
  alt: string;
}

export interface CatalogProduct extends ProductRow {
  /** spec §3: the media row flagged primary, else the first by sort order. */
  primaryImage: ProductImage | null;
  reviewCount: number;
}

// spec §9: related products, at most 4
export const RELATED_PRODUCTS_LIMIT = 4;

export async function listPublishedProducts(
  db: Database,
  input: { category?: CategoryValue } = {},
): Promise<CatalogProduct[]> {
  const conditions: SQL[] = [eq(products.published, true)];
  if (input.category) conditions.push(eq(products.category, input.category));
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), asc(products.name));
  return withListingDetails(db, rows);
}

export async function getPublishedProduct(
  db: Database,
  id: string,
): Promise<{ product: CatalogProduct; images: ProductImage[] } | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.published, true)));
  if (!row) return null;
  const [media, counts] = await Promise.all([
    db
      .select()
      .from(productMedia)
      .where(and(eq(productMedia.productId, id), eq(productMedia.mediaType, 'image')))
      .orderBy(desc(productMedia.isPrimary), asc(productMedia.sortOrder)),
    reviewCounts(db, [id]),
  ]);
  const images = media.map((item) => ({ url: item.mediaUrl, alt: item.altText ?? row.name }));
  return {
    product: { ...row, primaryImage: images[0] ?? null, reviewCount: counts.get(id) ?? 0 },
    images,
  };
}

/** Published products by id, in the order asked for (a story's related pieces, spec §2). */
export async function listPublishedProductsByIds(
  db: Database,
  ids: readonly string[],
): Promise<CatalogProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.published, true), inArray(products.id, [...ids])));
  const listed = await withListingDetails(db, rows);
  return ids.flatMap((id) => listed.filter((product) => product.id === id));
}

/** spec §2 "You May Also Like": other published products of the same category. */
export async function listRelatedProducts(
  db: Database,
  product: { id: string; category: string },
  limit: number = RELATED_PRODUCTS_LIMIT,
): Promise<CatalogProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.published, true),
        eq(products.category, product.category),
        ne(products.id, product.id),
      ),
    )
    .orderBy(desc(products.featured), desc(products.bestseller), asc(products.name))
    .limit(limit);
  return withListingDetails(db, rows);
}

/** Review counts by product, in one grouped query. */
async function reviewCounts(db: Database, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: reviews.productId, value: count() })
    .from(reviews)
    .where(inArray(reviews.productId, productIds))
    .groupBy(reviews.productId);
  return new Map(rows.map((row) => [row.productId, row.value]));
}

async function withListingDetails(db: Database, rows: ProductRow[]): Promise<CatalogProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, counts] = await Promise.all([primaryImages(db, ids), reviewCounts(db, ids)]);
  return rows.map((row) => {
    const media = images.get(row.id);
    return {
      ...row,
      primaryImage: media ? { url: media.url, alt: media.alt ?? row.name } : null,
      reviewCount: counts.get(row.id) ?? 0,
    };
  });
}

/**
 * One query for the primary image of every listed product, not one per product. Also used by the
 * wishlist and the orders, which show the pieces they list.
 */
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
