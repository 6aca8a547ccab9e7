/**
 * docs/requirements.md §11: the owner's orders over the API: the list and one order (`orders:read`), and the
 * order actions of spec §4 (`orders:write`), refused exactly as the console refuses them, through
 * the same module function and state machine (core/admin/admin.ts).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ADMIN_PAGE_SIZE, offeredOrderActions } from '../../../core/admin/admin';
import {
  orderStatusSchema,
  ownerListQuerySchema,
  ownerOrderIdParams,
  ownerOrderPageSchema,
  ownerOrderSchema,
  type OwnerOrder,
} from '../../../core/api/api-owner-schemas';
import {
  apiRefundRecordedSchema,
  apiShipmentRecordedSchema,
} from '../../../core/api/api-shipments';
import { refundFormSchema } from '../../../core/orders/refunds';
import { refundOrder } from '../../flows/refund-order';
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

// docs/requirements.md §24: "Cancel Order" with its refund, or "Record Refund" after it, as the console records it.
const recordRefundOperation = operation({
  method: 'post',
  path: '/admin/orders/{id}/refunds',
  tags,
  summary: 'Record a refund ("Cancel Order" with its refund, or "Record Refund")',
  description:
    '`action` `cancel` cancels an order with money received and records its refund; `record-refund` refunds what a cancellation left. The `amount` in rupees as the console takes it (`1512` or `"1,512.50"`), at most what is left of the money received; `method` `upi` or `bank transfer`; the refund’s `reference`. The payment status becomes `refunded` once everything received is back, else `partly_refunded`; cancelling an invoiced order issues its credit note. Refused with 409 or 422 and the console’s message.',
  access: { kind: 'owner', scope: 'orders:write' },
  request: {
    params: ownerOrderIdParams,
    body: { ...json(refundFormSchema, 'The refund'), required: true },
  },
  responses: { 201: json(apiRefundRecordedSchema, 'The refund and the order’s new status') },
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
    // The console's buttons, from the same machine that refuses the others.
    actions: offeredOrderActions({
      status: order.status,
      paymentStatus: order.storedPaymentStatus,
      paymentMethod: order.paymentMethod,
      advanceMinor: order.advanceMinor,
    }),
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
    const { db, clock, config } = c.get('services');
    const shipped = await shipOrder(
      db,
      c.get('actor'),
      { orderId: id, shipment: body },
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
    const refunded = await refundOrder(
      db,
      c.get('actor'),
      { orderId: id, action: body.action, refund: body },
      await readSiteSettings(db, config),
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
}
