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

/**
 * How many of the query's naming words (those no piece's material holds: "diya", not "brass")
 * the name holds. docs/requirements.md §5 (search), decision 024: a piece whose name holds one
 * ranks above pieces found only by a material word ("brass diya" puts the diya before every brass
 * piece, and before "Sheesham Brass Coasters"), whatever their score; the score still orders
 * pieces within each rank.
 */
export function namingWordsInName(name: string, namingWords: readonly string[]): number {
  let count = 0;
  for (const word of namingWords) if (name.includes(word)) count += 1;
  return count;
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
  const namingWords = needle.words.filter(
    (word) => !products.some((product) => fieldsOf(product).material.includes(word)),
  );
  const scored: (ScoredProduct<P> & { naming: number })[] = [];
  for (const product of products) {
    const fields = fieldsOf(product);
    const score = scoreNormalised(fields, needle);
    if (score > 0) {
      scored.push({ product, score, naming: namingWordsInName(fields.name, namingWords) });
    }
  }
  // Array.prototype.sort is stable: ties keep catalogue order.
  return scored
    .sort((a, b) => b.naming - a.naming || b.score - a.score)
    .slice(0, limit)
    .map(({ product, score }) => ({ product, score }));
}

/** spec §2: relevance bars, min(5, ceil(score / 2)). */
export function relevanceBars(score: number): number {
  return Math.min(5, Math.ceil(score / 2));
}

/**
 * An index over a catalogue's lower-cased texts, built once per catalogue version, from which a
 * query's scores are summed without reading the texts: for each field, the distinct tokens (name
 * and description split on ' ' as the query is; the whole value for the category slug, material
 * and region) with the positions of the entries holding each. Ranking with it gives exactly
 * rankNormalised over the whole catalogue (search.test.ts checks it on random catalogues).
 */
export interface SearchIndex<P> {
  entries: readonly P[];
  fieldsOf: (product: P) => NormalisedSearchFields;
  name: TokenTable;
  description: TokenTable;
  categorySlug: TokenTable;
  material: TokenTable;
  region: TokenTable;
}

/**
 * Distinct tokens joined by '\n' into one text, so that finding the tokens that contain a word is
 * a few native substring searches rather than a test of every token.
 */
interface TokenTable {
  joined: string;
  /** Where each token starts in `joined`, ascending. */
  starts: Uint32Array;
  tokens: string[];
  postings: Uint32Array[];
}

const TOKEN_SEPARATOR = '\n';

function tokenTable(positions: Map<string, number[]>): TokenTable {
  const tokens = [...positions.keys()];
  const starts = new Uint32Array(tokens.length);
  let offset = 0;
  tokens.forEach((token, at) => {
    starts[at] = offset;
    offset += token.length + TOKEN_SEPARATOR.length;
  });
  return {
    joined: tokens.join(TOKEN_SEPARATOR),
    starts,
    tokens,
    postings: [...positions.values()].map((list) => Uint32Array.from(list)),
  };
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
  const fields = ['name', 'description', 'categorySlug', 'material', 'region'] as const;
  const positions = Object.fromEntries(
    fields.map((field) => [field, new Map<string, number[]>()]),
  ) as Record<(typeof fields)[number], Map<string, number[]>>;
  entries.forEach((entry, position) => {
    const texts = fieldsOf(entry);
    // A query word holds no ' ', so it is inside a name or description if and only if it is
    // inside one of its ' '-separated tokens.
    for (const token of texts.name.split(' ')) addPosting(positions.name, token, position);
    for (const token of texts.description.split(' ')) {
      addPosting(positions.description, token, position);
    }
    addPosting(positions.categorySlug, texts.categorySlug, position);
    addPosting(positions.material, texts.material, position);
    addPosting(positions.region, texts.region, position);
  });
  return {
    entries,
    fieldsOf,
    name: tokenTable(positions.name),
    description: tokenTable(positions.description),
    categorySlug: tokenTable(positions.categorySlug),
    material: tokenTable(positions.material),
    region: tokenTable(positions.region),
  };
}

/** The postings of every token of `table` that contains `needle`. */
function postingsContaining(table: TokenTable, needle: string): Uint32Array[] {
  const found: Uint32Array[] = [];
  if (needle.includes(TOKEN_SEPARATOR)) {
    // The joined text could match across two tokens: test them one by one (a rare query).
    table.tokens.forEach((token, at) => {
      if (token.includes(needle)) found.push(table.postings[at]!);
    });
    return found;
  }
  let from = 0;
  for (;;) {
    const match = table.joined.indexOf(needle, from);
    if (match === -1) return found;
    // The token holding the match: the last one starting at or before it.
    let low = 0;
    let high = table.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (table.starts[middle]! <= match) low = middle;
      else high = middle - 1;
    }
    found.push(table.postings[low]!);
    // On to the next token: one match per token is enough.
    from = table.starts[low]! + table.tokens[low]!.length + TOKEN_SEPARATOR.length;
  }
}

