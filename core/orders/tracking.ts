/**
 * docs/decisions/028: a shipment's tracking number, checked for its carrier's shape
 * when the owner records it, and the buyer's "Track Shipment" link made from it. Pure and free of
 * zod, so that the buyer's order page can import it.
 */
import { carrierName, carrierTrackingUrlTemplate, type CarrierId } from './carriers';

/** docs/decisions/028: the longest tracking number kept, counted after normalising. */
export const MAX_TRACKING_NUMBER_LENGTH = 40;
/** docs/decisions/028: the longest tracking link the owner may type for Other. */
export const MAX_TRACKING_URL_LENGTH = 500;

/**
 * docs/decisions/028: receipts print numbers in groups ("EE 123 456 785 IN") and phones add a
 * trailing space, so every space is dropped before the number is checked, stored or linked.
 */
export function normaliseTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/gu, '');
}

interface TrackingNumberShape {
  pattern: RegExp;
  /** What the owner is told when the number does not have the shape, with a sample that has it. */
  problem: string;
}

/**
 * docs/decisions/028: the shape of each known carrier's number. Lenient where a carrier has
 * several series (DTDC, Ekart, Xpressbees, Aramex), so that a real number is never refused; the
 * point is to catch a number pasted into the wrong carrier or cut short.
 */
const shapes: Record<Exclude<CarrierId, 'other'>, TrackingNumberShape> = {
  // The UPU S10 form every postal article number has: service letters, serial, check digit, country.
  'india-post': {
    pattern: /^[A-Z]{2}\d{9}IN$/u,
    problem:
      'An India Post tracking number is 2 capital letters, 9 digits and IN, such as EE123456785IN.',
  },
  'blue-dart': {
    pattern: /^\d{11}$/u,
    problem: 'A Blue Dart waybill (AWB) number is 11 digits, such as 12345678901.',
  },
  delhivery: {
    pattern: /^\d{13,14}$/u,
    problem: 'A Delhivery waybill (AWB) number is 13 or 14 digits, such as 1234567890123.',
  },
  // Older consignment numbers are a series letter and 8 digits (D12345678); newer series put a
  // digit before the letter (7X…) or are digits only.
  dtdc: {
    pattern: /^(?:\d?[A-Za-z]\d{8,11}|\d{9,12})$/u,
    problem:
      'A DTDC consignment number is a letter followed by 8 to 11 digits, such as D12345678 (newer ones start with a digit, such as 7X123456789), or 9 to 12 digits.',
  },
  ekart: {
    pattern: /^[A-Za-z0-9]{8,20}$/u,
    problem: 'An Ekart tracking ID is 8 to 20 letters or digits, such as FMPP1234567890.',
  },
  xpressbees: {
    pattern: /^[A-Za-z0-9]{8,20}$/u,
    problem: 'An Xpressbees AWB number is 8 to 20 letters or digits, such as 14123456789012.',
  },
  'dhl-express': {
    pattern: /^\d{10}$/u,
    problem: 'A DHL Express waybill number is 10 digits, such as 1234567890.',
  },
  fedex: {
    pattern: /^(?:\d{12}|\d{15}|\d{20})$/u,
    problem: 'A FedEx tracking number is 12, 15 or 20 digits, such as 123456789012.',
  },
  ups: {
    pattern: /^1Z[A-Z0-9]{16}$/u,
    problem:
      'A UPS tracking number is 1Z followed by 16 capital letters or digits, such as 1Z999AA10123456784.',
  },
  aramex: {
    pattern: /^[A-Za-z0-9]{8,20}$/u,
    problem: 'An Aramex shipment number is 8 to 20 letters or digits, such as 12345678901.',
  },
};

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/**
 * The UPU S10 check digit of an article's 8-digit serial: 11 less the weighted sum modulo 11,
 * where 10 is written 0 and 11 is written 5.
 */
function s10CheckDigit(serial: string): number {
  const sum = S10_WEIGHTS.reduce(
    (total, weight, index) => total + weight * Number(serial[index]),
    0,
  );
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * Why the owner cannot record this tracking number for the carrier, as a sentence to show beside
 * the field, or null when it will do (docs/decisions/028). Other takes any number, or none.
 */
export function trackingNumberProblem(carrierId: CarrierId, trackingNumber: string): string | null {
  const number = normaliseTrackingNumber(trackingNumber);
  if (number === '') {
    return carrierId === 'other' ? null : `Enter the ${carrierName(carrierId)} tracking number.`;
  }
  if (number.length > MAX_TRACKING_NUMBER_LENGTH) {
    return `A tracking number is at most ${MAX_TRACKING_NUMBER_LENGTH} characters.`;
  }
  if (carrierId === 'other') return null;
  const shape = shapes[carrierId];
  if (!shape.pattern.test(number)) return shape.problem;
  // A mistyped digit still has the S10 shape; its check digit is what catches it.
  if (carrierId === 'india-post' && s10CheckDigit(number.slice(2, 10)) !== Number(number[10])) {
    return `${number} is not an India Post tracking number: its last digit before IN does not match the others. Copy it again from the receipt.`;
  }
  return null;
}

/** The owner's link for Other as a web address, or null when it is none (docs/decisions/028). */
function webUrl(url: string): URL | null {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > MAX_TRACKING_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  // Only a web page: a javascript: or data: link on the buyer's page would run in the shop's origin.
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
}

/**
 * Why the tracking link the owner typed for Other cannot be kept, or null when it can (or is left
 * empty) (docs/decisions/028).
 */
export function trackingUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (trimmed.length > MAX_TRACKING_URL_LENGTH) {
    return `A tracking link is at most ${MAX_TRACKING_URL_LENGTH} characters.`;
  }
  if (webUrl(trimmed) === null) {
    return 'A tracking link is a web address starting with https:// or http://.';
  }
  return null;
}

/**
 * The buyer's "Track Shipment" link (docs/decisions/028): the carrier's tracking page for the
 * number, or for Other the owner's link; null when there is nothing to link to.
 */
export function trackingUrl(
  carrierId: CarrierId,
  trackingNumber: string,
  otherUrl?: string | null,
): string | null {
  const template = carrierTrackingUrlTemplate(carrierId);
  if (template === null) return otherUrl ? (webUrl(otherUrl)?.href ?? null) : null;
  const number = normaliseTrackingNumber(trackingNumber);
  if (number === '') return null;
  return template.replaceAll('{number}', () => encodeURIComponent(number));
}
