/**
 * An order's shipments (docs/requirements.md §24, docs/decisions/028): the owner records each with its carrier,
 * tracking number, pieces, day, boxes and up to four photos of the packed boxes; an order ships
 * in one or several. Owns `order_shipments` and `order_shipment_items`; the views read them
 * through server/db/order-shipments.ts.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  checkShipmentPieces,
  SHIPMENT_MAX_PHOTOS,
  shipmentProblems,
  shipmentSchema,
  type ShippableLine,
} from '../../../core/orders/shipments';
import type { SiteSettings } from '../../../content/site';
import { shippingAddressLines } from '../../../core/identity/address-lines';
import type { Database } from '../../db/client';
import { shipmentById, shipmentsOfOrders, type ShipmentView } from '../../db/order-shipments';
import { orderItems, orderShipmentItems, orderShipments, orders } from '../../db/schema';
import { withStoredImages, type MediaStorage, type StoredImage } from '../../media-storage';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import type { PackingList } from './packing-list-pdf';

export { shipmentsOfOrders, type ShipmentView };

const ORDER_NOT_FOUND = 'Order not found';
export const SHIPMENT_NOT_FOUND = 'Shipment not found';

/** Each line of the orders with how many have shipped, for the form's defaults and the check. */
async function shippableLinesOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, ShippableLine[]>> {
  const byOrder = new Map<string, ShippableLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      orderItemId: orderItems.id,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      shipped: sql<number>`coalesce((select sum(${orderShipmentItems.quantity}) from ${orderShipmentItems} where ${orderShipmentItems.orderItemId} = ${orderItems.id}), 0)::int`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  for (const { orderId, ...line } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  }
  return byOrder;
}

/** The photos a shipment may carry: at most four (docs/requirements.md §24). */
function checkPhotoCount(photos: readonly unknown[]) {
  if (photos.length > SHIPMENT_MAX_PHOTOS) {
    throw new DomainError('invalid', shipmentProblems.tooManyPhotos);
  }
}

/**
 * The photos of the packed boxes of "Mark as Shipped" (docs/requirements.md §24), stored before the
 * caller's transaction records the shipment with them (server/flows/ship-order.ts): the owner
 * only, checked before any photo is decoded or stored (docs/requirements.md §14); the shipment
 * and the number of photos are checked next, and only then are the photos stored through the
 * image pipeline (the product media's checks, sizes and storage), outside any transaction. When
 * `record` fails, the stored photos are removed again.
 */
export async function withShipmentPhotos<Result>(
  actor: Actor,
  storage: MediaStorage,
  input: { shipment: unknown; photos: readonly Uint8Array[] },
  record: (photos: readonly StoredImage[]) => Promise<Result>,
): Promise<Result> {
  requireAdmin(actor, 'orders:write');
  // A shipment that cannot be recorded costs no encode; recordShipment parses it again.
  parseInput(shipmentSchema, input.shipment);
  checkPhotoCount(input.photos);
  return withStoredImages(storage, input.photos, record);
}

/**
 * "Mark as Shipped" (docs/requirements.md §24): one shipment of the order, recorded in the caller's transaction
 * (server/flows/ship-order.ts, which then issues the invoice and moves the order) with the photos
 * `withShipmentPhotos` stored. Checked against what the order has left to ship; tells
 * integrations (`order.shipped`) and queues the buyer's mail in the same transaction. Says
 * whether it ships everything left.
 */
export async function recordShipment(
  tx: Database,
  actor: Actor,
  input: { orderId: unknown; shipment: unknown; photos: readonly StoredImage[] },
  now: Date,
): Promise<{ shipment: ShipmentView; everyPieceShipped: boolean }> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const shipment = parseInput(shipmentSchema, input.shipment);
  checkPhotoCount(input.photos);
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      quotationRequestId: orders.quotationRequestId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const lines = (await shippableLinesOfOrders(tx, [orderId])).get(orderId) ?? [];
  const pieces = shipment.pieces.filter((piece) => piece.quantity > 0);
  const checked = checkShipmentPieces(lines, pieces);
  if ('problem' in checked) throw new DomainError('invalid', checked.problem);

  const [row] = await tx
    .insert(orderShipments)
    .values({
      orderId,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber || null,
      // Only Other's shipment carries the owner's link; a known carrier's comes from its table.
      trackingUrl: shipment.carrier === 'other' ? shipment.trackingUrl || null : null,
      dispatchedOn: shipment.dispatchedOn,
      boxes: shipment.boxes,
      photos: input.photos.map(({ url, width, height }) => ({ url, width, height })),
      createdAt: now,
    })
    .returning({ id: orderShipments.id });
  await tx.insert(orderShipmentItems).values(
    pieces.map((piece) => ({
      shipmentId: row!.id,
      orderItemId: piece.orderItemId,
      quantity: piece.quantity,
    })),
  );
  const view = (await shipmentById(tx, row!.id))!;
  // docs/requirements.md §11, §24: integrations hear of the shipment in its transaction.
  await emitWebhookEvent(
    tx,
    'order.shipped',
    {
      orderId,
      orderNumber: order.orderNumber,
      shipmentId: view.id,
      carrier: view.carrier,
      carrierName: view.carrierName,
      trackingNumber: view.trackingNumber,
      trackingUrl: view.trackingUrl,
      dispatchedOn: view.dispatchedOn,
      boxes: view.boxes,
      pieces: view.pieces.map(({ productName, quantity }) => ({ productName, quantity })),
      everyPieceShipped: checked.shipsEverythingLeft,
      photoUrls: view.photos.map((photo) => photo.url),
    },
    now,
  );
  if (order.quotationRequestId) {
    // docs/requirements.md §24: "Your order {number} has shipped", the shop's own mail.
    await enqueue(tx, 'mail', {
      kind: 'quotation-event',
      event: 'order-shipped',
      to: 'customer',
      quotationId: order.quotationRequestId,
      orderId,
      shipmentId: view.id,
    });
  }
  return { shipment: view, everyPieceShipped: checked.shipsEverythingLeft };
}

/** The pieces an order has left to ship, for the owner's "Mark as Shipped" form. */
export async function linesLeftToShip(
  db: Database,
  actor: Actor,
  orderIds: readonly string[],
): Promise<Map<string, ShippableLine[]>> {
  requireAdmin(actor, 'orders:read');
  return shippableLinesOfOrders(db, orderIds);
}

/**
 * A shipment's packing list (docs/requirements.md §24), the owner's only: its pieces and boxes, the shop's
 * address (as Settings hold it now) and the buyer's.
 */
export async function readPackingList(
  db: Database,
  actor: Actor,
  input: { shipmentId: unknown },
  site: Pick<SiteSettings, 'shopName' | 'address' | 'phone'>,
): Promise<PackingList> {
  requireAdmin(actor, 'orders:read');
  const shipmentId = requireRowId(input.shipmentId, 'Shipment');
  const shipment = await shipmentById(db, shipmentId);
  if (!shipment) throw new DomainError('not_found', SHIPMENT_NOT_FOUND);
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, address: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, shipment.orderId));
  if (!order) throw new DomainError('not_found', SHIPMENT_NOT_FOUND);
  const address = order.address;
  return {
    orderNumber: order.orderNumber,
    shipment,
    shop: { name: site.shopName, address: site.address, phone: site.phone },
    buyer: {
      name: address?.name?.trim() || '',
      addressLines: address ? shippingAddressLines(address) : [],
    },
  };
}
