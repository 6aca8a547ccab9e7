/**
 * docs/requirements.md §16 and §5, inputs: the loaders read their input from the address (a
 * product's id, a story's id, the shop's search, filters, sort and page, the search suggestions,
 * the owner's list pages). Random and hostile text in each of them is answered as a page that is
 * not there or as an ordinary page, never as a 5xx; a form's body that is no form is a 415, and a
 * refused form answers its field errors cut to size. Every case is an answer's status or size, so
 * the whole app answers here in process, on PGlite and on PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/database';
import { hostileText } from '../support/hostile-input';
import { SHOP_URL, startShopApp, type ShopApp } from '../support/http-app';

const RUNS = 25;

// Long enough to reach the loaders' limits, short enough for an address (servers cap the line).
// Numbers too, for the page and price fields: huge, negative, fractional, not finite.
const addressText = fc.oneof(
  // A lone surrogate has no UTF-8 form, so no address can carry one (encodeURIComponent throws, a
  // browser sends U+FFFD): it becomes U+FFFD here as well.
  hostileText.map((text) =>
    [...text]
      .slice(0, 2_000)
      .join('')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  ),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom('1e300', '9007199254740993', '-0', 'Infinity', '0x10', '1_000'),
);

const addresses: [name: string, build: (text: string) => string][] = [
  ['product id', (text) => `/product/${encodeURIComponent(text)}`],
  ['quote product id', (text) => `/quote/${encodeURIComponent(text)}`],
  ['story id', (text) => `/blog/${encodeURIComponent(text)}`],
  ['shop category', (text) => `/shop/${encodeURIComponent(text)}`],
  [
    'shop search, sort, filters and page',
    (text) =>
      `/shop?${new URLSearchParams({ q: text, sort: text, view: text, material: text, minPrice: text, maxPrice: text, page: text })}`,
  ],
  ['search suggestions', (text) => `/search/suggestions?${new URLSearchParams({ q: text })}`],
];

describe(`hostile addresses on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  for (const [name, build] of addresses) {
    it(`${name}: hostile text is a 404, a 400 or a page, never a 5xx`, async () => {
      const request = shop.client();
      await fc.assert(
        fc.asyncProperty(addressText, async (text) => {
          const response = await request.get(build(text), { maxRedirects: 0 });
          expect(response.status, `${build(text).slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('an address holding NUL reaches no route: 400', async () => {
    const request = shop.client();
    for (const path of [
      '/product/a%00b',
      '/shop?q=%00',
      '/dashboard?tab=%00',
      '/admin?page=1%00',
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status, path).toBe(400);
    }
  });

  // docs/requirements.md §14: the attack's own requests, each of which answered 500.
  it('the shop clamps a page past any number: 200, not a bigint overflow', async () => {
    const request = shop.client();
    for (const page of ['99999999999999999999', '1e308']) {
      const response = await request.get(`/shop?page=${page}`, { maxRedirects: 0 });
      expect(response.status, page).toBe(200);
    }
  });

  it('a form posted as JSON, plain text or no form at all is a 415', async () => {
    const request = shop.client();
    const home = await request.get('/shop');
    const productHref = /href="\/product\/([^"?#]+)"/.exec(await home.text())?.[1];
    expect(productHref).toBeTruthy();
    const fields = { name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello' };
    for (const path of ['/contact', `/quote/${productHref}`, '/newsletter']) {
      for (const [contentType, body] of [
        ['application/json', JSON.stringify(fields)],
        ['text/plain', 'name=Asha'],
      ] as const) {
        const response = await request.post(path, {
          headers: { 'Content-Type': contentType, Origin: SHOP_URL },
          data: body,
          maxRedirects: 0,
        });
        expect(response.status, `${path} ${contentType}`).toBe(415);
      }
    }
  });

  it('a wishlist post with NUL in the product key is a 404, not a 500', async () => {
    const { cookie } = await shop.signUp();
    const response = await shop.app.request(`${SHOP_URL}/wishlist`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: SHOP_URL,
        Cookie: cookie,
      },
      body: 'productId=a%00b',
    });
    expect(response.status).toBe(404);
  });

  // docs/requirements.md §5: a refused form answers its field errors and values cut to their
  // limits.
  it('a 2 MB contact message is answered in under 20 KB, with its field error', async () => {
    const response = await shop.client().post('/contact.data', {
      headers: { Origin: SHOP_URL },
      form: {
        name: 'Asha',
        email: 'asha@example.com',
        subject: 'A long one',
        message: 'x'.repeat(2 * 1024 * 1024),
      },
      maxRedirects: 0,
    });
    expect(response.status).toBe(400);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(20_000);
    expect(body.toString('utf8')).toContain('Message must be less than 1000 characters');
  });

  it('an admin list page past any number is clamped: 200, not a 500', async () => {
    const { client: owner } = await shop.admin();
    for (const path of ['/admin.data?tab=orders&page=1e308', '/admin?tab=orders&page=1e308']) {
      const response = await owner.get(path);
      expect(response.status, path).toBe(200);
    }
  });
});
