/**
 * docs/requirements.md §11: the owner's orders over the API: the list and one order (`orders:read`), and the
 * order actions of spec §4 and §24 (`orders:write`: actions, shipments, refunds, the answer to a
 * return, making-of updates), refused exactly as the console refuses them, through the same module
 * functions and state machine (core/admin/admin.ts).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, offeredOrderActions, orderStateOf } from '../../../core/admin/admin';
import {
  orderStatusSchema,
  ownerListQuerySchema,
  ownerOrderIdParams,
  ownerOrderPageSchema,
  ownerOrderSchema,
  type OwnerOrder,
} from '../../../core/api/api-owner-schemas';
import {
  apiProductionUpdateSchema,
  apiRefundRecordedSchema,
  apiShipmentRecordedSchema,
} from '../../../core/api/api-shipments';
import { apiRefundBodySchema, apiReturnSchema } from '../../../core/api/api-returns';
import { productionUpdateSchema } from '../../../core/orders/production-updates';
import { returnDecisionSchema } from '../../../core/orders/returns';
import { refundOrder } from '../../flows/refund-order';
import { refundReturn } from '../../flows/refund-return';
import { addProductionUpdate } from '../../modules/order-updates';
import { decideReturn } from '../../modules/returns';
import { orderActionSchema } from '../../../core/orders/orders';
import { shipmentSchema } from '../../../core/orders/shipments';
import { advanceAndBalanceMinor } from '../../../core/orders/payment-terms';
import { getOrderForOwner, listAllOrders, type OrderView } from '../../modules/orders';
import { applyOrderAction } from '../../flows/apply-order-action';
import { shipOrder } from '../../flows/ship-order';
import { readSiteSettings } from '../../modules/settings';
import type { ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { nextPageOf } from './next-page';
import { iso } from './answer-values';
import { apiProductionUpdateOf, apiReturnOf } from './order-shapes';

const tags = ['Owner: orders'];
const read = { kind: 'owner', scope: 'orders:read' } as const;

const listOrders = operation({
  method: 'get',
  path: '/admin/orders',
  tags,
  summary: 'Orders, newest first',
  description: 'The admin’s list (spec §7): 50 a page, with their items and the actions on offer.',
  access: read,
  request: { query: ownerListQuerySchema },
  responses: { 200: json(ownerOrderPageSchema, 'A page of orders') },
});

const getOrder = operation({
  method: 'get',
  path: '/admin/orders/{id}',
  tags,
  summary: 'One order with its items',
  access: read,
  request: { params: ownerOrderIdParams },
  responses: { 200: json(ownerOrderSchema, 'The order') },
});

const orderAction = operation({
  method: 'post',
  path: '/admin/orders/{id}/actions',
  tags,
  summary: 'Take an order action',
  description:
    'spec §4: `confirm` (Confirm Order), `confirm-payment` (Confirm Payment Received, with the UPI or bank `paymentReference`), `start-processing`, `ship`, `deliver`, `cancel` (an order with money received is cancelled with its refund: `POST …/refunds`). An action not on offer for the order’s state is refused with 409 and the console’s message.',
  access: { kind: 'owner', scope: 'orders:write' },
  request: {
    params: ownerOrderIdParams,
    body: { ...json(orderActionSchema, 'The action'), required: true },
  },
  responses: { 200: json(orderStatusSchema, 'The order’s new status') },
});

// docs/requirements.md §24: "Mark as Shipped" with its shipment, as the console records it.
const recordShipmentOperation = operation({
  method: 'post',
  path: '/admin/orders/{id}/shipments',
  tags,
  summary: 'Record a shipment ("Mark as Shipped")',
  description:
    'The carrier (`blue-dart`, `india-post`, … `other`), its `trackingNumber` (checked by the carrier’s shape; for `other`, a number or a `trackingUrl`), the `pieces` (each order item and quantity, no more than are left), `dispatchedOn` and `boxes`. The order becomes `partly_shipped` while pieces are left, else `shipped`; its tax invoice is issued with the first shipment when it has none. Refused with 422 and the console’s message.',
  access: { kind: 'owner', scope: 'orders:write' },
  request: {
    params: ownerOrderIdParams,
    body: { ...json(shipmentSchema, 'The shipment'), required: true },
  },
  responses: { 201: json(apiShipmentRecordedSchema, 'The shipment and the order’s new status') },
});

// docs/requirements.md §24: "Cancel Order" with its refund, or "Record Refund" after it or of an approved
// return, as the console records it.
const recordRefundOperation = operation({
  method: 'post',
  path: '/admin/orders/{id}/refunds',
  tags,
  summary: 'Record a refund ("Cancel Order" with its refund, or "Record Refund")',
  description:
    '`action` `cancel` cancels an order with money received and records its refund; `record-refund` refunds what a cancellation left or, with the `returnId` of an approved return, closes that return (the return becomes `refunded`; an invoiced order gets a credit note for the returned lines; the order becomes `returned` once every piece of it is back, else stays `delivered`). The `amount` in rupees as the console takes it (`1512` or `"1,512.50"`), at most what is left of the money received; `method` `upi` or `bank transfer`; the refund’s `reference`. The payment status becomes `refunded` once everything received is back, else `partly_refunded`; cancelling an invoiced order issues its credit note. Refused with 404 for a return not of this order, 409 for one not approved, or 409 or 422 and the console’s message.',
  access: { kind: 'owner', scope: 'orders:write' },
  request: {
    params: ownerOrderIdParams,
    body: { ...json(apiRefundBodySchema, 'The refund'), required: true },
  },
  responses: { 201: json(apiRefundRecordedSchema, 'The refund and the order’s new status') },
});

/** A return of the order, by its id; one of another order is not found in the module. */
const ownerReturnParams = ownerOrderIdParams.extend({
  returnId: z
    .string()
    .max(200)
    .meta({
      param: { name: 'returnId', in: 'path' },
      example: '6c7d8e9f-0a1b-4c2d-9e3f-5a6b7c8d9e0f',
    }),
});

