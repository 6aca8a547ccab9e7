import { describe, expect, it } from 'vitest';
import {
  applyShopQuery,
  distinctMaterials,
  SHOP_PAGE_SIZE,
  shopQueryToSearchParams,
  SORT_COMPARATORS,
  SORT_OPTIONS,
  type ListedProduct,
  type SortOption,
} from './shop-listing';
import { parseShopQuery } from './shop-query';

function product(overrides: Partial<ListedProduct> & { id: string }): ListedProduct {
  return {
    name: overrides.id,
    categorySlug: 'artisan-home-serenity',
    description: '',
    material: 'Marble',
    region: null,
    priceMinor: 100_000,
    featured: false,
    bestseller: false,
    newArrival: false,
    reviewCount: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

const catalogue = [
  product({ id: 'urli', name: 'Lotus Urli', priceMinor: 340_000, featured: true, reviewCount: 2 }),
  product({
    id: 'bowl',
    name: 'brass bowl',
    priceMinor: 190_000,
    bestseller: true,
    reviewCount: 9,
  }),
  product({
    id: 'stand',
    name: 'Cake Stand',
    priceMinor: 280_000,
    newArrival: true,
    createdAt: new Date('2026-03-01T00:00:00Z'),
  }),
  product({ id: 'dish', name: 'Soap Dish', priceMinor: 90_000, reviewCount: 4 }),
  product({
    id: 'idol',
    name: 'Ganesh Idol',
    priceMinor: 380_000,
    newArrival: true,
    featured: true,
    createdAt: new Date('2026-02-01T00:00:00Z'),
  }),
];

function sortedIds(option: SortOption): string[] {
  return [...catalogue].sort(SORT_COMPARATORS[option]).map((entry) => entry.id);
}

describe('the shop sort comparators (spec §4)', () => {
  it.each<[SortOption, string[]]>([
    // featured first, then bestsellers, then A to Z
    ['featured', ['idol', 'urli', 'bowl', 'stand', 'dish']],
    // the new-arrival flag first, newest of them first, then A to Z
    ['newest', ['stand', 'idol', 'bowl', 'urli', 'dish']],
    // review count, most first; ties A to Z
    ['popularity', ['bowl', 'dish', 'urli', 'stand', 'idol']],
    ['rating', ['bowl', 'dish', 'urli', 'stand', 'idol']],
    ['price-low', ['dish', 'bowl', 'stand', 'urli', 'idol']],
    ['price-high', ['idol', 'urli', 'stand', 'bowl', 'dish']],
    // case-insensitive: "brass bowl" sorts among the Bs
    ['name-a-z', ['bowl', 'stand', 'idol', 'urli', 'dish']],
    ['name-z-a', ['dish', 'urli', 'idol', 'stand', 'bowl']],
  ])('%s', (option, expected) => {
    expect(sortedIds(option)).toEqual(expected);
  });

  it('offers eight options, featured first', () => {
    expect(SORT_OPTIONS.map((option) => option.value)).toEqual([
      'featured',
      'newest',
      'popularity',
      'rating',
      'price-low',
      'price-high',
      'name-a-z',
      'name-z-a',
    ]);
  });
});

describe('the listing state in the URL', () => {
  it('falls back to the defaults for missing or unknown values', () => {
    expect(
      parseShopQuery(new URLSearchParams('sort=cheapest&view=table&page=-2&minPrice=x')),
    ).toEqual({
      sort: 'featured',
      view: 'grid',
      materials: [],
      minPrice: null,
      maxPrice: null,
      page: 1,
      q: '',
    });
  });

  it('round-trips a filtered, sorted list view and leaves defaults out', () => {
    const query = parseShopQuery(
      new URLSearchParams(
        'material=Brass&material=Marble&sort=price-low&view=list&maxPrice=3000&page=2',
      ),
    );
    expect(query).toMatchObject({
      materials: ['Brass', 'Marble'],
      sort: 'price-low',
      view: 'list',
      maxPrice: 3000,
      page: 2,
    });
    expect(shopQueryToSearchParams(query).toString()).toBe(
      'material=Brass&material=Marble&maxPrice=3000&sort=price-low&view=list&page=2',
    );
    expect(shopQueryToSearchParams(parseShopQuery(new URLSearchParams())).toString()).toBe('');
  });
});

describe('applying the listing state', () => {
  const base = parseShopQuery(new URLSearchParams());

  it('filters by any of the chosen materials and counts the matches', () => {
    const mixed = [...catalogue, product({ id: 'lamp', name: 'Brass Lamp', material: 'Brass' })];
    const listing = applyShopQuery(mixed, { ...base, materials: ['Brass'] });
    expect(listing.products.map((entry) => entry.id)).toEqual(['lamp']);
    expect(listing.total).toBe(1);
  });

  it('keeps prices inside the chosen rupee range', () => {
    const listing = applyShopQuery(catalogue, { ...base, minPrice: 1000, maxPrice: 3000 });
    expect(listing.products.map((entry) => entry.id).sort()).toEqual(['bowl', 'stand']);
  });

  it('shows 24 per page and more with each page, still counting every match', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      product({ id: `p${String(index).padStart(2, '0')}` }),
    );
    const first = applyShopQuery(many, base);
    expect(first.products).toHaveLength(SHOP_PAGE_SIZE);
    expect(first.total).toBe(30);
    expect(first.hasMore).toBe(true);
    const second = applyShopQuery(many, { ...base, page: 2 });
    expect(second.products).toHaveLength(30);
    expect(second.hasMore).toBe(false);
  });

  it('ranks by the search score when a query is given, and honours a chosen sort', () => {
    const ranked = applyShopQuery(catalogue, { ...base, q: 'bowl' });
    expect(ranked.products.map((entry) => entry.id)).toEqual(['bowl']);
    const searchable = [
      product({ id: 'a', name: 'Marble Coaster', priceMinor: 200_000 }),
      product({ id: 'b', name: 'Coaster', description: 'marble coaster', priceMinor: 100_000 }),
    ];
    expect(applyShopQuery(searchable, { ...base, q: 'marble coaster' }).products[0]?.id).toBe('a');
    expect(
      applyShopQuery(searchable, { ...base, q: 'marble coaster', sort: 'price-low' }).products[0]
        ?.id,
    ).toBe('b');
  });

  it('lists the distinct materials A to Z', () => {
    expect(
      distinctMaterials([{ material: 'Marble' }, { material: 'Brass' }, { material: 'Marble' }]),
    ).toEqual(['Brass', 'Marble']);
  });
});
