/**
 * Header search (spec §2 Header search, §5 Search): the published catalogue ranked by the score
 * of core/search.ts.
 */
import { findCategoryByValue } from '../../../core/categories';
import { rankIndexed, relevanceBars, SEARCH_RESULT_LIMIT } from '../../../core/search';
import type { Database } from '../../db/client';
import { loadSearchIndex, type ProductImage } from './index';

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
