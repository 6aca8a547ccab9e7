/**
 * Making-of updates (docs/requirements.md §24, docs/decisions/028): the owner's note and up to four photos of
 * an order being made, which the buyer reads on her order and is mailed. Owns `order_updates`;
 * the views read it through server/db/order-updates.ts.
 */
import { eq } from 'drizzle-orm';
import {
  PRODUCTION_UPDATE_MAX_PHOTOS,
  productionUpdateProblems,
  productionUpdateSchema,
  takesProductionUpdates,
  type ProductionUpdateView,
} from '../../../core/orders/production-updates';
import type { Database } from '../../db/client';
import { updatesOfOrders } from '../../db/order-updates';
import { orderUpdates, orders } from '../../db/schema';
import { withStoredImages, type MediaStorage } from '../../media-storage';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';

export { updatesOfOrders, type ProductionUpdateView };

/**
 * "Add Production Update" (docs/requirements.md §24): the owner only, checked before any photo is decoded or
 * stored (docs/requirements.md §14); the note and the number of photos are checked next, then the order's
 * state, and only then are the photos stored through the image pipeline (the product media's
 * checks, sizes and storage). The update, its webhook and the buyer's mail are one transaction;
 * when it fails, the stored photos are removed again.
 */
export async function addProductionUpdate(
  db: Database,
  actor: Actor,
  storage: MediaStorage,
  input: { orderId: unknown; note: unknown; photos: readonly Uint8Array[] },
  now: Date,
): Promise<ProductionUpdateView> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const { note } = parseInput(productionUpdateSchema, { note: input.note });
  if (input.photos.length > PRODUCTION_UPDATE_MAX_PHOTOS) {
    throw new DomainError('invalid', productionUpdateProblems.tooManyPhotos);
  }
  const [before] = await db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!before) throw new DomainError('not_found', 'Order not found');
  if (!takesProductionUpdates(before)) {
    throw new DomainError('conflict', productionUpdateProblems.notOpen);
  }
  return withStoredImages(storage, input.photos, (stored) =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          orderNumber: orders.orderNumber,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          quotationRequestId: orders.quotationRequestId,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      // The order may have moved while the photos were encoded.
      if (!order || !takesProductionUpdates(order)) {
        throw new DomainError('conflict', productionUpdateProblems.notOpen);
      }
      const photos = stored.map(({ url, width, height }) => ({ url, width, height }));
      const [row] = await tx
        .insert(orderUpdates)
        .values({ orderId, note, photos, createdAt: now })
        .returning({ id: orderUpdates.id });
      const view: ProductionUpdateView = { id: row!.id, orderId, note, photos, postedAt: now };
      await emitWebhookEvent(
        tx,
        'order.production_update',
        {
          orderId,
          orderNumber: order.orderNumber,
          updateId: view.id,
          note,
          photoUrls: photos.map((photo) => photo.url),
        },
        now,
      );
      if (order.quotationRequestId) {
        // The shop's own mail to its buyer (docs/requirements.md §24): no limit holds it.
        await enqueue(tx, 'mail', {
          kind: 'quotation-event',
          event: 'production-update',
          to: 'customer',
          quotationId: order.quotationRequestId,
          orderId,
          updateId: view.id,
        });
      }
      await recordActivity(
        tx,
        actor,
        {
          kind: 'order.status',
          subject: order.orderNumber,
          summary: `Order ${order.orderNumber}: Production update${photos.length ? ` with ${photos.length === 1 ? '1 photo' : `${photos.length} photos`}` : ''}`,
        },
        now,
      );
      return view;
    }),
  );
}
