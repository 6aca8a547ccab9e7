/**
 * docs/requirements.md §24: an order's return and making-of update as the API answers them, to the owner and the
 * buyer alike: the views the order's pages show, with instants as ISO 8601. Only shaping.
 */
import type { z } from 'zod';
import type { apiReturnSchema } from '../../../core/api/api-returns';
import type { apiProductionUpdateSchema } from '../../../core/api/api-shipments';
import type { ProductionUpdateView } from '../../../core/orders/production-updates';
import type { ReturnView } from '../../../core/orders/return-status';
import { isoOrNull } from './answer-values';

export function apiReturnOf(view: ReturnView): z.output<typeof apiReturnSchema> {
  return {
    id: view.id,
    orderId: view.orderId,
    status: view.status,
    pieces: view.pieces.map(({ orderItemId, productName, quantity }) => ({
      orderItemId,
      productName,
      quantity,
    })),
    reason: view.reason,
    photos: view.photos.map(({ url, width, height }) => ({ url, width, height })),
    requestedAt: view.requestedAt.toISOString(),
    decisionNote: view.decisionNote,
    decidedAt: isoOrNull(view.decidedAt),
    refundId: view.refundId,
  };
}

export function apiProductionUpdateOf(
  view: ProductionUpdateView,
): z.output<typeof apiProductionUpdateSchema> {
  return {
    id: view.id,
    orderId: view.orderId,
    note: view.note,
    photos: view.photos.map(({ url, width, height }) => ({ url, width, height })),
    postedAt: view.postedAt.toISOString(),
  };
}
