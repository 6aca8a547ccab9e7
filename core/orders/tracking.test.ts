import { describe, expect, it } from 'vitest';
import { carrierIds, type CarrierId } from './carriers';
import {
  MAX_TRACKING_NUMBER_LENGTH,
  MAX_TRACKING_URL_LENGTH,
  normaliseTrackingNumber,
  trackingNumberProblem,
  trackingUrlProblem,
} from './tracking';

const refusals = {
  'india-post':
    'An India Post tracking number is 2 capital letters, 9 digits and IN, such as EE123456785IN.',
  'blue-dart': 'A Blue Dart waybill (AWB) number is 11 digits, such as 12345678901.',
  delhivery: 'A Delhivery waybill (AWB) number is 13 or 14 digits, such as 1234567890123.',
  dtdc: 'A DTDC consignment number is a letter followed by 8 to 11 digits, such as D12345678 (newer ones start with a digit, such as 7X123456789), or 9 to 12 digits.',
  ekart: 'An Ekart tracking ID is 8 to 20 letters or digits, such as FMPP1234567890.',
  xpressbees: 'An Xpressbees AWB number is 8 to 20 letters or digits, such as 14123456789012.',
  'dhl-express': 'A DHL Express waybill number is 10 digits, such as 1234567890.',
  fedex: 'A FedEx tracking number is 12, 15 or 20 digits, such as 123456789012.',
  ups: 'A UPS tracking number is 1Z followed by 16 capital letters or digits, such as 1Z999AA10123456784.',
  aramex: 'An Aramex shipment number is 8 to 20 letters or digits, such as 12345678901.',
} as const;

/*
 * India Post numbers with a right S10 check digit: the serial's digits times 8, 6, 4, 2, 3, 5, 9, 7,
 * then 11 less the sum modulo 11 (10 is written 0, 11 is written 5).
 *   EE 12345678 5 IN: 1·8 + 2·6 + 3·4 + 4·2 + 5·3 + 6·5 + 7·9 + 8·7 = 204; 204 mod 11 = 6; 11 − 6 = 5.
 *   RR 12345671 0 IN: 8 + 12 + 12 + 8 + 15 + 30 + 63 + 1·7 = 155; 155 mod 11 = 1; 11 − 1 = 10 → 0.
 *   CP 12345674 5 IN: 8 + 12 + 12 + 8 + 15 + 30 + 63 + 4·7 = 176; 176 mod 11 = 0; 11 − 0 = 11 → 5.
 */
const good: Record<Exclude<CarrierId, 'other'>, string[]> = {
  'india-post': ['EE123456785IN', 'RR123456710IN', 'CP123456745IN'],
  'blue-dart': ['12345678901', '50912345678'],
  delhivery: ['1234567890123', '12345678901234'],
  dtdc: ['D12345678', 'Z12345678901', 'd12345678', '7X123456789', '123456789', '123456789012'],
  ekart: ['FMPP1234567890', 'FMPC12345678', '12345678', 'A'.repeat(20)],
  xpressbees: ['14123456789012', 'XB12345678', '12345678901234567890'],
  'dhl-express': ['1234567890'],
  fedex: ['123456789012', '123456789012345', '12345678901234567890'],
  ups: ['1Z999AA10123456784', '1Z5R89390357567127'],
  aramex: ['12345678901', 'ARX12345'],
};

const bad: Record<Exclude<CarrierId, 'other'>, string[]> = {
  'india-post': [
    'EE123456785', // no country
    'EE123456785US', // not booked in India
    'E123456785IN',
    'EE12345678IN', // 8 digits
    'ee123456785in',
    '1234567890123', // a Delhivery number in the wrong carrier
  ],
  'blue-dart': ['1234567890', '123456789012', '1234567890A', 'EE123456785IN'],
  delhivery: ['123456789012', '123456789012345', '123456789012A'],
  dtdc: ['D1234567', 'D123456789012', 'DX12345678', '12345678', '1234567890123', 'D-12345678'],
  ekart: ['FMP1234', 'A'.repeat(21), 'FMPP-1234567890'],
  xpressbees: ['1412345', '141234567890123456789', '14123456/789012'],
  'dhl-express': ['123456789', '12345678901', '123456789A'],
  fedex: ['12345678901', '1234567890123', '1234567890123456', '1234567890123456789'],
  ups: ['1Z999AA1012345678', '1Z999AA101234567845', '1z999aa10123456784', '2Z999AA10123456784'],
  aramex: ['1234567', '123456789012345678901', 'AR-12345678'],
};

