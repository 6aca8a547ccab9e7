/**
 * docs/decisions/028: the carriers the owner picks from when recording a shipment. The id is what
 * a shipment stores; the name is shown as written here, to the owner and on the buyer's "Track Shipment" link.
 */

/** The order the owner's picker shows: India's own carriers first, the international ones after, Other last. */
export const carrierIds = [
  'india-post',
  'blue-dart',
  'delhivery',
  'dtdc',
  'ekart',
  'xpressbees',
  'dhl-express',
  'fedex',
  'ups',
  'aramex',
  'other',
] as const;
export type CarrierId = (typeof carrierIds)[number];

export interface Carrier {
  id: CarrierId;
  name: string;
  /**
   * The carrier's public tracking page, `{number}` standing where the URL-encoded tracking number
   * goes; null for Other, whose link is the one the owner types.
   */
  trackingUrlTemplate: string | null;
}

/** Keyed by id, so that a carrier added to carrierIds without its name and page does not compile. */
const carrierDetails: Record<CarrierId, Omit<Carrier, 'id'>> = {
  'india-post': {
    name: 'India Post',
    // docs/decisions/028: India Post's tracking page takes the number only in its own form
    // (behind a captcha), so no address opens one article; the link opens the page and the buyer
    // enters the number shown beside it.
    trackingUrlTemplate:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  },
  'blue-dart': {
    name: 'Blue Dart',
    trackingUrlTemplate:
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={number}',
  },
  delhivery: {
    name: 'Delhivery',
    trackingUrlTemplate: 'https://www.delhivery.com/track/package/{number}',
  },
  dtdc: {
    name: 'DTDC',
    // DTDC moved its tracking from dtdc.in/tracking.asp to dtdc.com, which takes the number as `awb`.
    trackingUrlTemplate: 'https://www.dtdc.com/track-your-shipment/?awb={number}',
  },
  ekart: {
    name: 'Ekart',
    trackingUrlTemplate: 'https://ekartlogistics.com/shipmenttrack/{number}',
  },
  xpressbees: {
    name: 'Xpressbees',
    trackingUrlTemplate: 'https://www.xpressbees.com/shipment/tracking?awbNo={number}',
  },
  'dhl-express': {
    name: 'DHL Express',
    // DHL's Indian site, so that the buyer reads the page in the shop's English and region.
    trackingUrlTemplate:
      'https://www.dhl.com/in-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}',
  },
  fedex: {
    name: 'FedEx',
    trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={number}',
  },
  ups: {
    name: 'UPS',
    trackingUrlTemplate: 'https://www.ups.com/track?tracknum={number}',
  },
  aramex: {
    name: 'Aramex',
    trackingUrlTemplate: 'https://www.aramex.com/us/en/track/results?ShipmentNumber={number}',
  },
  other: {
    name: 'Other',
    trackingUrlTemplate: null,
  },
};

export const carriers: readonly Carrier[] = carrierIds.map((id) => ({ id, ...carrierDetails[id] }));

export function isCarrierId(value: string): value is CarrierId {
  return Object.hasOwn(carrierDetails, value);
}

export function carrierName(id: CarrierId): string {
  return carrierDetails[id].name;
}

/** The template of a carrier's tracking page, or null for Other (docs/decisions/028). */
export function carrierTrackingUrlTemplate(id: CarrierId): string | null {
  return carrierDetails[id].trackingUrlTemplate;
}
