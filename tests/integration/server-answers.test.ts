/**
 * The server's first answers (docs/design.md §1): /healthz reports the database it is on and the
 * job queue's figures, and a page carries the hardened headers of docs/decisions/012. Both are
 * answers' statuses and headers, so the whole app answers them in this process, with the job
 * worker the server starts, on PGlite and on PostgreSQL; the page's inline scripts running under
 * the policy is a browser's business (tests/e2e/server.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/database';
import { startShopApp, type ShopApp } from '../support/http-app';

describe(`the server's answers on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp({ worker: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('/healthz answers 200 with the database up', async () => {
    const response = await shop.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: testDatabaseKind });
  });

  it('pages carry the security headers', async () => {
    const response = await shop.client().get('/');
    const { headers } = response;
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('microphone=(self)');
    // Served over plain http here, so no HSTS.
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('x-request-id')).toBeTruthy();
  });
});
