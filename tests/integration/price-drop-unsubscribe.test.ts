/**
 * docs/requirements.md §21: the price-drop mail's unsubscribe page through its route, as a mail client or a
 * browser reaches it: GET asks and changes nothing, the POST (the button, or RFC 8058's one-click)
 * turns the setting off; and the dashboard's form posts the setting through the account module.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as dashboardAction } from '../../app/routes/dashboard';
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from '../../app/routes/price-drop-alerts.unsubscribe';
import type { Answer } from '../../core/community/answer';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import {
  priceDropUnsubscribePath,
  priceDropUnsubscribeToken,
  readPriceDropAlerts,
  setPriceDropAlerts,
} from '../../server/modules/account';
import { mailOfNotice, shopAtDelivery } from '../../server/worker';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'price-drop-route-secret-price-drop-route' });

function requestContext(db: Database, actor: Actor = null): RouterContextProvider {
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'test-request',
    cspNonce: '',
    clock: () => new Date('2026-11-27T10:00:00Z'),
    actor,
    viewer: null,
    rateLimiter: databaseRateLimiter(db),
    clientAddress: '198.51.100.32',
  } as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

function reply(result: unknown): { status: number; body: Answer } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

describe(`the price-drop unsubscribe page on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let customer: Actor;
  let email: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await insertUser(database.db);
    customer = { userId: user.id, roles: [] };
    email = user.email;
  });
  afterAll(async () => {
    await database.destroy();
  });

  const open = (token: string) =>
    unsubscribeLoader({
      request: new Request(`http://shop.test/price-drop-alerts/unsubscribe?token=${token}`),
      params: {},
      context: requestContext(database.db),
    } as unknown as Parameters<typeof unsubscribeLoader>[0]);
  const confirm = async (token: string) =>
    reply(
      await unsubscribeAction({
        request: new Request(`http://shop.test/price-drop-alerts/unsubscribe?token=${token}`, {
          method: 'POST',
          // RFC 8058: what a mail client's one-click unsubscribe posts
          body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
        }),
        params: {},
        context: requestContext(database.db),
      } as unknown as Parameters<typeof unsubscribeAction>[0]),
    );

  it('asks on GET, turns the setting off on POST, and refuses a forged token', async () => {
    const { db } = database;
    const token = priceDropUnsubscribeToken(config.authSecret, customer!.userId);
    expect(await open(token)).toEqual({ token, email });
    expect(await readPriceDropAlerts(db, customer)).toBe(true);
    expect(await open('forged.token')).toMatchObject({ email: null });
    expect(await confirm('forged.token')).toMatchObject({
      status: 200,
      body: { status: 'ok', data: 'invalid' },
    });
    expect(await readPriceDropAlerts(db, customer)).toBe(true);
    expect(await confirm(token)).toMatchObject({
      status: 200,
      body: { status: 'ok', data: 'unsubscribed' },
    });
    expect(await readPriceDropAlerts(db, customer)).toBe(false);
  });

  it('follows the link of a price-drop mail, as queued now and as an older job without it', async () => {
    const { db } = database;
    await setPriceDropAlerts(db, customer, { priceDropAlerts: 'on' });
    const notice = {
      kind: 'price-drop',
      to: email,
      userId: customer!.userId,
      productId: 'lotus-urli',
      productName: 'Lotus Urli',
      priceMinor: 90_000,
      thenPriceMinor: 100_000,
    } as const;
    const shop = await shopAtDelivery(db, config);
    const now = new Date('2026-11-27T10:00:00Z');
    const carried = await mailOfNotice(
      db,
      { ...notice, unsubscribePath: priceDropUnsubscribePath(config.authSecret, customer!.userId) },
      shop,
      now,
    );
    const olderJob = await mailOfNotice(db, notice, shop, now);
    const link = /<([^>]+)>/.exec(carried?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link.startsWith(`${config.publicUrl}/price-drop-alerts/unsubscribe?token=`)).toBe(true);
    expect(carried?.html).toContain(`href="${link}"`);
    expect(olderJob?.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    expect(await confirm(new URL(link).searchParams.get('token') ?? '')).toMatchObject({
      body: { status: 'ok', data: 'unsubscribed' },
    });
    expect(await readPriceDropAlerts(db, customer)).toBe(false);
  });

  it('posts the dashboard setting for the signed-in customer only', async () => {
    const { db } = database;
    const post = async (actor: Actor, fields: Record<string, string>) =>
      reply(
        await dashboardAction({
          request: new Request('http://shop.test/dashboard', {
            method: 'POST',
            body: new URLSearchParams({ intent: 'price-drop-alerts', ...fields }),
          }),
          params: {},
          context: requestContext(db, actor),
        } as unknown as Parameters<typeof dashboardAction>[0]),
      );
    expect(await post(customer, { priceDropAlerts: 'on' })).toMatchObject({
      status: 200,
      body: { status: 'ok', toast: { title: 'Price-drop e-mails on' } },
    });
    expect(await readPriceDropAlerts(db, customer)).toBe(true);
    expect(await post(customer, {})).toMatchObject({
      body: { toast: { title: 'Price-drop e-mails off' } },
    });
    expect(await readPriceDropAlerts(db, customer)).toBe(false);
    expect(await post(null, { priceDropAlerts: 'on' })).toMatchObject({ status: 401 });
    expect(await readPriceDropAlerts(db, customer)).toBe(false);
  });
});
