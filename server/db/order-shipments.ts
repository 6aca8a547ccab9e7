/**
 * The shipments of listed orders (docs/requirements.md §24), with their pieces and the photos of
 * their packed boxes: a read shared by the orders' views, the quote page's order, the shipped mail
 * and the shipments module. Written once here, below the modules (docs/design.md §3: modules do not
 * import each other); the shipments module alone writes the tables.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { carrierName } from '../../core/orders/carriers';
import type { ShipmentView } from '../../core/orders/shipments';
import { trackingUrl } from '../../core/orders/tracking';
import type { Database } from './client';

export type { ShipmentView };
import { orderItems, orderShipmentItems, orderShipments } from './schema';

/** Each order's shipments, first to last; the caller has checked who may read those orders. */
export async function shipmentsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, ShipmentView[]>> {
  const byOrder = new Map<string, ShipmentView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, [...orderIds]))
    .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id));
  const pieces = await piecesOfShipments(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const view: ShipmentView = {
      id: row.id,
      orderId: row.orderId,
      carrier: row.carrier,
      carrierName: carrierName(row.carrier),
      trackingNumber: row.trackingNumber,
      trackingUrl: trackingUrl(row.carrier, row.trackingNumber ?? '', row.trackingUrl),
      dispatchedOn: row.dispatchedOn,
      boxes: row.boxes,
      pieces: pieces.get(row.id) ?? [],
      photos: row.photos,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}

/** One shipment, for its mail and its packing list; null when there is none of that id. */
export async function shipmentById(db: Database, id: string): Promise<ShipmentView | null> {
  const [row] = await db
    .select({ orderId: orderShipments.orderId })
    .from(orderShipments)
    .where(eq(orderShipments.id, id));
  if (!row) return null;
  const shipments = (await shipmentsOfOrders(db, [row.orderId])).get(row.orderId) ?? [];
  return shipments.find((shipment) => shipment.id === id) ?? null;
}

async function piecesOfShipments(db: Database, shipmentIds: string[]) {
  const byShipment = new Map<string, ShipmentView['pieces']>();
  if (shipmentIds.length === 0) return byShipment;
  const rows = await db
    .select({
      shipmentId: orderShipmentItems.shipmentId,
      orderItemId: orderShipmentItems.orderItemId,
      productName: orderItems.productName,
      quantity: orderShipmentItems.quantity,
    })
    .from(orderShipmentItems)
    .innerJoin(orderItems, eq(orderItems.id, orderShipmentItems.orderItemId))
    .where(inArray(orderShipmentItems.shipmentId, shipmentIds))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  for (const { shipmentId, ...piece } of rows) {
    byShipment.set(shipmentId, [...(byShipment.get(shipmentId) ?? []), piece]);
  }
  return byShipment;
}
