/**
 * The owner's packing list of a shipment (docs/requirements.md §24), apart from the tracking rules so that the
 * order cards that link it load none of them.
 */
export function packingListPath(shipmentId: string): string {
  return `/admin/shipments/${shipmentId}/packing-list.pdf`;
}
