import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  CROSS_ORIGIN_REFUSAL,
  isAllowedOrigin,
  sameOriginGuard,
  type RequestOriginFacts,
} from './same-origin';

const SHOP = 'https://shop.example';

function facts(overrides: Partial<RequestOriginFacts>): RequestOriginFacts {
  return {
    method: 'POST',
    origin: undefined,
    secFetchSite: undefined,
    authorization: undefined,
    cookie: undefined,
    ...overrides,
  };
}

describe('which requests pass the same-origin check', () => {
  const table: Array<[string, Partial<RequestOriginFacts>, boolean]> = [
    ['a GET from anywhere', { method: 'GET', origin: 'http://evil.example' }, true],
    ['a HEAD from anywhere', { method: 'HEAD', origin: 'http://evil.example' }, true],
    ['an OPTIONS from anywhere', { method: 'OPTIONS', origin: 'http://evil.example' }, true],
    ['a POST from the shop', { origin: SHOP }, true],
    ['a POST from another site', { origin: 'http://evil.example' }, false],
    ['a POST from another port of the shop', { origin: 'https://shop.example:8443' }, false],
    ['a POST from the shop over http', { origin: 'http://shop.example' }, false],
    ['a POST from a subdomain', { origin: 'https://evil.shop.example' }, false],
    ['a POST from an opaque origin', { origin: 'null' }, false],
    ['a POST with an empty Origin', { origin: '' }, false],
    [
      'a POST whose Origin is foreign though Fetch Metadata says same-origin',
      { origin: 'http://evil.example', secFetchSite: 'same-origin' },
      false,
    ],
    ['PUT from another site', { method: 'PUT', origin: 'http://evil.example' }, false],
    ['PATCH from another site', { method: 'PATCH', origin: 'http://evil.example' }, false],
    ['DELETE from another site', { method: 'DELETE', origin: 'http://evil.example' }, false],
    [
      'a lower-case method from another site',
      { method: 'post', origin: 'http://evil.example' },
      false,
    ],
    ['no Origin, Sec-Fetch-Site same-origin', { secFetchSite: 'same-origin' }, true],
    ['no Origin, Sec-Fetch-Site none (typed by the user)', { secFetchSite: 'none' }, true],
    ['no Origin, Sec-Fetch-Site same-site', { secFetchSite: 'same-site' }, false],
    ['no Origin, Sec-Fetch-Site cross-site', { secFetchSite: 'cross-site' }, false],
    ['neither header (curl, a server)', {}, true],
    ['neither header, with a cookie', { cookie: 'storefront.session_token=x' }, true],
    [
      'a bearer token and no cookie, from another site',
      { origin: 'http://evil.example', authorization: 'Bearer abc.def' },
      true,
    ],
    [
      'a bearer token with a cookie, from another site',
      {
        origin: 'http://evil.example',
        authorization: 'Bearer abc.def',
        cookie: 'storefront.session_token=x',
      },
      false,
    ],
    [
      'an empty bearer, from another site',
      { origin: 'http://evil.example', authorization: 'Bearer ' },
      false,
    ],
    [
      'basic credentials, from another site',
      { origin: 'http://evil.example', authorization: 'Basic dXNlcjpwYXNz' },
      false,
    ],
  ];

  it.each(table)('%s', (_name, overrides, allowed) => {
    expect(isAllowedOrigin(facts(overrides), SHOP)).toBe(allowed);
  });
});

describe('the guard in front of the routes', () => {
  function appBehindGuard(publicUrl: string) {
    const reached: string[] = [];
    const app = new Hono();
    app.use(sameOriginGuard(publicUrl));
    app.all('*', async (c) => {
      reached.push(await c.req.text());
      return c.text('changed');
    });
    return { app, reached };
  }

  it('answers a foreign post 403 without running the route or reading the body', async () => {
    const { app, reached } = appBehindGuard(`${SHOP}/`);
    let bodyRead = false;
    // highWaterMark 0: the stream is pulled only when someone reads it.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          bodyRead = true;
          controller.enqueue(new TextEncoder().encode('productId=boat-ganesh'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await app.request('/wishlist', {
      method: 'POST',
      headers: { Origin: 'http://evil.example', Cookie: 'storefront.session_token=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(CROSS_ORIGIN_REFUSAL);
    expect(reached).toEqual([]);
    expect(bodyRead).toBe(false);
  });

  it("lets the shop's own post through to the route", async () => {
    const { app, reached } = appBehindGuard(SHOP);
    const response = await app.request('/wishlist', {
      method: 'POST',
      headers: { Origin: SHOP },
      body: 'productId=boat-ganesh',
    });
    expect(response.status).toBe(200);
    expect(reached).toEqual(['productId=boat-ganesh']);
  });
});
