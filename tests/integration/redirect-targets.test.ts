/**
 * docs/requirements.md §14: a redirect built from a request never leaves the shop and never fails.
 * The sign-in pages send a signed-in user on to `redirectTo`, as a document (302 Location) and as
 * a data request (React Router's X-Remix-Redirect). Each case is an answer's status, Location or
 * form field, so the whole app answers here in process, on PGlite and on PostgreSQL, the customer
 * signed in through the real auth endpoints. Better Auth's mail links with their callbackURL stay
 * a journey (tests/e2e/redirect-targets.spec.ts): Better Auth checks a callbackURL only when
 * NODE_ENV is not `test`, which it reads once when it loads, and Vitest runs with `test`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/database';
import { SHOP_URL, startShopApp, type ShopApp } from '../support/http-app';
import { HOSTILE_TARGETS } from '../support/hostile-redirect-targets';

const SIGN_IN_PAGES = ['/auth', '/auth/code', '/auth/two-factor'];

/** A browser following `target` stays on the shop: no control character, no `//`, same origin. */
function expectTargetInsideTheShop(target: string, baseURL: string, what: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  expect(target, what).not.toMatch(/[\u0000-\u0020\u007f\\]/);
  expect(target.startsWith('//'), `${what} → ${target}`).toBe(false);
  expect(new URL(target, baseURL).origin, `${what} → ${target}`).toBe(new URL(baseURL).origin);
}

function expectInsideTheShop(response: Response, baseURL: string, what: string) {
  expect(response.status, what).toBeLessThan(500);
  for (const target of [
    response.headers.get('location'),
    response.headers.get('x-remix-redirect'),
  ]) {
    if (target !== null) expectTargetInsideTheShop(target, baseURL, what);
  }
}

describe(`redirect targets on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('a signed-in user sent on by /auth, /auth/code or /auth/two-factor stays in the shop', async () => {
    const { client: request } = await shop.customer();
    for (const pagePath of SIGN_IN_PAGES) {
      for (const target of HOSTILE_TARGETS) {
        for (const address of [pagePath, `${pagePath}.data`]) {
          const what = `${address}?redirectTo=${target.slice(0, 60)}`;
          const response = await request.get(`${address}?redirectTo=${target}`, {
            maxRedirects: 0,
          });
          expectInsideTheShop(response, SHOP_URL, what);
          expect([302, 202, 204], what).toContain(response.status);
        }
      }
    }
    // A good target is still honoured.
    const honoured = await request.get('/auth?redirectTo=%2Fdashboard%3Ftab%3Dorders', {
      maxRedirects: 0,
    });
    expect(honoured.headers.get('location')).toBe('/dashboard?tab=orders');
  });

  it('a visitor on the sign-in pages gets a form whose target stays in the shop', async () => {
    const request = shop.client();
    for (const pagePath of SIGN_IN_PAGES) {
      for (const target of HOSTILE_TARGETS) {
        const what = `${pagePath}?redirectTo=${target.slice(0, 60)}`;
        const response = await request.get(`${pagePath}?redirectTo=${target}`, {
          maxRedirects: 0,
        });
        expectInsideTheShop(response, SHOP_URL, what);
        const html = await response.text();
        const values = [...html.matchAll(/name="redirectTo" value="([^"]*)"/g)];
        expect(values.length, what).toBeGreaterThan(0);
        for (const [, value = ''] of values) {
          expectTargetInsideTheShop(value.replaceAll('&amp;', '&'), SHOP_URL, what);
        }
      }
    }
  });

  it('signing in with a hostile redirectTo answers a target inside the shop', async () => {
    const { client: request, email, password } = await shop.customer();
    request.clearCookies();
    for (const target of [
      '/\t/evil.example',
      '/\n/evil.example',
      '//evil.example',
      '/\\evil.example',
    ]) {
      const response = await request.post('/auth', {
        form: { intent: 'sign-in', email, password, redirectTo: target },
        headers: { Origin: SHOP_URL },
        maxRedirects: 0,
      });
      expectInsideTheShop(response, SHOP_URL, `POST /auth redirectTo=${JSON.stringify(target)}`);
      expect(response.status, 'signed in').toBe(200);
      expect(await response.text()).not.toContain('evil.example');
      request.clearCookies();
    }
  });
});
