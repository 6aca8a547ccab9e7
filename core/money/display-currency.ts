/**
 * docs/requirements.md §21 "Prices in the buyer's currency, beside rupees": the display currencies' rates, as the
 * owner sets them at /admin/settings, and the approximate amounts derived from them. Rupees stay
 * the only binding currency; these amounts are shown beside them and never charged.
 *
 * No zod here: the header's picker and every page that shows an amount import this module, and
 * zod stays out of the public pages' first load (docs/decisions/020, core/zod-free-modules.test.ts). The
 * setting's schema is in core/money/display-currency-schema.ts.
 */
import { regionOfAcceptLanguage } from '../identity/accept-language';
import { formatLongDate } from '../time/dates';
import { formatRupees } from './money';
import {
  approximateText,
  convertPaise,
  currencySign,
  formatForeign,
  type DisplayCurrency,
  type DisplayRate,
} from './display-amount';
import { addDays, isCalendarDay, shopDayOf } from '../time/shop-calendar';

export {
  approximateText,
  convertPaise,
  currencySign,
  formatForeign,
  type DisplayCurrency,
  type DisplayRate,
};

/** docs/requirements.md §21: the currencies to start with, in the picker's order. */
export const DISPLAY_CURRENCIES = [
  'USD',
  'CAD',
  'GBP',
  'EUR',
  'AED',
  'AUD',
  'SGD',
] as const satisfies readonly DisplayCurrency[];

/** The picker's value for rupees only: no approximate amount. */
export const RUPEES = 'INR';
export type CurrencyChoice = DisplayCurrency | typeof RUPEES;

/** docs/requirements.md §21: "A rate older than 60 days is not shown to buyers." */
export const RATE_MAX_AGE_DAYS = 60;

/** A rate is kept in ten-thousandths of a rupee per unit: 83.50 → 835000, 4 decimals at most. */
const RATE_SCALE = 10_000;
export const RATE_DECIMALS = 4;
/** No currency is worth more than ₹1,00,000 a unit; a larger rate is a typing slip. */
export const RATE_MAX_RUPEES = 100_000;

export const isDisplayCurrency = (value: string): value is DisplayCurrency =>
  (DISPLAY_CURRENCIES as readonly string[]).includes(value);

