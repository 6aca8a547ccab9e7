/**
 * docs/decisions/019: a webhook payload checked against its event's schema in core/api/webhook-events.ts, as the
 * receiver gets it (after JSON), used by the setup file that watches every emitted event
 * (webhook-contract.ts) and by tests that read the stored deliveries; and a sample of each event.
 */
import { z } from 'zod';
import {
  webhookEventTypes,
  webhookPayloadSchema,
  type WebhookEventData,
  type WebhookEventType,
} from '../../core/api/webhook-events';

/** What is wrong with a payload, or null when it matches its event's schema. */
export function webhookPayloadProblem(payload: unknown): string | null {
  const type = (payload as { type?: unknown } | null)?.type;
  if (!webhookEventTypes.includes(type as WebhookEventType)) {
    return `${JSON.stringify(type)} is not a webhook event`;
  }
  const result = webhookPayloadSchema(type as WebhookEventType).safeParse(payload);
  return result.success ? null : `${String(type)}: ${z.prettifyError(result.error)}`;
}

const orderId = '6f1c2a4e-0b7d-4e58-9a3c-1d2e3f405162';
const quotationId = '0c8a1f52-3b9e-4d27-8f61-5a2b7c9d0e13';
const offerId = '9b4e7d21-6c3a-4f85-b0d9-e2f1a3c5d768';
const offer = {
  quotationId,
  reference: 'Q-20261124-0001',
  offerId,
  version: 2,
  totalMinor: 761_600,
  validUntil: '2026-12-08',
  advancePercent: 50,
  advanceMinor: 380_800,
  balanceMinor: 380_800,
};

/** A valid `data` of every event, as its domain function sends it; a new event needs one. */
export const webhookSamples: { [Type in WebhookEventType]: WebhookEventData<Type> } = {
  'quotation.created': {
    quotationId,
    reference: 'Q-20261124-0001',
    status: 'pending',
    productId: 'lotus-urli',
    productName: 'Lotus Urli',
    quantity: 2,
    customizationNotes: null,
    lines: [{ productId: 'lotus-urli', productName: 'Lotus Urli', quantity: 2, notes: null }],
    customer: {
      name: 'Meera Shah',
      company: null,
      mobile: '+91 94140 55555',
      email: null,
      gstin: null,
    },
  },
  'quotation.message': {
    quotationId,
    reference: 'Q-20261124-0001',
    messageId: '3d0c9f1e-5a7b-4c1e-9a57-2f0e6b8d4c11',
    author: 'customer',
    kind: 'changes-requested',
    offerVersion: 1,
    body: 'Smaller?',
  },
  'offer.sent': { ...offer, status: 'sent', revised: true },
  'offer.accepted': { ...offer, orderId, orderNumber: 'ORD-20261124-0001' },
  'offer.declined': { ...offer, status: 'declined', reason: null },
  'offer.expired': { ...offer, status: 'expired' },
  'order.created': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    quotationId,
    reference: 'Q-20261124-0001',
    offerId: null,
    status: 'pending',
    paymentStatus: null,
    paymentMethod: 'upi',
    subtotalMinor: 150_000,
    discountMinor: 0,
    shippingMinor: 0,
    taxMinor: 0,
    advanceMinor: null,
    balanceMinor: null,
    totalMinor: 150_000,
  },
  'order.status_changed': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    action: 'confirm-payment',
    before: { status: 'pending', paymentStatus: 'pending' },
    after: { status: 'confirmed', paymentStatus: 'paid' },
  },
  'order.production_update': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    updateId: '6a1f2e3d-4c5b-4a69-8e7f-0d1c2b3a4f5e',
    note: 'The inlay is half done.',
    photoUrls: ['/media/3f1e8b5a-1111-4222-8333-444455556666-800.webp'],
  },
  'order.shipped': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    shipmentId: '5e2d9c41-7a3b-4f60-8d1e-2c3b4a5f6e70',
    carrier: 'blue-dart',
    carrierName: 'Blue Dart',
    trackingNumber: '12345678901',
    trackingUrl:
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
    dispatchedOn: '2026-11-30',
    boxes: 1,
    pieces: [{ productName: 'Lotus Urli', quantity: 2 }],
    everyPieceShipped: true,
    photoUrls: ['/media/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f-800.webp'],
  },
  'order.delivered': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    deliveredAt: '2026-12-03T09:30:00.000Z',
    confirmedBy: 'customer',
  },
  'order.return_requested': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    returnId: '7b2e3f4a-5d6c-4b7a-9f8e-1e2d3c4b5a6f',
    pieces: [
      {
        orderItemId: '8c3f4a5b-6e7d-4c8b-8a9f-2f3e4d5c6b7a',
        productName: 'Brass Diya',
        quantity: 2,
      },
    ],
    reason: 'One arrived with a dent.',
    photoUrls: ['/media/3f1e8b5a-1111-4222-8333-444455556666-800.webp'],
  },
  'order.refunded': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    refundId: '3c9a1e57-2b4d-4f8e-a1c6-7d2e9b0f4a13',
    amountMinor: 151_200,
    method: 'upi',
    reference: 'UTR612345678901',
    refundedOn: '2026-12-01',
    refundedMinor: 151_200,
    receivedMinor: 302_400,
    paymentStatus: 'partly_refunded',
  },
  'invoice.issued': {
    documentId: '7b6f0a52-3c1d-4e8a-9f21-5d4c3b2a1908',
    number: 'KK/26-27/0001',
    orderId,
    orderNumber: 'ORD-20261124-0001',
    issuedOn: '2026-11-29',
    buyerName: 'Asha Rao',
    buyerGstin: null,
    placeOfSupply: 'Rajasthan (08)',
    taxableMinor: 270_000,
    taxMinor: 32_400,
    totalMinor: 302_400,
  },
  'credit_note.issued': {
    documentId: '8c7a1b63-4d2e-4f9b-a032-6e5d4c3b2a19',
    number: 'KKC/26-27/0001',
    orderId,
    orderNumber: 'ORD-20261124-0001',
    issuedOn: '2026-12-02',
    buyerName: 'Asha Rao',
    buyerGstin: null,
    placeOfSupply: 'Rajasthan (08)',
    taxableMinor: 270_000,
    taxMinor: 32_400,
    totalMinor: 302_400,
    invoiceNumber: 'KK/26-27/0001',
    reason: 'Order cancelled',
  },
  'order.payment_reference': {
    orderId,
    orderNumber: 'ORD-20261124-0001',
    quotationId,
    paymentMethod: 'upi',
    paymentReference: '432156789012',
    totalMinor: 761_600,
    payment: 'advance',
    amountMinor: 380_800,
  },
  'contact.created': {
    contactMessageId: 'a7e3c1d9-2f4b-4e6a-8c0d-1b3f5e7a9c24',
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    subject: 'Brass diyas',
    message: 'Do you make them in sets of twelve?',
    status: 'unread',
  },
  'newsletter.subscribed': { email: 'asha@example.com', source: 'footer', resubscribed: false },
};
