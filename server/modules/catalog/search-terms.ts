/**
 * docs/decisions/024: the tolerant search's vocabulary (the materialized view `search_terms` of migration
 * 0019: every word of the published products' names, subcategories, materials, regions and
 * category names) and its typo candidates, found by pg_trgm's trigram similarity through the GIN
 * index, so the candidates of a query cost one indexed query however large the catalogue.
 */
import { sql, type SQL } from 'drizzle-orm';
import { pgMaterializedView, text } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';

/**
 * The view, written by hand in migration 0019 (drizzle-kit cannot index a view) and declared here
 * for typed reads only: `.existing()` keeps drizzle-kit from managing it, and it stays out of
 * server/db/schema.ts, whose every export the schema tests walk as a table.
 */
export const searchTerms = pgMaterializedView('search_terms', {
  term: text('term').notNull(),
}).existing();

/** docs/decisions/024: a word's typo candidates are the terms whose trigram similarity to it is ≥ 0.2. */
export const TERM_SIMILARITY_THRESHOLD = 0.2;

/**
 * Rebuilds the vocabulary from the catalogue. CONCURRENTLY (the view's unique index allows it),
 * so searches keep reading the previous vocabulary meanwhile instead of waiting for the refresh.
 */
export async function refreshSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`refresh materialized view concurrently ${searchTerms}`);
}

/**
 * For each word (normalised already: a–z and 0–9 only), the vocabulary's terms of trigram
 * similarity ≥ 0.2, most similar first; a word with none maps to []. One query for all words.
 */
export async function findTermCandidates(
  db: Database,
  words: string[],
): Promise<Map<string, string[]>> {
  const distinct = [...new Set(words.filter((word) => word !== ''))];
  const candidates = new Map(distinct.map((word) => [word, [] as string[]]));
  if (distinct.length === 0) return candidates;
  const rows = await db.transaction(async (tx) => {
    await setSimilarityThreshold(tx);
    const found = await tx.execute<{ word: string; term: string }>(termCandidatesQuery(distinct));
    return found.rows;
  });
  for (const { word, term } of rows) candidates.get(word)?.push(term);
  return candidates;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * `%` compares with this setting rather than taking a bound, and only `%` (not a comparison of
 * similarity()) can use the GIN index. set_config(…, true) is `set local`: it ends with the
 * transaction, so no other query on this pooled connection inherits it.
 */
export async function setSimilarityThreshold(tx: Transaction): Promise<void> {
  await tx.execute(
    sql`select set_config('pg_trgm.similarity_threshold', ${String(TERM_SIMILARITY_THRESHOLD)}, true)`,
  );
}

/** The candidates of every word in one query (exported for the EXPLAIN test of the index). */
export function termCandidatesQuery(words: string[]): SQL {
  return sql`
    select q.word, t.term
    from unnest(array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as q(word)
    cross join lateral (
      select term, similarity(term, q.word) as score
      from ${searchTerms}
      where term % q.word
    ) as t
    order by q.word, t.score desc, t.term collate "C"`;
}
