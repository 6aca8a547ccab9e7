/**
 * Header search (spec §2 Header search, §5 Search): the published catalogue ranked by the score
 * of core/search.ts.
 */
import { findCategoryByValue } from '../../../core/categories';
import { rankProducts, relevanceBars, SEARCH_RESULT_LIMIT } from '../../../core/search';
import type { Database } from '../../db/client';
import { listPublishedProducts, type ProductImage } from '../catalog';

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
 * Ranks in memory over the published list: an artisan shop's catalogue is small, and the
 * substring rules of spec §5 would not use an index anyway.
 */
export async function searchProducts(
  db: Database,
  query: string,
  options: { limit?: number } = {},
): Promise<SearchSuggestion[]> {
  if (query.trim() === '') return [];
  const products = await listPublishedProducts(db);
  const searchable = products.map((product) => ({
    ...product,
    categorySlug: findCategoryByValue(product.category)?.slug ?? product.category,
    description: product.description ?? '',
  }));
  return rankProducts(searchable, query, options.limit ?? SEARCH_RESULT_LIMIT).map(
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
