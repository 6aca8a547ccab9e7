/**
 * docs/requirements.md §11: values as every API answer writes them: money in paise with the shop's display (spec
 * §9), instants as ISO 8601.
 */
import type { z } from 'zod';
import type { moneySchema } from '../../../core/api/api-schemas';
import { formatRupees } from '../../../core/money/money';

/** The shop trades in rupees; an order row names its own currency. */
const SHOP_CURRENCY = 'INR';

export function moneyOf(
  amountMinor: number,
  currency = SHOP_CURRENCY,
): z.output<typeof moneySchema> {
  return { amountMinor, currency, display: formatRupees(amountMinor) };
}

export const iso = (moment: Date) => moment.toISOString();
export const isoOrNull = (moment: Date | null) => (moment ? moment.toISOString() : null);
