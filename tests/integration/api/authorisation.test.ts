/**
 * docs/requirements.md §11 "Done when": the authorisation matrix of the API: every operation × {anonymous,
 * customer A, customer B, an owner key with and without the operation's scope, a revoked key}.
 * A denied call answers a problem with none of the row's data, and changes nothing: no row is
 * added or removed in any table, no job is queued, and the case's own state does not move.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { Caller } from '../../support/api-harness';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { apiCases } from './cases';
import type { ApiCase, CallerName, World } from './cases/types';
import { makeWorld } from './world';

/** Tables a denied call may still write: its own rate-limit count, a key's last use, sessions. */
const BOOKKEEPING = new Set(['rate_limit_counters', 'api_keys', 'sessions', 'idempotency_keys']);

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const listed = (await db.execute(
    sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'pgboss') and tablename not like '__drizzle%'`,
  )) as unknown as { rows: { schemaname: string; tablename: string }[] };
  const tables = listed.rows
    .filter(
      ({ schemaname, tablename }) =>
        !BOOKKEEPING.has(tablename) && (schemaname !== 'pgboss' || tablename === 'job'),
    )
    .map(({ schemaname, tablename }) => `${schemaname}.${tablename}`);
  // One query for every table: a round trip per table made this check most of each case's time.
  const counted = (await db.execute(
    sql.raw(
      tables
        .map((table, index) => {
          const [schema, name] = table.split('.');
          return `select ${index} as position, count(*)::int as n from "${schema}"."${name}"`;
        })
        .join(' union all '),
    ),
  )) as unknown as { rows: { position: number; n: number }[] };
  return Object.fromEntries(
    counted.rows.map((row) => [tables[Number(row.position)]!, Number(row.n)]),
  );
}

/** What another customer (or, on a buyer's list, a visitor) gets for A's row; undefined: allowed. */
function otherHolderRefusal(apiCase: ApiCase): number | undefined {
  if (apiCase.otherCustomer === 'own-view') return undefined;
  return apiCase.otherCustomer === 'own-empty-list' ? 422 : 404;
}

/** The status each caller gets; undefined: allowed. */
function expectedRefusal(apiCase: ApiCase, caller: CallerName): number | undefined {
  if (caller === 'revoked key') return 401;
  const { access } = apiCase;
  if (access.kind === 'public') return undefined;
  // docs/requirements.md §18: a quote list is any buyer's, a guest's too; an owner's key is the shop, not one.
  if (access.kind === 'buyer') {
    if (caller === 'customer A') return undefined;
    if (caller === 'anonymous' || caller === 'customer B') return otherHolderRefusal(apiCase);
    return 403;
  }
  if (access.kind === 'customer') {
    if (caller === 'anonymous') return 401;
    if (caller === 'customer A') return undefined;
    if (caller === 'customer B') return otherHolderRefusal(apiCase);
    return 403;
  }
  if (caller === 'anonymous') return 401;
  if (caller === 'owner key with the scope') return undefined;
  return 403;
}

async function callerOf(world: World, apiCase: ApiCase, name: CallerName): Promise<Caller> {
  switch (name) {
    case 'anonymous':
      return world.api.visitor;
    case 'customer A':
      return world.customerA;
    case 'customer B':
      return world.customerB;
    case 'owner key with the scope':
      return world.ownerKey;
    case 'owner key without the scope':
      return apiCase.access.kind === 'owner'
        ? world.keyWithout(apiCase.access.scope)
        : world.keyWithout('settings:write');
    case 'revoked key':
      return world.revokedKey;
  }
}

const callers: CallerName[] = [
  'anonymous',
  'customer A',
  'customer B',
  'owner key with the scope',
  'owner key without the scope',
  'revoked key',
];

describe(`the API's authorisation matrix on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await startApiHarness();
    world = await makeWorld(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  for (const apiCase of apiCases) {
    describe(apiCase.operation, () => {
      for (const name of callers) {
        const refusal = expectedRefusal(apiCase, name);
        it(`${name}: ${refusal ? `refused with ${refusal}, nothing read or changed` : 'allowed'}`, async () => {
          const caller = await callerOf(world, apiCase, name);
          const fixture = await apiCase.setup?.(world);
          if (!refusal) {
            const response = await apiCase.call(world, caller, fixture);
            expect(response.status, await response.clone().text()).toBeLessThan(300);
            if ((name === 'customer B' || name === 'anonymous') && apiCase.privateMarker) {
              expect(await response.text()).not.toContain(apiCase.privateMarker(fixture));
            }
            return;
          }
          const countsBefore = await rowCounts(api.database.db);
          const stateBefore = await apiCase.state?.(world, fixture);
          const response = await apiCase.call(world, caller, fixture);
          const body = await response.text();
          expect(response.status, body).toBe(refusal);
          expect(response.headers.get('content-type')).toContain('application/problem+json');
          if (apiCase.privateMarker) expect(body).not.toContain(apiCase.privateMarker(fixture));
          expect(await rowCounts(api.database.db)).toEqual(countsBefore);
          expect(await apiCase.state?.(world, fixture)).toEqual(stateBefore);
        });
      }
    });
  }
});
