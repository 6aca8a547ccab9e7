/**
 * docs/decisions/028: the carriers the owner picks from when recording a shipment, with their
 * tracking pages. The table is in core (core/orders/carriers.ts), beside the tracking rules that
 * read it; this is where the shop's content looks for it.
 */
export {
  carrierIds,
  carrierName,
  carriers,
  carrierTrackingUrlTemplate,
  isCarrierId,
  type Carrier,
  type CarrierId,
} from '../core/orders/carriers';
