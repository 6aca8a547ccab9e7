/**
 * docs/requirements.md §11: the customer's quotations over the API (docs/requirements.md §10's quote page, for the signed-in
 * account it belongs to): read them, write on the thread, accept, decline or ask for changes to
 * an offer, and send the payment reference of the order it made. The quotations module decides
 * every step as it does for the page; an offer is named by its version ("v2").
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  apiAcceptedOfferSchema,
  apiDeclinedOfferSchema,
  apiPaymentReferenceBodySchema,
  apiPaymentReferenceReceiptSchema,
  apiQuotationReferenceParams,
  apiQuotationSchema,
  apiQuotationSummarySchema,
  apiQuoteMessageSchema,
} from '../../../core/api/api-customer-schemas';
import {
  acceptOfferSchema,
  declineOfferSchema,
  quoteMessageSchema,
  quoteTexts,
} from '../../../core/quotes/quote-forms';
import {
  askForChanges,
  askForNewOffer,
  declineOffer,
  getQuoteForCustomer,
  listQuotationsOfUser,
  postCustomerMessage,
} from '../../modules/quotations';
import { acceptOffer } from '../../flows/accept-offer';
import { submitPaymentReference } from '../../flows/submit-payment-reference';
import { PAYMENT_REFERENCE_LIMIT } from '../form-guard';
import { shopTimeZoneOf, upiLimitOf, type ApiEnv } from './context';
import { apiQuotationOf, apiQuotationSummaryOf } from './customer-shapes';
import { json, operation, sentBody } from './operation';

const customer = { kind: 'customer' } as const;
const tags = ['Quotations'];

const offerParams = apiQuotationReferenceParams.extend({
  version: z
    .string()
    .max(10)
    .meta({ param: { name: 'version', in: 'path' }, example: '1' }),
});

const orderIdParams = z.object({
  id: z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' }, example: '5f0c6a3e-8f1d-4c1a-9d57-2b3f0e6a1c42' }),
});

const listMyQuotations = operation({
  method: 'get',
  path: '/me/quotations',
  tags,
  summary: 'The customer’s quotation requests, newest first',
  access: customer,
  responses: {
    200: json(z.object({ data: z.array(apiQuotationSummarySchema) }), 'The quotations'),
  },
});

const getMyQuotation = operation({
  method: 'get',
  path: '/me/quotations/{reference}',
  tags,
  summary: 'One quotation: the request, its offers with lines and totals, and the thread',
  access: customer,
  request: { params: apiQuotationReferenceParams },
  responses: { 200: json(apiQuotationSchema, 'The quotation') },
});

const postMessage = operation({
  method: 'post',
  path: '/me/quotations/{reference}/messages',
  tags,
  summary: 'Write to the shop on the quotation’s thread',
  access: customer,
  form: 'quote-message',
  request: {
    params: apiQuotationReferenceParams,
    body: { ...json(quoteMessageSchema), required: true },
  },
  responses: { 201: json(apiQuoteMessageSchema, 'The message as posted') },
});

const accept = operation({
  method: 'post',
  path: '/me/quotations/{reference}/offers/{version}/accept',
  tags,
  summary: 'Accept an offer: it becomes a pending order',
  description:
    'The quote page’s Accept Offer (docs/requirements.md §10): a saved address by `addressId`, or the address fields, and the payment method. The order copies the offer’s totals. Send an `Idempotency-Key`: a retry answers the same order.',
  access: customer,
  idempotent: true,
  request: { params: offerParams, body: { ...json(acceptOfferSchema), required: true } },
  responses: { 201: json(apiAcceptedOfferSchema, 'The order the offer made') },
});

const decline = operation({
  method: 'post',
  path: '/me/quotations/{reference}/offers/{version}/decline',
  tags,
  summary: 'Decline an offer, with an optional reason',
  access: customer,
  form: 'quote-message',
  request: { params: offerParams, body: { ...json(declineOfferSchema), required: true } },
  responses: { 200: json(apiDeclinedOfferSchema, 'The offer is declined') },
});

const askChanges = operation({
  method: 'post',
  path: '/me/quotations/{reference}/offers/{version}/changes',
  tags,
  summary: 'Ask for changes to an offer',
  description:
    'A message on the thread that asks the shop for a revised offer (docs/requirements.md §10).',
  access: customer,
  form: 'quote-message',
  request: { params: offerParams, body: { ...json(quoteMessageSchema), required: true } },
  responses: { 201: json(apiQuoteMessageSchema, 'The message as posted') },
});

const askNewOffer = operation({
  method: 'post',
  path: '/me/quotations/{reference}/offers/{version}/new-offer-request',
  tags,
  summary: 'Ask for a new offer, once the offer has expired',
  description:
    '"Ask for a New Offer": open on an expired offer only; the thread gets the request and the shop is told.',
  access: customer,
  form: 'quote-message',
  request: { params: offerParams },
  responses: { 201: json(apiQuoteMessageSchema, 'The request as posted on the thread') },
});

const paymentReference = operation({
  method: 'post',
  path: '/me/orders/{id}/payment-reference',
  tags,
  summary: 'Send the UPI UTR or bank reference of a payment',
  description:
    'For an order made from an offer and waiting for its payment: a UPI UTR has 12 digits, a bank reference 6 to 22 letters and digits, by the order’s payment method. Shares the quotation thread’s message limit per address with the quote page and the dashboard. The reference already stored, sent again, is answered 200 and tells the shop nothing new.',
  access: customer,
  // The page's forms and this count on one limit (docs/requirements.md, payments).
  form: PAYMENT_REFERENCE_LIMIT,
  request: {
    params: orderIdParams,
    body: { ...json(apiPaymentReferenceBodySchema), required: true },
  },
  responses: { 200: json(apiPaymentReferenceReceiptSchema, 'The reference is received') },
});

export function registerCustomerQuotations(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(listMyQuotations, async (c) => {
    const services = c.get('services');
    const summaries = await listQuotationsOfUser(
      services.db,
      c.get('actor'),
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json({ data: summaries.map(apiQuotationSummaryOf) }, 200);
  });

  api.openapi(getMyQuotation, async (c) => {
    const services = c.get('services');
    // The account's path: no private key is taken here (docs/requirements.md §10's link is the page's).
    const quote = await getQuoteForCustomer(
      services.db,
      c.get('actor'),
      { reference: c.req.valid('param').reference },
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json(apiQuotationOf(quote), 200);
  });

  api.openapi(postMessage, async (c) => {
    const { db, clock } = c.get('services');
    const now = clock();
    const { body } = c.req.valid('json');
    const { id } = await postCustomerMessage(
      db,
      c.get('actor'),
      { ...(await sentBody(c)), reference: c.req.valid('param').reference, key: undefined },
      now,
    );
    return c.json(
      {
        id,
        author: 'customer' as const,
        kind: 'message' as const,
        offerVersion: null,
        body,
        createdAt: now.toISOString(),
      },
      201,
    );
  });

  api.openapi(accept, async (c) => {
    const services = c.get('services');
    const { reference, version } = c.req.valid('param');
    const order = await acceptOffer(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), reference, key: undefined, offerVersion: version },
      services.clock(),
      await shopTimeZoneOf(services),
      await upiLimitOf(services),
    );
    c.header('Location', `/api/v1/me/orders/${order.orderId}`);
    return c.json(order, 201);
  });

  api.openapi(decline, async (c) => {
    const services = c.get('services');
    const { reference, version } = c.req.valid('param');
    const declined = await declineOffer(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), reference, key: undefined, offerVersion: version },
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json({ version: declined.version, status: 'declined' as const }, 200);
  });

  api.openapi(askChanges, async (c) => {
    const services = c.get('services');
    const now = services.clock();
    const { reference, version } = c.req.valid('param');
    const { body } = c.req.valid('json');
    const { id } = await askForChanges(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), reference, key: undefined, offerVersion: version },
      now,
      await shopTimeZoneOf(services),
    );
    return c.json(
      {
        id,
        author: 'customer' as const,
        kind: 'changes-requested' as const,
        offerVersion: Number(version),
        body,
        createdAt: now.toISOString(),
      },
      201,
    );
  });

  api.openapi(askNewOffer, async (c) => {
    const services = c.get('services');
    const now = services.clock();
    const { reference, version } = c.req.valid('param');
    const { id } = await askForNewOffer(
      services.db,
      c.get('actor'),
      { reference, key: undefined, offerVersion: version },
      now,
      await shopTimeZoneOf(services),
    );
    return c.json(
      {
        id,
        author: 'customer' as const,
        kind: 'new-offer-requested' as const,
        offerVersion: Number(version),
        body: quoteTexts.newOfferRequest,
        createdAt: now.toISOString(),
      },
      201,
    );
  });

  api.openapi(paymentReference, async (c) => {
    const services = c.get('services');
    // The order's own account only: no quotation key is taken here.
    const receipt = await submitPaymentReference(
      services.db,
      c.get('actor'),
      { orderId: c.req.valid('param').id, paymentReference: c.req.valid('json').reference },
      services.clock(),
      await upiLimitOf(services),
    );
    return c.json(receipt, 200);
  });
}
