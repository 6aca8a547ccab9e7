/**
 * The periods GSTR-1 is filed for (docs/decisions/027): a month ("2026-11"), or a quarter of the
 * financial year for a taxpayer under QRMP ("26-27-Q3": October to December 2026). Days are the
 * shop's calendar days, as the documents' `issuedOn` are.
 */
import { MONTH_NAMES } from '../time/dates';
import { financialYearLabel } from './financial-year';

export interface FilingPeriod {
  /** As the address carries it: "2026-11" or "26-27-Q3". */
  value: string;
  /** "November 2026", "Q3 26-27 (October–December 2026)". */
  label: string;
  /** The first and last day, YYYY-MM-DD. */
  fromDay: string;
  toDay: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The days of a month of the Gregorian calendar; no clock is read. */
function lastDayOf(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The month that holds a shop day, "2026-11" for "2026-11-29". */
export function monthOfDay(day: string): string {
  return day.slice(0, 7);
}

/** What the GSTR-1 export answers a period it cannot read. */
export const FILING_PERIOD_PROBLEM =
  'Choose a month such as 2026-11, or a quarter of the financial year such as 26-27-Q3.';

/** A period from its address form, or null when it names none. */
export function filingPeriod(value: string): FilingPeriod | null {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) {
    const year = Number(month[1]);
    const number = Number(month[2]);
    if (number < 1 || number > 12 || year < 2017) return null;
    return {
      value,
      label: `${MONTH_NAMES[number - 1]} ${year}`,
      fromDay: `${year}-${pad(number)}-01`,
      toDay: `${year}-${pad(number)}-${pad(lastDayOf(year, number))}`,
    };
  }
  const quarter = /^(\d{2})-(\d{2})-Q([1-4])$/.exec(value);
  if (!quarter) return null;
  const startYear = 2000 + Number(quarter[1]);
  if ((Number(quarter[1]) + 1) % 100 !== Number(quarter[2]) || startYear < 2017) return null;
  // Q1 is April to June; Q4 is January to March of the year after.
  const firstMonth = (((Number(quarter[3]) - 1) * 3 + 3) % 12) + 1;
  const year = Number(quarter[3]) === 4 ? startYear + 1 : startYear;
  const lastMonth = firstMonth + 2;
  return {
    value,
    label: `Q${quarter[3]} ${financialYearLabel(startYear)} (${MONTH_NAMES[firstMonth - 1]}–${MONTH_NAMES[lastMonth - 1]} ${year})`,
    fromDay: `${year}-${pad(firstMonth)}-01`,
    toDay: `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}`,
  };
}

/** The quarter of the financial year that holds a shop day, "26-27-Q3" for "2026-11-29". */
export function quarterOfDay(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const startYear = month >= 4 ? year : year - 1;
  const quarter = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return `${financialYearLabel(startYear)}-Q${quarter}`;
}
