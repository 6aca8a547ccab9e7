/**
 * docs/requirements.md §12 "Lists that find things": the expressions the admin search indexes (schema.ts) and
 * queries (the modules' list functions). One definition each, so the query's expression is the
 * index's own and PostgreSQL uses the index: no extension (PGlite has no pg_trgm), only btree
 * text_pattern_ops for prefixes and GIN over 'simple' tsvectors for name words.
 */
import { asc, desc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePrefix } from '../../core/search/admin-search';
import { shopDayEnd, shopDayStart } from '../../core/time/shop-calendar';
import { csvText } from '../../core/admin/csv-export';
import type { AdminListSort } from '../../core/admin/admin-list-query';

type Text = AnyPgColumn | SQL;

/** A text's lower case, for an e-mail's prefix. */
export function lowered(text: Text): SQL {
  return sql`lower(${text})`;
}

/** A phone's digits, reversed: "ends with these digits" becomes a prefix. */
export function reversedDigits(text: Text): SQL {
  return sql`reverse(regexp_replace(${text}, '[^0-9]', '', 'g'))`;
}

/** A name's words, lower-cased and unstemmed ('simple'), for word-prefix search. */
export function nameWords(text: Text): SQL {
  return sql`to_tsvector('simple', coalesce(${text}, ''))`;
}

/** A btree key that answers LIKE 'prefix%' whatever the database's collation. */
export function prefixKey(text: Text): SQL {
  return sql`${text} text_pattern_ops`;
}

/** `text` starts with `prefix` (taken literally); indexed by `prefixKey(text)`. */
export function startsWith(text: Text, prefix: string): SQL {
  return sql`${text} like ${likePrefix(prefix)}`;
}

/** A word with both a digit and a letter: the parser may split it when it stands alone. */
const READ_BY_CONTEXT = /^(?=.*\p{N})(?=.*\p{L})/u;

/**
 * Every prefix begins a word of the name; indexed by GIN on `nameWords(text)`. PostgreSQL's parser
 * reads a word of letters and digits by its context: alone, "77e1a9" is a number in scientific
 * notation and a word ('77e1' then 'a9'), but inside "QUOTE-A-77e1a9" it is the one lexeme
 * '77e1a9'. So such a prefix is looked up both ways: as to_tsquery reads it alone, or as one
 * quoted lexeme (a tsquery cast, which does not re-parse it). A word of letters only or digits
 * only is read the same everywhere and is looked up once, as before. Prefixes are letters and
 * digits only (core/search/admin-search.ts), so the quotes cannot be broken out of.
 */
export function nameMatches(text: Text, prefixes: readonly string[]): SQL {
  const each = prefixes.map((prefix) => {
    const parsed = sql`to_tsquery('simple', ${`${prefix}:*`})`;
    return READ_BY_CONTEXT.test(prefix) ? sql`(${parsed} || ${`'${prefix}':*`}::tsquery)` : parsed;
  });
  return sql`${nameWords(text)} @@ (${sql.join(each, sql` && `)})`;
}

/** The filters an admin list takes besides its search (docs/requirements.md §12); all optional. */
export interface ListFilterParts {
  status?: string | null;
  from?: string | null;
  to?: string | null;
  /** The shop's time zone (Settings), which `from` and `to` are days of; needed with either. */
  timeZone?: string;
  sort?: AdminListSort;
}

/** Status and shop-day range as conditions on a list's own columns. */
export function statusAndDays(
  columns: { status?: AnyPgColumn | SQL; createdAt: AnyPgColumn },
  filter: ListFilterParts,
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status && columns.status) conditions.push(sql`${columns.status} = ${filter.status}`);
  // docs/requirements.md §12: the range is of shop days (docs/decisions/019: in the shop's time zone); `to` includes its
  // whole day.
  const { from, to, timeZone } = filter;
  if ((from || to) && !timeZone) throw new Error("a range of shop days needs the shop's time zone");
  if (from && timeZone) conditions.push(gte(columns.createdAt, shopDayStart(from, timeZone)));
  if (to && timeZone) conditions.push(lt(columns.createdAt, shopDayEnd(to, timeZone)));
  return conditions;
}

/** "Sort by date": newest (the default, spec §7) or oldest first; the id breaks ties. */
export function byDate(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  sort: AdminListSort = 'newest',
): SQL[] {
  return sort === 'oldest'
    ? [asc(columns.createdAt), asc(columns.id)]
    : [desc(columns.createdAt), desc(columns.id)];
}

/**
 * Where an export's next batch starts: after the last row sent, in the list's order. The time
 * travels as PostgreSQL's own text, since a JS Date would cut its microseconds and skip rows.
 */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

function afterCursor(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  sort: AdminListSort = 'newest',
  cursor: ExportCursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  const key = sql`(${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  return sort === 'oldest'
    ? sql`(${columns.createdAt}, ${columns.id}) > ${key}`
    : sql`(${columns.createdAt}, ${columns.id}) < ${key}`;
}

/** The cursor text of a row's created_at, selected next to it. */
function cursorTime(createdAt: AnyPgColumn): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

/**
 * One export batch's parts for a list ordered by `columns`: the cursor to select with each row,
 * the condition that starts after `after`, the order and the batch size.
 */
export function exportBatch(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  sort: AdminListSort | undefined,
  after: ExportCursor | null,
) {
  return {
    cursor: { createdAt: cursorTime(columns.createdAt), id: sql<string>`${columns.id}` },
    after: afterCursor(columns, sort, after),
    order: byDate(columns, sort),
    limit: EXPORT_BATCH_ROWS,
  };
}

/** Rows an export reads per query: all filtered rows leave, a batch at a time. */
const EXPORT_BATCH_ROWS = 1_000;

/**
 * Every row of a filtered list, batch by batch (keyset, so the 100th batch costs what the first
 * does), as CSV text: the header first, then each batch's lines.
 */
export async function* csvInBatches<Row extends { cursor: ExportCursor }>(options: {
  header: readonly string[];
  fetch: (after: ExportCursor | null) => Promise<Row[]>;
  line: (row: Row) => unknown[];
}): AsyncGenerator<string> {
  yield csvText([options.header]);
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await options.fetch(after);
    if (rows.length > 0) yield csvText(rows.map(options.line));
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = rows[rows.length - 1]!.cursor;
  }
}
