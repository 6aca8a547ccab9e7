/**
 * docs/requirements.md §20: the search that answers when spec §5's scoring finds nothing. It forgives a typo, a
 * plural, a space typed inside a word or left out of one, and the catalogue's other spellings (the
 * owner's synonym groups). Pure: the server finds the typo candidates with pg_trgm and hands them
 * in; everything else, and every test of it, is here.
 */

export type SearchOutcome = 'exact' | 'tolerant' | 'none';

// docs/requirements.md §20 "Limits": a query is cut to 100 characters; words beyond 8 are ignored.
export const TOLERANT_QUERY_MAX_CHARACTERS = 100;
export const TOLERANT_QUERY_MAX_WORDS = 8;

/**
 * The form in which a query is matched, counted and shown to the owner: lower-case, accents
 * stripped, every run of other characters than a–z and 0–9 one space. NUL, punctuation alone or
 * blanks give '' (spec §5's empty query).
 */
export function normaliseSearchText(raw: string): string {
  return raw
    .slice(0, TOLERANT_QUERY_MAX_CHARACTERS)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, TOLERANT_QUERY_MAX_WORDS)
    .join(' ');
}

/**
 * English plurals to their singular ("lanterns" → "lantern", "boxes" → "box", "trophies" →
 * "trophy"), so that either form finds the other. Words of this catalogue that end in s without
 * being plural ("lotus", "brass", "mantis", "glass") are left alone.
 */
export function singularOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * docs/requirements.md §20 "Typos": one edit for words of 4–7 letters, two for longer words, none below 4 (a
 * short word one edit away from another is usually a different word: "box", "bow").
 */
export function allowedEdits(word: string): number {
  // A number one edit from another is another number: "2024" must not find "2025".
  if (word.length < 4 || /^\d+$/.test(word)) return 0;
  return word.length <= 7 ? 1 : 2;
}

/**
 * Edits between two words, a swap of two neighbouring letters counting as one ("ganseh" is one
 * slip from "ganesh"): the optimal string alignment distance. Stops early, returning `limit + 1`,
 * once the answer must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** A product's texts the tolerant search reads (docs/decisions/024: names, subcategories, categories, materials, regions). */
export interface TolerantFields {
  name: string;
  subcategory: string | null;
  categoryName: string;
  material: string;
  region: string | null;
}

// A word of the name counts most, then the subcategory, then the facets: "brass" finds brass
// lamps before pieces merely made with brass.
const FIELD_WEIGHTS = { name: 3, subcategory: 2, facet: 1 } as const;
// A word as typed (or its singular) outranks another spelling from a synonym group or a one-edit
// slip, which outrank a two-edit one: "figurine" finds the figurines before the idols of its
// group, and "parchinkari" the Parchin Kari bowl before the rest of the inlay.
const QUALITY = { typed: 4, synonym: 2, oneEdit: 2, twoEdits: 1 } as const;
const qualityOfEdits = (edits: number) =>
  edits === 0 ? QUALITY.typed : edits === 1 ? QUALITY.oneEdit : QUALITY.twoEdits;

/** Postings of one key: the entries holding it, ascending, with the best weight in each. */
interface Postings {
  positions: number[];
  weights: number[];
}

/**
 * The catalogue's words by their singular, with the entries holding each: built once per
 * catalogue version (server/modules/catalog). Two neighbouring words of a name or subcategory are
 * also kept joined ("tea light" as "tealight"), so a space typed or left out still matches.
 */
export interface TolerantIndex<P> {
  entries: readonly P[];
  postings: Map<string, Postings>;
  /** How each key was written in the catalogue, for "Showing results for". */
  spelling: Map<string, string>;
  /**
   * Per-entry sums for one ranking, zero between rankings: reused rather than allocated per
   * search (1.7 MB at 100,000 entries, whose collection showed in the p95).
   */
  scratch: { points: Float64Array; conceptsMatched: Uint8Array; conceptBest: Float64Array };
}

function wordsOf(text: string | null): string[] {
  return text ? normaliseSearchText(text).split(' ').filter(Boolean) : [];
}

function addPosting<P>(
  index: TolerantIndex<P>,
  word: string,
  position: number,
  weight: number,
  spelling = word,
) {
  const key = singularOf(word);
  if (!index.spelling.has(key)) index.spelling.set(key, spelling);
  let list = index.postings.get(key);
  if (!list) {
    list = { positions: [], weights: [] };
    index.postings.set(key, list);
  }
  const last = list.positions.length - 1;
  // Entries arrive in order, so a repeat within one entry is the last posting.
  if (list.positions[last] === position) {
    list.weights[last] = Math.max(list.weights[last]!, weight);
  } else {
    list.positions.push(position);
    list.weights.push(weight);
  }
}

