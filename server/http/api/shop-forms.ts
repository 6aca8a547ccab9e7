/**
 * docs/requirements.md §11: what anyone may do over the API, as on the shop's pages: ask for a quotation, write to
 * the shop, join the newsletter, and read a product's reviews and questions. The creates honour
 * `Idempotency-Key` and share the pages' per-address form limits (spec §8).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  apiContactMessageCreatedSchema,
  apiNewsletterOutcomeSchema,
  apiQuestionSchema,
  apiQuotationRequestBodySchema,
  apiQuotationRequestCreatedSchema,
  apiQuotationRequestInputSchema,
  apiQuotationRequestLinesBodySchema,
  apiReviewListSchema,
  apiTexts,
  isLinesRequestBody,
} from '../../../core/api/api-schemas';
import { reviewSorts } from '../../../core/community/community';
import { contactMessageSchema } from '../../../core/community/contact';
import { newsletterSubscriptionSchema } from '../../../core/community/newsletter';
import { newsletterToasts } from '../../../core/community/newsletter-toasts';
import { quotationLink } from '../../../core/quotes/quote-offer';
import { getPublishedProduct } from '../../modules/catalog';
import { createContactMessage } from '../../modules/contact';
import { DomainError } from '../../modules/errors';
import { subscribeToNewsletter } from '../../modules/newsletter';
import { listQuestions } from '../../modules/questions';
import { type StoredQuotationRequest } from '../../modules/quotations';
import {
  requestQuotation as requestOnePiece,
  requestQuotationOfPieces,
} from '../../flows/request-quotation';
import { listReviews } from '../../modules/reviews';
import { shopTimeZoneOf, type ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { invalidInputResponse, problemResponse } from './problem';

const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/**
 * docs/requirements.md §18: the body is checked as the form it is (`lines` or one piece), before the route's
 * either-form schema, so that a refusal names that form's fields and messages rather than "no
 * form matched"; a body of both forms is refused. A body that is not JSON is the validator's.
 */
const checkQuotationBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return next();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return next();
  }
  if (!isLinesRequestBody(body)) {
    const onePiece = apiQuotationRequestBodySchema.safeParse(body);
    return onePiece.success ? next() : invalidInputResponse(onePiece.error);
  }
  const pieces = apiQuotationRequestLinesBodySchema.safeParse(body);
  if (!pieces.success) return invalidInputResponse(pieces.error);
  const sent = body as Record<string, unknown>;
  if (sent.productId !== undefined || sent.quantity !== undefined) {
    return problemResponse(422, apiTexts.bothRequestForms, {
      errors: [{ pointer: '#/lines', detail: apiTexts.bothRequestForms }],
    });
  }
  return next();
};

const requestQuotation = operation({
  method: 'post',
  path: '/quotation-requests',
  tags: ['Quotations'],
  summary: 'Ask for a quotation',
  description:
    'The Get Quote form (spec §2), for one piece (`productId`, `quantity`) or for several (`lines`, 1 to 50, each piece once): either way one request, with one reference. The owner is mailed, and so is the requester when an e-mail is given; the answer carries the reference, every piece, and the requester’s private link (docs/requirements.md §10).',
  access: { kind: 'public' },
  form: 'quotation',
  idempotent: true,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: apiQuotationRequestInputSchema,
          examples: {
            onePiece: {
              summary: 'One piece (the Get Quote form)',
              value: {
                productId: 'ganesh-marble-idol',
                quantity: 2,
                customerName: 'Meera Iyer',
                customerMobile: '+91 98765 43210',
                customerEmail: 'meera@example.com',
              },
            },
            severalPieces: {
              summary: 'Several pieces, one request',
              value: {
                lines: [
                  { productId: 'floral-inlay-marble-urli', quantity: 20, notes: 'White marble' },
                  { productId: 'brass-diya-pair', quantity: 20 },
                ],
                customerName: 'Meera Iyer',
                customerMobile: '+91 98765 43210',
                customerCompany: 'Iyer Interiors',
                customerGstin: '08AAAAA0000A1Z2',
                customizationNotes: 'For a hotel lobby; delivery by March.',
              },
            },
          },
        },
      },
    },
  },
  checkBody: checkQuotationBody,
  responses: { 201: json(apiQuotationRequestCreatedSchema, 'The request, received') },
});

/** The answer to a request just made, from the API or the quote list's submit (docs/requirements.md §18). */
export function apiQuotationCreatedOf(
  stored: StoredQuotationRequest,
  publicUrl: string,
): z.output<typeof apiQuotationRequestCreatedSchema> {
  return {
    id: stored.id,
    reference: stored.reference,
    productId: stored.productId,
    productName: stored.productName,
    quantity: stored.quantity,
    lines: stored.lines,
    status: 'pending',
    link: quotationLink(publicUrl, stored.reference, stored.accessKey),
  };
}

