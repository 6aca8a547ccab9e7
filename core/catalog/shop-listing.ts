/**
 * The shop listing's rules (spec §2 Shop listing, §4 shop sort, §9): sort comparators, the
 * listing state carried in the URL, filtering and paging. Pure, so the server applies exactly
 * what the tests check, and the browser builds the same URLs.
 */
import { rankProducts, type SearchableProduct } from '../search/search';

export const SHOP_PAGE_SIZE = 24;
// spec §9: shop price range default
export const DEFAULT_PRICE_RANGE: readonly [number, number] = [0, 10_000];

// spec §4: newest, popularity, rating, price-low, price-high, name-a-z, name-z-a; featured is
// the default order before the shopper picks one.
export const SORT_OPTIONS = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'popularity', label: 'Most Popular' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'name-a-z', label: 'Name: A to Z' },
  { value: 'name-z-a', label: 'Name: Z to A' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'featured';

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface ListedProduct extends SearchableProduct {
  priceMinor: number;
  featured: boolean;
  bestseller: boolean;
  newArrival: boolean;
  reviewCount: number;
  createdAt: Date;
}

type Comparator = (a: ListedProduct, b: ListedProduct) => number;

/**
 * Name A to Z, ignoring case, then by id: the same total order as the listing's SQL
 * (`lower(name) collate "C", id` in server/modules/catalog), so a page cut in the database and a
 * page cut here agree.
 */
export function compareProductNames(
  a: { name: string; id: string },
  b: { name: string; id: string },
): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
const byName: Comparator = compareProductNames;
const descending =
  (value: (product: ListedProduct) => number): Comparator =>
  (a, b) =>
    value(b) - value(a);
const flag = (value: (product: ListedProduct) => boolean) => (product: ListedProduct) =>
  value(product) ? 1 : 0;
/** Applies comparators in turn until one tells the two apart. */
const thenBy =
  (...comparators: Comparator[]): Comparator =>
  (a, b) => {
    for (const compare of comparators) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };

export const SORT_COMPARATORS: Record<SortOption, Comparator> = {
  featured: thenBy(
    descending(flag((product) => product.featured)),
    descending(flag((product) => product.bestseller)),
    byName,
  ),
  // spec §4: newest uses the new-arrival flag
  newest: thenBy(
    descending(flag((product) => product.newArrival)),
    descending((product) => product.createdAt.getTime()),
    byName,
  ),
  // spec §4: popularity and rating both use the review count
  popularity: thenBy(
    descending((product) => product.reviewCount),
    byName,
  ),
  rating: thenBy(
    descending((product) => product.reviewCount),
    byName,
  ),
  'price-low': thenBy((a, b) => a.priceMinor - b.priceMinor, byName),
  'price-high': thenBy(
    descending((product) => product.priceMinor),
    byName,
  ),
  'name-a-z': byName,
  'name-z-a': (a, b) => byName(b, a),
};

export interface ShopQuery {
  sort: SortOption;
  view: ViewMode;
  materials: string[];
  /** Whole rupees; null when the shopper has not narrowed the range. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Pages shown so far ("Load more" adds one). */
  page: number;
  /** The header search's "View all results" query. */
  q: string;
}

/** The URL for a listing state; defaults are left out so plain URLs stay plain. */
export function shopQueryToSearchParams(query: Partial<ShopQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const material of query.materials ?? []) params.append('material', material);
  if (query.minPrice !== null && query.minPrice !== undefined) {
    params.set('minPrice', String(query.minPrice));
  }
  if (query.maxPrice !== null && query.maxPrice !== undefined) {
    params.set('maxPrice', String(query.maxPrice));
  }
  if (query.sort && query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.view && query.view !== 'grid') params.set('view', query.view);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

export interface ShopListing<P> {
  products: P[];
  /** Products matching the filters, on every page. */
  total: number;
  hasMore: boolean;
}

/**
 * Filters, orders and pages the products. A search query keeps only the products the header
 * search would find (spec §5), ranked best first unless the shopper picks another sort.
 * `ranked`: the products are already the search's matches, best first (the server ranks them
 * with its index); the filters then only cut the list, which keeps its order.
 */
export function applyShopQuery<P extends ListedProduct>(
  products: readonly P[],
  query: ShopQuery,
  options: { ranked?: boolean } = {},
): ShopListing<P> {
  const materials = new Set(query.materials);
  const minMinor = query.minPrice === null ? null : query.minPrice * 100;
  const maxMinor = query.maxPrice === null ? null : query.maxPrice * 100;
  const passes = (product: P) =>
    (materials.size === 0 || materials.has(product.material)) &&
    (minMinor === null || product.priceMinor >= minMinor) &&
    (maxMinor === null || product.priceMinor <= maxMinor);
  // Ranked over every product, then filtered: which words name a material is the whole
  // catalogue's (core/search/search.ts), as the server's index ranks it.
  const matches =
    query.q && !options.ranked
      ? rankProducts(products, query.q, Infinity)
          .map((entry) => entry.product)
          .filter(passes)
      : products.filter(passes);
  const ordered =
    query.q && query.sort === DEFAULT_SORT
      ? matches
      : [...matches].sort(SORT_COMPARATORS[query.sort]);
  const shown = ordered.slice(0, query.page * SHOP_PAGE_SIZE);
  return { products: shown, total: ordered.length, hasMore: shown.length < ordered.length };
}

/** The Material filter's choices: the distinct materials of all products (spec §2), A to Z. */
export function distinctMaterials(products: readonly { material: string }[]): string[] {
  return [...new Set(products.map((product) => product.material))].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
}
