/**
 * docs/requirements.md §24: a shipment, a refund and a making-of update over the owner API, recorded with the
 * console's own schemas (core/orders/shipments.ts, core/orders/refunds.ts,
 * core/orders/production-updates.ts) and answered in the one shape every page and mail shows.
 */
import { z } from 'zod';
import { carrierIds } from '../orders/carriers';
import { refundMethods } from '../orders/refund-status';
import { orderStatuses } from '../orders/statuses';

/** A photo of an order's update, shipment or return, as stored: its largest WebP variant. */
export const apiOrderPhotoSchema = z
  .object({
    url: z.string().meta({ description: 'The largest WebP variant, on the shop’s own address.' }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'OrderPhoto' });

export const apiShipmentSchema = z
  .object({
    id: z.guid(),
    orderId: z.guid(),
    carrier: z.enum(carrierIds),
    carrierName: z.string(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable().meta({
      description: 'The carrier’s tracking page for the number, or the link given for Other.',
    }),
    dispatchedOn: z.iso.date(),
    boxes: z.number().int(),
    pieces: z.array(
      z.object({ orderItemId: z.guid(), productName: z.string(), quantity: z.number().int() }),
    ),
    photos: z.array(apiOrderPhotoSchema).meta({
      description:
        'The packed boxes, up to 4; a shipment recorded over the API has none (photos are added from the console).',
    }),
  })
  .meta({ id: 'Shipment' });

export const apiShipmentRecordedSchema = z.object({
  shipment: apiShipmentSchema,
  status: z.enum(orderStatuses).meta({
    description: '`partly_shipped` while pieces are left to ship, then `shipped`.',
  }),
  invoiceNumber: z.string().meta({ description: 'The tax invoice the goods left with.' }),
});

/** docs/requirements.md §24: a refund over the owner API, in the one shape the pages and the mail show. */
export const apiRefundSchema = z
  .object({
    id: z.guid(),
    orderId: z.guid(),
    amountMinor: z.number().int().meta({ description: 'The amount refunded, in paise.' }),
    method: z.enum(refundMethods),
    reference: z.string(),
    receivedMinor: z
      .number()
      .int()
      .meta({ description: 'The money received that the refunds give back, in paise.' }),
    refundedOn: z.iso.date(),
  })
  .meta({ id: 'Refund' });

export const apiRefundRecordedSchema = z.object({
  refund: apiRefundSchema,
  status: z.enum(orderStatuses).meta({
    description:
      '`cancelled` after a cancellation; after the refund of a return, `returned` once every piece of the order is back, else as it was (`delivered`).',
  }),
  paymentStatus: z.enum(['refunded', 'partly_refunded']),
  creditNoteNumber: z.string().nullable().meta({
    description:
      'The credit note issued with the cancellation of an invoiced order, or with the refund of a return (its returned lines) when the order has an invoice.',
  }),
});

/** docs/requirements.md §24: a making-of update, as the order's pages and the buyer's mail show it. */
export const apiProductionUpdateSchema = z
  .object({
    id: z.guid(),
    orderId: z.guid(),
    note: z.string(),
    photos: z.array(apiOrderPhotoSchema).meta({
      description:
        'Up to 4; an update posted over the API has none (photos are posted from the console).',
    }),
    postedAt: z.string().meta({ description: 'An ISO 8601 instant.' }),
  })
  .meta({ id: 'ProductionUpdate' });
