/**
 * docs/requirements.md §10: the dashboard's loader awaits what the open tab shows first and streams the rest
 * as promises that never reject: a read that fails is logged and becomes a "could not load"
 * section, never an error page.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteDefaults } from '../../content/site';
import { loader as dashboardLoader } from '../../app/routes/dashboard';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext, type Viewer } from '../../server/http/app-context';
import type { Logger } from '../../server/logger';
import type * as AccountModule from '../../server/modules/account';
import { createAddress } from '../../server/modules/account';
import type { Actor } from '../../server/modules/actor';
import { insertUser } from '../factories';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const failing = vi.hoisted(() => ({ wishlist: false }));

vi.mock('../../server/modules/account', async (importOriginal) => {
  const actual = await importOriginal<typeof AccountModule>();
  return {
    ...actual,
    listWishlist: (...args: Parameters<typeof actual.listWishlist>) =>
      failing.wishlist
        ? Promise.reject(new Error('the wishlist table is unreachable'))
        : actual.listWishlist(...args),
  };
});

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });

let database: TestDatabase;
let actor: Actor;
let viewer: Viewer;
const logged: unknown[] = [];
const logger = {
  error: (...args: unknown[]) => void logged.push(args),
  warn: () => {},
  info: () => {},
  debug: () => {},
} as unknown as Logger;

function load(path: string) {
  const app = {
    db: database.db,
    config,
    logger,
    actor,
    viewer,
    site: siteDefaults,
    settings: typedSettingsOf(siteDefaults),
    clock: () => new Date(),
  } as unknown as AppContext;
  const context = new RouterContextProvider(new Map([[appContext, app]]));
  return dashboardLoader({
    request: new Request(`http://shop.test${path}`),
    params: {},
    context,
  } as never);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await insertUser(database.db);
  actor = { userId: user.id, roles: [] };
  viewer = {
    id: user.id,
    name: 'Asha',
    email: user.email,
    emailVerified: true,
    twoFactorEnabled: false,
    isAdmin: false,
    sessionExpiresAt: new Date().toISOString(),
  };
  await createAddress(database.db, actor, {
    title: 'Home',
    streetAddress: '12 Marble Lane',
    city: 'Jaipur',
    state: 'Rajasthan',
    postalCode: '302001',
    country: 'IN',
  });
});

afterAll(async () => {
  await database.destroy();
});

beforeEach(() => {
  failing.wishlist = false;
  logged.length = 0;
});

describe('the dashboard loader', () => {
  it('awaits the open tab and streams the other tabs', async () => {
    const data = await load('/dashboard?tab=addresses');
    if (!data.signedIn) throw new Error('signed in');
    expect(data.addresses).toMatchObject({ status: 'loaded', data: [{ title: 'Home' }] });
    for (const streamed of [data.profile, data.orders, data.quotations, data.wishlist]) {
      expect(streamed).toBeInstanceOf(Promise);
    }
    // docs/requirements.md §2: the Quotations tab, awaited when it is the open one.
    const quotations = await load('/dashboard?tab=quotations');
    if (!quotations.signedIn) throw new Error('signed in');
    expect(quotations.quotations).toEqual({ status: 'loaded', data: [] });
    expect(quotations.addresses).toBeInstanceOf(Promise);
    expect(await data.wishlist).toEqual({ status: 'loaded', data: [] });
  });

  it('awaits the reorder contact with the orders: the reorder dialog fills in the customer', async () => {
    const data = await load('/dashboard?tab=orders');
    if (!data.signedIn) throw new Error('signed in');
    expect(data.orders).toEqual({ status: 'loaded', data: [] });
    // docs/requirements.md §19: the profile's name and e-mail, and its phone or else the latest request's mobile
    expect(data.reorderContact).toMatchObject({
      status: 'loaded',
      data: { email: viewer.email },
    });
    expect(data.profile).toBeInstanceOf(Promise);
    expect(data.addresses).toBeInstanceOf(Promise);
  });

  it('answers a failed streamed read as "could not load" and logs it', async () => {
    failing.wishlist = true;
    const data = await load('/dashboard');
    if (!data.signedIn) throw new Error('signed in');
    expect(data.profile).toMatchObject({ status: 'loaded' });
    await expect(data.wishlist).resolves.toEqual({ status: 'failed' });
    expect(logged).toEqual([
      [
        { err: new Error('the wishlist table is unreachable'), section: 'wishlist' },
        'dashboard section could not be loaded',
      ],
    ]);
  });

  it('lets a failed read of the open tab fail the page, as any loader error', async () => {
    failing.wishlist = true;
    await expect(load('/dashboard?tab=wishlist')).rejects.toThrow(
      'the wishlist table is unreachable',
    );
  });
});
