/**
 * docs/requirements.md §24 "Mark as Shipped": the shipment the owner records, one schema for the
 * console's form and the server, and the pieces an order has left to ship.
 */
import { z } from 'zod';
import { formText } from '../forms/form-text';
import { isCalendarDay } from '../time/shop-calendar';
import { carrierIds, type CarrierId } from './carriers';
import type { OrderPhoto } from './production-updates';
import {
  MAX_TRACKING_NUMBER_LENGTH,
  MAX_TRACKING_URL_LENGTH,
  normaliseTrackingNumber,
  trackingNumberProblem,
  trackingUrlProblem,
} from './tracking';

/** docs/requirements.md §24 "Mark as Shipped": up to four photos of the packed boxes. */
export const SHIPMENT_MAX_PHOTOS = 4;

/** What the owner is told of a shipment that cannot be recorded, word for word. */
export const shipmentProblems = {
  carrier: 'Choose the carrier.',
  dispatchedOn: 'Choose the day it left, such as 2026-11-30.',
  boxes: 'Boxes is a whole number from 1 to 99.',
  quantity: 'A quantity is a whole number from 0.',
  noPieces: 'Choose at least one piece for this shipment.',
  otherNeedsTracking: 'For Other, give its tracking number or its tracking link.',
  tooMany: (productName: string, left: number) =>
    `Only ${left} of “${productName}” ${left === 1 ? 'is' : 'are'} left to ship.`,
  notOfOrder: 'A piece of this shipment is not in this order.',
  tooManyPhotos: `Add at most ${SHIPMENT_MAX_PHOTOS} photos of the packed boxes.`,
} as const;

/** The most lines an order has (the offer composer's 50), so the most a shipment lists. */
export const SHIPMENT_MAX_PIECES = 50;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const shipmentPieceSchema = z.object({
  orderItemId: z.guid({ error: shipmentProblems.notOfOrder }),
  quantity: wholeNumber(shipmentProblems.quantity, 0, 100_000),
});

export const shipmentSchema = z
  .object({
    carrier: z.enum(carrierIds, { error: shipmentProblems.carrier }),
    // An empty field is left out of a posted form: none is "".
    trackingNumber: formText()
      .max(MAX_TRACKING_NUMBER_LENGTH * 2)
      .optional()
      .transform((value) => normaliseTrackingNumber(value ?? '')),
    trackingUrl: formText()
      .trim()
      .max(MAX_TRACKING_URL_LENGTH)
      .optional()
      .transform((value) => value ?? ''),
    dispatchedOn: z
      .string({ error: shipmentProblems.dispatchedOn })
      .refine(isCalendarDay, shipmentProblems.dispatchedOn),
    boxes: wholeNumber(shipmentProblems.boxes, 1, 99),
    pieces: z.array(shipmentPieceSchema).max(SHIPMENT_MAX_PIECES),
  })
  .superRefine((shipment, context) => {
    const numberProblem = trackingNumberProblem(shipment.carrier, shipment.trackingNumber);
    if (numberProblem) {
      context.addIssue({ code: 'custom', path: ['trackingNumber'], message: numberProblem });
    }
    if (shipment.carrier === 'other') {
      const urlProblem = trackingUrlProblem(shipment.trackingUrl);
      if (urlProblem) {
        context.addIssue({ code: 'custom', path: ['trackingUrl'], message: urlProblem });
      } else if (shipment.trackingNumber === '' && shipment.trackingUrl === '') {
        context.addIssue({
          code: 'custom',
          path: ['trackingUrl'],
          message: shipmentProblems.otherNeedsTracking,
        });
      }
    }
    if (!shipment.pieces.some((piece) => piece.quantity > 0)) {
      context.addIssue({ code: 'custom', path: ['pieces'], message: shipmentProblems.noPieces });
    }
  });
export type ShipmentInput = z.input<typeof shipmentSchema>;
export type Shipment = z.output<typeof shipmentSchema>;

/** An order's line as shipping reads it: how many were ordered and how many have shipped. */
export interface ShippableLine {
  orderItemId: string;
  productName: string;
  quantity: number;
  shipped: number;
}

/**
 * Each line's pieces still to ship, the form's defaults: "by default all not yet shipped"
 * (docs/requirements.md §24).
 */
export function piecesLeftToShip(lines: readonly ShippableLine[]) {
  return lines
    .map((line) => ({ ...line, left: Math.max(0, line.quantity - line.shipped) }))
    .filter((line) => line.left > 0);
}

/**
 * The pieces of a shipment checked against what the order has left: the problem to show, or
 * whether this shipment ships everything left (then the order reads "Shipped", else "Partly
 * Shipped").
 */
export function checkShipmentPieces(
  lines: readonly ShippableLine[],
  pieces: readonly { orderItemId: string; quantity: number }[],
): { problem: string } | { shipsEverythingLeft: boolean } {
  const byId = new Map(lines.map((line) => [line.orderItemId, line]));
  for (const piece of pieces) {
    const line = byId.get(piece.orderItemId);
    if (!line) return { problem: shipmentProblems.notOfOrder };
    const left = line.quantity - line.shipped;
    if (piece.quantity > left) return { problem: shipmentProblems.tooMany(line.productName, left) };
  }
  if (!pieces.some((piece) => piece.quantity > 0)) return { problem: shipmentProblems.noPieces };
  const shippedNow = new Map<string, number>();
  for (const piece of pieces) {
    shippedNow.set(piece.orderItemId, (shippedNow.get(piece.orderItemId) ?? 0) + piece.quantity);
  }
  return {
    shipsEverythingLeft: lines.every(
      (line) => line.shipped + (shippedNow.get(line.orderItemId) ?? 0) >= line.quantity,
    ),
  };
}

/** A shipment as every page, mail and API shows it (server/db/order-shipments.ts reads it). */
export interface ShipmentView {
  id: string;
  orderId: string;
  carrier: CarrierId;
  carrierName: string;
  trackingNumber: string | null;
  /** "Track Shipment": the carrier's page for the number, or the link the owner gave for Other. */
  trackingUrl: string | null;
  /** The shop's day it left, YYYY-MM-DD. */
  dispatchedOn: string;
  boxes: number;
  pieces: { orderItemId: string; productName: string; quantity: number }[];
  /** Photos of the packed boxes, 0 to 4: each the largest WebP variant the image pipeline stored. */
  photos: OrderPhoto[];
}
