/**
 * The headless API's own shapes (docs/decisions/015): what `/api/v1` answers, and the query strings it
 * reads. The request bodies are the forms' schemas of core/, unchanged, so a rule is written once
 * for the browser, the pages and the API. `meta({ id })` names a shape in the OpenAPI document.
 */
import { JSON_BODY_MAX_BYTES, JSON_DEPTH_MAX } from '../forms/json-bounds';
import { z } from 'zod';
import { categories } from '../catalog/categories';
import { PRODUCT_MAX_PRICE_RUPEES } from '../catalog/product-console';
import { QUOTATION_MISSING_FIELDS, quotationRequestSchema } from '../quotes/quotation';
import { buyerGstin, multiPieceRequestSchema, QUOTE_LIST_MAX_PIECES } from '../quotes/quote-list';
import { SEARCH_QUERY_MAX_CHARACTERS } from '../forms/route-query';
import { DEFAULT_SORT, SORT_OPTIONS } from '../catalog/shop-listing';

/** docs/requirements.md §11: a page of a list holds at most this many items. */
export const API_PAGE_LIMIT_MAX = 100;
export const API_PAGE_LIMIT_DEFAULT = 24;
/** An opaque position in a list; longer is not one of ours. */
export const API_CURSOR_MAX_CHARACTERS = 200;
/** `Idempotency-Key`: a client's UUID or similar; longer is refused. */
export const IDEMPOTENCY_KEY_MAX_CHARACTERS = 255;

export const apiTexts = {
  unauthenticated: 'Please sign in or send an API key.',
  badCredentials: 'The API key or bearer token is not valid.',
  badCursor: 'This cursor does not belong to this query; start again without it.',
  idempotencyKeyTooLong: `The Idempotency-Key header can be at most ${IDEMPOTENCY_KEY_MAX_CHARACTERS} characters.`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyInFlight:
    'A request with this Idempotency-Key is still being answered. Retry after it has finished.',
  notFound: 'No such API operation.',
  invalid: 'The request has invalid fields.',
  keyIsNotABuyer: 'API keys act for the shop, not for a customer account.',
  // docs/requirements.md §14: a JSON body is bounded before it is parsed.
  bodyTooLarge: `The JSON body can be at most ${JSON_BODY_MAX_BYTES / 1024} KB.`,
  bodyTooDeep: `The JSON body can nest at most ${JSON_DEPTH_MAX} levels.`,
  // docs/requirements.md §18: a body is one form of the request or the other, never both.
  bothRequestForms:
    'Send productId and quantity for one piece, or lines for several pieces, not both.',
} as const;

/** RFC 9457 problem details, with the field errors of a refused body in `errors`. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(
        z.object({
          /** A JSON Pointer into the request (`#/email`, `#/lines/0/quantity`). */
          pointer: z.string(),
          detail: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Problem', description: 'An RFC 9457 problem: the spec’s message is in `detail`.' });
export type Problem = z.output<typeof problemSchema>;

export const moneySchema = z
  .object({
    amountMinor: z.number().int().meta({ description: 'Paise (1/100 rupee).' }),
    currency: z.string(),
    display: z.string().meta({ description: 'As the shop shows it (spec §9), e.g. ₹1,250.00.' }),
  })
  .meta({ id: 'Money' });

export const imageSchema = z.object({ url: z.string(), alt: z.string() }).meta({ id: 'Image' });

/**
 * A named shape or null. Not `.nullable()`: on a shape with a `meta({ id })`, zod-to-openapi
 * marks the named component itself nullable, so every other use of it would accept null too.
 */
export function orNull<S extends z.ZodType>(schema: S) {
  return z.union([schema, z.null()]);
}

export const apiProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    shortDescription: z.string().nullable(),
    artisanStory: z.string().nullable(),
    category: z.string().meta({ description: 'The category slug, as in /shop/{category}.' }),
    categoryName: z.string(),
    subcategory: z.string().nullable(),
    material: z.string(),
    region: z.string().nullable(),
    dimensions: z.string().nullable(),
    weight: z.string().nullable(),
    careInstructions: z.string().nullable(),
    price: moneySchema,
    inStock: z.boolean(),
    featured: z.boolean(),
    bestseller: z.boolean(),
    newArrival: z.boolean(),
    reviewCount: z.number().int(),
    image: orNull(imageSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type ApiProduct = z.output<typeof apiProductSchema>;

export const apiProductDetailSchema = apiProductSchema
  .extend({ images: z.array(imageSchema) })
  .meta({ id: 'ProductDetail' });

export const apiProductPageSchema = z
  .object({
    data: z.array(apiProductSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ProductPage' });

export const apiCategorySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    subcategories: z.array(z.string()),
  })
  .meta({ id: 'Category' });

/** A query value repeated (`?material=a&material=b`) or given once is read as a list. */
function repeatable<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(item).max(max),
    )
    .meta({ type: 'array' });
}

const rupees = z.coerce
  .number({ error: 'must be a whole number of rupees' })
  .int('must be a whole number of rupees')
  .min(0, 'must be a whole number of rupees')
  .max(PRODUCT_MAX_PRICE_RUPEES, `must be at most ${PRODUCT_MAX_PRICE_RUPEES}`);

