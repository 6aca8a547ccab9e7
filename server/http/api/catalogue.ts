/**
 * docs/requirements.md §11: the public catalogue over the API: the shop listing with its filters, sorts, search
 * and cursor pages; one product with its images; the categories; search suggestions. The same
 * module functions as the shop's pages answer them.
 */
import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  apiCategorySchema,
  apiProductDetailSchema,
  apiProductListQuerySchema,
  apiProductPageSchema,
  apiTexts,
  type ApiProduct,
  type ApiProductListQuery,
} from '../../../core/api/api-schemas';
import {
  categories,
  findCategoryBySlug,
  findCategoryByValue,
} from '../../../core/catalog/categories';
import { SEARCH_QUERY_MAX_CHARACTERS } from '../../../core/forms/route-query';
import type { SortOption } from '../../../core/catalog/shop-listing';
import {
  getPublishedProduct,
  listCatalogueWindow,
  type CatalogProduct,
  type ProductImage,
} from '../../modules/catalog';
import { DomainError } from '../../modules/errors';
import { searchProducts } from '../../modules/catalog/search';
import type { ApiEnv } from './context';
import { moneyOf } from './answer-values';
import { json, operation } from './operation';

/** Anonymous catalogue reads may be kept a minute by a cache; the ETag revalidates them. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=60';

export function apiProductOf(product: CatalogProduct): ApiProduct {
  const category = findCategoryByValue(product.category);
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    shortDescription: product.shortDescription,
    artisanStory: product.artisanStory,
    category: category?.slug ?? product.category,
    categoryName: category?.name ?? product.category,
    subcategory: product.subcategory,
    material: product.material,
    region: product.region,
    dimensions: product.dimensions,
    weight: product.weight,
    careInstructions: product.careInstructions,
    price: moneyOf(product.priceMinor, product.currency),
    inStock: product.inStock,
    featured: product.featured,
    bestseller: product.bestseller,
    newArrival: product.newArrival,
    reviewCount: product.reviewCount,
    image: product.primaryImage,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * A cursor is the position after the page it came with, bound to its query: used with other
 * filters it would skip or repeat products, so it is refused instead.
 */
function queryFingerprint(query: ApiProductListQuery): string {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return createHash('sha256')
    .update(JSON.stringify({ ...filters, material: [...filters.material].sort() }))
    .digest('base64url')
    .slice(0, 12);
}

function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function offsetOfCursor(cursor: string | undefined, fingerprint: string): number {
  if (cursor === undefined) return 0;
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      f?: unknown;
    };
    if (
      Number.isSafeInteger(position.o) &&
      (position.o as number) >= 0 &&
      position.f === fingerprint
    ) {
      return position.o as number;
    }
  } catch {
    // not one of ours: refused below
  }
  throw new DomainError('invalid', apiTexts.badCursor);
}

const listProducts = operation({
  method: 'get',
  path: '/products',
  tags: ['Catalogue'],
  summary: 'List products',
  description:
    'The shop listing (spec §2): filters, sorts and search as on /shop, in pages of at most 100 with an opaque `nextCursor`. Answers carry an ETag; send it in `If-None-Match` to get 304.',
  access: { kind: 'public' },
  request: { query: apiProductListQuerySchema },
  responses: {
    200: json(apiProductPageSchema, 'A page of products'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

const productIdParams = z.object({
  id: z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' }, example: 'ganesh-marble-idol' }),
});

const getProduct = operation({
  method: 'get',
  path: '/products/{id}',
  tags: ['Catalogue'],
  summary: 'One product with its images',
  access: { kind: 'public' },
  request: { params: productIdParams },
  responses: {
    200: json(apiProductDetailSchema, 'The product'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

const listCategories = operation({
  method: 'get',
  path: '/categories',
  tags: ['Catalogue'],
  summary: 'The categories',
  access: { kind: 'public' },
  responses: {
    200: json(z.object({ data: z.array(apiCategorySchema) }), 'Every category'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

const suggestionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    categoryName: z.string(),
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    relevance: z.number().int().meta({ description: 'spec §2: 1 to 5 bars' }),
  })
  .meta({ id: 'SearchSuggestion' });

const suggest = operation({
  method: 'get',
  path: '/search/suggestions',
  tags: ['Catalogue'],
  summary: 'Search suggestions',
  description: 'The header search (spec §5): at most 6 products, best first.',
  access: { kind: 'public' },
  request: {
    query: z.object({ q: z.string().trim().max(SEARCH_QUERY_MAX_CHARACTERS).default('') }),
  },
  responses: {
    200: json(z.object({ data: z.array(suggestionSchema) }), 'The suggestions'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

export function registerCatalogue(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(listProducts, async (c) => {
    const query = c.req.valid('query');
    const fingerprint = queryFingerprint(query);
    const offset = offsetOfCursor(query.cursor, fingerprint);
    const category = query.category ? findCategoryBySlug(query.category)?.adminValue : undefined;
    const { products, total } = await listCatalogueWindow(c.get('services').db, {
      category,
      query: {
        q: query.q ?? '',
        sort: query.sort as SortOption,
        materials: query.material,
        minPrice: query.minPrice ?? null,
        maxPrice: query.maxPrice ?? null,
      },
      offset,
      limit: query.limit,
    });
    const next = offset + products.length;
    publicRead(c);
    return c.json(
      {
        data: products.map(apiProductOf),
        total,
        nextCursor: products.length > 0 && next < total ? encodeCursor(next, fingerprint) : null,
      },
      200,
    );
  });

  api.openapi(getProduct, async (c) => {
    const found = await getPublishedProduct(c.get('services').db, c.req.valid('param').id);
    if (!found) throw new DomainError('not_found', 'Product not found');
    publicRead(c);
    return c.json(
      { ...apiProductOf(found.product), images: found.images satisfies ProductImage[] },
      200,
    );
  });

  api.openapi(listCategories, (c) => {
    publicRead(c);
    return c.json(
      {
        data: categories.map((category) => ({
          slug: category.slug,
          name: category.name,
          description: category.description,
          subcategories: [...category.subcategories],
        })),
      },
      200,
    );
  });

  api.openapi(suggest, async (c) => {
    const suggestions = await searchProducts(c.get('services').db, c.req.valid('query').q);
    publicRead(c);
    return c.json(
      {
        data: suggestions.map(({ id, name, categoryName, image, relevance }) => ({
          id,
          name,
          categoryName,
          image,
          relevance,
        })),
      },
      200,
    );
  });
}

/** An anonymous read of public data may be cached; a credentialed one stays private. */
function publicRead(c: {
  get(key: 'credentialed'): boolean;
  header(name: string, value: string): void;
}) {
  if (!c.get('credentialed')) c.header('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
}