export function buildTolerantIndex<P>(
  entries: readonly P[],
  fieldsOf: (entry: P) => TolerantFields,
): TolerantIndex<P> {
  const index: TolerantIndex<P> = {
    entries,
    postings: new Map(),
    spelling: new Map(),
    scratch: {
      points: new Float64Array(entries.length),
      conceptsMatched: new Uint8Array(entries.length),
      conceptBest: new Float64Array(entries.length),
    },
  };
  entries.forEach((entry, position) => {
    const fields = fieldsOf(entry);
    const phrases: [string[], number][] = [
      [wordsOf(fields.name), FIELD_WEIGHTS.name],
      [wordsOf(fields.subcategory), FIELD_WEIGHTS.subcategory],
    ];
    for (const facet of [fields.categoryName, fields.material, fields.region]) {
      phrases.push([wordsOf(facet), FIELD_WEIGHTS.facet]);
    }
    for (const [words, weight] of phrases) {
      words.forEach((word, at) => {
        addPosting(index, word, position, weight);
        const before = words[at - 1];
        if (before) addPosting(index, `${before}${word}`, position, weight, `${before} ${word}`);
      });
    }
  });
  return index;
}

/** What a part of the query may match: an index key, and how close it is to what was typed. */
interface Alternative {
  key: string;
  quality: number;
}

/** A query word, or two neighbouring words read as one, with what it may match. */
interface Concept {
  alternatives: Alternative[];
  /** The query words it reads: one, or two neighbours read as one. */
  from: number;
  to: number;
}

/**
 * The words whose typo candidates the server must look up with pg_trgm: each word of the query
 * and each pair of neighbouring words joined ("tea light" → "tealight"), for typo-able lengths.
 */
export function typoLookupWords(normalisedQuery: string): string[] {
  const words = normalisedQuery.split(' ').filter(Boolean);
  const lookups = new Set<string>();
  words.forEach((word, at) => {
    if (allowedEdits(word) > 0) lookups.add(word);
    const joined = at > 0 ? `${words[at - 1]}${word}` : '';
    if (allowedEdits(joined) > 0) lookups.add(joined);
  });
  return [...lookups];
}

/** A synonym entry as the index keys it: its words joined and singular ("tea lights" → "tealight"). */
function keyOfEntry(entry: string): string {
  return singularOf(entry.replaceAll(' ', ''));
}

/**
 * Everything `typed` may match in the index: its singular, the entries of every synonym group it
 * belongs to (as typed, or within its allowed edits of an entry), and catalogue words within its
 * allowed edits among `candidates` (pg_trgm's shortlist for it).
 */
function alternativesOf<P>(
  index: TolerantIndex<P>,
  typed: string,
  synonyms: readonly (readonly string[])[],
  candidates: readonly string[],
): Alternative[] {
  const found = new Map<string, number>();
  const offer = (key: string, quality: number) => {
    if (quality <= 0 || !index.postings.has(key)) return;
    found.set(key, Math.max(found.get(key) ?? 0, quality));
  };
  const key = singularOf(typed);
  const edits = allowedEdits(typed);
  offer(key, QUALITY.typed);
  for (const group of synonyms) {
    const keys = group.map(keyOfEntry);
    let closest = Infinity;
    for (const entryKey of keys) {
      closest = Math.min(closest, entryKey === key ? 0 : editDistance(key, entryKey, edits));
    }
    if (closest > edits) continue;
    // A group reached through a slip counts as the slip does, one step lower.
    for (const entryKey of keys) offer(entryKey, QUALITY.synonym - closest);
  }
  for (const candidate of candidates) {
    const distance = Math.min(
      editDistance(typed, candidate, edits),
      editDistance(key, singularOf(candidate), edits),
    );
    if (distance <= edits) offer(singularOf(candidate), qualityOfEdits(distance));
  }
  return [...found].map(([match, quality]) => ({ key: match, quality }));
}

export interface TolerantMatch<P> {
  entry: P;
  /** Points in the scale of spec §5's scores, for the relevance bars. */
  score: number;
}

export interface TolerantAnswer<P> {
  matches: TolerantMatch<P>[];
  /** docs/requirements.md §20: "Showing results for {what was matched}"; null when nothing matched. */
  showingResultsFor: string | null;
}

