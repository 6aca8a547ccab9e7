/**
 * The GSTIN, India's GST identification number, wherever the shop takes one: its own in Settings
 * (docs/requirements.md §12) and a buyer's on the quote list and the API (§18). A GSTIN is two
 * digits of the state code, the holder's PAN (five letters, four digits, a letter), the entity
 * number, "Z" and a check character. The shape, the state code and the check character are all
 * checked: a typo is refused where it is typed, not found on an invoice.
 *
 * No zod here: a form's schema builds on it, and the state table is the invoice's too ("Place of
 * supply: Rajasthan (08)").
 */

/**
 * The GST state codes (GSTN's list): 01 to 38, 97 for the other territories and 99 for the centre's
 * jurisdiction. 25 and 28 are the codes of Daman and Diu and of Andhra Pradesh before their
 * mergers and division; registrations made under them still carry them.
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
} as const;
export type GstStateCode = keyof typeof GST_STATES;

export const isGstStateCode = (code: string): code is GstStateCode =>
  Object.hasOwn(GST_STATES, code);

/** A state as an invoice names it: "Rajasthan (08)". */
export function gstStateLabel(code: GstStateCode): string {
  return `${GST_STATES[code]} (${code})`;
}

/** The state code of a valid GSTIN (its first two digits), or null for anything else. */
export function gstinStateCode(gstin: string): GstStateCode | null {
  return gstinProblem(gstin) === null ? (gstin.slice(0, 2) as GstStateCode) : null;
}

const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * GSTN's check character of a GSTIN's first 14 characters (Luhn mod 36): each character's value
 * (0–9, then A–Z as 10–35) is weighted 1, 2, 1, 2… from the left; each product counts as its
 * quotient and remainder by 36 added up; the check character brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(firstFourteen: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = CHECK_ALPHABET.indexOf(firstFourteen[index] ?? '') * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHECK_ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'shape' | 'state' | 'check';

/** What is wrong with an upper-case GSTIN, or null when it is one. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'shape';
  if (!isGstStateCode(gstin.slice(0, 2))) return 'state';
  if (gstinCheckCharacter(gstin) !== gstin[14]) return 'check';
  return null;
}

/** A GSTIN that passes every check, for the examples the forms show. */
export const GSTIN_EXAMPLE = '08AAAAA0000A1Z2';

/** The refusal of each problem, under the field of the form that took it. */
export const gstinTexts: Record<GstinProblem, string> = {
  shape: `Please enter a 15-character GSTIN such as ${GSTIN_EXAMPLE}, or leave it empty`,
  state: 'Please check the GSTIN: it begins with a state code, 01 to 38, 97 or 99',
  check: 'Please check the GSTIN for a typo: its last character does not match the others',
};

/**
 * A form's check of an optional GSTIN, for zod's `superRefine` (given the upper-cased, trimmed
 * text): empty is none; anything else must pass every check, and the refusal says which failed.
 */
export function refineOptionalGstin(
  value: string,
  context: { addIssue(issue: { code: 'custom'; message: string }): void },
): void {
  const problem = value === '' ? null : gstinProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: gstinTexts[problem] });
}
