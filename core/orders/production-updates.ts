/**
 * docs/requirements.md §24 "Making-of updates": the owner's note and photos of an order being made, one schema
 * for the console's form and the server, and when an order takes them.
 */
import { z } from 'zod';
import { formText } from '../forms/form-text';
import type { OrderStatus, PaymentStatus } from './statuses';

/** docs/requirements.md §24: a note of at most 1,000 characters and up to 4 photos. */
export const PRODUCTION_UPDATE_NOTE_MAX = 1_000;
export const PRODUCTION_UPDATE_MAX_PHOTOS = 4;

/** What the owner is told of an update that cannot be posted, word for word. */
export const productionUpdateProblems = {
  note: 'Write a note about the order’s progress.',
  noteTooLong: `The note must be at most ${PRODUCTION_UPDATE_NOTE_MAX.toLocaleString('en-IN')} characters.`,
  tooManyPhotos: `Add at most ${PRODUCTION_UPDATE_MAX_PHOTOS} photos to an update.`,
  photosTooLarge: `Add at most ${PRODUCTION_UPDATE_MAX_PHOTOS} photos of 10 MB or smaller each.`,
  notOpen:
    'Production updates are posted on a paid or advance-paid order that has not yet all shipped.',
} as const;

export const productionUpdateSchema = z.object({
  note: formText({ error: productionUpdateProblems.note })
    .trim()
    .min(1, productionUpdateProblems.note)
    .max(PRODUCTION_UPDATE_NOTE_MAX, productionUpdateProblems.noteTooLong),
});

/**
 * docs/requirements.md §24: an order takes updates once money is in (paid, or its advance) and
 * until its last piece has shipped: the making is what they show.
 */
export function takesProductionUpdates(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus | null;
}): boolean {
  return (
    (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_paid') &&
    ['confirmed', 'processing', 'partly_shipped'].includes(order.status)
  );
}

/** A photo of an order's update or return, as stored: the largest WebP variant and its size. */
export interface OrderPhoto {
  url: string;
  width: number;
  height: number;
}
export type ProductionUpdatePhoto = OrderPhoto;

/** An update as the order's pages, its mail and the API show it. */
export interface ProductionUpdateView {
  id: string;
  orderId: string;
  note: string;
  photos: ProductionUpdatePhoto[];
  postedAt: Date;
}
