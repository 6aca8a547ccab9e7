/** Header search scoring (spec §5, §9). Pure, so the server and tests share one definition. */

export interface SearchableProduct {
  id: string;
  name: string;
  categorySlug: string;
  description: string;
  material: string;
  region: string | null;
}

export interface ScoredProduct<P> {
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

/** A product's searchable texts, lower-cased (a cache computes this once per catalogue version). */
export interface NormalisedSearchFields {
  name: string;
  categorySlug: string;
  description: string;
  material: string;
  region: string;
}

export function normaliseSearchFields(product: SearchableProduct): NormalisedSearchFields {
  return {
    name: product.name.toLowerCase(),
    categorySlug: product.categorySlug.toLowerCase(),
    description: product.description.toLowerCase(),
    material: product.material.toLowerCase(),
    region: (product.region ?? '').toLowerCase(),
  };
}

/** A query prepared once for scoring many products. */
export interface SearchNeedle {
  phrase: string;
  words: string[];
}

export function searchNeedle(query: string): SearchNeedle {
  const phrase = query.trim().toLowerCase();
  return { phrase, words: phrase.split(' ').filter(Boolean) };
}

export function scoreNormalised(fields: NormalisedSearchFields, needle: SearchNeedle): number {
  const { phrase, words } = needle;
  if (phrase === '') return 0;
  let score = 0;
  let everyWordInName = true;
  let everyWordInDescription = true;
  for (const word of words) {
    if (fields.name.includes(word)) score += SEARCH_WEIGHTS.wordInName;
    else everyWordInName = false;
    if (fields.description.includes(word)) score += SEARCH_WEIGHTS.wordInDescription;
    else everyWordInDescription = false;
  }
  // The phrase contains each of its words, so it can only be where all of them are; a one-word
  // phrase is its word. This spares the long texts a second scan per query.
  const oneWord = words.length === 1;
  if (everyWordInName && (oneWord || fields.name.includes(phrase))) score += SEARCH_WEIGHTS.name;
  if (everyWordInDescription && (oneWord || fields.description.includes(phrase))) {
    score += SEARCH_WEIGHTS.description;
  }
  if (fields.categorySlug.includes(phrase)) score += SEARCH_WEIGHTS.categorySlug;
  if (fields.material.includes(phrase)) score += SEARCH_WEIGHTS.material;
  if (fields.region.includes(phrase)) score += SEARCH_WEIGHTS.region;
  return score;
}

export function scoreProduct(product: SearchableProduct, query: string): number {
  return scoreNormalised(normaliseSearchFields(product), searchNeedle(query));
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
  return rankNormalised(
    products,
    // A cached catalogue entry brings its lower-cased texts (server/modules/catalog).
    (product) =>
      (product as { normalised?: NormalisedSearchFields }).normalised ??
      normaliseSearchFields(product),
    query,
    limit,
  );
}

/** rankProducts over texts already lower-cased: the cost of a search is then the substring tests. */
export function rankNormalised<P>(
  products: readonly P[],
  fieldsOf: (product: P) => NormalisedSearchFields,
  query: string,
  limit: number = SEARCH_RESULT_LIMIT,
): ScoredProduct<P>[] {
  const needle = searchNeedle(query);
  if (needle.phrase === '') return [];
  const scored: ScoredProduct<P>[] = [];
  for (const product of products) {
    const score = scoreNormalised(fieldsOf(product), needle);
    if (score > 0) scored.push({ product, score });
  }
  // Array.prototype.sort is stable: ties keep catalogue order.
  return scored.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** spec §2: relevance bars, min(5, ceil(score / 2)). */
export function relevanceBars(score: number): number {
  return Math.min(5, Math.ceil(score / 2));
}

/**
 * An index over a catalogue's lower-cased texts, built once per catalogue version, that narrows a
 * query to the entries that can score above 0. Ranking those candidates with scoreNormalised gives
 * exactly rankNormalised over the whole catalogue (search.test.ts checks it on random catalogues).
 */
export interface SearchIndex<P> {
  entries: readonly P[];
  fieldsOf: (product: P) => NormalisedSearchFields;
  /** Distinct ' '-separated tokens of every name and description, with the positions holding them. */
  textTokens: string[];
  textPostings: Uint32Array[];
  /** Distinct category slugs, materials and regions, with the positions holding them. */
  facetValues: string[];
  facetPostings: Uint32Array[];
}

function postingsOf(positions: Map<string, number[]>): [string[], Uint32Array[]] {
  return [[...positions.keys()], [...positions.values()].map((list) => Uint32Array.from(list))];
}

function addPosting(positions: Map<string, number[]>, key: string, position: number): void {
  const list = positions.get(key);
  if (!list) positions.set(key, [position]);
  // Positions arrive in order, so a repeat of the same entry is always the last one.
  else if (list[list.length - 1] !== position) list.push(position);
}

export function buildSearchIndex<P>(
  entries: readonly P[],
  fieldsOf: (product: P) => NormalisedSearchFields,
): SearchIndex<P> {
  const textPositions = new Map<string, number[]>();
  const facetPositions = new Map<string, number[]>();
  entries.forEach((entry, position) => {
    const fields = fieldsOf(entry);
    // Split on ' ' exactly as searchNeedle splits the query: a query word holds no ' ', so it is
    // inside a text if and only if it is inside one of these tokens.
    for (const token of fields.name.split(' ')) addPosting(textPositions, token, position);
    for (const token of fields.description.split(' ')) addPosting(textPositions, token, position);
    addPosting(facetPositions, fields.categorySlug, position);
    addPosting(facetPositions, fields.material, position);
    addPosting(facetPositions, fields.region, position);
  });
  const [textTokens, textPostings] = postingsOf(textPositions);
  const [facetValues, facetPostings] = postingsOf(facetPositions);
  return { entries, fieldsOf, textTokens, textPostings, facetValues, facetPostings };
}

/**
 * The entries that can score above 0 for `query`, in catalogue order: a word of the query in a name
 * or description token, or the phrase in a category slug, material or region (scoreNormalised
 * awards nothing else).
 */
export function searchCandidates<P>(index: SearchIndex<P>, query: string): P[] {
  const { phrase, words } = searchNeedle(query);
  if (phrase === '') return [];
  const isCandidate = new Uint8Array(index.entries.length);
  const mark = (positions: Uint32Array) => {
    for (const position of positions) isCandidate[position] = 1;
  };
  index.textTokens.forEach((token, at) => {
    if (words.some((word) => token.includes(word))) mark(index.textPostings[at]!);
  });
  index.facetValues.forEach((value, at) => {
    if (value.includes(phrase)) mark(index.facetPostings[at]!);
  });
  const candidates: P[] = [];
  for (let position = 0; position < isCandidate.length; position += 1) {
    if (isCandidate[position]) candidates.push(index.entries[position]!);
  }
  return candidates;
}

/** rankNormalised over the whole indexed catalogue, scoring only the candidates. */
export function rankIndexed<P>(
  index: SearchIndex<P>,
  query: string,
  limit: number = SEARCH_RESULT_LIMIT,
): ScoredProduct<P>[] {
  return rankNormalised(searchCandidates(index, query), index.fieldsOf, query, limit);
}