// docs/requirements.md §24: "Approve Return" with its instructions, or "Decline Return" with the reason.
const decideReturnOperation = operation({
  method: 'post',
  path: '/admin/orders/{id}/returns/{returnId}/decision',
  tags,
  summary: 'Answer a return ("Approve Return" or "Decline Return")',
  description:
    '`decision` `approve` with the return’s instructions in `note` (where and how to send the pieces back), or `decline` with the reason in `note`; the buyer is mailed either way. A return is answered once: another answer is refused with 409. A return not of this order is not found (404). An approved return is closed by its refund: `POST …/refunds` with its `returnId`.',
  access: { kind: 'owner', scope: 'orders:write' },
  request: {
    params: ownerReturnParams,
    body: { ...json(returnDecisionSchema, 'The answer'), required: true },
  },
  responses: { 200: json(apiReturnSchema, 'The return as answered') },
});

// docs/requirements.md §24: "Add Production Update", its note; the photos are the console's (multipart).
const addProductionUpdateOperation = operation({
  method: 'post',
  path: '/admin/orders/{id}/production-updates',
  tags,
  summary: 'Post a making-of update ("Add Production Update")',
  description:
    'The `note` (up to 1,000 characters) of a paid or advance-paid order not yet all shipped (`confirmed`, `processing` or `partly_shipped`); any other is refused with 409 and the console’s message. The buyer is mailed and `order.production_update` is sent. No photos over JSON: an update with photos is posted from the console. Honours `Idempotency-Key`: a retry posts (and mails) nothing new.',
  access: { kind: 'owner', scope: 'orders:write' },
  idempotent: true,
  request: {
    params: ownerOrderIdParams,
    body: { ...json(productionUpdateSchema, 'The update'), required: true },
  },
  responses: { 201: json(apiProductionUpdateSchema, 'The update as posted') },
});

