/**
 * Issue 8, inputs: the loaders read their input from the address (a product's id, a story's id,
 * the shop's search, filters, sort and page, the search suggestions). Random and hostile text in
 * each of them is answered as a page that is not there or as an ordinary page, never as a 5xx.
 */
import fc from 'fast-check';
import { expect, test } from './support/test';
import { hostileText } from '../support/hostile-input';

const RUNS = 25;

// Long enough to reach the loaders' limits, short enough for an address (servers cap the line).
// Numbers too, for the page and price fields: huge, negative, fractional, not finite.
const addressText = fc.oneof(
  hostileText.map((text) => [...text].slice(0, 2_000).join('')),
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

for (const [name, build] of addresses) {
  test(`${name}: hostile text is a 404, a 400 or a page, never a 5xx`, async ({ request }) => {
    await fc.assert(
      fc.asyncProperty(addressText, async (text) => {
        const response = await request.get(build(text), { maxRedirects: 0 });
        expect(response.status(), `${build(text).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
}

test('an address holding NUL reaches no route: 400', async ({ request }) => {
  for (const path of ['/product/a%00b', '/shop?q=%00', '/dashboard?tab=%00', '/admin?page=1%00']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
  }
});
