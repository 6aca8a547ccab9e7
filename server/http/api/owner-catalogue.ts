/**
 * docs/requirements.md §11: the product console over the API (`catalogue:write`): products created, updated and
 * deleted with their media (spec §5), media added by address, edited, deleted and made primary,
 * and the media CSV import, sent as `text/csv` (spec §5, §7). The same module functions as
 * /admin/product-media and /admin/media-import answer them.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  mediaImportReportSchema,
  ownerApiTexts,
  ownerMediaIdParams,
  ownerProductIdParams,
  ownerProductSchema,
  productMediaSchema,
} from '../../../core/api/api-owner-schemas';
import { problemSchema } from '../../../core/api/api-schemas';
import { CSV_MAX_BYTES, CSV_TOO_LARGE } from '../../../core/catalog/media-csv';
import { mediaFormSchema, productFormSchema } from '../../../core/catalog/product-console';
import {
  addMedia,
  deleteMedia,
  importMediaCsv,
  setPrimaryMedia,
  updateMedia,
  type ConsoleMedia,
} from '../../modules/product-media';
import { createProduct, updateProduct, type ConsoleProduct } from '../../modules/products';
import { deleteProduct } from '../../flows/delete-product';
import type { ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { iso } from './answer-values';
import { PROBLEM_CONTENT_TYPE, problemResponse } from './problem';

const tags = ['Owner: catalogue'];
const access = { kind: 'owner', scope: 'catalogue:write' } as const;
const CSV_CONTENT_TYPE = 'text/csv';

const createProductOperation = operation({
  method: 'post',
  path: '/admin/products',
  tags,
  summary: 'Create a product',
  description:
    'spec §5: the console’s form. The id is the name’s slug (unique with -2, -3…); price in rupees; in stock and published unless sent false.',
  access,
  request: { body: { ...json(productFormSchema, 'The product'), required: true } },
  responses: { 201: json(ownerProductSchema, 'The product is created') },
});

const updateProductOperation = operation({
  method: 'put',
  path: '/admin/products/{id}',
  tags,
  summary: 'Update a product',
  description: 'The whole form, as the console saves it; a flag not sent is off.',
  access,
  request: {
    params: ownerProductIdParams,
    body: { ...json(productFormSchema, 'The product'), required: true },
  },
  responses: { 200: json(ownerProductSchema, 'The product is updated') },
});

const deleteProductOperation = operation({
  method: 'delete',
  path: '/admin/products/{id}',
  tags,
  summary: 'Delete a product and its media',
  access,
  request: { params: ownerProductIdParams },
  responses: { 204: { description: 'The product and its media are deleted' } },
});

const addMediaOperation = operation({
  method: 'post',
  path: '/admin/products/{id}/media',
  tags,
  summary: 'Add a media item by its address',
  description:
    'spec §4: the sort order defaults to the product’s media count; a primary clears the others’ flag.',
  access,
  request: {
    params: ownerProductIdParams,
    body: { ...json(mediaFormSchema, 'The media item'), required: true },
  },
  responses: { 201: json(productMediaSchema, 'The media item is added') },
});

const updateMediaOperation = operation({
  method: 'put',
  path: '/admin/media/{id}',
  tags,
  summary: 'Update a media item',
  access,
  request: {
    params: ownerMediaIdParams,
    body: { ...json(mediaFormSchema, 'The media item'), required: true },
  },
  responses: { 200: json(productMediaSchema, 'The media item is updated') },
});

const deleteMediaOperation = operation({
  method: 'delete',
  path: '/admin/media/{id}',
  tags,
  summary: 'Delete a media item',
  access,
  request: { params: ownerMediaIdParams },
  responses: { 204: { description: 'The media item is deleted' } },
});

const setPrimaryOperation = operation({
  method: 'post',
  path: '/admin/media/{id}/primary',
  tags,
  summary: 'Make a media item its product’s primary image',
  description: 'spec §4: exactly one primary per product; the others are cleared.',
  access,
  request: { params: ownerMediaIdParams },
  responses: { 204: { description: 'The media item is the primary' } },
});

const importOperation = operation({
  method: 'post',
  path: '/admin/media-import',
  tags,
  summary: 'Replace every media item with a CSV’s rows',
  description:
    'spec §5, §7: the columns product_id, media_url, media_type, alt_text, sort_order, is_primary; 5 MB at most. One transaction: a failure leaves the old media as they were. Answers what was imported and skipped.',
  access,
  request: {
    body: {
      description: 'The CSV file’s text',
      content: { [CSV_CONTENT_TYPE]: { schema: z.string() } },
      required: true,
    },
  },
  responses: {
    200: json(mediaImportReportSchema, 'The import’s report'),
    413: {
      description: 'The CSV is over 5 MB.',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
    },
  },
});

/**
 * After the access check: only a CSV, within the console's limit (spec §5, beyond it 5 MB), is
 * read at all; a chunked body is counted as it arrives.
 */
const csvBody: MiddlewareHandler<ApiEnv>[] = [
  async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== CSV_CONTENT_TYPE) return problemResponse(415, ownerApiTexts.notCsv);
    await next();
  },
  bodyLimit({ maxSize: CSV_MAX_BYTES, onError: () => problemResponse(413, CSV_TOO_LARGE) }),
];

function apiProduct(product: ConsoleProduct) {
  return { ...product, createdAt: iso(product.createdAt), updatedAt: iso(product.updatedAt) };
}

function apiMedia(media: ConsoleMedia) {
  return { ...media, createdAt: iso(media.createdAt) };
}

export function registerOwnerCatalogue(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(createProductOperation, async (c) => {
    const product = await createProduct(c.get('services').db, c.get('actor'), await sentBody(c));
    c.header('Location', `/api/v1/products/${product.id}`);
    return c.json(apiProduct(product), 201);
  });

  api.openapi(updateProductOperation, async (c) => {
    const { db, clock } = c.get('services');
    const product = await updateProduct(
      db,
      c.get('actor'),
      { ...(await sentBody(c)), id: c.req.valid('param').id },
      clock(),
    );
    return c.json(apiProduct(product), 200);
  });

  api.openapi(deleteProductOperation, async (c) => {
    await deleteProduct(c.get('services').db, c.get('actor'), { id: c.req.valid('param').id });
    return c.body(null, 204);
  });

  api.openapi(addMediaOperation, async (c) => {
    const media = await addMedia(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      productId: c.req.valid('param').id,
    });
    return c.json(apiMedia(media), 201);
  });

  api.openapi(updateMediaOperation, async (c) => {
    const media = await updateMedia(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      id: c.req.valid('param').id,
    });
    return c.json(apiMedia(media), 200);
  });

  api.openapi(deleteMediaOperation, async (c) => {
    await deleteMedia(c.get('services').db, c.get('actor'), { id: c.req.valid('param').id });
    return c.body(null, 204);
  });

  api.openapi(setPrimaryOperation, async (c) => {
    await setPrimaryMedia(c.get('services').db, c.get('actor'), { id: c.req.valid('param').id });
    return c.body(null, 204);
  });

  // The operation's own checks (access first) come before the CSV's.
  const { middleware: checks } = importOperation as unknown as {
    middleware: MiddlewareHandler<ApiEnv>[];
  };
  api.openapi(
    { ...importOperation, middleware: [...checks, ...csvBody] } as typeof importOperation,
    async (c) => {
      const report = await importMediaCsv(c.get('services').db, c.get('actor'), {
        text: await c.req.text(),
      });
      return c.json(report, 200);
    },
  );
}
