/**
 * Header search (spec §2 Header search, §5 Search): the published catalogue ranked by the score
 * of core/search/search.ts.
 */
import { findCategoryByValue } from '../../../core/catalog/categories';
import { rankIndexed, relevanceBars, SEARCH_RESULT_LIMIT } from '../../../core/search/search';
import type { SearchOutcome } from '../../../core/search/search-tolerant';
import type { Database } from '../../db/client';
import { loadSearchIndex, tolerantSearch, type ProductImage } from './index';

export interface SearchSuggestion {
  id: string;
  name: string;
  categoryName: string;
  image: ProductImage | null;
  score: number;
  /** spec §2: relevance bars, min(5, ceil(score / 2)) */
  relevance: number;
}

/**
 * Ranks in memory: the substring rules of spec §5 would not use a database index. The catalogue's
 * token index is memoised per process and dropped on every catalogue write
 * (catalog/catalogue-cache.ts), so a query scores only the products that can match.
 */
export async function searchProducts(
  db: Database,
  query: string,
  options: { limit?: number } = {},
): Promise<SearchSuggestion[]> {
  if (query.trim() === '') return [];
  const index = await loadSearchIndex(db);
  return rankIndexed(index, query, options.limit ?? SEARCH_RESULT_LIMIT).map(
    ({ product, score }) => ({
      id: product.id,
      name: product.name,
      categoryName: findCategoryByValue(product.category)?.name ?? product.category,
      image: product.primaryImage,
      score,
      relevance: relevanceBars(score),
    }),
  );
}

export interface SearchAnswer {
  results: SearchSuggestion[];
  /** docs/requirements.md §20: "Showing results for {what was matched}", when the tolerant search answered. */
  showingResultsFor: string | null;
  outcome: SearchOutcome;
}

/**
 * The header's suggestions (docs/requirements.md §20): spec §5's, unchanged, whenever they find something;
 * otherwise the tolerant search's best 6, and what it matched.
 */
export async function searchSuggestions(
  db: Database,
  query: string,
  synonyms: readonly (readonly string[])[],
): Promise<SearchAnswer> {
  const exact = await searchProducts(db, query);
  if (exact.length > 0) return { results: exact, showingResultsFor: null, outcome: 'exact' };
  const tolerant = await tolerantSearch(db, query, synonyms, SEARCH_RESULT_LIMIT);
  if (tolerant.matches.length === 0) {
    return { results: [], showingResultsFor: null, outcome: 'none' };
  }
  return {
    results: tolerant.matches.map(({ entry, score }) => ({
      id: entry.id,
      name: entry.name,
      categoryName: findCategoryByValue(entry.category)?.name ?? entry.category,
      image: entry.primaryImage,
      score,
      relevance: relevanceBars(score),
    })),
    showingResultsFor: tolerant.showingResultsFor,
    outcome: 'tolerant',
  };
}
