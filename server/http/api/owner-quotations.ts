/**
 * docs/requirements.md §11: the owner's quotations over the API: the list and one request with its offers and
 * thread (`quotations:read`); the composer's draft, sending or revising an offer, withdrawing it,
 * the shop's reply and the request's status (`quotations:write`); and an order made from a
 * request (`orders:write`, idempotent). The same module functions as /admin and
 * /admin/quotations/{id} answer them.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import {
  offerDraftSavedSchema,
  offerSentSchema,
  offerWithdrawnSchema,
  orderFromQuotationCreatedSchema,
  ownerListQuerySchema,
  ownerOfferParams,
  ownerQuotationIdParams,
  ownerQuotationPageSchema,
  ownerQuotationSchema,
  quotationStatusMoveSchema,
  quotationStatusSchema,
  shopMessageSchema,
  type OwnerQuotation,
} from '../../../core/api/api-owner-schemas';
import { orderFromQuotationSchema } from '../../../core/orders/orders';
import { offerComposerSchema, quoteMessageSchema } from '../../../core/quotes/quote-offer';
import { createOrderFromQuotation } from '../../flows/create-order-from-quotation';
import {
  getQuotationForOwner,
  listQuotationRequests,
  postShopMessage,
  saveOfferDraft,
  sendOffer,
  setQuotationStatus,
  withdrawOffer,
  type OfferView,
  type OwnerQuotationView,
} from '../../modules/quotations';
import { advanceAndBalanceMinor, splitPayment } from '../../../core/orders/payment-terms';
import { advancePercentOf, shopTimeZoneOf, type ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { nextPageOf } from './next-page';
import { iso, isoOrNull } from './answer-values';

const tags = ['Owner: quotations'];
const read = { kind: 'owner', scope: 'quotations:read' } as const;
const write = { kind: 'owner', scope: 'quotations:write' } as const;

const listQuotations = operation({
  method: 'get',
  path: '/admin/quotations',
  tags,
  summary: 'Quotation requests, newest first',
  description: 'The admin’s list (spec §7): 50 a page, with the latest offer’s status.',
  access: read,
  request: { query: ownerListQuerySchema },
  responses: { 200: json(ownerQuotationPageSchema, 'A page of quotation requests') },
});

const getQuotation = operation({
  method: 'get',
  path: '/admin/quotations/{id}',
  tags,
  summary: 'One quotation request with its offers and thread',
  access: read,
  request: { params: ownerQuotationIdParams },
  responses: { 200: json(ownerQuotationSchema, 'The quotation request') },
});

const saveDraft = operation({
  method: 'put',
  path: '/admin/quotations/{id}/draft',
  tags,
  summary: 'Save the offer composer’s draft',
  description:
    '"Save Draft": the owner’s own, not shown to the customer. Amounts are rupees as text ("1250.50"), the GST rate a percentage; `advancePercent` (0–100, docs/requirements.md §21) is the share asked for on acceptance, the shop’s “Advance payment” setting when absent.',
  access: write,
  request: {
    params: ownerQuotationIdParams,
    body: { ...json(offerComposerSchema, 'The composer’s offer'), required: true },
  },
  responses: { 200: json(offerDraftSavedSchema, 'The draft is saved') },
});

const sendOfferOperation = operation({
  method: 'post',
  path: '/admin/quotations/{id}/offers',
  tags,
  summary: 'Send an offer, or revise the one sent',
  description:
    '"Send Offer" / "Revise Offer": the offer becomes the sent version (superseding the one sent before), the request moves from pending to processing, and the customer is mailed.',
  access: write,
  request: {
    params: ownerQuotationIdParams,
    body: { ...json(offerComposerSchema, 'The composer’s offer'), required: true },
  },
  responses: { 201: json(offerSentSchema, 'The offer is sent') },
});

const withdraw = operation({
  method: 'post',
  path: '/admin/quotations/{id}/offers/{version}/withdraw',
  tags,
  summary: 'Withdraw the offer sent',
  description:
    '"Withdraw Offer": the customer can no longer accept it. Refused (409) unless this version is the one sent now.',
  access: write,
  request: { params: ownerOfferParams },
  responses: { 200: json(offerWithdrawnSchema, 'The offer is withdrawn') },
});

const reply = operation({
  method: 'post',
  path: '/admin/quotations/{id}/messages',
  tags,
  summary: 'Reply on the quotation’s thread',
  access: write,
  request: {
    params: ownerQuotationIdParams,
    body: { ...json(quoteMessageSchema, 'The message'), required: true },
  },
  responses: { 201: json(shopMessageSchema, 'The message is on the thread') },
});

const moveStatus = operation({
  method: 'patch',
  path: '/admin/quotations/{id}',
  tags,
  summary: 'Move the request’s status',
  description: 'spec §4: pending → processing or completed; processing → completed.',
  access: write,
  request: {
    params: ownerQuotationIdParams,
    body: { ...json(quotationStatusMoveSchema, 'The new status'), required: true },
  },
  responses: { 200: json(quotationStatusSchema, 'The status is changed') },
});

const createOrder = operation({
  method: 'post',
  path: '/admin/quotations/{id}/orders',
  tags,
  summary: 'Make an order from a quotation request',
  description:
    'The admin’s "Create Order": a pending order with its item, the request completed. Honours `Idempotency-Key`. Needs `orders:write`.',
  access: { kind: 'owner', scope: 'orders:write' },
  idempotent: true,
  request: {
    params: ownerQuotationIdParams,
    body: { ...json(orderFromQuotationSchema, 'The order’s price and address'), required: true },
  },
  responses: { 201: json(orderFromQuotationCreatedSchema, 'The order is made') },
});

function apiOffer(offer: OfferView) {
  return {
    id: offer.id,
    version: offer.version,
    status: offer.status,
    shownStatus: offer.shownStatus,
    lines: offer.lines,
    subtotalMinor: offer.subtotalMinor,
    discountMinor: offer.discountMinor,
    shippingMinor: offer.shippingMinor,
    gstRateBasisPoints: offer.gstRateBasisPoints,
    gstMinor: offer.gstMinor,
    totalMinor: offer.totalMinor,
    advancePercent: offer.advancePercent,
    ...splitPayment(offer.totalMinor, offer.advancePercent),
    validUntil: offer.validUntil,
    leadTimeDays: offer.leadTimeDays,
    terms: offer.terms,
    note: offer.note,
    declineReason: offer.declineReason,
    sentAt: isoOrNull(offer.sentAt),
    decidedAt: isoOrNull(offer.decidedAt),
    createdAt: iso(offer.createdAt),
  };
}

function apiQuotation(view: OwnerQuotationView): OwnerQuotation {
  return {
    id: view.id,
    reference: view.reference,
    status: view.status,
    createdAt: iso(view.createdAt),
    request: view.request,
    userId: view.userId,
    awaitingReplySince: isoOrNull(view.awaitingReplySince),
    offers: view.offers.map(apiOffer),
    draft: view.draft ? apiOffer(view.draft) : null,
    ownerActions: view.ownerActions,
    messages: view.messages.map((message) => ({ ...message, createdAt: iso(message.createdAt) })),
    order: view.order && {
      ...view.order,
      ...advanceAndBalanceMinor(view.order),
    },
  };
}

export function registerOwnerQuotations(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(listQuotations, async (c) => {
    const { db } = c.get('services');
    const { page } = c.req.valid('query');
    const rows = await listQuotationRequests(db, c.get('actor'), { page });
    return c.json(
      {
        data: rows.map((row) => ({
          id: row.id,
          reference: row.reference,
          status: row.status,
          productId: row.productId,
          productName: row.productName,
          quantity: row.quantity,
          lines: row.lines,
          customizationNotes: row.customizationNotes,
          customerName: row.customerName,
          customerCompany: row.customerCompany,
          customerMobile: row.customerMobile,
          customerEmail: row.customerEmail,
          customerGstin: row.customerGstin,
          userId: row.userId,
          latestOfferStatus: row.latestOfferStatus,
          needsReply: row.needsReply,
          awaitingReplySince: isoOrNull(row.awaitingReplySince),
          createdAt: iso(row.createdAt),
        })),
        page,
        nextPage: nextPageOf(page, rows.length, ADMIN_PAGE_SIZE),
      },
      200,
    );
  });

  api.openapi(getQuotation, async (c) => {
    const services = c.get('services');
    const view = await getQuotationForOwner(
      services.db,
      c.get('actor'),
      { id: c.req.valid('param').id },
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json(apiQuotation(view), 200);
  });

  api.openapi(saveDraft, async (c) => {
    const services = c.get('services');
    const { version } = await saveOfferDraft(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), quotationId: c.req.valid('param').id },
      services.clock(),
      await shopTimeZoneOf(services),
      await advancePercentOf(services),
    );
    return c.json({ version, status: 'draft' as const }, 200);
  });

  api.openapi(sendOfferOperation, async (c) => {
    const services = c.get('services');
    const { id } = c.req.valid('param');
    const { version, revised } = await sendOffer(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), quotationId: id },
      services.clock(),
      await shopTimeZoneOf(services),
      { advancePercentDefault: await advancePercentOf(services) },
    );
    c.header('Location', `/api/v1/admin/quotations/${id}`);
    return c.json({ version, status: 'sent' as const, revised }, 201);
  });

  api.openapi(withdraw, async (c) => {
    const services = c.get('services');
    const { id, version } = c.req.valid('param');
    const withdrawn = await withdrawOffer(
      services.db,
      c.get('actor'),
      { quotationId: id, version },
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json({ version: withdrawn.version, status: 'withdrawn' as const }, 200);
  });

  api.openapi(reply, async (c) => {
    const { db, clock } = c.get('services');
    const now = clock();
    const { id } = c.req.valid('param');
    const message = await postShopMessage(
      db,
      c.get('actor'),
      { quotationId: id, body: (await sentBody(c)).body },
      now,
    );
    return c.json(
      {
        id: message.id,
        author: 'shop' as const,
        // The schema's own reading of the body: trimmed, as the module stored it.
        body: c.req.valid('json').body,
        createdAt: iso(now),
      },
      201,
    );
  });

  api.openapi(moveStatus, async (c) => {
    const { db } = c.get('services');
    const { id } = c.req.valid('param');
    const { status } = await setQuotationStatus(db, c.get('actor'), {
      id,
      status: (await sentBody(c)).status,
    });
    return c.json({ id, status }, 200);
  });

  api.openapi(createOrder, async (c) => {
    const services = c.get('services');
    const created = await createOrderFromQuotation(
      services.db,
      c.get('actor'),
      { ...(await sentBody(c)), quotationId: c.req.valid('param').id },
      services.clock(),
      await shopTimeZoneOf(services),
    );
    c.header('Location', `/api/v1/admin/orders/${created.orderId}`);
    return c.json(
      { id: created.orderId, orderNumber: created.orderNumber, userId: created.userId },
      201,
    );
  });
}
