/**
 * "Merge Requests" on the owner's request page, as the server runs its action, on a real database
 * (the authorisation matrix's rows for the merge step, docs/requirements.md §18): a visitor (a
 * guest), the requests' own customer and another customer are refused, get none of the requests'
 * data, and change nothing: no request merged, no activity, no mail queued. The owner merging a
 * guest request that names the customer's verified e-mail and mobile is refused with a message
 * that says why, and changes nothing; merging the customer's own requests works.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as quotationAction } from '../../app/routes/admin.quotations';
import { MERGE_INTENT } from '../../app/components/admin/merge-requests';
import { loadConfig } from '../../server/config';
import { activityLog, quotationAccessKeys, quotationRequests } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { JOB_SCHEMA } from '../../server/modules/jobs';
import { createMultiPieceRequest } from '../../server/modules/quotations';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const admin: Actor = { userId: 'merge-action-admin', roles: ['admin'] };

function contextOf(db: Database, actor: Actor): RouterContextProvider {
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'merge-action',
    cspNonce: '',
    clock: () => new Date(),
    actor,
    viewer: null,
    rateLimiter: databaseRateLimiter(db),
    clientAddress: '203.0.113.77',
  } as unknown as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: string }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: await outcome.text() };
  const { data, init } = outcome as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, body: JSON.stringify(data) };
}

describe(`Merge Requests on the owner's page, as its action runs, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function request(actor: Actor, customer: { email: string; mobile: string; name: string }) {
    return createMultiPieceRequest(database.db, actor, {
      customerName: customer.name,
      customerMobile: customer.mobile,
      customerEmail: customer.email,
      customizationNotes: `Notes of ${customer.name}`,
      lines: [{ productId, quantity: '2', notes: '' }],
    });
  }

  async function merge(actor: Actor, keepId: string, mergeIds: string[]) {
    const body = new URLSearchParams({ intent: MERGE_INTENT });
    for (const id of mergeIds) body.append('mergeIds', id);
    return settle(() =>
      quotationAction({
        request: new Request(`http://shop.test/admin/quotations/${keepId}`, {
          method: 'POST',
          body,
        }),
        params: { id: keepId },
        context: contextOf(database.db, actor),
      } as never),
    );
  }

  /** The requests, their links, the activity log and the mail queue: what a merge would move. */
  async function snapshot(ids: string[]) {
    const { db } = database;
    const [requests, keys, activity, mail] = await Promise.all([
      db
        .select()
        .from(quotationRequests)
        .where(inArray(quotationRequests.id, ids))
        .orderBy(asc(quotationRequests.id)),
      db
        .select({ keyHash: quotationAccessKeys.keyHash })
        .from(quotationAccessKeys)
        .where(inArray(quotationAccessKeys.quotationRequestId, ids))
        .orderBy(asc(quotationAccessKeys.keyHash)),
      db.select({ id: activityLog.id }).from(activityLog),
      db.execute(sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'mail'`)),
    ]);
    return { requests, keys, activity, mail: mail.rows };
  }

  it('refuses a guest, the customer and another customer with no data and no change; the owner merges only her account', async () => {
    const { db } = database;
    const email = `nisha-${Date.now()}@example.com`;
    const mobile = '+91 98290 31313';
    const nisha: Actor = { userId: (await insertUser(db, { email })).id, roles: [] };
    const other: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const kept = await request(nisha, { email, mobile, name: 'Nisha Rao' });
    const hers = await request(nisha, { email, mobile, name: 'Nisha Rao' });
    // A stranger's guest request naming her verified e-mail and her mobile in another format.
    const strangers = await request(null, {
      email: email.toUpperCase(),
      mobile: '09829031313',
      name: 'Stranger',
    });
    const ids = [kept.id, hers.id, strangers.id];
    const before = await snapshot(ids);

    for (const [actor, status] of [
      [null, 401],
      [nisha, 403],
      [other, 403],
    ] as const) {
      const answer = await merge(actor, kept.id, [hers.id, strangers.id]);
      expect(answer.status).toBe(status);
      for (const secret of [kept.reference, hers.reference, strangers.reference, 'Notes of']) {
        expect(answer.body).not.toContain(secret);
      }
    }
    expect(await snapshot(ids)).toEqual(before);

    // The owner: a guest request is never merged into hers, nor hers into it.
    for (const [keepId, mergeIds] of [
      [kept.id, [hers.id, strangers.id]],
      [strangers.id, [kept.id]],
    ] as const) {
      const refused = await merge(admin, keepId, [...mergeIds]);
      expect(refused.status).toBe(409);
      expect(refused.body).toContain(`${strangers.reference} is a guest request, not verified`);
    }
    expect(await snapshot(ids)).toEqual(before);

    const merged = await merge(admin, kept.id, [hers.id]);
    expect(merged.status).toBe(200);
    expect(merged.body).toContain(`${hers.reference} is now part of ${kept.reference}.`);
    const after = await snapshot(ids);
    expect(after.requests.find((row) => row.id === strangers.id)).toEqual(
      before.requests.find((row) => row.id === strangers.id),
    );
    expect(after.requests.find((row) => row.id === hers.id)?.mergedIntoId).toBe(kept.id);
    expect(Number((after.mail[0] as { n: number }).n)).toBe(
      Number((before.mail[0] as { n: number }).n) + 1,
    );
  });
});
