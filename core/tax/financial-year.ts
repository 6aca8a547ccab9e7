/**
 * India's financial year and the numbers of the shop's GST documents (docs/decisions/027): a tax
 * invoice, a credit note and a receipt voucher each carry a number unique within its series for the
 * financial year (CGST Rules 46(b), 50 and 53), and the year turns on 1 April in the shop's
 * calendar, not in UTC: 00:30 on 1 April in India is already the new year, though UTC still says
 * 31 March.
 */
import { shopDayOf } from '../time/shop-calendar';

export interface FinancialYear {
  /** The calendar year of its 1 April: 2026 for 1 April 2026 to 31 March 2027. */
  startYear: number;
  /** How the document numbers write it: "26-27". */
  label: string;
}

const FIRST_MONTH = 4;

/** "26-27" for the year that starts on 1 April 2026. */
export function financialYearLabel(startYear: number): string {
  if (!Number.isInteger(startYear) || startYear < 1000) {
    throw new RangeError(`A financial year starts in a four-digit year, got ${startYear}`);
  }
  const twoDigits = (year: number) => String(year % 100).padStart(2, '0');
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

/** The financial year an instant falls in, by the shop's calendar day in `timeZone`. */
export function financialYearOf(instant: Date, timeZone: string): FinancialYear {
  const [year, month] = shopDayOf(instant, timeZone).split('-').map(Number) as [number, number];
  const startYear = month >= FIRST_MONTH ? year : year - 1;
  return { startYear, label: financialYearLabel(startYear) };
}

// ---------------------------------------------------------------------------------------------
// Document numbers

export const documentSeries = ['invoice', 'credit_note', 'receipt_voucher'] as const;
export type DocumentSeries = (typeof documentSeries)[number];

/** The letter after the prefix that keeps each series apart: KK, KKC, KKR. */
const SERIES_MARK: Record<DocumentSeries, string> = {
  invoice: '',
  credit_note: 'C',
  receipt_voucher: 'R',
};

export const DEFAULT_INVOICE_PREFIX = 'KK';

/**
 * The owner's prefix: 1 to 4 capital letters or digits. Four, so that the longest number up to
 * counter 9999 (a credit note's "ABCDC/26-27/9999") is Rule 46(b)'s 16 characters.
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

/** What is wrong with an invoice prefix, in the words Settings shows under it, or null. */
export function invoicePrefixProblem(prefix: string): string | null {
  return INVOICE_PREFIX_PATTERN.test(prefix)
    ? null
    : 'An invoice prefix is 1 to 4 characters, capital letters A–Z and digits only, such as KK.';
}

/** CGST Rule 46(b): at most 16 characters, letters, digits, hyphen and slash. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

const FINANCIAL_YEAR_LABEL = /^\d{2}-\d{2}$/;

/**
 * A document's number: "KK/26-27/0001" (invoice), "KKC/26-27/0001" (credit note),
 * "KKR/26-27/0001" (receipt voucher). The counter is zero-padded to 4 digits and takes more when
 * larger; a number that would pass 16 characters is refused with a RangeError, never cut.
 */
export function documentNumber(
  series: DocumentSeries,
  prefix: string,
  financialYear: string,
  counter: number,
): string {
  const prefixProblem = invoicePrefixProblem(prefix);
  if (prefixProblem) throw new RangeError(prefixProblem);
  if (!FINANCIAL_YEAR_LABEL.test(financialYear)) {
    throw new RangeError(`A financial year is written like 26-27, got "${financialYear}"`);
  }
  if (!Number.isSafeInteger(counter) || counter < 1) {
    throw new RangeError(`A document counter is a whole number from 1, got ${counter}`);
  }
  const number = `${prefix}${SERIES_MARK[series]}/${financialYear}/${String(counter).padStart(4, '0')}`;
  if (!DOCUMENT_NUMBER_PATTERN.test(number)) {
    throw new RangeError(
      `The document number ${number} is longer than the 16 characters GST allows`,
    );
  }
  return number;
}

/**
 * A document number as an address holds it: "KK/26-27/0001" with its slashes escaped
 * (KK%2F26-27%2F0001, decoded before this) or as its file name writes it, "KK-26-27-0001". Null
 * for anything that is no document number.
 */
export function documentNumberOfPath(value: string): string | null {
  const written = /^([A-Z0-9]{1,5})-(\d{2}-\d{2})-(\d{4,})$/.exec(value);
  const number = written ? `${written[1]}/${written[2]}/${written[3]}` : value;
  return /^[A-Z0-9]{1,5}\/\d{2}-\d{2}\/\d{4,}$/.test(number) && DOCUMENT_NUMBER_PATTERN.test(number)
    ? number
    : null;
}