const RATE_TEXT = /^\d{1,6}(\.\d{1,4})?$/;
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** '83.50' → 835000; null when it is not a positive rate of at most 4 decimals. */
export function parseRate(text: string): number | null {
  const trimmed = text.trim();
  if (!RATE_TEXT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const rate = Number(whole) * RATE_SCALE + Number(fraction.padEnd(RATE_DECIMALS, '0'));
  if (rate <= 0 || rate > RATE_MAX_RUPEES * RATE_SCALE) return null;
  return rate;
}

/** 835000 → '83.50': at least the 2 decimals of a rupee amount, at most 4, no trailing zeros past 2. */
export function formatRate(rate: number): string {
  const whole = Math.floor(rate / RATE_SCALE);
  const fraction = String(rate % RATE_SCALE)
    .padStart(RATE_DECIMALS, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction}`;
}

/** One line of the setting: `USD 83.50 2026-11-27`; the date is the server's to write. */
interface RateLine {
  currency: DisplayCurrency;
  rate: number;
  setOn: string | null;
}

/** What is wrong with one line of the setting, or null. */
export function rateLineProblem(line: string): string | null {
  const [currency = '', rate = '', setOn, ...rest] = line.trim().split(/\s+/);
  if (!isDisplayCurrency(currency)) {
    return `Please use one of ${DISPLAY_CURRENCIES.join(', ')}, then its rate, one a line`;
  }
  if (parseRate(rate) === null) {
    return `Please enter the ${currency} rate as rupees per unit, such as 83.50, with at most ${RATE_DECIMALS} decimals`;
  }
  if ((setOn !== undefined && !DAY_TEXT.test(setOn)) || rest.length > 0) {
    return `Please write the ${currency} line as “${currency} 83.50” or “${currency} 83.50 2026-11-27”`;
  }
  // docs/requirements.md §12: a date is a day of the calendar, not 2026-13-45.
  if (setOn !== undefined && !isCalendarDay(setOn)) {
    return `Please give the ${currency} rate a real date: ${setOn} is not a day of the calendar`;
  }
  return null;
}

/**
 * docs/requirements.md §12: what is wrong with the rates' dates on shop day `today`, or null. A
 * rate cannot have been set after today: a date to come would keep it "fresh" past the 60 days
 * (§21). Needs the clock, so the domain checks it (and the environment's value at start-up),
 * after the setting's schema.
 */
export function rateDateProblem(text: string, today: string): string | null {
  const later = readLines(text).find((line) => line.setOn !== null && line.setOn > today);
  return later
    ? `Please give the ${later.currency} rate a date no later than today (${today}): ${later.setOn} is still to come`
    : null;
}

function readLines(text: string): RateLine[] {
  const lines: RateLine[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || rateLineProblem(line) !== null) continue;
    const [currency, rate, setOn] = line.trim().split(/\s+/) as [DisplayCurrency, string, string?];
    // One rate a currency: the first line wins, as the form never writes two.
    if (lines.some((each) => each.currency === currency)) continue;
    lines.push({ currency, rate: parseRate(rate)!, setOn: setOn ?? null });
  }
  return lines;
}

/**
 * The rates the setting holds, in the picker's order. Tolerant: the empty text is none, and a
 * damaged line, or one without its date (an environment value written by hand), is left out.
 */
export function parseDisplayRates(text: string): DisplayRate[] {
  const lines = readLines(text).filter((line): line is DisplayRate => line.setOn !== null);
  return DISPLAY_CURRENCIES.flatMap((currency) =>
    lines.filter((line) => line.currency === currency),
  );
}

export function serializeDisplayRates(rates: DisplayRate[]): string {
  return DISPLAY_CURRENCIES.flatMap((currency) =>
    rates
      .filter((rate) => rate.currency === currency)
      .map((rate) => `${currency} ${formatRate(rate.rate)} ${rate.setOn}`),
  ).join('\n');
}

/**
 * docs/requirements.md §21: the date beside each rate is the day it was set. A rate posted unchanged keeps its
 * date; a new or changed one is dated `today` (the shop's day); whatever date was posted is not
 * trusted.
 */
export function stampDisplayRates(posted: string, before: string, today: string): string {
  const previous = parseDisplayRates(before);
  return serializeDisplayRates(
    readLines(posted).map(({ currency, rate }) => {
      const kept = previous.find((each) => each.currency === currency && each.rate === rate);
      return { currency, rate, setOn: kept ? kept.setOn : today };
    }),
  );
}

/** The setting's text from the form's one rate a currency (empty: not shown). */
export function displayRatesText(rates: Partial<Record<DisplayCurrency, string>>): string {
  return DISPLAY_CURRENCIES.flatMap((currency) => {
    const rate = rates[currency]?.trim() ?? '';
    return rate === '' ? [] : [`${currency} ${rate}`];
  }).join('\n');
}

/** The settings form's field of one currency's rate (docs/requirements.md §21: one input a currency). */
export function displayRateField(currency: DisplayCurrency): string {
  return `displayRate-${currency}`;
}

/**
 * The setting's text from a posted form with one rate input a currency; null when the form has
 * none of them (the setting is not on it, or the environment sets it).
 */
export function displayRatesFromForm(read: (name: string) => unknown): string | null {
  const rates: Partial<Record<DisplayCurrency, string>> = {};
  let posted = false;
  for (const currency of DISPLAY_CURRENCIES) {
    const value = read(displayRateField(currency));
    if (typeof value === 'string') {
      posted = true;
      rates[currency] = value;
    }
  }
  return posted ? displayRatesText(rates) : null;
}

/** Whether a rate set on `setOn` is too old to show on shop day `today` (docs/requirements.md §21). */
export function isStaleRate(rate: Pick<DisplayRate, 'setOn'>, today: string): boolean {
  return rate.setOn < addDays(today, -RATE_MAX_AGE_DAYS);
}

/** The rates buyers see on shop day `today`: those at most 60 days old. */
export function freshDisplayRates(rates: DisplayRate[], today: string): DisplayRate[] {
  return rates.filter((rate) => !isStaleRate(rate, today));
}

/** The owner's rates, split into those buyers see on the shop's day of `now` and those too old to show (docs/requirements.md §21). */
export function displayRatesOf(
  site: { displayCurrencies: string; shopTimeZone: string },
  now: Date,
): { fresh: DisplayRate[]; stale: DisplayRate[] } {
  const rates = parseDisplayRates(site.displayCurrencies);
  const today = shopDayOf(now, site.shopTimeZone);
  return {
    fresh: freshDisplayRates(rates, today),
    stale: rates.filter((rate) => isStaleRate(rate, today)),
  };
}

/** docs/requirements.md §21: "₹3,400 (≈ US$41)"; the rupee amount alone without a display currency. */
export function formatRupeesWithApproximation(paise: number, display: DisplayRate | null): string {
  const rupees = formatRupees(paise);
  return display ? `${rupees} ${approximateText(paise, display)}` : rupees;
}

/**
 * docs/requirements.md §21: the offer PDF's line under the total, word for word: "Approximately US$2,287 at
 * ₹83.50 per US$ (rates of {date}); the amount payable is in rupees."
 */
export function approximateTotalLine(paise: number, display: DisplayRate): string {
  const amount = formatForeign(convertPaise(paise, display.rate), display.currency);
  const sign = currencySign(display.currency);
  return `Approximately ${amount} at ₹${formatRate(display.rate)} per ${sign} (rates of ${formatLongDate(display.setOn)}); the amount payable is in rupees.`;
}

/** docs/requirements.md §21: the owner's warning on every admin page while a rate is older than 60 days. */
export function staleRateWarning(rate: DisplayRate): string {
  const sign = currencySign(rate.currency);
  return `The ${sign} rate was set on ${formatLongDate(rate.setOn)}, more than ${RATE_MAX_AGE_DAYS} days ago: buyers no longer see amounts in ${sign}. Update it in Settings.`;
}

/** The picker's label of a choice: "₹ INR", "US$ USD". */
export function choiceLabel(choice: CurrencyChoice): string {
  return choice === RUPEES ? '₹ INR' : `${currencySign(choice)} ${choice}`;
}

/** The currency of a country a browser names in `Accept-Language` (its region subtag). */
const CURRENCY_OF_REGION: Record<string, DisplayCurrency> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  AE: 'AED',
  AU: 'AUD',
  SG: 'SGD',
  // The euro area.
  AT: 'EUR',
  BE: 'EUR',
  CY: 'EUR',
  DE: 'EUR',
  EE: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  GR: 'EUR',
  HR: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  MT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  SI: 'EUR',
  SK: 'EUR',
};

/**
 * docs/decisions/026: the currency `Accept-Language` points to (en-US → USD, en-CA → CAD, en-GB → GBP): the
 * region of the browser's first language that names one; null when none does.
 */
export function currencyOfAcceptLanguage(header: string | null): DisplayCurrency | null {
  const region = regionOfAcceptLanguage(header);
  return region ? (CURRENCY_OF_REGION[region] ?? null) : null;
}

/** A stored or posted choice, read strictly: anything else is none. */
export function readCurrencyChoice(value: string | null | undefined): CurrencyChoice | null {
  if (!value) return null;
  return value === RUPEES || isDisplayCurrency(value) ? value : null;
}

/**
 * docs/requirements.md §21: the rate the buyer sees amounts in, or null for rupees only. Their choice (the
 * cookie, else the profile's) wins; before any choice, the browser's region when its currency
 * has a fresh rate. A chosen currency whose rate is gone or stale is rupees only.
 */
export function effectiveDisplayRate(input: {
  choice: CurrencyChoice | null;
  acceptLanguage: string | null;
  freshRates: DisplayRate[];
}): DisplayRate | null {
  const wanted = input.choice ?? currencyOfAcceptLanguage(input.acceptLanguage);
  if (!wanted || wanted === RUPEES) return null;
  return input.freshRates.find((rate) => rate.currency === wanted) ?? null;
}

/**
 * docs/decisions/026: the rate a mail's reader sees amounts in, or null for rupees only. The
 * mail never sees the reader's browser, so no cookie and no `Accept-Language`: the currency their
 * account chose wins, else the one the requester's page showed when they asked (a guest has only
 * that).
 */
export function mailReaderDisplayRate(input: {
  accountChoice: CurrencyChoice | null;
  requestCurrency: DisplayCurrency | null;
  freshRates: DisplayRate[];
}): DisplayRate | null {
  return effectiveDisplayRate({
    choice: input.accountChoice ?? input.requestCurrency,
    acceptLanguage: null,
    freshRates: input.freshRates,
  });
}