/**
 * The tolerant search over `index`: the query's words (two neighbours read as one where that
 * matches), each matched by its best alternative. Entries matching more of the query come first,
 * then higher points, then catalogue order. `candidates` maps each of typoLookupWords(query) to
 * the catalogue words pg_trgm found near it.
 */
export function rankTolerant<P>(
  index: TolerantIndex<P>,
  normalisedQuery: string,
  synonyms: readonly (readonly string[])[],
  candidates: ReadonlyMap<string, readonly string[]>,
  limit = Infinity,
): TolerantAnswer<P> {
  const words = normalisedQuery.split(' ').filter(Boolean);
  // Each word is a concept, and so is each pair of neighbours the catalogue holds as one word: an
  // entry holding "brass ganesh" as written then matches three concepts, and ranks first.
  const concepts: Concept[] = [];
  words.forEach((word, at) => {
    const alternatives = alternativesOf(index, word, synonyms, candidates.get(word) ?? []);
    if (alternatives.length > 0) concepts.push({ alternatives, from: at, to: at });
    const next = words[at + 1];
    if (next === undefined) return;
    const joined = `${word}${next}`;
    const joinedAlternatives = alternativesOf(
      index,
      joined,
      synonyms,
      candidates.get(joined) ?? [],
    );
    if (joinedAlternatives.length > 0) {
      concepts.push({ alternatives: joinedAlternatives, from: at, to: at + 1 });
    }
  });
  if (concepts.length === 0) return { matches: [], showingResultsFor: null };

  // Ranking is synchronous, so one ranking at a time uses the scratch; it is zeroed before return.
  const { points, conceptsMatched, conceptBest } = index.scratch;
  const touched: number[] = [];
  for (const concept of concepts) {
    const inConcept: number[] = [];
    for (const { key, quality } of concept.alternatives) {
      const { positions, weights } = index.postings.get(key)!;
      for (let at = 0; at < positions.length; at += 1) {
        const position = positions[at]!;
        const value = quality * weights[at]!;
        if (conceptBest[position] === 0) inConcept.push(position);
        if (value > conceptBest[position]!) conceptBest[position] = value;
      }
    }
    for (const position of inConcept) {
      if (conceptsMatched[position] === 0) touched.push(position);
      conceptsMatched[position] = conceptsMatched[position]! + 1;
      points[position] = points[position]! + conceptBest[position]!;
      conceptBest[position] = 0;
    }
  }
  const byRank = (a: number, b: number) =>
    conceptsMatched[b]! - conceptsMatched[a]! || points[b]! - points[a]! || a - b;
  let best: number[];
  if (limit >= touched.length) {
    best = touched.sort(byRank);
  } else {
    // The header asks for 6 of perhaps tens of thousands: keep the best few in one pass.
    best = [];
    for (const position of touched) {
      if (best.length === limit && byRank(position, best[limit - 1]!) >= 0) continue;
      let at = best.length;
      while (at > 0 && byRank(position, best[at - 1]!) < 0) at -= 1;
      best.splice(at, 0, position);
      if (best.length > limit) best.pop();
    }
  }
  const matches = best.map((position) => ({
    entry: index.entries[position]!,
    // A word of the name as typed is worth what spec §5 gives a name match: 10.
    score: Math.round((points[position]! * 10) / (QUALITY.typed * FIELD_WEIGHTS.name)),
  }));
  for (const position of touched) {
    points[position] = 0;
    conceptsMatched[position] = 0;
  }

  // The form of each concept the catalogue holds most: "ganesha" reads as "ganesh".
  const spellingOf = (concept: Concept) => {
    let chosen = concept.alternatives[0]!;
    for (const alternative of concept.alternatives) {
      const size = index.postings.get(alternative.key)!.positions.length;
      const chosenSize = index.postings.get(chosen.key)!.positions.length;
      if (
        alternative.quality > chosen.quality ||
        (alternative.quality === chosen.quality && size > chosenSize)
      ) {
        chosen = alternative;
      }
    }
    return index.spelling.get(chosen.key) ?? chosen.key;
  };
  // Word by word, a pair read as one taking the place of its two words.
  const spelled: string[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const pair = concepts.find((concept) => concept.from === at && concept.to === at + 1);
    const single = concepts.find((concept) => concept.from === at && concept.to === at);
    if (pair) {
      spelled.push(spellingOf(pair));
      at += 1;
    } else if (single) {
      spelled.push(spellingOf(single));
    }
  }
  return { matches, showingResultsFor: spelled.join(' ') };
}
