/**
 * "Mark as Shipped" with its shipment (docs/requirements.md §24, docs/decisions/028), in one transaction: the
 * shipments module records the shipment (its carrier, tracking, pieces, day, boxes and photos of
 * the packed boxes, its webhook and the buyer's mail), the orders module moves the order to
 * "Partly Shipped" or "Shipped", and the invoices module issues the tax invoice when the order has
 * none, since goods may not leave without one (CGST Rule 46): if it cannot be issued, nothing is
 * shipped and the owner is told why. The shipped mail carries that invoice, so no mail of its own
 * is sent for it.
 *
 * The photos are encoded and stored before that transaction (an encode is slow, and the order's
 * row is locked while the transaction runs), once the owner, the shipment and the number of photos
 * are checked; when the transaction fails, the shipments module removes them again.
 */
import type { SiteSettings } from '../../content/site';
import type { Database } from '../db/client';
import type { MediaStorage } from '../media-storage';
import type { Actor } from '../modules/actor';
import { invoiceBeforeShipping } from '../modules/invoices';
import { requireAdmin, requireRowId } from '../modules/kernel';
import { setOrderStatus } from '../modules/orders';
import { recordShipment, withShipmentPhotos } from '../modules/shipments';

export async function shipOrder(
  db: Database,
  actor: Actor,
  storage: MediaStorage,
  input: { orderId: unknown; shipment: unknown; photos: readonly Uint8Array[] },
  site: SiteSettings,
  now: Date,
) {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  return withShipmentPhotos(actor, storage, input, (photos) =>
    db.transaction(async (tx) => {
      const { shipment, everyPieceShipped } = await recordShipment(
        tx,
        actor,
        { orderId, shipment: input.shipment, photos },
        now,
      );
      const changed = await setOrderStatus(
        tx,
        actor,
        { orderId, action: 'ship', shipsEverythingLeft: everyPieceShipped },
        now,
      );
      const shipped = await invoiceBeforeShipping(tx, actor, orderId, site, now, {
        mailTheBuyer: false,
      });
      return {
        ...changed,
        shipment,
        // The invoice the goods leave with, and whether this shipment issued it.
        invoiceNumber: shipped.invoice.number,
        invoiceIssuedNow: shipped.issuedNow,
      };
    }),
  );
}
