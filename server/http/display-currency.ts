/**
 * docs/requirements.md §21 "Prices in the buyer's currency, beside rupees": which display currency a request
 * sees. The buyer's choice is kept in a cookie (and, signed in, in the profile); before any
 * choice the browser's `Accept-Language` region decides, when its currency has a fresh rate.
 */
import type { SiteSettings } from '../../content/site';
import {
  displayRatesOf,
  effectiveDisplayRate,
  readCurrencyChoice,
  type CurrencyChoice,
  type DisplayCurrency,
  type DisplayRate,
} from '../../core/money/display-currency';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { getDisplayCurrencyChoice } from '../modules/account';

export const CURRENCY_COOKIE = 'storefront.currency';
/** A choice outlives a visit: a year. */
const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The choice the request's cookie carries, if any. */
export function currencyCookieOf(headers: Headers): CurrencyChoice | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE) return readCurrencyChoice(value.join('='));
  }
  return null;
}

/** The Set-Cookie of a choice; readable by no script, as nothing in the browser needs it. */
export function currencyCookie(choice: CurrencyChoice, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${choice}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface DisplayCurrencyContext {
  db: Database;
  actor: Actor;
  site: Pick<SiteSettings, 'displayCurrencies' | 'shopTimeZone'>;
  clock: () => Date;
}

export interface DisplayRateAnswer {
  rate: DisplayRate | null;
  choice: CurrencyChoice | null;
  fresh: DisplayRate[];
}

/**
 * One answer per request: the root's loader and the page's (the quote page's offers, a request
 * made from a page) both need it, and the app context is the request's own (server/http/app.ts).
 */
const answered = new WeakMap<DisplayCurrencyContext, Promise<DisplayRateAnswer>>();

/**
 * The rate a request's amounts are shown in, or null for rupees only. The profile is read only
 * for a signed-in buyer without the cookie (a new browser), and only when a rate is set at all.
 */
export function displayRateFor(
  app: DisplayCurrencyContext,
  headers: Headers,
): Promise<DisplayRateAnswer> {
  let answer = answered.get(app);
  if (!answer) {
    answer = readDisplayRate(app, headers);
    answered.set(app, answer);
  }
  return answer;
}

async function readDisplayRate(
  app: DisplayCurrencyContext,
  headers: Headers,
): Promise<DisplayRateAnswer> {
  const { fresh } = displayRatesOf(app.site, app.clock());
  if (fresh.length === 0) return { rate: null, choice: null, fresh };
  let choice = currencyCookieOf(headers);
  if (!choice && app.actor?.userId && !app.actor.apiKey) {
    choice = await getDisplayCurrencyChoice(app.db, app.actor);
  }
  const rate = effectiveDisplayRate({
    choice,
    acceptLanguage: headers.get('accept-language'),
    freshRates: fresh,
  });
  return { rate, choice, fresh };
}

/**
 * The currency a request's page shows beside rupees, or null: kept with a quotation request, so
 * the offer mail of a guest (whose browser the worker never sees) can show it too.
 */
export async function displayCurrencyOf(
  app: DisplayCurrencyContext,
  headers: Headers,
): Promise<DisplayCurrency | null> {
  return (await displayRateFor(app, headers)).rate?.currency ?? null;
}