describe('a tracking number’s shape for its carrier (docs/decisions/028)', () => {
  it.each(Object.entries(good).flatMap(([id, numbers]) => numbers.map((n) => [id, n])))(
    '%s takes %s',
    (id, number) => {
      expect(trackingNumberProblem(id as CarrierId, number)).toBeNull();
    },
  );

  it.each(
    Object.entries(bad).flatMap(([id, numbers]) =>
      numbers.map((n) => [id, n, refusals[id as keyof typeof refusals]]),
    ),
  )('%s refuses %s', (id, number, refusal) => {
    expect(trackingNumberProblem(id as CarrierId, number)).toBe(refusal);
  });

  it('refuses an India Post number whose check digit does not match', () => {
    // EE12345678 has the check digit 5 (above): 9 is a mistyped copy, 4 a neighbour.
    expect(trackingNumberProblem('india-post', 'EE123456789IN')).toBe(
      'EE123456789IN is not an India Post tracking number: its last digit before IN does not match the others. Copy it again from the receipt.',
    );
    expect(trackingNumberProblem('india-post', 'EE123456784IN')).not.toBeNull();
    // Two digits swapped keep the shape; the weights catch it.
    expect(trackingNumberProblem('india-post', 'EE213456785IN')).not.toBeNull();
  });

  it('takes any number for Other, and none', () => {
    expect(trackingNumberProblem('other', 'SR-1234/a')).toBeNull();
    expect(trackingNumberProblem('other', '')).toBeNull();
    expect(trackingNumberProblem('other', '   ')).toBeNull();
  });
});

describe('spaces and empty numbers', () => {
  it('drops every space before checking, as receipts print numbers in groups', () => {
    expect(normaliseTrackingNumber('  EE 123 456 785 IN \n')).toBe('EE123456785IN');
    expect(normaliseTrackingNumber('1Z 999 AA1\t0123456784')).toBe('1Z999AA10123456784');
    expect(trackingNumberProblem('india-post', ' EE 123 456 785 IN ')).toBeNull();
    expect(trackingNumberProblem('blue-dart', '123 4567 8901')).toBeNull();
    expect(trackingNumberProblem('ups', '1Z 999 AA1 01 2345 678 4')).toBeNull();
  });

  it.each(carrierIds.filter((id) => id !== 'other'))('%s requires a number', (id) => {
    expect(trackingNumberProblem(id, '')).toMatch(/^Enter the .+ tracking number\.$/u);
    expect(trackingNumberProblem(id, '  \t ')).toBe(trackingNumberProblem(id, ''));
  });

  it('names the carrier when the number is missing', () => {
    expect(trackingNumberProblem('blue-dart', '')).toBe('Enter the Blue Dart tracking number.');
    expect(trackingNumberProblem('india-post', ' ')).toBe('Enter the India Post tracking number.');
  });
});

describe('the limits', () => {
  it('takes a number of 40 characters after its spaces are dropped, and refuses 41', () => {
    expect(MAX_TRACKING_NUMBER_LENGTH).toBe(40);
    expect(trackingNumberProblem('other', `${'A'.repeat(40)}   `)).toBeNull();
    expect(trackingNumberProblem('other', 'A '.repeat(40))).toBeNull();
    expect(trackingNumberProblem('other', 'A'.repeat(41))).toBe(
      'A tracking number is at most 40 characters.',
    );
    expect(trackingNumberProblem('ekart', 'A'.repeat(41))).toBe(
      'A tracking number is at most 40 characters.',
    );
  });

  it('takes a link of 500 characters for Other, and refuses 501', () => {
    expect(MAX_TRACKING_URL_LENGTH).toBe(500);
    const base = 'https://courier.example/';
    expect(trackingUrlProblem(base + 'a'.repeat(500 - base.length))).toBeNull();
    expect(trackingUrlProblem(base + 'a'.repeat(501 - base.length))).toBe(
      'A tracking link is at most 500 characters.',
    );
  });

  it('takes only a web address as a link, or none', () => {
    expect(trackingUrlProblem('https://track.shiprocket.in/tracking/SR-1234')).toBeNull();
    expect(trackingUrlProblem('http://courier.example/t?id=1')).toBeNull();
    expect(trackingUrlProblem('')).toBeNull();
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'courier.example/track',
      'ftp://x.example',
    ]) {
      expect(trackingUrlProblem(url)).toBe(
        'A tracking link is a web address starting with https:// or http://.',
      );
    }
  });
});
