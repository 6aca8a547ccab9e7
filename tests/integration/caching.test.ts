/**
 * Caching where it is safe (docs/requirements.md §16): anonymous catalogue pages may be kept by
 * shared caches and by the server's own short-lived page copy; nothing rendered for a signed-in
 * user, no form reply and no account page may be. Every case is an answer's Cache-Control, Vary
 * or nonce, so the whole app answers here in process, in the production mode that keeps the page
 * copy, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/database';
import { PASSWORD, SHOP_URL, startShopApp, type ShopApp } from '../support/http-app';

const PRODUCT_PATH = '/product/banswara-cake-stand';
// A person's browser; Headless Chromium and Playwright call themselves crawlers, whose pages are
// never shared.
const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const asPerson = { headers: { 'User-Agent': PERSON } };
const SHARED = 'public, max-age=60, stale-while-revalidate=600';

function nonceOf(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
}

function expectPrivate(response: Response) {
  const cacheControl = response.headers.get('cache-control') ?? '';
  expect(cacheControl).toContain('private');
  expect(cacheControl).toContain('no-store');
  expect(cacheControl).not.toContain('public');
}

describe(`caching on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('an anonymous product page may be cached and revalidated by shared caches', async () => {
    const request = shop.client();
    const response = await request.get(PRODUCT_PATH, asPerson);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(SHARED);
    expect(response.headers.get('vary')).toMatch(/\bCookie\b/i);
    // React Router's loader data for the same page follows the same rule.
    const loaderData = await request.get(`${PRODUCT_PATH}.data`, asPerson);
    expect(loaderData.headers.get('cache-control')).toBe(SHARED);
  });

  it("a shop search reaches the server every time (the owner's counts see each one)", async () => {
    const request = shop.client();
    for (const path of ['/shop?q=brass', '/shop.data?q=brass', '/shop/divine-artistry?q=ganesha']) {
      const response = await request.get(path, asPerson);
      expect(response.status).toBe(200);
      expectPrivate(response);
    }
    // The listing without a search stays shared.
    expect((await request.get('/shop', asPerson)).headers.get('cache-control')).toBe(SHARED);
  });

  it('a page served again from the server copy carries its own CSP nonce', async () => {
    const request = shop.client();
    const first = await request.get(PRODUCT_PATH, asPerson);
    const second = await request.get(PRODUCT_PATH, asPerson);
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).not.toBe('');
    expect(secondNonce).not.toBe(firstNonce);
    const html = await second.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
      ([, attributes]) => !attributes?.includes('application/ld+json'),
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) {
      expect(attributes).toContain(`nonce="${secondNonce}"`);
    }
    expect(html).not.toContain(firstNonce);
  });

  it("a crawler's page is not kept by shared caches: it differs (no welcome pop-up)", async () => {
    expectPrivate(await shop.client().get(PRODUCT_PATH, { headers: { 'User-Agent': CRAWLER } }));
  });

  it('a missing product is not kept by shared caches', async () => {
    const response = await shop.client().get('/product/no-such-piece', asPerson);
    expect(response.status).toBe(404);
    expectPrivate(response);
  });

  it('pages of a signed-in customer are private and never the anonymous copy', async () => {
    // A visitor's copy of the page is fresh in every cache when the customer asks for it.
    expect((await shop.client().get(PRODUCT_PATH, asPerson)).headers.get('cache-control')).toBe(
      SHARED,
    );
    const { client: signedIn } = await shop.customer({ name: 'Kavya Menon' });

    const productPage = await signedIn.get(PRODUCT_PATH, asPerson);
    expectPrivate(productPage);
    expect(await productPage.text()).toContain('My account');
    expectPrivate(await signedIn.get(`${PRODUCT_PATH}.data`, asPerson));
    expectPrivate(await signedIn.get('/', asPerson));
    expectPrivate(await signedIn.get('/dashboard', asPerson));
    expectPrivate(await signedIn.get('/admin', asPerson));
    const wishlist = await signedIn.post('/wishlist', {
      form: { productId: 'banswara-cake-stand' },
      headers: { ...asPerson.headers, Origin: SHOP_URL },
    });
    expect(wishlist.status).toBe(200);
    expectPrivate(wishlist);
  });

  it('account pages and the sign-in form answer privately to visitors too', async () => {
    const request = shop.client();
    expectPrivate(await request.get('/auth', asPerson));
    expectPrivate(await request.get('/dashboard', { ...asPerson, maxRedirects: 0 }));
    const signIn = await request.post('/auth', {
      form: {
        intent: 'sign-in',
        redirectTo: '/',
        email: 'nobody@example.com',
        password: PASSWORD,
      },
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expectPrivate(signIn);
  });

  it('search suggestions say how long the search took, and are never cached', async () => {
    const response = await shop.client().get('/search/suggestions?q=brass');
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/^search;dur=\d+(\.\d+)?$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(((await response.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });
});
