/**
 * Returns (docs/requirements.md §24, docs/decisions/028): the buyer asks to return pieces of her delivered order
 * within 30 days of its delivery, the owner approves (with the return's instructions) or declines
 * (with a reason), and a refund closes an approved return (server/flows/refund-return.ts). Owns
 * `order_returns` and `order_return_items`; the views read them through server/db/order-returns.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  RETURN_MAX_PHOTOS,
  checkReturnPieces,
  everyPieceReturned,
  returnDecisionLabels,
  returnDecisionSchema,
  returnProblems,
  returnRequestRefusal,
  returnRequestSchema,
  returnableQuantities,
  type ReturnView,
  type ReturnableLine,
  type ReturnedPiece,
} from '../../../core/orders/returns';
import type { Database } from '../../db/client';
import { returnsOfOrders } from '../../db/order-returns';
import { orderItems, orderReturnItems, orderReturns, orders } from '../../db/schema';
import { withStoredImages, type MediaStorage } from '../../media-storage';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId, requireUser } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';

export { returnsOfOrders, type ReturnView };

const ORDER_NOT_FOUND = 'Order not found';

async function returnableLinesOf(db: Database, orderId: string): Promise<ReturnableLine[]> {
  return db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      madeToOrder: orderItems.madeToOrder,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
}

/** Whether the buyer may ask to return the order now, and what: read for her order's page and checked again on the request. */
async function returnState(
  db: Database,
  order: { id: string; status: (typeof orders.$inferSelect)['status']; deliveredAt: Date | null },
  now: Date,
  timeZone: string,
) {
  const lines = await returnableLinesOf(db, order.id);
  const returns = (await returnsOfOrders(db, [order.id])).get(order.id) ?? [];
  return {
    lines,
    left: returnableQuantities(lines, returns),
    refusal: returnRequestRefusal(order, lines, returns, now, timeZone),
  };
}

/**
 * "Request a Return" (docs/requirements.md §24): the buyer's own delivered order only (anyone else's is not
 * found, asked before the request or any photo is read); the pieces (returnable lines only, no more
 * than are left), the reason, the condition and the number of photos are checked next, then the
 * 30 days from delivery in the shop's calendar, and only then are the photos stored through the
 * image pipeline. The return, its webhook and the owner's mail are one transaction; when it fails,
 * the stored photos are removed again.
 */
export async function requestReturn(
  db: Database,
  actor: Actor,
  storage: MediaStorage,
  input: { orderId: unknown; request: unknown; photos: readonly Uint8Array[] },
  context: { now: Date; timeZone: string },
): Promise<ReturnView> {
  const userId = requireUser(actor);
  const orderId = requireRowId(input.orderId, 'Order');
  const [order] = await db
    .select({ id: orders.id, status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const request = parseInput(returnRequestSchema, input.request);
  if (input.photos.length > RETURN_MAX_PHOTOS) {
    throw new DomainError('invalid', returnProblems.tooManyPhotos);
  }
  const before = await returnState(db, order, context.now, context.timeZone);
  if (before.refusal) throw new DomainError('conflict', before.refusal);
  const checked = checkReturnPieces(before.lines, before.left, request.pieces);
  if ('problem' in checked) throw new DomainError('invalid', checked.problem);

  return withStoredImages(storage, input.photos, (stored) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          deliveredAt: orders.deliveredAt,
          quotationRequestId: orders.quotationRequestId,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      // The order, or its returns, may have moved while the photos were encoded.
      const now = await returnState(tx, locked!, context.now, context.timeZone);
      if (now.refusal) throw new DomainError('conflict', now.refusal);
      const again = checkReturnPieces(now.lines, now.left, checked.pieces);
      if ('problem' in again) throw new DomainError('invalid', again.problem);
      const photos = stored.map(({ url, width, height }) => ({ url, width, height }));
      const [row] = await tx
        .insert(orderReturns)
        .values({ orderId, reason: request.reason, photos, createdAt: context.now })
        .returning();
      await tx
        .insert(orderReturnItems)
        .values(again.pieces.map((piece) => ({ ...piece, returnId: row!.id })));
      const names = new Map(now.lines.map((line) => [line.id, line.productName]));
      const view: ReturnView = {
        id: row!.id,
        orderId,
        status: row!.status,
        pieces: again.pieces.map((piece) => ({
          ...piece,
          productName: names.get(piece.orderItemId) ?? '',
        })),
        reason: row!.reason,
        photos,
        requestedAt: row!.createdAt,
        decisionNote: null,
        decidedAt: null,
        refundId: null,
      };
      // docs/requirements.md §11: what a receiver needs to act on the return without asking again.
      await emitWebhookEvent(
        tx,
        'order.return_requested',
        {
          orderId,
          orderNumber: locked!.orderNumber,
          returnId: view.id,
          pieces: view.pieces,
          reason: view.reason,
          photoUrls: photos.map((photo) => photo.url),
        },
        context.now,
      );
      if (locked!.quotationRequestId) {
        await enqueue(tx, 'mail', {
          kind: 'quotation-event',
          event: 'return-requested',
          to: 'owner',
          quotationId: locked!.quotationRequestId,
          orderId,
          returnId: view.id,
        });
      }
      return view;
    }),
  );
}

