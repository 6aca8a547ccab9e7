/**
 * The published catalogue as the searches rank it (spec §5 Search, docs/requirements.md §20): the
 * search entries, spec §5's search index and the tolerant index over the same entries, both
 * memoised per catalogue version (catalogue-cache.ts), and `tolerantSearch`, which answers typos,
 * plurals, spaces and the owner's synonym groups with pg_trgm's shortlist (search-terms.ts). The
 * header search (search.ts) and the shop listing's `q` (index.ts) read the catalogue through it.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { findCategoryByValue } from '../../../core/catalog/categories';
import type { ListedProduct } from '../../../core/catalog/shop-listing';
import { buildSearchIndex, type SearchIndex } from '../../../core/search/search';
import {
  buildTolerantIndex,
  normaliseSearchText,
  rankTolerant,
  typoLookupWords,
  type TolerantAnswer,
  type TolerantIndex,
} from '../../../core/search/search-tolerant';
import type { Database } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import { memoisedCatalogueRead } from '../../db/catalogue-cache';
import { findTermCandidates, refreshSearchTerms } from './search-terms';

export interface ProductImage {
  url: string;
  alt: string;
}

/** What the search and a searched shop listing rank: every published product, without its texts' case. */
export interface SearchEntry extends ListedProduct {
  category: string;
  subcategory: string | null;
  /** Lower-cased once per catalogue version, not once per query (core/search/search.ts). */
  normalised: {
    name: string;
    categorySlug: string;
    description: string;
    material: string;
    region: string;
  };
  primaryImage: ProductImage | null;
}

/** The published catalogue in catalogue order, ready to rank. */
async function readSearchEntries(db: Database): Promise<SearchEntry[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      subcategory: products.subcategory,
      description: products.description,
      material: products.material,
      region: products.region,
      priceMinor: products.priceMinor,
      featured: products.featured,
      bestseller: products.bestseller,
      newArrival: products.newArrival,
      reviewCount: products.reviewCount,
      createdAt: products.createdAt,
      primaryUrl: sql<string | null>`primary_media.media_url`,
      primaryAlt: sql<string | null>`primary_media.alt_text`,
    })
    .from(products)
    .leftJoin(
      sql`lateral (
          select ${productMedia.mediaUrl}, ${productMedia.altText} from ${productMedia}
          where ${productMedia.productId} = ${products.id} and ${productMedia.mediaType} = 'image'
          order by ${productMedia.isPrimary} desc, ${productMedia.sortOrder} asc
          limit 1
        ) as primary_media`,
      sql`true`,
    )
    .where(eq(products.published, true))
    .orderBy(desc(products.createdAt), asc(products.name));
  return rows.map(({ primaryUrl, primaryAlt, ...row }) => {
    const categorySlug = findCategoryByValue(row.category)?.slug ?? row.category;
    return {
      ...row,
      categorySlug,
      normalised: {
        name: row.name.toLowerCase(),
        categorySlug: categorySlug.toLowerCase(),
        description: row.description.toLowerCase(),
        material: row.material.toLowerCase(),
        region: (row.region ?? '').toLowerCase(),
      },
      primaryImage: primaryUrl ? { url: primaryUrl, alt: primaryAlt ?? row.name } : null,
    };
  });
}

/**
 * The published catalogue with its search index (core/search/search.ts), so a query scores only the
 * entries that can match. Memoised per catalogue version while the process watches catalogue
 * changes (catalogue-cache.ts), so a search reads no table. Entries and index are one value: a
 * rebuild must not pair a fresh index with stale entries. A review write (review_count) also
 * rebuilds it: /shop?q= sorts by popularity and rating on reviewCount; the rebuild no longer
 * stalls searches, as the previous version answers meanwhile.
 */
export function loadSearchIndex(db: Database): Promise<SearchIndex<SearchEntry>> {
  return memoisedCatalogueRead(db, 'search-index', async () =>
    buildSearchIndex(await readSearchEntries(db), (entry) => entry.normalised),
  );
}

/**
 * docs/requirements.md §20: the catalogue's words by their singular (core/search/search-tolerant.ts), over the same
 * entries as the search index and memoised the same way.
 */
function loadTolerantIndex(db: Database): Promise<TolerantIndex<SearchEntry>> {
  return memoisedCatalogueRead(db, 'tolerant-index', async () =>
    buildTolerantIndex((await loadSearchIndex(db)).entries, (entry) => ({
      name: entry.name,
      subcategory: entry.subcategory,
      categoryName: findCategoryByValue(entry.category)?.name ?? entry.category,
      material: entry.material,
      region: entry.region,
    })),
  );
}

/**
 * docs/requirements.md §20: pg_trgm's shortlist of catalogue words near each typo-able word of the query. The
 * vocabulary (a materialized view) is refreshed once per catalogue version, on the first search
 * that needs it.
 */
async function typoCandidates(
  db: Database,
  normalisedQuery: string,
): Promise<Map<string, string[]>> {
  const words = typoLookupWords(normalisedQuery);
  if (words.length === 0) return new Map();
  await memoisedCatalogueRead(db, 'search-terms', () => refreshSearchTerms(db));
  return findTermCandidates(db, words);
}

/**
 * docs/requirements.md §20: the search that answers when spec §5's scoring finds nothing: typos, plurals, spaces
 * and the owner's synonym groups. At most `limit` matches, best first.
 */
export async function tolerantSearch(
  db: Database,
  query: string,
  synonyms: readonly (readonly string[])[],
  limit = Infinity,
): Promise<TolerantAnswer<SearchEntry>> {
  const normalised = normaliseSearchText(query);
  if (normalised === '') return { matches: [], showingResultsFor: null };
  const candidates = await typoCandidates(db, normalised);
  return rankTolerant(await loadTolerantIndex(db), normalised, synonyms, candidates, limit);
}
