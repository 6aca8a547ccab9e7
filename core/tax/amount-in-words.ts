/**
 * The invoice's total in words (docs/decisions/027), as Indian invoices write it: in the Indian
 * system of thousands, lakhs and crores, "Rupees One Lakh Twenty-Four Thousand Six Hundred Only".
 * No "and" inside the rupees ("One Hundred Five"): the only "and" is the one before the paise, so
 * the words read one way.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99: "Seven", "Nineteen", "Forty", "Twenty-Four". */
function belowHundred(value: number): string {
  if (value < 20) return UNITS[value]!;
  const units = value % 10;
  const tens = TENS[Math.floor(value / 10)]!;
  return units === 0 ? tens : `${tens}-${UNITS[units]}`;
}

const CRORE = 10_000_000;
const LAKH = 100_000;
const THOUSAND = 1_000;
const HUNDRED = 100;

/** A whole number from 1 in the Indian system; crores above 99 go on in the same words. */
function indianWords(value: number): string {
  const words: string[] = [];
  const crores = Math.floor(value / CRORE);
  if (crores > 0) words.push(`${indianWords(crores)} Crore`);
  const belowCrore = value % CRORE;
  const lakhs = Math.floor(belowCrore / LAKH);
  const thousands = Math.floor((belowCrore % LAKH) / THOUSAND);
  const hundreds = Math.floor((belowCrore % THOUSAND) / HUNDRED);
  const rest = belowCrore % HUNDRED;
  if (lakhs > 0) words.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) words.push(`${belowHundred(thousands)} Thousand`);
  if (hundreds > 0) words.push(`${UNITS[hundreds]} Hundred`);
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/**
 * An amount in paise in words: 12460000 → "Rupees One Lakh Twenty-Four Thousand Six Hundred
 * Only", 1050 → "Rupees Ten and Fifty Paise Only", 0 → "Rupees Zero Only", 1 → "Rupees Zero and
 * One Paisa Only".
 */
export function rupeesInWords(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`An amount in words is a whole number of paise from 0, got ${minor}`);
  }
  const rupees = Math.floor(minor / 100);
  const paise = minor % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  if (paise === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and ${belowHundred(paise)} ${paise === 1 ? 'Paisa' : 'Paise'} Only`;
}