/**
 * Every entry scoring above 0 for `query`, with its score, in catalogue order. The same sums as
 * scoreNormalised; only a multi-word phrase found word by word in a name or description is
 * checked against the text itself.
 */
function scoreIndexed<P>(index: SearchIndex<P>, query: string): RankedPosition[] {
  const needle = searchNeedle(query);
  const { phrase, words } = needle;
  if (phrase === '') return [];
  const size = index.entries.length;
  const scores = new Uint32Array(size);
  const wordsInName = new Uint32Array(size);
  const wordsInDescription = new Uint32Array(size);
  const touched: number[] = [];
  const touch = (position: number, points: number) => {
    if (scores[position] === 0) touched.push(position);
    scores[position] = scores[position]! + points;
  };
  // namingWordsInName, counted from the name's postings as the words are: no text is read.
  const naming = new Uint32Array(size);
  const isNaming = words.map((word) => postingsContaining(index.material, word).length === 0);
  const texts = [
    { table: index.name, wordsFound: wordsInName, weight: SEARCH_WEIGHTS.wordInName, naming },
    {
      table: index.description,
      wordsFound: wordsInDescription,
      weight: SEARCH_WEIGHTS.wordInDescription,
      naming: null,
    },
  ];
  for (const { table, wordsFound, weight, naming: namingFound } of texts) {
    // The query word (by its place, 1-based) that last counted an entry, so that a word found in
    // two tokens of one text counts once, as in scoreNormalised; a repeated word counts again.
    const countedBy = new Uint32Array(size);
    words.forEach((word, at) => {
      const stamp = at + 1;
      const counts = namingFound && isNaming[at] ? namingFound : null;
      for (const postings of postingsContaining(table, word)) {
        for (const position of postings) {
          if (countedBy[position] === stamp) continue;
          countedBy[position] = stamp;
          wordsFound[position] = wordsFound[position]! + 1;
          if (counts) counts[position] = counts[position]! + 1;
          touch(position, weight);
        }
      }
    });
  }
  const facets = [
    [index.categorySlug, SEARCH_WEIGHTS.categorySlug],
    [index.material, SEARCH_WEIGHTS.material],
    [index.region, SEARCH_WEIGHTS.region],
  ] as const;
  for (const [table, weight] of facets) {
    for (const postings of postingsContaining(table, phrase)) {
      for (const position of postings) touch(position, weight);
    }
  }
  const oneWord = words.length === 1;
  const scored = touched.map((position) => {
    let score = scores[position]!;
    const fields = oneWord ? null : index.fieldsOf(index.entries[position]!);
    if (wordsInName[position] === words.length && (oneWord || fields!.name.includes(phrase))) {
      score += SEARCH_WEIGHTS.name;
    }
    if (
      wordsInDescription[position] === words.length &&
      (oneWord || fields!.description.includes(phrase))
    ) {
      score += SEARCH_WEIGHTS.description;
    }
    return { position, score, naming: naming[position]! };
  });
  return scored;
}

interface RankedPosition {
  position: number;
  score: number;
  /** namingWordsInName: ranks before the score. */
  naming: number;
}

/** rankNormalised over the whole indexed catalogue, from the index alone. */
export function rankIndexed<P>(
  index: SearchIndex<P>,
  query: string,
  limit: number = SEARCH_RESULT_LIMIT,
): ScoredProduct<P>[] {
  // Best first; ties keep catalogue order, as the stable sort of rankNormalised does.
  const byRank = (a: RankedPosition, b: RankedPosition) =>
    b.naming - a.naming || b.score - a.score || a.position - b.position;
  if (limit <= 0) return [];
  const scored = scoreIndexed(index, query);
  let best: typeof scored;
  if (limit >= scored.length) {
    best = scored.sort(byRank);
  } else {
    // The header asks for 6 of perhaps tens of thousands: keep the best few in one pass.
    best = [];
    for (const entry of scored) {
      if (best.length === limit && byRank(entry, best[limit - 1]!) >= 0) continue;
      let at = best.length;
      while (at > 0 && byRank(entry, best[at - 1]!) < 0) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > limit) best.pop();
    }
  }
  return best.map(({ position, score }) => ({ product: index.entries[position]!, score }));
}
