/**
 * "Nothing changed", for the tests that prove a request wrote nothing (docs/requirements.md §14):
 * what a table's rows are, as one text that any added, removed or changed row changes (their
 * count, and an md5 of their text in order). One definition for every such test.
 */
const ROWS_DIGEST = `count(*)::text || ' rows, ' || md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`;

type Sql = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** Rows to digest: a table (a name, or a schema-qualified one), and which of its rows (`t`). */
export interface RowSource {
  name: string;
  table?: string;
  where?: string;
}

/**
 * The digest of each source, by name, in one query. A table name alone is its whole table;
 * `values` fill the `$n` of the sources' conditions.
 */
export async function tableDigests(
  sql: Sql,
  sources: (string | RowSource)[],
  values: unknown[] = [],
): Promise<Record<string, string>> {
  if (sources.length === 0) return {};
  const named = sources.map((source) => (typeof source === 'string' ? { name: source } : source));
  const rows = await sql<{ position: number; digest: string }>(
    named
      .map(
        ({ name, table = `"${name}"`, where }, index) =>
          `select ${index} as position, ${ROWS_DIGEST} as digest from ${table} t${where ? ` where ${where}` : ''}`,
      )
      .join(' union all '),
    values,
  );
  return Object.fromEntries(rows.map((row) => [named[row.position]!.name, row.digest]));
}
