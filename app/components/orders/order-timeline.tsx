/**
 * docs/requirements.md §24: an order's story, as the buyer and the owner read it: "Ordered", "Advance paid" (or
 * "Paid"), each making-of update with its photos, each shipment's "Shipped", "Delivered". Days are
 * the shop's, on the server and in the browser alike.
 */
import { OrderPhotos } from './order-photos';
import type { ProductionUpdateView } from '../../../core/orders/production-updates';
import type { ShipmentView } from '../../../core/orders/shipments';
import { formatLongDate } from '../../../core/time/dates';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { useShopTimeZone } from '../layout/shop-time';

export interface OrderTimelineOrder {
  createdAt: Date | string;
  paidAt?: Date | string | null;
  /** An order paid in two parts reads "Advance paid"; one payment, "Paid". */
  advanceMinor?: number | null;
  updates: readonly (Omit<ProductionUpdateView, 'postedAt'> & { postedAt: Date | string })[];
  shipments?: readonly ShipmentView[];
  deliveredAt?: Date | string | null;
}

export function OrderTimeline({ order }: { order: OrderTimelineOrder }) {
  const timeZone = useShopTimeZone();
  const day = (instant: Date | string) => formatShopDate(instant, timeZone);
  return (
    <ol aria-label="Timeline" className="mt-4 grid gap-3 border-l-2 border-stone pl-4 text-sm">
      <li>
        <p className="font-medium">Ordered · {day(order.createdAt)}</p>
      </li>
      {order.paidAt ? (
        <li>
          <p className="font-medium">
            {order.advanceMinor === null || order.advanceMinor === undefined
              ? 'Paid'
              : 'Advance paid'}{' '}
            · {day(order.paidAt)}
          </p>
        </li>
      ) : null}
      {order.updates.map((update) => (
        <li key={update.id}>
          <p className="font-medium">Update · {day(update.postedAt)}</p>
          <p className="mt-1 whitespace-pre-line">{update.note}</p>
          <OrderPhotos
            photos={update.photos}
            label="Photos"
            altOf={(place, count) => `The order being made, ${place} of ${count}`}
            className="mt-2 grid grid-cols-2 gap-2"
            imageClassName="h-auto w-full rounded-lg object-cover"
          />
        </li>
      ))}
      {(order.shipments ?? []).map((shipment) => (
        <li key={shipment.id}>
          <p className="font-medium">
            Shipped · {formatLongDate(shipment.dispatchedOn)} · {shipment.carrierName}
          </p>
        </li>
      ))}
      {order.deliveredAt ? (
        <li>
          <p className="font-medium">Delivered · {day(order.deliveredAt)}</p>
        </li>
      ) : null}
    </ol>
  );
}