function apiOrder(order: OrderView): OwnerOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    storedPaymentStatus: order.storedPaymentStatus,
    paymentId: order.paymentId,
    submittedPaymentReference: order.submittedPaymentReference,
    submittedBalanceReference: order.submittedBalanceReference,
    balancePaymentId: order.balancePaymentId,
    quotationRequestId: order.quotationRequestId,
    paymentMethod: order.paymentMethod,
    shippingAddress: order.shippingAddress,
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    shippingAmountMinor: order.shippingAmountMinor,
    taxAmountMinor: order.taxAmountMinor,
    totalAmountMinor: order.totalAmountMinor,
    ...advanceAndBalanceMinor({
      totalMinor: order.totalAmountMinor,
      advanceMinor: order.advanceMinor,
    }),
    createdAt: iso(order.createdAt),
    items: order.items,
    returns: order.returns.map(apiReturnOf),
    // The console's buttons, from the same machine that refuses the others.
    actions: offeredOrderActions(orderStateOf(order)),
  };
}

export function registerOwnerOrders(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(listOrders, async (c) => {
    const { page } = c.req.valid('query');
    const rows = await listAllOrders(c.get('services').db, c.get('actor'), { page });
    return c.json(
      {
        data: rows.map(apiOrder),
        page,
        nextPage: nextPageOf(page, rows.length, ADMIN_PAGE_SIZE),
      },
      200,
    );
  });

  api.openapi(getOrder, async (c) => {
    const order = await getOrderForOwner(c.get('services').db, c.get('actor'), {
      orderId: c.req.valid('param').id,
    });
    return c.json(apiOrder(order), 200);
  });

  api.openapi(orderAction, async (c) => {
    const { id } = c.req.valid('param');
    const body = await sentBody(c);
    const { db, clock, config } = c.get('services');
    const { status, paymentStatus } = await applyOrderAction(
      db,
      c.get('actor'),
      { orderId: id, action: body.action, paymentReference: body.paymentReference },
      await readSiteSettings(db, config),
      clock(),
    );
    return c.json({ id, status, paymentStatus }, 200);
  });

  api.openapi(recordShipmentOperation, async (c) => {
    const { id } = c.req.valid('param');
    const body = await sentBody(c);
    const { db, clock, config, mediaStorage } = c.get('services');
    // docs/requirements.md §24: the API's shipment is JSON; photos of the boxes come from the console.
    const shipped = await shipOrder(
      db,
      c.get('actor'),
      mediaStorage,
      { orderId: id, shipment: body, photos: [] },
      await readSiteSettings(db, config),
      clock(),
    );
    return c.json(
      {
        shipment: shipped.shipment,
        status: shipped.status,
        invoiceNumber: shipped.invoiceNumber,
      },
      201,
    );
  });

  api.openapi(recordRefundOperation, async (c) => {
    const { id } = c.req.valid('param');
    const body = await sentBody(c);
    const { db, clock, config } = c.get('services');
    const site = await readSiteSettings(db, config);
    // docs/requirements.md §24: a refund that names an approved return closes it, as the console's does.
    const returnId = c.req.valid('json').returnId;
    const refunded =
      returnId === undefined
        ? await refundOrder(
            db,
            c.get('actor'),
            { orderId: id, action: body.action, refund: body },
            site,
            clock(),
          )
        : await refundReturn(
            db,
            c.get('actor'),
            { orderId: id, returnId, refund: body },
            site,
            clock(),
          );
    return c.json(
      {
        refund: refunded.refund,
        status: refunded.status,
        paymentStatus:
          refunded.refund && refunded.paymentStatus === 'refunded' ? 'refunded' : 'partly_refunded',
        creditNoteNumber: refunded.creditNoteNumber,
      },
      201,
    );
  });

  api.openapi(decideReturnOperation, async (c) => {
    const { id, returnId } = c.req.valid('param');
    const { db, clock } = c.get('services');
    const view = await decideReturn(
      db,
      c.get('actor'),
      { orderId: id, returnId, answer: await sentBody(c) },
      clock(),
    );
    return c.json(apiReturnOf(view), 200);
  });

  api.openapi(addProductionUpdateOperation, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, mediaStorage } = c.get('services');
    const view = await addProductionUpdate(
      db,
      c.get('actor'),
      mediaStorage,
      { orderId: id, note: (await sentBody(c)).note, photos: [] },
      clock(),
    );
    return c.json(apiProductionUpdateOf(view), 201);
  });
}
