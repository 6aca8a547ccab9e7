/**
 * docs/requirements.md §21: the approximate amount beside a rupee amount, "(≈ US$41)": all that a page needs in
 * the browser, apart from core/money/display-currency.ts (the setting, the picker), so the pages that
 * show amounts carry a few hundred bytes for it (docs/decisions/020's JavaScript budget).
 */
import { offerTotalRows } from '../quotes/offer-totals';

/** docs/requirements.md §21: the currencies to start with (core/money/display-currency.ts lists them in order). */
export type DisplayCurrency = 'USD' | 'CAD' | 'GBP' | 'EUR' | 'AED' | 'AUD' | 'SGD';

export interface DisplayRate {
  currency: DisplayCurrency;
  /** Rupees per unit of `currency`, in ten-thousandths of a rupee (integer). */
  rate: number;
  /** The shop day the owner set it, 'YYYY-MM-DD'. */
  setOn: string;
}

/**
 * `paise` in whole units of the rate's currency, rounded half up. Integer arithmetic: a rate in
 * ten-thousandths of a rupee is hundredths of a paisa, so units = paise × 100 / rate.
 */
export function convertPaise(paise: number, rate: number): number {
  if (!Number.isSafeInteger(paise) || !Number.isSafeInteger(rate) || rate <= 0) {
    throw new RangeError(`Cannot convert ${paise} paise at the rate ${rate}`);
  }
  const sign = paise < 0 ? -1 : 1;
  const scaled = Math.abs(paise) * 100;
  // Half up on the magnitude: (2 × scaled + rate) div (2 × rate).
  return sign * Math.floor((2 * scaled + rate) / (2 * rate));
}

// en-GB writes the dollars apart from each other (US$, CA$, A$) where en and en-US write a bare
// "$": the texts read "US$41".
const NUMBER_LOCALE = 'en-GB';
const formats = new Map<DisplayCurrency, Intl.NumberFormat>();

/** Made on first use only: the first Intl formatter costs a slow phone a long task (docs/decisions/010). */
export function formatOf(currency: DisplayCurrency): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formats.set(currency, format);
  }
  return format;
}

/** Whole units as the buyer reads them: 41 USD → "US$41". */
export function formatForeign(units: number, currency: DisplayCurrency): string {
  return formatOf(currency).format(units);
}

/** The currency's sign as the amounts show it: "US$", "£", "AED". */
export function currencySign(currency: DisplayCurrency): string {
  return (
    formatOf(currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** The approximate amount beside a rupee amount: "(≈ US$41)". */
export function approximateText(paise: number, display: DisplayRate): string {
  return `(≈ ${formatForeign(convertPaise(paise, display.rate), display.currency)})`;
}

/**
 * An offer's approximate amounts, made on the server for the quote page (whose script then
 * carries no code for them): each line total's by line id, and each of its totals' rows
 * (subtotal, discount, shipping, GST, total) by the row's label (docs/decisions/026).
 */
export function offerApproximations(
  offer: Parameters<typeof offerTotalRows>[0] & {
    lines: { id: string; lineTotalMinor: number }[];
  },
  display: DisplayRate,
): { lines: Record<string, string>; rows: Record<string, string> } {
  return {
    lines: Object.fromEntries(
      offer.lines.map((line) => [line.id, approximateText(line.lineTotalMinor, display)]),
    ),
    rows: Object.fromEntries(
      offerTotalRows(offer).map((row) => [row.label, approximateText(row.minor, display)]),
    ),
  };
}
