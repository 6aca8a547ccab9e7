import { describe, expect, it } from 'vitest';
import { trackingUrl } from '../core/orders/tracking';
import { carrierIds, carrierName, carriers, isCarrierId, type CarrierId } from './carriers';

describe('the carriers the owner picks from (docs/decisions/028)', () => {
  it('lists them in the picker’s order, with the ids the database stores', () => {
    expect(carriers.map(({ id, name }) => [id, name])).toEqual([
      ['india-post', 'India Post'],
      ['blue-dart', 'Blue Dart'],
      ['delhivery', 'Delhivery'],
      ['dtdc', 'DTDC'],
      ['ekart', 'Ekart'],
      ['xpressbees', 'Xpressbees'],
      ['dhl-express', 'DHL Express'],
      ['fedex', 'FedEx'],
      ['ups', 'UPS'],
      ['aramex', 'Aramex'],
      ['other', 'Other'],
    ]);
    expect(carriers.map(({ id }) => id)).toEqual([...carrierIds]);
  });

  it('knows its ids and nothing else', () => {
    expect(isCarrierId('blue-dart')).toBe(true);
    expect(isCarrierId('Blue Dart')).toBe(false);
    expect(isCarrierId('toString')).toBe(false);
  });
});

describe('each carrier’s "Track Shipment" link', () => {
  it.each<[CarrierId, string, string, string]>([
    [
      'india-post',
      'India Post',
      'EE123456785IN',
      // India Post's page takes no number in its address: the buyer types it there.
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    ],
    [
      'blue-dart',
      'Blue Dart',
      '12345678901',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
    ],
    [
      'delhivery',
      'Delhivery',
      '1234567890123',
      'https://www.delhivery.com/track/package/1234567890123',
    ],
    ['dtdc', 'DTDC', 'D12345678', 'https://www.dtdc.com/track-your-shipment/?awb=D12345678'],
    ['ekart', 'Ekart', 'FMPP1234567890', 'https://ekartlogistics.com/shipmenttrack/FMPP1234567890'],
    [
      'xpressbees',
      'Xpressbees',
      '14123456789012',
      'https://www.xpressbees.com/shipment/tracking?awbNo=14123456789012',
    ],
    [
      'dhl-express',
      'DHL Express',
      '1234567890',
      'https://www.dhl.com/in-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    ],
    ['fedex', 'FedEx', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['ups', 'UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    [
      'aramex',
      'Aramex',
      '12345678901',
      'https://www.aramex.com/us/en/track/results?ShipmentNumber=12345678901',
    ],
  ])('%s is shown as %s and links %s to its tracking page', (id, name, number, url) => {
    expect(carrierName(id)).toBe(name);
    expect(trackingUrl(id, number)).toBe(url);
    // As typed from a receipt, in groups and with a stray space at the end.
    expect(trackingUrl(id, ` ${number.slice(0, 4)} ${number.slice(4)} `)).toBe(url);
  });

  it.each(carriers.filter(({ trackingUrlTemplate }) => trackingUrlTemplate?.includes('{number}')))(
    '$name puts the number in its link URL-encoded',
    ({ id }) => {
      const link = trackingUrl(id, 'AB/12&trackNo=9#x?');
      expect(link).toContain('AB%2F12%26trackNo%3D9%23x%3F');
      expect(link).not.toContain('{number}');
      expect(new URL(link ?? '').hash).toBe('');
    },
  );

  it('links no page when a known carrier has no number', () => {
    expect(trackingUrl('blue-dart', '')).toBeNull();
    expect(trackingUrl('blue-dart', '   ')).toBeNull();
  });
});

describe('Other', () => {
  it('is shown as Other and links the page the owner typed', () => {
    expect(carrierName('other')).toBe('Other');
    expect(trackingUrl('other', 'SR-1234', 'https://track.shiprocket.in/tracking/SR-1234')).toBe(
      'https://track.shiprocket.in/tracking/SR-1234',
    );
    expect(trackingUrl('other', '', ' http://courier.example/track?id=77 ')).toBe(
      'http://courier.example/track?id=77',
    );
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://courier.example/track',
    'track.shiprocket.in/tracking/SR-1234',
    `https://courier.example/${'a'.repeat(500)}`,
    '',
  ])('refuses %s as a link', (url) => {
    expect(trackingUrl('other', 'SR-1234', url)).toBeNull();
  });

  it('links nothing without a typed page, whatever the number', () => {
    expect(trackingUrl('other', 'SR-1234')).toBeNull();
    expect(trackingUrl('other', 'SR-1234', null)).toBeNull();
  });
});
