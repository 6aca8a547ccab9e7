/**
 * The PostgreSQL side of the database handle when connections are lost: the server ends them here
 * with pg_terminate_backend, as a restart would, so no server has to be restarted. The restart
 * itself is tested in tests/e2e/reliability.spec.ts.
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { openDatabase, type DatabaseHandle } from './client';
import { listenOnPostgres } from './postgres-listener';

const onPostgres = testDatabaseKind === 'postgres';

describe.skipIf(!onPostgres)('connections lost on postgres', () => {
  let testDatabase: TestDatabase;
  let database: DatabaseHandle;
  let url: string;
  const lostConnections: Error[] = [];
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    if (testDatabase.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    url = testDatabase.driver.url;
    // The handle under test, as the server opens it: lost connections are reported, not thrown.
    database = await openDatabase(url, { onPoolError: (error) => lostConnections.push(error) });
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.destroy();
  });

  /** Ends the server side of every connection that last ran `queryStart` in this database. */
  async function terminateBackends(queryStart: string): Promise<number> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query like $1`,
        [`${queryStart}%`],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  async function notify(channel: string, payload: string): Promise<void> {
    await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  it('listens again after its connection is ended, says so, and delivers what follows', async () => {
    const channel = 'listener_reconnect_test';
    const received: string[] = [];
    let reconnects = 0;
    const stop = await database.listen(channel, (payload) => received.push(payload), {
      onReconnect: () => (reconnects += 1),
    });
    try {
      await notify(channel, 'before');
      await vi.waitFor(() => expect(received).toEqual(['before']), { timeout: 10_000 });

      expect(await terminateBackends(`LISTEN "${channel}"`)).toBe(1);
      await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 15_000 });

      await notify(channel, 'after');
      await vi.waitFor(() => expect(received).toEqual(['before', 'after']), { timeout: 10_000 });
    } finally {
      await stop();
    }
  });

  it('stops for good when told to, even while it waits to reconnect', async () => {
    const channel = 'listener_stop_test';
    const errors: Error[] = [];
    let reconnects = 0;
    const stop = await listenOnPostgres({
      url,
      channel,
      onPayload: () => {},
      onReconnect: () => (reconnects += 1),
      onError: (error) => errors.push(error),
      // Long enough that the stop below lands while it waits.
      retryDelayMs: 60_000,
    });
    expect(await terminateBackends(`LISTEN "${channel}"`)).toBe(1);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 10_000 });
    await stop();
    expect(reconnects).toBe(0);
    expect(await terminateBackends(`LISTEN "${channel}"`)).toBe(0);
  });

  it('rejects when the database cannot be reached at first, so the caller knows', async () => {
    const nowhere = new URL(url);
    nowhere.port = String(await unusedPort());
    await expect(
      listenOnPostgres({ url: nowhere.toString(), channel: 'unreachable', onPayload: () => {} }),
    ).rejects.toThrow();
  });

  it('keeps serving queries after the pool connections are ended, idle or in a transaction', async () => {
    await database.ping();
    // An idle pooled connection ended by the server: the pool drops it and opens another.
    expect(await terminateBackends('select 1')).toBeGreaterThan(0);
    await vi.waitFor(() => expect(lostConnections.length).toBeGreaterThan(0), { timeout: 10_000 });
    await database.ping();
    const lostWhileIdle = lostConnections.length;

    // A connection held by a transaction that is between two queries when it is ended.
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 'inside the transaction'`);
      await terminateBackends(`select 'inside the transaction'`);
      // The server's goodbye arrives while no query runs on the connection.
      await vi.waitFor(() => expect(lostConnections.length).toBeGreaterThan(lostWhileIdle), {
        timeout: 10_000,
      });
      await tx.execute(sql`select 'after the end'`);
    });
    await expect(transaction).rejects.toThrow();
    await database.ping();
  });
});

async function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
