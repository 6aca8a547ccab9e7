/** Header search scoring (spec §5, §9). Pure, so the server and tests share one definition. */

export interface SearchableProduct {
  id: string;
  name: string;
  categorySlug: string;
  description: string;
  material: string;
  region: string | null;
}

export interface ScoredProduct<P extends SearchableProduct> {
  product: P;
  score: number;
}

// spec §9: search weights and limit
export const SEARCH_WEIGHTS = {
  name: 10,
  categorySlug: 8,
  description: 6,
  material: 5,
  region: 4,
  wordInName: 2,
  wordInDescription: 1,
} as const;
export const SEARCH_RESULT_LIMIT = 6;

export function scoreProduct(product: SearchableProduct, query: string): number {
  const needle = query.trim().toLowerCase();
  if (needle === '') return 0;
  const name = product.name.toLowerCase();
  const description = product.description.toLowerCase();
  let score = 0;
  if (name.includes(needle)) score += SEARCH_WEIGHTS.name;
  if (product.categorySlug.toLowerCase().includes(needle)) score += SEARCH_WEIGHTS.categorySlug;
  if (description.includes(needle)) score += SEARCH_WEIGHTS.description;
  if (product.material.toLowerCase().includes(needle)) score += SEARCH_WEIGHTS.material;
  if ((product.region ?? '').toLowerCase().includes(needle)) score += SEARCH_WEIGHTS.region;
  for (const word of needle.split(' ').filter(Boolean)) {
    if (name.includes(word)) score += SEARCH_WEIGHTS.wordInName;
    if (description.includes(word)) score += SEARCH_WEIGHTS.wordInDescription;
  }
  return score;
}

/**
 * Every product scoring above 0, best first (ties keep catalogue order). `limit` defaults to the
 * header's 6; the full results page passes Infinity.
 */
export function rankProducts<P extends SearchableProduct>(
  products: readonly P[],
  query: string,
  limit: number = SEARCH_RESULT_LIMIT,
): ScoredProduct<P>[] {
  if (query.trim() === '') return [];
  return products
    .map((product) => ({ product, score: scoreProduct(product, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** spec §2: relevance bars, min(5, ceil(score / 2)). */
export function relevanceBars(score: number): number {
  return Math.min(5, Math.ceil(score / 2));
}
