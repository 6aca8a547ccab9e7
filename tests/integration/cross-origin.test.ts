/**
 * docs/requirements.md §14: no state-changing request from another origin reaches any route. The
 * walk is generated from the route table (app/routes.ts), so a new route is covered on the day it
 * is added; Better Auth's endpoints, the order event stream and the JSON API's prefix are added by
 * hand. Signed in as a customer and as an admin, every refused request leaves every table exactly
 * as it was, and the same posts from the shop itself still work. Each case is an answer's status
 * and body and the rows after it, so the whole app answers here in process, on PGlite and on
 * PostgreSQL; a page on another site posting its form is a browser's business
 * (tests/e2e/cross-origin.spec.ts).
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routeTable from '../../app/routes';
import { testDatabaseKind } from '../support/database';
import { SHOP_URL, startShopApp, type ShopApp, type ShopClient } from '../support/http-app';
import { tableDigests } from '../support/table-digest';

const FOREIGN_ORIGIN = 'http://evil.example';
/** Another port of the shop's host: same-site, so SameSite=Lax cookies travel. */
const ANOTHER_PORT = `${SHOP_URL}:8081`;
const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const REFUSAL = 'This request came from another site and was refused.';

/** Every URL pattern of the route table, nested routes included. */
function routePatterns(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
    return [`/${own}`, ...routePatterns(entry.children ?? [], own)];
  });
}

/** A concrete address for a pattern: real ids where the route reads one. */
function addressOf(pattern: string, productId: string): string {
  return pattern
    .replace(/:(id|productId)\b/g, productId)
    .replace(':category', 'home-elegance')
    .replace(':storyId', 'the-story')
    .replace(/\*$/, 'no-such-page');
}

/** The page itself, and its data request (React Router's `.data`, `_root.data` for the index). */
function addressesOf(address: string): string[] {
  return [address, address === '/' ? '/_root.data' : `${address}.data`];
}

/** Better Auth endpoints that change something: sessions, accounts, passwords, codes. */
const AUTH_ENDPOINTS = [
  '/api/auth/sign-out',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/update-user',
  '/api/auth/change-email',
  '/api/auth/change-password',
  '/api/auth/delete-user',
  '/api/auth/revoke-sessions',
  '/api/auth/revoke-other-sessions',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/email-otp/send-verification-otp',
  '/api/auth/sign-in/email-otp',
  '/api/auth/phone-number/send-otp',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
];

/** Routes outside React Router: the order event stream and the JSON API. */
const OTHER_ENDPOINTS = [
  '/api/orders/events',
  '/api/v1/products',
  '/api/v1/quotation-requests',
  '/api/v1/me/addresses',
  '/api/v1/admin/products',
];

/**
 * A fingerprint of every row of every table of the shop, so that "nothing changed" covers tables
 * added later too.
 */
async function databaseFingerprint(shop: ShopApp): Promise<Record<string, string>> {
  const tables = await shop.sql<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return tableDigests(
    shop.sql,
    tables.map((table) => table.name),
  );
}

/** Posts as the signed-in client would, cookie included, with these headers. */
function send(
  request: ShopClient,
  method: string,
  address: string,
  headers: Record<string, string>,
) {
  return request.fetch(address, {
    method,
    headers,
    form: { productId: 'lotus-urli', intent: 'delete-product', email: 'mallory@example.com' },
    maxRedirects: 0,
  });
}

describe(`requests from another origin on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('every route refuses a state-changing request from another origin, and nothing changes', async () => {
    const [{ id: productId } = { id: 'lotus-urli' }] = await shop.sql<{ id: string }>(
      'select id from products order by id limit 1',
    );
    const patterns = routePatterns(routeTable);
    // The resource routes of the finding are part of the generated walk.
    expect(patterns).toEqual(
      expect.arrayContaining(['/wishlist', '/auth/sign-out', '/admin/product-media/import']),
    );
    const addresses = [
      ...patterns.flatMap((pattern) => addressesOf(addressOf(pattern, productId))),
      ...AUTH_ENDPOINTS,
      ...OTHER_ENDPOINTS,
    ];

    const { client: customer } = await shop.customer();
    const { client: admin } = await shop.admin();
    const before = await databaseFingerprint(shop);

    const foreignHeaders: Array<Record<string, string>> = [
      { Origin: FOREIGN_ORIGIN },
      { Origin: ANOTHER_PORT },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const request of [customer, admin]) {
      for (const address of addresses) {
        for (const method of STATE_CHANGING_METHODS) {
          const response = await send(request, method, address, foreignHeaders[0]!);
          expect(response.status, `${method} ${address}`).toBe(403);
          // docs/requirements.md §11: the JSON API gives the same refusal as an RFC 9457 problem.
          const refusal = address.startsWith('/api/v1/')
            ? ((await response.json()) as { detail: string }).detail
            : await response.text();
          expect(refusal, `${method} ${address}`).toBe(REFUSAL);
        }
        for (const headers of foreignHeaders.slice(1)) {
          const response = await send(request, 'POST', address, headers);
          expect(response.status, `POST ${address} ${JSON.stringify(headers)}`).toBe(403);
        }
      }
    }
    expect(await databaseFingerprint(shop)).toEqual(before);

    // Both are still signed in: neither sign-out above went through.
    for (const request of [customer, admin]) {
      const session = await request.get('/api/auth/get-session');
      expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBeTruthy();
    }
  }, 240_000);

  it("the shop's own posts still work: with its Origin, by Fetch Metadata, and from a client without either", async () => {
    const { client: request } = await shop.customer();
    const wishlistRows = async () =>
      (await shop.sql<{ count: string }>('select count(*)::text as count from wishlist_items'))[0]
        ?.count;

    expect(await wishlistRows()).toBe('0');
    const byOrigin = await send(request, 'POST', '/wishlist', { Origin: SHOP_URL });
    expect(byOrigin.status).toBe(200);
    expect(await wishlistRows()).toBe('1');
    const byFetchMetadata = await send(request, 'POST', '/wishlist', {
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(byFetchMetadata.status).toBe(200);
    expect(await wishlistRows()).toBe('0');
    // Not a browser (curl, a server): no cross-site request can be forged through it.
    const withoutEither = await send(request, 'POST', '/wishlist', {});
    expect(withoutEither.status).toBe(200);
    expect(await wishlistRows()).toBe('1');

    const signOut = await send(request, 'POST', '/auth/sign-out', { Origin: SHOP_URL });
    expect(signOut.status).toBe(302);
    const session = await request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });
});
