/**
 * docs/requirements.md §21: the dashboard's "E-mail me when a wished piece's price drops" (one schema for the form
 * and the account module). A checkbox posts "on" when ticked and nothing when not.
 */
import { z } from 'zod';

export const priceDropAlertsSchema = z.object({
  priceDropAlerts: z
    .union([z.boolean(), z.string().max(10)])
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true'),
});
export type PriceDropAlertsInput = z.output<typeof priceDropAlertsSchema>;
