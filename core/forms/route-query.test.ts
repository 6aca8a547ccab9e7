import { describe, expect, it } from 'vitest';
import {
  ADMIN_MAX_PAGE,
  adminQuerySchema,
  authCodeQuerySchema,
  blogQuerySchema,
  dashboardQuerySchema,
  dashboardSecurityQuerySchema,
  parseRouteQuery,
  productConsoleQuerySchema,
  productQuerySchema,
  searchSuggestionsQuerySchema,
  sitemapQuerySchema,
  SITEMAP_MAX_PAGE,
  unsubscribeQuerySchema,
} from './route-query';
import {
  contactMessageListQuerySchema,
  orderListQuerySchema,
  quotationListQuerySchema,
  subscriberListQuerySchema,
} from '../admin/admin-list-query';
import { parseShopQuery, SHOP_MAX_PAGE } from '../catalog/shop-query';
import { PRODUCT_MAX_PRICE_RUPEES } from '../catalog/product-console';

const query = (text: string) => new URLSearchParams(text);

describe('route queries', () => {
  it('clamps the shop page the attack cast into an overflowing bigint', () => {
    for (const page of ['99999999999999999999', '1e308', 'Infinity']) {
      expect(parseShopQuery(query(`page=${page}`)).page, page).toBe(SHOP_MAX_PAGE);
    }
    for (const page of ['-1e308', '-Infinity', '0', '-3']) {
      expect(parseShopQuery(query(`page=${page}`)).page, page).toBe(1);
    }
    for (const page of ['NaN', 'x', '', '0x', '1_000']) {
      expect(parseShopQuery(query(`page=${page}`)).page, page).toBe(1);
    }
    expect(parseShopQuery(query('page=2.9')).page).toBe(2);
  });

  it('clamps the shop prices to what a product can cost', () => {
    const listing = parseShopQuery(query('minPrice=1e308&maxPrice=-5'));
    expect(listing.minPrice).toBe(PRODUCT_MAX_PRICE_RUPEES);
    expect(listing.maxPrice).toBe(0);
    expect(parseShopQuery(query('minPrice=abc')).minPrice).toBeNull();
  });

  it('keeps the shop text storable and short: no NUL, materials capped', () => {
    const listing = parseShopQuery(
      query(
        `q=${encodeURIComponent(`a\u0000b${'x'.repeat(500)}`)}&${Array.from({ length: 80 }, (_, index) => `material=m${index}`).join('&')}&material=${'y'.repeat(300)}`,
      ),
    );
    expect(listing.q.startsWith('ab')).toBe(true);
    expect([...listing.q]).toHaveLength(200);
    expect(listing.materials).toHaveLength(50);
    expect(listing.materials.every((material) => material.length <= 100)).toBe(true);
  });

  it('clamps the admin page and falls back to the first tab', () => {
    expect(parseRouteQuery(adminQuerySchema, query('tab=orders&page=1e308'))).toEqual({
      tab: 'orders',
      page: ADMIN_MAX_PAGE,
    });
    expect(parseRouteQuery(adminQuerySchema, query('tab=%00&page=-7&other=1'))).toEqual({
      tab: 'quotations',
      page: 1,
    });
  });

  it('reads the admin list filters, falling back on anything else', () => {
    expect(
      parseRouteQuery(
        orderListQuerySchema,
        query(
          'tab=orders&q=+Asha+&status=shipped&from=2026-01-05&to=2026-02-01&sort=oldest&page=3',
        ),
      ),
    ).toEqual({
      page: 3,
      q: 'Asha',
      status: 'shipped',
      from: '2026-01-05',
      to: '2026-02-01',
      sort: 'oldest',
    });
    // another list's status, impossible days and an unknown sort fall back
    expect(
      parseRouteQuery(
        contactMessageListQuerySchema,
        query('status=shipped&from=2026-02-30&to=26-1-1&sort=random&page=1e308'),
      ),
    ).toEqual({ q: '', status: null, from: null, to: null, sort: 'newest', page: ADMIN_MAX_PAGE });
    // a day before 2000 is no bound, 29 February only in a leap year
    expect(
      parseRouteQuery(orderListQuerySchema, query('from=1999-12-31&to=2024-02-29')),
    ).toMatchObject({ from: null, to: '2024-02-29' });
    expect(parseRouteQuery(orderListQuerySchema, query('to=2026-02-29'))).toMatchObject({
      to: null,
    });
    // the search is cut to 100 characters and loses NUL
    const long = parseRouteQuery(quotationListQuerySchema, query(`q=a%00${'b'.repeat(300)}`));
    expect(long.q).toBe(`a${'b'.repeat(99)}`);
    // a range given backwards is the same range
    expect(
      parseRouteQuery(quotationListQuerySchema, query('from=2026-03-01&to=2026-01-01')),
    ).toMatchObject({ from: '2026-01-01', to: '2026-03-01' });
  });

  it('reads each export and the subscribers list with its own statuses', () => {
    expect(parseRouteQuery(quotationListQuerySchema, query('status=completed')).status).toBe(
      'completed',
    );
    expect(parseRouteQuery(quotationListQuerySchema, query('status=unread')).status).toBeNull();
    expect(parseRouteQuery(orderListQuerySchema, query('status=cancelled')).status).toBe(
      'cancelled',
    );
    expect(parseRouteQuery(contactMessageListQuerySchema, query('status=replied')).status).toBe(
      'replied',
    );
    expect(
      parseRouteQuery(subscriberListQuerySchema, query('status=unsubscribed&source=blog&q=x')),
    ).toEqual({
      q: 'x',
      status: 'unsubscribed',
      source: 'blog',
      from: null,
      to: null,
      sort: 'newest',
      page: 1,
    });
    expect(
      parseRouteQuery(subscriberListQuerySchema, query('status=pending&source=tv')),
    ).toMatchObject({ status: null, source: null });
  });

  it('reads the console, dashboard, product, blog, auth, token and sitemap queries', () => {
    expect(
      parseRouteQuery(productConsoleQuerySchema, query(`product=a%00b&find=${'z'.repeat(900)}`)),
    ).toEqual({ product: 'ab', find: 'z'.repeat(200) });
    expect(parseRouteQuery(dashboardQuerySchema, query('tab=wishlist')).tab).toBe('wishlist');
    expect(parseRouteQuery(dashboardQuerySchema, query('tab=admin')).tab).toBe('profile');
    expect(parseRouteQuery(productQuerySchema, query('reviews=newest&image=1e308'))).toEqual({
      reviews: 'newest',
      image: 1000,
    });
    expect(parseRouteQuery(productQuerySchema, query('reviews=rating&image=x'))).toEqual({
      reviews: 'most_helpful',
      image: 1,
    });
    const blog = blogQuerySchema(['Craft'], ['Jaipur']);
    expect(parseRouteQuery(blog, query('category=Craft&region=Mars'))).toEqual({
      category: 'Craft',
      region: null,
    });
    expect(parseRouteQuery(authCodeQuerySchema, query('phone=%2B919829000000')).phone).toBe(
      '+919829000000',
    );
    expect(parseRouteQuery(authCodeQuerySchema, query('phone=98290')).phone).toBeNull();
    expect(
      parseRouteQuery(unsubscribeQuerySchema, query(`token=${'t'.repeat(5000)}`)).token,
    ).toHaveLength(1000);
    expect(parseRouteQuery(dashboardSecurityQuerySchema, query('error')).error).toBe(true);
    expect(parseRouteQuery(dashboardSecurityQuerySchema, query('')).error).toBe(false);
    expect(parseRouteQuery(sitemapQuerySchema, query('page=1e308')).page).toBe(SITEMAP_MAX_PAGE);
    expect(parseRouteQuery(sitemapQuerySchema, query('page=-1')).page).toBe(0);
  });

  it('reads parameters named like an object’s own members as parameters', () => {
    expect(
      parseRouteQuery(adminQuerySchema, query('toString=1&__proto__=x&constructor=&tab=roles')),
    ).toEqual({ tab: 'roles', page: 1 });
  });

  it('keeps the typed search as typed (the header search matches its answer by it)', () => {
    expect(parseRouteQuery(searchSuggestionsQuerySchema, query('q=%20lotus%20')).q).toBe(' lotus ');
    expect(parseRouteQuery(searchSuggestionsQuerySchema, query('q=a%00b')).q).toBe('ab');
  });
});
