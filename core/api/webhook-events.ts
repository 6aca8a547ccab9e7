/**
 * The webhook events (docs/requirements.md §11), one typed contract (docs/decisions/019, docs/design.md §3 "One definition per
 * shape"): for each event an endpoint can follow, when it is sent and the zod schema of its
 * `data` as the receiver parses it (JSON: a day is 'YYYY-MM-DD', amounts are paise). This map is
 * the one list of event names; the emitter's types, the endpoint form's choices, the OpenAPI
 * document's `webhooks` and the table of docs/webhooks.md are checked against it or made from it.
 */
import { z } from 'zod';
import { carrierIds } from '../orders/carriers';
import { refundMethods } from '../orders/refund-status';
import { orderActions } from '../admin/admin';
import { orderPaymentMethods } from '../orders/orders';
import { offerPaymentMethods } from '../quotes/quote-forms';
import {
  newsletterSources,
  orderStatuses,
  paymentStatuses,
  quotationMessageAuthors,
  quotationMessageKinds,
} from '../orders/statuses';

// Any value of a PostgreSQL uuid column (the shop draws v4 ones; a restored row may hold others).
const id = z.guid();
const paise = z.number().int().nonnegative().meta({ description: 'An amount in paise.' });
// Described, not matched: a row the shop did not number (an import, a demo order) is as it is.
const quotationReference = z
  .string()
  .meta({ description: 'The quotation’s reference, Q-YYYYMMDD-NNNN.' });
const orderNumber = z.string().meta({ description: 'The order’s number, ORD-YYYYMMDD-NNNN.' });
// docs/requirements.md §21: an order paid in two parts; both null when it is paid in one payment.
const orderAdvanceAndBalance = {
  advanceMinor: paise
    .nullable()
    .meta({ description: 'The advance asked for first, in paise; null: paid in full.' }),
  balanceMinor: paise
    .nullable()
    .meta({ description: 'The balance after it (total − advance), in paise; null: paid in full.' }),
};
// docs/requirements.md §23: what an issued document's event says of it; the whole document is its PDF.
const taxDocumentData = z.strictObject({
  documentId: id,
  number: z.string().meta({ description: 'The document’s number, KK/26-27/0001.' }),
  orderId: id,
  orderNumber,
  issuedOn: z.iso.date().meta({ description: 'The shop’s day it was issued.' }),
  buyerName: z.string(),
  buyerGstin: z.string().nullable(),
  placeOfSupply: z.string().meta({
    description: 'The state and its code, "Rajasthan (08)", or the country of an export.',
  }),
  taxableMinor: paise,
  taxMinor: paise,
  totalMinor: paise,
});
const orderState = z.strictObject({
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses).nullable(),
});

/** An offer in the events about it; each event adds what it tells of. */
const offerData = z.strictObject({
  quotationId: id,
  reference: quotationReference,
  offerId: id,
  version: z.number().int().positive(),
  totalMinor: paise,
  validUntil: z.iso.date().meta({ description: 'The offer’s last day, shop time.' }),
  // docs/requirements.md §21
  advancePercent: z.number().int().min(0).max(100).meta({
    description: 'The share of the total asked for on acceptance; 100 is payment in full.',
  }),
  advanceMinor: paise.meta({ description: 'Paid on acceptance, in paise.' }),
  balanceMinor: paise.meta({ description: 'Paid before dispatch, in paise: total − advance.' }),
});
export type WebhookOfferData = z.output<typeof offerData>;