/**
 * "Approve Return" with the return's instructions, or "Decline Return" with the reason
 * (docs/requirements.md §24): the owner only, a return still waiting for its answer only. The buyer is
 * mailed either way, in the same transaction; the shop's own mail, so no limit holds it.
 */
export async function decideReturn(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; returnId: unknown; answer: unknown },
  now: Date,
): Promise<ReturnView> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const returnId = requireRowId(input.returnId, 'Return');
  const answer = parseInput(returnDecisionSchema, input.answer);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: orderReturns.status,
        orderNumber: orders.orderNumber,
        quotationRequestId: orders.quotationRequestId,
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, orderId)))
      .for('update', { of: orderReturns });
    if (!found) throw new DomainError('not_found', returnProblems.notFound);
    if (found.status !== 'requested')
      throw new DomainError('conflict', returnProblems.notRequested);
    const status = answer.decision === 'approve' ? 'approved' : 'declined';
    await tx
      .update(orderReturns)
      .set({ status, decisionNote: answer.note, decidedAt: now })
      .where(eq(orderReturns.id, returnId));
    if (found.quotationRequestId) {
      await enqueue(tx, 'mail', {
        kind: 'quotation-event',
        event: status === 'approved' ? 'return-approved' : 'return-declined',
        to: 'customer',
        quotationId: found.quotationRequestId,
        orderId,
        returnId,
      });
    }
    await recordActivity(
      tx,
      actor,
      {
        kind: 'order.status',
        subject: found.orderNumber,
        summary: `Order ${found.orderNumber}: ${returnDecisionLabels[answer.decision]}`,
      },
      now,
    );
    const view = ((await returnsOfOrders(tx, [orderId])).get(orderId) ?? []).find(
      (each) => each.id === returnId,
    );
    return view!;
  });
}

/**
 * The approved return a refund closes (docs/requirements.md §24), in the refund's transaction: its pieces,
 * for the credit note of the returned lines, and whether with it every piece of the order is back
 * (the order then reads "Returned").
 */
export async function approvedReturnToRefund(
  tx: Database,
  actor: Actor,
  input: { orderId: string; returnId: unknown },
): Promise<{
  returnId: string;
  pieces: (ReturnedPiece & { returnedBefore: number })[];
  returnsEverything: boolean;
}> {
  requireAdmin(actor, 'orders:write');
  const returnId = requireRowId(input.returnId, 'Return');
  const [found] = await tx
    .select({ status: orderReturns.status })
    .from(orderReturns)
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, input.orderId)))
    .for('update');
  if (!found) throw new DomainError('not_found', returnProblems.notFound);
  if (found.status !== 'approved') throw new DomainError('conflict', returnProblems.notApproved);
  const lines = await returnableLinesOf(tx, input.orderId);
  const returns = (await returnsOfOrders(tx, [input.orderId])).get(input.orderId) ?? [];
  const pieces = returns.find((each) => each.id === returnId)!.pieces;
  const refundedBefore = returns.filter((each) => each.status === 'refunded');
  const returnedBefore = (orderItemId: string) =>
    refundedBefore
      .flatMap((each) => each.pieces)
      .filter((piece) => piece.orderItemId === orderItemId)
      .reduce((sum, piece) => sum + piece.quantity, 0);
  return {
    returnId,
    pieces: pieces.map(({ orderItemId, quantity }) => ({
      orderItemId,
      quantity,
      returnedBefore: returnedBefore(orderItemId),
    })),
    returnsEverything: everyPieceReturned(lines, [...refundedBefore, { pieces }]),
  };
}

/** The approved return closed by its refund (docs/requirements.md §24), in the refund's transaction. */
export async function markReturnRefunded(
  tx: Database,
  actor: Actor,
  input: { returnId: string; refundId: string },
): Promise<void> {
  requireAdmin(actor, 'orders:write');
  await tx
    .update(orderReturns)
    .set({ status: 'refunded', refundId: input.refundId })
    .where(and(eq(orderReturns.id, input.returnId), eq(orderReturns.status, 'approved')));
}
