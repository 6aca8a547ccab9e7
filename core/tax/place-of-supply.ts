/**
 * Where a sale is supplied, and so which GST it carries (docs/decisions/027). For goods that move,
 * the place of supply is where the movement ends, the delivery address (IGST Act section 10(1)(a)).
 * Delivered in the shop's own state it is intra-state: CGST and SGST, each half the rate. Delivered
 * in another state it is inter-state (IGST Act section 7): IGST at the rate. Delivered abroad it is
 * an export, a zero-rated supply (IGST Act section 16): without tax under a Letter of Undertaking
 * filed for that financial year, else with IGST (which the exporter may claim back).
 */
import { countryCodeOf, countryName, SHOP_COUNTRY } from '../identity/countries';
import { GST_STATES, gstStateLabel, isGstStateCode, type GstStateCode } from './gstin';

/**
 * The endorsement CGST Rule 46's proviso has an export invoice carry when it is supplied without
 * tax under a Letter of Undertaking (Rule 96A), in the words the shop prints, word for word.
 */
export const LUT_EXPORT_TEXT =
  'SUPPLY MEANT FOR EXPORT UNDER LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX';

/** A name as compared: lower case, "&" as "and", letters and digits only ("J & K" → "jandk"). */
function comparable(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Codes no state name leads to: 97 and 99 are no state a parcel goes to, and 25 and 28 are
 * the codes of Daman and Diu and of undivided Andhra Pradesh, which only older registrations carry.
 * A delivery there today is in 26 and 37. Typed as the code itself ("25"), they are taken as typed.
 */
const CODES_NOT_NAMED: ReadonlySet<string> = new Set(['25', '28', '97', '99']);

/** Other names buyers write for a state: old names, "&" for "and", the short forms in use. */
const STATE_ALIASES: Record<string, GstStateCode> = {
  jandk: '01',
  jammuandkashmir: '01',
  uttaranchal: '05',
  nctofdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  orissa: '21',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
  pondicherry: '34',
  andamanandnicobar: '35',
};

const codeByName = new Map<string, GstStateCode>([
  ...(Object.entries(GST_STATES) as [GstStateCode, string][])
    .filter(([code]) => !CODES_NOT_NAMED.has(code))
    .map(([code, name]) => [comparable(name), code] as const),
  ...Object.entries(STATE_ALIASES),
]);

/**
 * The GST state code of an Indian address's state as typed: a state's name in any case and
 * spacing ("tamilnadu", "TAMIL NADU"), a common other name ("Orissa", "J&K", "Pondicherry"), or
 * the two-digit code itself ("08"); null when it names no state. Cities ("New Delhi") and typos
 * are not guessed: the owner is asked instead.
 */
export function gstStateCodeOfName(name: string): GstStateCode | null {
  const trimmed = name.trim();
  if (/^\d{2}$/.test(trimmed)) return isGstStateCode(trimmed) ? trimmed : null;
  return codeByName.get(comparable(trimmed)) ?? null;
}

export interface LetterOfUndertaking {
  /** The ARN the portal gave the filed LUT. */
  arn: string;
  /** The financial year it was filed for, "26-27". */
  financialYear: string;
}

export type PlaceOfSupply =
  | { kind: 'intra_state'; stateCode: GstStateCode }
  | { kind: 'inter_state'; stateCode: GstStateCode }
  | { kind: 'export_under_lut'; country: string; lutArn: string }
  | { kind: 'export_with_igst'; country: string }
  | { kind: 'unknown_state'; deliveryState: string };

/** A place of supply an invoice can be issued for: every kind but an unknown state. */
export type IssuablePlaceOfSupply = Exclude<PlaceOfSupply, { kind: 'unknown_state' }>;

export interface PlaceOfSupplyInput {
  shopStateCode: GstStateCode;
  /** ISO 3166-1 alpha-2 code of the delivery address. */
  deliveryCountry: string;
  /** The delivery address's state as typed. */
  deliveryState: string;
  /** The shop's Letter of Undertaking, or null when it has none. */
  lut: LetterOfUndertaking | null;
  /** The financial year of the invoice's date, "26-27". */
  financialYearLabel: string;
}

/** The place of supply of goods delivered to an address, and so the kind of tax they carry. */
export function placeOfSupply(input: PlaceOfSupplyInput): PlaceOfSupply {
  const country =
    countryCodeOf(input.deliveryCountry) ?? input.deliveryCountry.trim().toUpperCase();
  if (country !== SHOP_COUNTRY) {
    // A LUT is filed for one financial year; last year's does not cover this year's invoice.
    const lut = input.lut;
    if (lut && lut.arn.trim() !== '' && lut.financialYear === input.financialYearLabel) {
      return { kind: 'export_under_lut', country, lutArn: lut.arn.trim() };
    }
    return { kind: 'export_with_igst', country };
  }
  const stateCode = gstStateCodeOfName(input.deliveryState);
  if (stateCode === null) return { kind: 'unknown_state', deliveryState: input.deliveryState };
  return stateCode === input.shopStateCode
    ? { kind: 'intra_state', stateCode }
    : { kind: 'inter_state', stateCode };
}

/** "Place of supply" as the invoice prints it: "Rajasthan (08)", or the country of an export. */
export function placeOfSupplyLabel(supply: IssuablePlaceOfSupply): string {
  switch (supply.kind) {
    case 'intra_state':
    case 'inter_state':
      return gstStateLabel(supply.stateCode);
    case 'export_under_lut':
    case 'export_with_igst':
      return countryName(supply.country);
  }
}