export const webhookEvents = {
  'quotation.created': {
    when: 'a quotation request is made (the dialog, `/quote`, the quote list, a reorder, the API)',
    data: z.strictObject({
      quotationId: id,
      reference: quotationReference,
      status: z.literal('pending'),
      productId: z.string(),
      productName: z.string(),
      quantity: z.number().int().positive(),
      customizationNotes: z.string().nullable(),
      // docs/decisions/021: every piece of the request, in order; the three fields above repeat the first.
      lines: z
        .array(
          z.strictObject({
            productId: z.string(),
            productName: z.string(),
            quantity: z.number().int().positive(),
            notes: z.string().nullable(),
          }),
        )
        .min(1),
      // Never the private key of the quotation's link.
      customer: z.strictObject({
        name: z.string(),
        company: z.string().nullable(),
        mobile: z.string(),
        email: z.string().nullable(),
        gstin: z.string().nullable(),
      }),
    }),
  },
  'quotation.message': {
    when: `a message on a quotation's thread: the customer's, the shop's, "Ask for Changes", "Ask for New Offer"`,
    data: z.strictObject({
      quotationId: id,
      reference: quotationReference,
      messageId: id,
      author: z.enum(quotationMessageAuthors),
      // A decline is told as `offer.declined`, not as a message.
      kind: z.enum(quotationMessageKinds).exclude(['declined']),
      offerVersion: z.number().int().positive().nullable(),
      body: z.string(),
    }),
  },
  'offer.sent': {
    when: 'the shop sends an offer, or a revision of it',
    data: offerData.extend({ status: z.literal('sent'), revised: z.boolean() }),
  },
  'offer.accepted': {
    when: 'the customer accepts an offer',
    data: offerData.extend({ orderId: id, orderNumber }),
  },
  'offer.declined': {
    when: 'the customer declines an offer',
    data: offerData.extend({ status: z.literal('declined'), reason: z.string().nullable() }),
  },
  'offer.expired': {
    when: 'an offer passes the end of its last day (shop time)',
    data: offerData.extend({ status: z.literal('expired') }),
  },
  'order.created': {
    when: 'an order is made: from an accepted offer, or by the owner from a quotation',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      quotationId: id.nullable(),
      reference: quotationReference,
      offerId: id.nullable(),
      status: z.enum(orderStatuses),
      paymentStatus: z.enum(paymentStatuses).nullable(),
      paymentMethod: z.enum(orderPaymentMethods),
      subtotalMinor: paise,
      discountMinor: paise,
      shippingMinor: paise,
      taxMinor: paise,
      totalMinor: paise,
      ...orderAdvanceAndBalance,
    }),
  },
  'order.status_changed': {
    when: 'the owner takes an order action (confirm, confirm payment, confirm balance, ship, deliver, cancel…)',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      action: z.enum(orderActions),
      before: orderState,
      after: orderState,
    }),
  },
  // docs/requirements.md §24: a making-of update posted
  'order.production_update': {
    when: 'the owner posts a making-of update ("Add Production Update")',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      updateId: id,
      note: z.string(),
      photoUrls: z.array(z.string()).meta({
        description:
          'Each photo’s largest WebP: a path on the shop (/media/…) or the bucket’s address.',
      }),
    }),
  },
  // docs/requirements.md §24: a shipment recorded, with its carrier, tracking and pieces
  'order.shipped': {
    when: 'the owner records a shipment ("Mark as Shipped")',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      shipmentId: id,
      carrier: z.enum(carrierIds),
      carrierName: z.string(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z
        .string()
        .nullable()
        .meta({ description: 'The carrier’s tracking page for the number, or the owner’s link.' }),
      dispatchedOn: z.iso.date(),
      boxes: z.number().int().min(1),
      pieces: z.array(z.strictObject({ productName: z.string(), quantity: z.number().int() })),
      everyPieceShipped: z
        .boolean()
        .meta({ description: 'False while pieces are still to ship ("Partly Shipped").' }),
      photoUrls: z.array(z.string()).meta({
        description:
          'The photos of the packed boxes, 0 to 4, each its largest WebP: a path on the shop (/media/…) or the bucket’s address.',
      }),
    }),
  },
  // docs/requirements.md §24: the delivery, recorded by the owner or the buyer
  'order.delivered': {
    when: 'the owner marks an order delivered, or the buyer says she has received it',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      deliveredAt: z.iso.datetime({ offset: true }),
      confirmedBy: z
        .enum(['shop', 'customer'])
        .meta({ description: '“shop”: Mark as Delivered; “customer”: I Have Received It.' }),
    }),
  },
  // docs/requirements.md §24: the buyer asks to return pieces of her delivered order
  'order.return_requested': {
    when: 'the buyer asks to return pieces of her delivered order ("Request a Return")',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      returnId: id,
      pieces: z.array(
        z.strictObject({ orderItemId: id, productName: z.string(), quantity: z.number().int() }),
      ),
      reason: z.string(),
      photoUrls: z.array(z.string()).meta({
        description:
          'Each photo’s largest WebP: a path on the shop (/media/…) or the bucket’s address.',
      }),
    }),
  },
  // docs/requirements.md §24: money received, given back
  'order.refunded': {
    when: 'the owner records a refund (with "Cancel Order", "Record Refund" after it, or of a return)',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      refundId: id,
      amountMinor: paise,
      method: z.enum(refundMethods),
      reference: z.string(),
      refundedOn: z.iso.date(),
      refundedMinor: paise.meta({
        description: 'Every refund of the order so far, this one included.',
      }),
      receivedMinor: paise.meta({ description: 'The money received that the refunds give back.' }),
      paymentStatus: z.enum(['refunded', 'partly_refunded']),
    }),
  },
  // docs/requirements.md §23: the GST documents, as issued (docs/decisions/027)
  'invoice.issued': {
    when: 'the owner issues a tax invoice, or "Mark as Shipped" issues one',
    data: taxDocumentData,
  },
  'credit_note.issued': {
    when: 'cancelling an invoiced order issues a credit note for its invoice',
    data: taxDocumentData.extend({
      invoiceNumber: z.string().meta({ description: 'The number of the invoice it credits.' }),
      reason: z.string(),
    }),
  },
  'order.payment_reference': {
    when: 'the customer submits their UPI or bank reference',
    data: z.strictObject({
      orderId: id,
      orderNumber,
      quotationId: id.nullable(),
      paymentMethod: z.enum(offerPaymentMethods),
      paymentReference: z.string(),
      totalMinor: paise,
      // docs/requirements.md §21
      payment: z.enum(['full', 'advance', 'balance']).meta({
        description:
          'The payment the reference is for: the whole total, the advance or the balance.',
      }),
      amountMinor: paise.meta({ description: 'That payment’s amount, in paise.' }),
    }),
  },
  'contact.created': {
    when: 'a contact message arrives',
    data: z.strictObject({
      contactMessageId: id,
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      status: z.literal('unread'),
    }),
  },
  'newsletter.subscribed': {
    when: 'a new address subscribes, or one that unsubscribed comes back (not one already on the list)',
    data: z.strictObject({
      email: z.string(),
      source: z.enum(newsletterSources),
      resubscribed: z.boolean(),
    }),
  },
} as const;

export type WebhookEventType = keyof typeof webhookEvents;

/** The events in the order of the map: the endpoint form's checkboxes, the document, the doc. */
export const webhookEventTypes = Object.keys(webhookEvents) as [
  WebhookEventType,
  ...WebhookEventType[],
];

export type WebhookEventData<T extends WebhookEventType> = z.output<
  (typeof webhookEvents)[T]['data']
>;

/** What an endpoint receives for one event: Standard Webhooks' payload shape. */
export function webhookPayloadSchema<T extends WebhookEventType>(type: T) {
  return z.strictObject({
    type: z.literal(type),
    timestamp: z.iso.datetime().meta({ description: 'When the change was made.' }),
    data: webhookEvents[type].data as (typeof webhookEvents)[T]['data'],
  });
}

export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = {
  [Type in T]: z.output<ReturnType<typeof webhookPayloadSchema<Type>>>;
}[T];
