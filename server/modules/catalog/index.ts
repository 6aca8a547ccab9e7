/**
 * Public catalogue reads (spec §7 "Catalogue"). Only published products reach the storefront.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  BEST_SELLER_FEATURED_FILLERS,
  BEST_SELLERS_LIMIT,
  selectBestSellers,
} from '../../../core/catalog/best-sellers';
import type { CategoryValue } from '../../../core/catalog/categories';
import {
  applyShopQuery,
  distinctMaterials,
  SHOP_PAGE_SIZE,
  type ShopQuery,
  type SortOption,
} from '../../../core/catalog/shop-listing';
import { rankIndexed } from '../../../core/search/search';
import type { SearchOutcome } from '../../../core/search/search-tolerant';
import type { Database } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import { memoisedCatalogueRead } from '../../db/catalogue-cache';
import { primaryImages } from '../../db/product-images';
import { loadSearchIndex, tolerantSearch, type ProductImage } from './search-index';

export { primaryImages } from '../../db/product-images';
export {
  CATALOGUE_CHANNEL,
  catalogueWriter,
  invalidateCatalogue,
  watchCatalogue,
  type CatalogueWatch,
} from '../../db/catalogue-cache';
// spec §5, docs/requirements.md §20: the search entries and their indexes
export {
  loadSearchIndex,
  tolerantSearch,
  type ProductImage,
  type SearchEntry,
} from './search-index';

export type ProductRow = typeof products.$inferSelect;

export interface CatalogProduct extends ProductRow {
  /** spec §3: the media row flagged primary, else the first by sort order. */
  primaryImage: ProductImage | null;
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

/**
 * spec §2 / §9: the home page's best sellers. Only the rows the rule can pick are read (the first
 * new arrivals and featured fillers in catalogue order), so the home page costs the same at 30
 * products as at 100,000; core/catalog/best-sellers.ts still decides which of them show.
 */
export function listBestSellers(db: Database): Promise<CatalogProduct[]> {
  return memoisedCatalogueRead(db, 'best-sellers', () => readBestSellers(db));
}

async function readBestSellers(db: Database): Promise<CatalogProduct[]> {
  const inCatalogueOrder = [desc(products.createdAt), asc(products.name)];
  const [newArrivals, featured] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.published, true), eq(products.newArrival, true)))
      .orderBy(...inCatalogueOrder)
      .limit(BEST_SELLERS_LIMIT),
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.published, true),
          eq(products.featured, true),
          eq(products.newArrival, false),
        ),
      )
      .orderBy(...inCatalogueOrder)
      .limit(BEST_SELLER_FEATURED_FILLERS),
  ]);
  return withListingDetails(db, selectBestSellers([...newArrivals, ...featured]));
}

/** The workshops' home towns with how many published pieces come from each (Meet Our Artisans). */
export function listRegionCounts(
  db: Database,
): Promise<readonly { region: string; pieces: number }[]> {
  return memoisedCatalogueRead(db, 'regions', () =>
    db
      .select({ region: sql<string>`${products.region}`, pieces: count() })
      .from(products)
      .where(and(eq(products.published, true), sql`${products.region} <> ''`))
      .groupBy(products.region),
  );
}

/** What the sitemap names of each published product, without the listing's images. */
export async function listSitemapProducts(
  db: Database,
): Promise<Pick<ProductRow, 'id' | 'category' | 'updatedAt'>[]> {
  return db
    .select({ id: products.id, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(desc(products.createdAt), asc(products.name));
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
  const media = await db
    .select()
    .from(productMedia)
    .where(and(eq(productMedia.productId, id), eq(productMedia.mediaType, 'image')))
    .orderBy(desc(productMedia.isPrimary), asc(productMedia.sortOrder));
  const images = media.map((item) => ({ url: item.mediaUrl, alt: item.altText ?? row.name }));
  return { product: { ...row, primaryImage: images[0] ?? null }, images };
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
    // The shop's featured order, which its indexes serve (schema.ts); by name alone, every
    // product of the category was sorted to find four.
    .orderBy(...SORT_ORDER.featured)
    .limit(limit);
  return withListingDetails(db, rows);
}

async function withListingDetails(db: Database, rows: ProductRow[]): Promise<CatalogProduct[]> {
  if (rows.length === 0) return [];
  const images = await primaryImages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const media = images.get(row.id);
    return { ...row, primaryImage: media ? { url: media.url, alt: media.alt ?? row.name } : null };
  });
}

export interface ShopPage {
  products: CatalogProduct[];
  /** Products matching the filters, on every page. */
  total: number;
  hasMore: boolean;
  /** spec §2: the Material filter offers the distinct materials of all products, A to Z. */
  materials: string[];
  /** docs/requirements.md §20: what the tolerant search matched, when it answered alone ("ganesh"). */
  showingResultsFor: string | null;
  /** How a search (`q`) was answered; null without one. */
  searchOutcome: SearchOutcome | null;
}

const nameKey = sql`lower(${products.name}) collate "C"`;

// The SQL twin of core/catalog/shop-listing.ts SORT_COMPARATORS; each order has its index (schema.ts).
const SORT_ORDER: Record<SortOption, SQL[]> = {
  featured: [desc(products.featured), desc(products.bestseller), asc(nameKey), asc(products.id)],
  newest: [desc(products.newArrival), desc(products.createdAt), asc(nameKey), asc(products.id)],
  popularity: [desc(products.reviewCount), asc(nameKey), asc(products.id)],
  rating: [desc(products.reviewCount), asc(nameKey), asc(products.id)],
  'price-low': [asc(products.priceMinor), asc(nameKey), asc(products.id)],
  'price-high': [desc(products.priceMinor), asc(nameKey), asc(products.id)],
  'name-a-z': [asc(nameKey), asc(products.id)],
  'name-z-a': [desc(nameKey), desc(products.id)],
};

