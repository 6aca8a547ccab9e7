/**
 * "Nothing changed", for the tests that prove a request wrote nothing (docs/requirements.md §14):
 * what a table's rows are, as one text that any added, removed or changed row changes (their
 * count, and an md5 of their text in order). One definition for every such test.
 */
export const ROWS_DIGEST = `count(*)::text || ' rows, ' || md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`;

type Sql = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** The digest of each table, by name, in one query. */
export async function tableDigests(sql: Sql, tables: string[]): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const rows = await sql<{ position: number; digest: string }>(
    tables
      .map(
        (table, index) => `select ${index} as position, ${ROWS_DIGEST} as digest from "${table}" t`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [tables[row.position]!, row.digest]));
}
