/**
 * docs/requirements.md §24: an order's shipments as the buyer and the owner see them: the day each left, its
 * carrier and tracking number, "Track Shipment" to the carrier's page for that number, its
 * pieces, and the photos of its packed boxes as small thumbnails, each a link to the photo. The
 * number is always shown: a carrier whose page cannot take it in the address (India Post) is
 * tracked by typing it there.
 */
import { OrderPhotos } from './order-photos';
import type { ShipmentView } from '../../../core/orders/shipments';
import { packingListPath } from '../../../core/orders/shipment-paths';
import { formatLongDate } from '../../../core/time/dates';

export function OrderShipments({
  shipments,
  packingLists = false,
}: {
  shipments: readonly ShipmentView[];
  /** The owner's: each shipment's "Packing List" PDF. */
  packingLists?: boolean;
}) {
  if (shipments.length === 0) return null;
  return (
    <ul aria-label="Shipments" className="mt-4 grid gap-3">
      {shipments.map((shipment) => (
        <li
          key={shipment.id}
          aria-label={`Shipment of ${formatLongDate(shipment.dispatchedOn)}`}
          className="rounded-xl border border-stone p-3 text-sm"
        >
          <p className="font-medium">
            Shipped on {formatLongDate(shipment.dispatchedOn)} with {shipment.carrierName}
          </p>
          {shipment.trackingNumber ? (
            <p className="text-ink-muted">
              Tracking number <span className="break-all">{shipment.trackingNumber}</span>
            </p>
          ) : null}
          <p className="text-ink-muted">
            {shipment.pieces.map((piece) => `${piece.quantity} × ${piece.productName}`).join(', ')}
            {' · '}
            {shipment.boxes === 1 ? '1 box' : `${shipment.boxes} boxes`}
          </p>
          <OrderPhotos
            photos={shipment.photos}
            label="Photos of the packed boxes"
            altOf={(place, count) => `The packed boxes, ${place} of ${count}`}
            className="mt-2 flex flex-wrap gap-2"
            imageClassName="size-20 rounded-lg object-cover"
          />
          {shipment.trackingUrl ? (
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-medium underline"
            >
              Track Shipment
            </a>
          ) : null}
          {packingLists ? (
            <a
              href={packingListPath(shipment.id)}
              download
              className="mt-1 ml-4 inline-block font-medium underline"
            >
              Packing List
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
