/**
 * docs/requirements.md §11: a signed-in customer's reviews, questions and answers over the API (spec §2 Product
 * detail, §5, §7), by the product page's module functions, with the page's per-address limits.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  apiAnswerCreatedSchema,
  apiQuestionCreatedSchema,
  apiReviewCreatedSchema,
} from '../../../core/api/api-customer-schemas';
import { answerSchema, questionSchema, reviewSchema } from '../../../core/community/community';
import { rowKey } from '../../../core/forms/form-text';
import { answerQuestion, askQuestion } from '../../modules/questions';
import { createReview } from '../../modules/reviews';
import type { ApiEnv } from './context';
import { json, operation, sentBody } from './operation';

const customer = { kind: 'customer' } as const;
const tags = ['Community'];

const productParams = z.object({
  id: rowKey.meta({ param: { name: 'id', in: 'path' }, example: 'ganesh-marble-idol' }),
});

const questionParams = z.object({
  id: z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' }, example: '5f0c6a3e-8f1d-4c1a-9d57-2b3f0e6a1c42' }),
});

const writeReview = operation({
  method: 'post',
  path: '/products/{id}/reviews',
  tags,
  summary: 'Review a product',
  description:
    'The product page’s review form (spec §2): the text, an optional title and 1 to 5 stars. A delivered order of the product marks it a verified purchase. Photos are added on the product page; the API takes the text only.',
  access: customer,
  form: 'review',
  request: { params: productParams, body: { ...json(reviewSchema), required: true } },
  responses: { 201: json(apiReviewCreatedSchema, 'The review') },
});

const writeQuestion = operation({
  method: 'post',
  path: '/products/{id}/questions',
  tags,
  summary: 'Ask a question about a product',
  access: customer,
  form: 'question',
  request: { params: productParams, body: { ...json(questionSchema), required: true } },
  responses: { 201: json(apiQuestionCreatedSchema, 'The question') },
});

const writeAnswer = operation({
  method: 'post',
  path: '/questions/{id}/answers',
  tags,
  summary: 'Answer a question',
  access: customer,
  form: 'answer',
  request: { params: questionParams, body: { ...json(answerSchema), required: true } },
  responses: { 201: json(apiAnswerCreatedSchema, 'The answer') },
});

export function registerCommunityWrites(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(writeReview, async (c) => {
    const productId = c.req.valid('param').id;
    const review = c.req.valid('json');
    const created = await createReview(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      productId,
    });
    return c.json(
      {
        id: created.id,
        productId,
        title: review.title,
        content: review.content,
        rating: review.rating,
        isVerifiedPurchase: created.isVerifiedPurchase,
      },
      201,
    );
  });

  api.openapi(writeQuestion, async (c) => {
    const productId = c.req.valid('param').id;
    const created = await askQuestion(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      productId,
    });
    return c.json({ id: created.id, productId, question: c.req.valid('json').question }, 201);
  });

  api.openapi(writeAnswer, async (c) => {
    const questionId = c.req.valid('param').id;
    const created = await answerQuestion(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      questionId,
    });
    return c.json(
      { id: created.id, questionId, answer: c.req.valid('json').answer, isAdmin: created.isAdmin },
      201,
    );
  });
}
