import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `emailKey` of core/identity/identity.ts in SQL: an address column as the keys it is compared with
 * (trimmed, lower case), for rows written before the e-mail schema trimmed them.
 */
export function emailKeySql(column: AnyPgColumn): SQL {
  return sql`lower(trim(${column}))`;
}