/** docs/requirements.md §11: `GET /api/v1/products`: the shop listing's filters, sorts and search. */
export const apiProductListQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_CHARACTERS).optional(),
  category: z.enum(categories.map((category) => category.slug) as [string, ...string[]]).optional(),
  material: repeatable(z.string().trim().min(1).max(100), 50),
  minPrice: rupees.optional(),
  maxPrice: rupees.optional(),
  sort: z
    .enum(SORT_OPTIONS.map((option) => option.value) as [string, ...string[]])
    .default(DEFAULT_SORT),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}` })
    .int(`must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .min(1, `must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .max(API_PAGE_LIMIT_MAX, `must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .default(API_PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(API_CURSOR_MAX_CHARACTERS).optional(),
});
export type ApiProductListQuery = z.output<typeof apiProductListQuerySchema>;

/** docs/requirements.md §11: `POST /quotation-requests`: the Get Quote form (spec §2) and the piece it is for. */
export const apiQuotationRequestBodySchema = quotationRequestSchema
  .extend({ productId: z.string().trim().min(1, QUOTATION_MISSING_FIELDS).max(200) })
  .meta({
    id: 'QuotationRequestInput',
    description: 'One piece: the Get Quote form (spec §2) and the piece it is for.',
  });

/** docs/requirements.md §18: the buyer's GSTIN, as the quote list takes it. */
export const buyerGstinInput = buyerGstin.meta({
  description: 'The buyer’s GSTIN, 15 characters (08AAAAA0000A1Z2); optional.',
});

/**
 * docs/requirements.md §18: the same request for several pieces: the quote list's details and its `lines`. The
 * module's own schema (core/quotes/quote-list.ts), so the API refuses what the list refuses.
 */
export const apiQuotationRequestLinesBodySchema = multiPieceRequestSchema
  .extend({ customerGstin: buyerGstinInput })
  .meta({
    id: 'QuotationRequestLinesInput',
    description: `Several pieces, one request: 1 to ${QUOTE_LIST_MAX_PIECES} lines, each piece once, with the requester's details; \`customizationNotes\` are the notes for the whole request.`,
  });

/** docs/requirements.md §18: a body with `lines` is the several-pieces form; any other is the one-piece form. */
export function isLinesRequestBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'lines' in body;
}

/** docs/requirements.md §18: `POST /quotation-requests` takes either form; version 1's one-piece body is unchanged. */
export const apiQuotationRequestInputSchema = z.union([
  apiQuotationRequestBodySchema,
  apiQuotationRequestLinesBodySchema,
]);

/** docs/requirements.md §18: one piece of a quotation request, in the requester's order. */
export const apiQuotationRequestLineSchema = z
  .object({
    productId: z
      .string()
      .nullable()
      .meta({ description: 'Null once the piece has left the catalogue.' }),
    productName: z.string().meta({ description: 'As it was named when the request was made.' }),
    quantity: z.number().int(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'QuotationRequestLine' });

/**
 * docs/requirements.md §18: what a request asked for, in the customer's and the owner's API alike: spec §3's
 * three columns (the first line, for older clients) and every line.
 */
export const apiRequestedPiecesShape = {
  productId: z.string().nullable().meta({ description: 'The first line’s piece.' }),
  productName: z.string().meta({ description: 'The first line’s piece.' }),
  quantity: z.number().int().meta({ description: 'The first line’s quantity.' }),
  lines: z
    .array(apiQuotationRequestLineSchema)
    .meta({ description: 'Every piece, with its quantity and notes, in order.' }),
};

export const apiQuotationRequestCreatedSchema = z
  .object({
    id: z.string(),
    reference: z.string().meta({ example: 'Q-20261124-0001' }),
    productId: z.string().meta({ description: 'The first line’s piece.' }),
    productName: z.string().meta({ description: 'The first line’s piece.' }),
    quantity: z.number().int().meta({ description: 'The first line’s quantity.' }),
    lines: z
      .array(apiQuotationRequestLineSchema)
      .meta({ description: 'Every piece of the request, in order; one for a one-piece request.' }),
    status: z.literal('pending'),
    link: z.string().meta({
      description:
        'The requester’s private page for this quotation (docs/requirements.md §10); keep it secret, like a password.',
    }),
  })
  .meta({ id: 'QuotationRequestCreated' });

export const apiContactMessageCreatedSchema = z
  .object({ id: z.string(), status: z.literal('unread') })
  .meta({ id: 'ContactMessageCreated' });

export const apiNewsletterOutcomeSchema = z
  .object({
    email: z.string(),
    outcome: z.enum(['subscribed', 'already-subscribed']),
    message: z.string().meta({ description: 'spec §8’s toast text for the outcome.' }),
  })
  .meta({ id: 'NewsletterSubscription' });

export const apiReviewSchema = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    content: z.string(),
    rating: z.number().int().nullable(),
    isVerifiedPurchase: z.boolean(),
    helpfulCount: z.number().int(),
    createdAt: z.string(),
    author: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
    media: z.array(z.object({ id: z.string(), url: z.string(), type: z.string() })),
  })
  .meta({ id: 'Review' });

export const apiReviewListSchema = z
  .object({
    data: z.array(apiReviewSchema),
    summary: z.object({ count: z.number().int(), averageRating: z.number().nullable() }),
  })
  .meta({ id: 'ReviewList' });

export const apiQuestionSchema = z
  .object({
    id: z.string(),
    question: z.string(),
    createdAt: z.string(),
    authorName: z.string(),
    answers: z.array(
      z.object({
        id: z.string(),
        answer: z.string(),
        isAdmin: z.boolean(),
        createdAt: z.string(),
        authorName: z.string(),
      }),
    ),
  })
  .meta({ id: 'Question' });
