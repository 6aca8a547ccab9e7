import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { activityLog, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Actor } from '../actor';
import { enqueue, JOB_SCHEMA } from './index';
import { retryFailedWork } from '../../flows/retry-failed-work';
import { listFailedWork } from './failed-work';

const now = new Date('2026-11-24T10:00:00Z');

async function jobState(database: TestDatabase, id: string) {
  const result = await database.db.execute(
    sql`select state::text as state, retry_limit, retry_count from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}`,
  );
  return result.rows[0] as { state: string; retry_limit: number; retry_count: number };
}

describe(`failed work on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let customer: Actor;
  let failedMail: string;
  let deliveryId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db, { name: 'Owner Olive' })).id, roles: ['admin'] };
    customer = { userId: (await insertUser(db)).id, roles: [] };
    failedMail = await enqueue(db, 'mail', {
      kind: 'newsletter-welcome',
      email: 'reader@example.com',
    });
    // Given up after its retries: what pg-boss leaves behind, with the mailer's last error.
    await db.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set state = 'failed', retry_count = 12, retry_limit = 12,
          output = '{"message":"550 mailbox unavailable"}'::jsonb where id = ${failedMail}`,
    );
    await enqueue(db, 'mail', { kind: 'newsletter-welcome', email: 'fine@example.com' });
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        url: 'https://hooks.example.com/shop',
        events: ['order.created'],
        secret: 'whsec_test',
      })
      .returning();
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint!.id,
        eventType: 'order.created',
        payload: {},
        status: 'failed',
        attemptCount: 8,
      })
      .returning();
    deliveryId = delivery!.id;
    await db.insert(webhookAttempts).values({
      deliveryId,
      attemptedAt: now,
      responseStatus: 503,
      durationMs: 120,
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists the failed mail with its last error and the failed delivery, not the waiting mail', async () => {
    const work = await listFailedWork(database.db, owner);
    expect(work).toEqual([
      expect.objectContaining({
        kind: 'job',
        id: failedMail,
        description: 'Mail: Newsletter welcome to reader@example.com',
        state: 'failed',
        tries: 13,
        lastError: '550 mailbox unavailable',
        nextTryAt: null,
      }),
      expect.objectContaining({
        kind: 'delivery',
        id: deliveryId,
        description: 'Webhook: order.created to https://hooks.example.com/shop',
        state: 'failed',
        tries: 8,
        lastError: 'HTTP 503',
      }),
    ]);
  });

  it('refuses a customer and a visitor, changing nothing', async () => {
    await expect(listFailedWork(database.db, customer)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      retryFailedWork(database.db, customer, { kind: 'job', id: failedMail }, now),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      retryFailedWork(database.db, null, { kind: 'job', id: failedMail }, now),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await jobState(database, failedMail)).toMatchObject({ state: 'failed' });
    expect(await database.db.select().from(activityLog)).toEqual([]);
  });

  it('puts a failed mail back on the queue with one more try, and records who did', async () => {
    const retried = await retryFailedWork(database.db, owner, { kind: 'job', id: failedMail }, now);
    expect(retried.description).toBe('Mail: Newsletter welcome to reader@example.com');
    expect(await jobState(database, failedMail)).toEqual({
      state: 'retry',
      retry_limit: 13,
      retry_count: 12,
    });
    const entries = await database.db.select().from(activityLog);
    expect(entries).toEqual([
      expect.objectContaining({
        actorName: 'Owner Olive',
        kind: 'job',
        subject: failedMail,
        summary: 'Retried Mail: Newsletter welcome to reader@example.com',
      }),
    ]);
    expect(
      (await listFailedWork(database.db, owner)).find((item) => item.id === failedMail),
    ).toMatchObject({
      state: 'retrying',
    });
  });

  it('resends a failed webhook delivery', async () => {
    const retried = await retryFailedWork(
      database.db,
      owner,
      { kind: 'delivery', id: deliveryId },
      now,
    );
    expect(retried.description).toBe('Webhook: order.created to https://hooks.example.com/shop');
    const queued = await database.db.execute(
      sql`select count(*)::int as count from ${sql.raw(JOB_SCHEMA)}.job where name = 'webhook-delivery' and data->>'deliveryId' = ${deliveryId}`,
    );
    expect(queued.rows[0]).toEqual({ count: 1 });
  });

  it('answers a clear not-found for work that is gone or never was', async () => {
    await expect(
      retryFailedWork(
        database.db,
        owner,
        { kind: 'job', id: '00000000-0000-4000-8000-000000000000' },
        now,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      retryFailedWork(database.db, owner, { kind: 'job', id: 'x' }, now),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      retryFailedWork(database.db, owner, { kind: 'cron', id: failedMail }, now),
    ).rejects.toMatchObject({
      code: 'invalid',
    });
  });
});
