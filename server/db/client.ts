/**
 * Opens the database named by DATABASE_URL: embedded PGlite (`pglite:./dir`, `pglite:memory`)
 * or a PostgreSQL server (`postgres://…`). Both give the same drizzle `Database` type.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listenOnPostgres } from './postgres-listener';
import * as schema from './schema';

interface RowsResult<Row> {
  rows: Row[];
}

/** Both drivers return rows at `.rows`; this result type lets one `Database` type serve both. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}

export type Schema = typeof schema;
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` (delivered after commit). Returns the
   * unsubscribe. On PostgreSQL a lost connection is opened again and the channel listened to
   * again; `onReconnect` is called then, as NOTIFYs sent meanwhile never arrive.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The underlying driver, for migrations and tests. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
}

export interface ListenOptions {
  onReconnect?: () => void;
}

export interface OpenDatabaseOptions {
  /** Reuse a PGlite already loaded (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob;
  /**
   * The embedded database's shared buffers, PostgreSQL's size syntax ("16MB"); PGlite's default of
   * 128 MB when absent. Booting spends most of its time setting the buffers up, so a test's clone
   * of the template, which holds a few hundred rows, asks for less (docs/testing.md).
   */
  pgliteSharedBuffers?: string;
  /** A pooled or listening connection was lost; the process carries on and connects again. */
  onPoolError?: (error: Error) => void;
}

// Only one PGlite instance may ever own a data directory; dev reloads must reuse it.
const openPglites = ((globalThis as { __pgliteByDir?: Map<string, PGlite> }).__pgliteByDir ??=
  new Map<string, PGlite>());

export function parseDatabaseUrl(
  url: string,
): { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string } {
  if (url.startsWith('pglite:')) {
    const location = url.slice('pglite:'.length);
    return { kind: 'pglite', dataDir: location === 'memory' || location === '' ? null : location };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { kind: 'postgres', url };
  }
  throw new Error('DATABASE_URL must start with pglite: or postgres://');
}

export async function openDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'pglite') return openPglite(target.dataDir, options);
  return openPostgres(target.url, options);
}

async function openPglite(
  dataDir: string | null,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> {
  let client: PGlite;
  const key = dataDir ? path.resolve(dataDir) : null;
  const existing = key ? openPglites.get(key) : undefined;
  if (existing && !existing.closed) {
    client = existing;
  } else {
    if (key) mkdirSync(path.dirname(key), { recursive: true });
    // The options-object form: `new PGlite(undefined, { loadDataDir })` ignores the dump.
    // docs/decisions/024: migration 0019 creates pg_trgm and unaccent; PGlite must load them on every open
    // (a data directory, a restored dump or a test's clone of the migrated template alike).
    client = new PGlite({
      dataDir: key ?? undefined,
      loadDataDir: options.pgliteLoadDataDir,
      extensions: { pg_trgm, unaccent },
      ...(options.pgliteSharedBuffers && {
        startParams: [
          ...PGlite.defaultStartParams,
          '-c',
          `shared_buffers=${options.pgliteSharedBuffers}`,
        ],
      }),
    });
    await client.waitReady;
    if (key) openPglites.set(key, client);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async close() {
      if (key) openPglites.delete(key);
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Under a burst every pooled connection can be busy for a while; waiting beats a 500 (soak).
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens for errors only on idle clients: one checked out between two queries (as in
  // a transaction awaiting the code that drives it) would emit an 'error' nobody handles, and an
  // unhandled 'error' ends the process. The query waiting on it fails on its own.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool, url },
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, onPayload, listenOptions = {}) {
      // LISTEN needs one connection of its own for as long as it listens.
      const stop = await listenOnPostgres({
        url,
        channel,
        onPayload,
        onReconnect: listenOptions.onReconnect,
        onError: (error) => options.onPoolError?.(error),
      });
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
