/**
 * docs/requirements.md §5: the shop listing's query, read through its zod schema. Apart from
 * core/catalog/shop-listing.ts, which the shop page's browser code imports: the schema and its library
 * are needed by the loader only, and would otherwise add ~26 KB (gzip) to every shop visit.
 */
import { z } from 'zod';
import { PRODUCT_MAX_PRICE_RUPEES } from './product-console';
import {
  parseRouteQuery,
  queryChoice,
  queryText,
  queryTextList,
  queryWholeNumber,
  SEARCH_QUERY_MAX_CHARACTERS,
} from '../forms/route-query';
import { DEFAULT_SORT, SORT_OPTIONS, VIEW_MODES, type ShopQuery } from './shop-listing';

/**
 * "Load more" shows at most this many pages (2,400 products) in one answer: a larger page in the
 * address is clamped, as docs/requirements.md §14 asks, rather than cast into an overflowing LIMIT.
 */
export const SHOP_MAX_PAGE = 100;
/** A material is a product's field of at most 100 characters; a shopper ticks a few of them. */
const MATERIAL_MAX_CHARACTERS = 100;
const MATERIALS_MAX_SELECTED = 50;

const priceBound = queryWholeNumber({
  minimum: 0,
  maximum: PRODUCT_MAX_PRICE_RUPEES,
  fallback: null,
});

/** docs/requirements.md §5: the shop's query (spec §2 Shop listing); anything unknown is the default. */
export const shopQuerySchema = z.object({
  sort: queryChoice(
    SORT_OPTIONS.map((option) => option.value),
    DEFAULT_SORT,
  ),
  view: queryChoice(VIEW_MODES, 'grid'),
  material: queryTextList(MATERIAL_MAX_CHARACTERS, MATERIALS_MAX_SELECTED),
  minPrice: priceBound,
  maxPrice: priceBound,
  page: queryWholeNumber({ minimum: 1, maximum: SHOP_MAX_PAGE, fallback: 1 }),
  q: queryText(SEARCH_QUERY_MAX_CHARACTERS),
});

/** Reads the listing state from a URL; anything unknown falls back to the default. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const { material, ...rest } = parseRouteQuery(shopQuerySchema, params);
  return { ...rest, materials: material };
}