/**
 * The shop listing (spec §2 Shop listing): the filters, sort and "Load more" pages of
 * core/catalog/shop-listing.ts, cut in SQL so a page costs the same at 30 or 100,000 products. A search
 * query (`q`) ranks the memoised catalogue instead, as the header search does (spec §5).
 */
export async function listShopPage(
  db: Database,
  input: {
    category?: CategoryValue;
    query: ShopQuery;
    /** docs/requirements.md §20: the owner's synonym groups (core/search/search-synonyms.ts). */
    synonyms?: readonly (readonly string[])[];
  },
): Promise<ShopPage> {
  const { category, query } = input;
  const materials = listMaterials(db);
  if (query.q) {
    // Ranked by the index (spec §5's scores). A product's score does not depend on the others,
    // so the filters may cut the ranked list afterwards without changing its order.
    const exact = rankIndexed(await loadSearchIndex(db), query.q, Infinity).map(
      ({ product }) => product,
    );
    // docs/requirements.md §20: the whole catalogue is ranked: spec §5's matches first, the tolerant ones below.
    const tolerant = await tolerantSearch(db, query.q, input.synonyms ?? []);
    const shown = new Set(exact.map((entry) => entry.id));
    const ranked = [
      ...exact,
      ...tolerant.matches.map(({ entry }) => entry).filter((entry) => !shown.has(entry.id)),
    ].filter((entry) => !category || entry.category === category);
    const searchOutcome: SearchOutcome =
      exact.length > 0 ? 'exact' : tolerant.matches.length > 0 ? 'tolerant' : 'none';
    const listing = applyShopQuery(ranked, query, { ranked: true });
    const rows = await listPublishedProductsByIds(
      db,
      listing.products.map((entry) => entry.id),
    );
    return {
      products: rows,
      total: listing.total,
      hasMore: listing.hasMore,
      materials: await materials,
      showingResultsFor: searchOutcome === 'tolerant' ? tolerant.showingResultsFor : null,
      searchOutcome,
    };
  }

  const { rows, total } = await readFilteredPage(db, {
    category,
    query,
    offset: 0,
    limit: query.page * SHOP_PAGE_SIZE,
  });
  return {
    products: await withListingDetails(db, rows),
    total,
    hasMore: rows.length < total,
    materials: await materials,
    showingResultsFor: null,
    searchOutcome: null,
  };
}

/** The listing's filters (spec §2 Shop listing) as SQL, and the memo key of their count. */
function filteredListing(category: CategoryValue | undefined, query: ListingFilters) {
  const conditions: SQL[] = [eq(products.published, true)];
  if (category) conditions.push(eq(products.category, category));
  if (query.materials.length > 0) conditions.push(inArray(products.material, query.materials));
  if (query.minPrice !== null) conditions.push(gte(products.priceMinor, query.minPrice * 100));
  if (query.maxPrice !== null) conditions.push(lte(products.priceMinor, query.maxPrice * 100));
  const countKey = JSON.stringify([
    'count',
    category ?? null,
    [...query.materials].sort(),
    query.minPrice,
    query.maxPrice,
  ]);
  return { where: and(...conditions), countKey };
}

type ListingFilters = Pick<ShopQuery, 'sort' | 'materials' | 'minPrice' | 'maxPrice' | 'q'>;

async function readFilteredPage(
  db: Database,
  input: { category?: CategoryValue; query: ListingFilters; offset: number; limit: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const { where, countKey } = filteredListing(input.category, input.query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...SORT_ORDER[input.query.sort])
      .offset(input.offset)
      .limit(input.limit),
    memoisedCatalogueRead(db, countKey, async () => {
      const [counted] = await db.select({ value: count() }).from(products).where(where);
      return counted?.value ?? 0;
    }),
  ]);
  return { rows, total };
}

/**
 * docs/requirements.md §11: a window of the shop listing for the API (`/api/v1/products`): the same filters,
 * sorts and search ranking as the shop page, from a position on, with the product's images.
 */
export async function listCatalogueWindow(
  db: Database,
  input: { category?: CategoryValue; query: ListingFilters; offset: number; limit: number },
): Promise<{ products: CatalogProduct[]; total: number }> {
  const { category, query, offset, limit } = input;
  if (query.q) {
    const ranked = rankIndexed(await loadSearchIndex(db), query.q, Infinity)
      .map(({ product }) => product)
      .filter((entry) => !category || entry.category === category);
    const pages = Math.ceil((offset + limit) / SHOP_PAGE_SIZE);
    const listing = applyShopQuery(
      ranked,
      { ...query, page: pages, view: 'grid' },
      { ranked: true },
    );
    const ids = listing.products.slice(offset, offset + limit).map((entry) => entry.id);
    return { products: await listPublishedProductsByIds(db, ids), total: listing.total };
  }
  const { rows, total } = await readFilteredPage(db, input);
  return { products: await withListingDetails(db, rows), total };
}

function listMaterials(db: Database): Promise<string[]> {
  return memoisedCatalogueRead(db, 'materials', async () => {
    const rows = await db
      .selectDistinct({ material: products.material })
      .from(products)
      .where(eq(products.published, true));
    return distinctMaterials(rows);
  });
}