const writeToShop = operation({
  method: 'post',
  path: '/contact-messages',
  tags: ['Shop'],
  summary: 'Write to the shop',
  description: 'The contact form (spec §2 Contact); the owner is mailed.',
  access: { kind: 'public' },
  form: 'contact',
  idempotent: true,
  request: { body: jsonBody(contactMessageSchema.meta({ id: 'ContactMessageInput' })) },
  responses: { 201: json(apiContactMessageCreatedSchema, 'The message, received') },
});

const subscribe = operation({
  method: 'post',
  path: '/newsletter/subscriptions',
  tags: ['Shop'],
  summary: 'Join the newsletter',
  description: 'An address already on the list is not an error (spec §8).',
  access: { kind: 'public' },
  form: 'newsletter',
  request: {
    // The form's e-mail rule; the source is the page's hidden field, filed as the footer's.
    body: jsonBody(
      newsletterSubscriptionSchema
        .pick({ email: true })
        .meta({ id: 'NewsletterSubscriptionInput' }),
    ),
  },
  responses: { 200: json(apiNewsletterOutcomeSchema, 'On the list') },
});

const productParams = z.object({
  id: z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' } }),
});

const readReviews = operation({
  method: 'get',
  path: '/products/{id}/reviews',
  tags: ['Catalogue'],
  summary: 'A product’s reviews',
  access: { kind: 'public' },
  request: {
    params: productParams,
    query: z.object({ sort: z.enum(reviewSorts).default('most_helpful') }),
  },
  responses: {
    200: json(apiReviewListSchema, 'The reviews, with their count and average'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

const readQuestions = operation({
  method: 'get',
  path: '/products/{id}/questions',
  tags: ['Catalogue'],
  summary: 'A product’s questions and answers',
  access: { kind: 'public' },
  request: { params: productParams },
  responses: {
    200: json(z.object({ data: z.array(apiQuestionSchema) }), 'Newest first'),
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
  },
});

/** A published product's id, or the same 404 as the product page's. */
async function requirePublishedProduct(c: Context<ApiEnv>, id: string): Promise<string> {
  const found = await getPublishedProduct(c.get('services').db, id);
  if (!found) throw new DomainError('not_found', 'Product not found');
  return found.product.id;
}

export function registerShopForms(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(requestQuotation, async (c) => {
    const { db, config, clock } = c.get('services');
    const valid = c.req.valid('json');
    const timeZone = await shopTimeZoneOf(c.get('services'));
    const stored =
      'lines' in valid
        ? // docs/requirements.md §18: several pieces, one request; the module checks the body again
          await requestQuotationOfPieces(db, c.get('actor'), await sentBody(c), clock(), timeZone)
        : await requestOnePiece(
            db,
            c.get('actor'),
            { ...(await sentBody(c)), productId: valid.productId },
            clock(),
            timeZone,
          );
    return c.json(apiQuotationCreatedOf(stored, config.publicUrl), 201);
  });

  api.openapi(writeToShop, async (c) => {
    const { db, clock } = c.get('services');
    const stored = await createContactMessage(db, c.get('actor'), await sentBody(c), clock());
    return c.json({ id: stored.id, status: 'unread' as const }, 201);
  });

  api.openapi(subscribe, async (c) => {
    const { db, config, clock } = c.get('services');
    const outcome = await subscribeToNewsletter(
      db,
      c.get('actor'),
      config.authSecret,
      await sentBody(c),
      clock(),
    );
    const toast =
      outcome === 'already-subscribed'
        ? newsletterToasts.alreadySubscribed
        : newsletterToasts.subscribed;
    return c.json(
      {
        email: c.req.valid('json').email,
        outcome,
        message: `${toast.title} ${toast.description}`,
      },
      200,
    );
  });

  api.openapi(readReviews, async (c) => {
    const productId = await requirePublishedProduct(c, c.req.valid('param').id);
    const { reviews, summary } = await listReviews(c.get('services').db, c.get('actor'), {
      productId,
      sort: c.req.valid('query').sort,
    });
    return c.json(
      {
        data: reviews.map(({ votedHelpful: _voted, createdAt, ...review }) => ({
          ...review,
          createdAt: createdAt.toISOString(),
        })),
        summary,
      },
      200,
    );
  });

  api.openapi(readQuestions, async (c) => {
    const productId = await requirePublishedProduct(c, c.req.valid('param').id);
    const questions = await listQuestions(c.get('services').db, { productId });
    return c.json(
      {
        data: questions.map((question) => ({
          ...question,
          createdAt: question.createdAt.toISOString(),
          answers: question.answers.map((answer) => ({
            ...answer,
            createdAt: answer.createdAt.toISOString(),
          })),
        })),
      },
      200,
    );
  });
}
