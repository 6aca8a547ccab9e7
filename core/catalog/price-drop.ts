/**
 * docs/requirements.md §21 "Price-drop alerts": when a wisher is told of a piece's lower price, and the words the
 * mail and the dashboard use. Pure and zod-free, for the server's job and the dashboard's page.
 */
import { formatRupees } from '../money/money';

const HOUR_MS = 60 * 60 * 1000;

/**
 * docs/requirements.md §21: drops within this window of the first one are folded into one mail: the alert job is
 * queued this long after the first drop and mails the price as it is then (three drops in an hour
 * make one mail with the last price).
 */
export const PRICE_DROP_FOLD_MS = HOUR_MS;

/** docs/requirements.md §21: a wisher is told of a product's price at most once in 24 hours. */
export const PRICE_DROP_QUIET_MS = 24 * HOUR_MS;

/** The setting's label in the dashboard (docs/requirements.md §21, word for word). */
export const PRICE_DROP_SETTING_LABEL = "E-mail me when a wished piece's price drops";

export const priceDropToasts = {
  on: { title: 'Price-drop e-mails on' },
  off: { title: 'Price-drop e-mails off' },
} as const;

/** docs/requirements.md §21: the mail's subject and heading, with spec §9's rupee format. */
export function priceDropHeading(newPriceMinor: number, thenPriceMinor: number): string {
  return `A piece on your wishlist is now ${formatRupees(newPriceMinor)} (was ${formatRupees(thenPriceMinor)})`;
}

/** One wisher's item of the product, as the alert job reads it. */
export interface WishedItemPrices {
  priceWhenAddedMinor: number;
  /** The price the last alert announced, and when (null: never alerted). */
  alertedPriceMinor: number | null;
  alertedAt: Date | null;
}

/**
 * What the alert job does for one wisher at `now`, the product's price being `priceMinor`:
 * - `none`: the price is not below the one they added it at, or they were told of this price or
 *   a lower one within 24 hours (docs/requirements.md §21: one mail per drop);
 * - `mail`: tell them now;
 * - `later`: they were told of a higher price within 24 hours: this lower drop is told when that
 *   day is over (`at`), so a wisher gets at most one mail a day about a piece, and the last price.
 */
export function priceDropAlertDecision(
  item: WishedItemPrices,
  priceMinor: number,
  now: Date,
): { action: 'none' } | { action: 'mail' } | { action: 'later'; at: Date } {
  // docs/requirements.md §21: only a wisher who holds it below the price it was added at
  if (priceMinor >= item.priceWhenAddedMinor) return { action: 'none' };
  if (item.alertedAt === null || item.alertedPriceMinor === null) return { action: 'mail' };
  const quietUntil = item.alertedAt.getTime() + PRICE_DROP_QUIET_MS;
  if (now.getTime() >= quietUntil) return { action: 'mail' };
  if (item.alertedPriceMinor <= priceMinor) return { action: 'none' };
  return { action: 'later', at: new Date(quietUntil) };
}
