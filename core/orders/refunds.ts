/**
 * docs/requirements.md §24 "Refunds": the refund the owner records when an order with money received is
 * cancelled, one schema for the console's form, the API and the server, and how much an order has
 * left to refund.
 */
import { z } from 'zod';
import { formText } from '../forms/form-text';
import { formatRupees } from '../money/money';
import { refundMethods } from './refund-status';

/** What the owner is told of a refund that cannot be recorded, word for word. */
export const refundProblems = {
  amount: 'Give the amount refunded in rupees, such as 12450 or 12,450.50.',
  method: 'Choose how it was refunded: UPI or bank transfer.',
  reference: 'Give the refund’s UPI or bank reference.',
  referenceTooLong: 'The refund’s reference must be under 100 characters.',
  nothingReceived: 'Nothing was received for this order, so there is nothing to refund.',
  nothingLeft: 'Everything received for this order is already refunded.',
  tooMuch: (leftMinor: number) =>
    `At most ${formatRupees(leftMinor)} is left to refund for this order.`,
  notCancelled: 'A refund is recorded for a cancelled order.',
} as const;

/** "12,450.50", "₹12450" or "12450": rupees with at most two decimals, in paise; null otherwise. */
export function refundAmountMinor(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const minor = Math.round(Number(cleaned) * 100);
  return minor > 0 ? minor : null;
}

export const refundSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: refundProblems.amount })
    .transform((value, context) => {
      const minor = refundAmountMinor(String(value));
      if (minor === null) {
        context.addIssue({ code: 'custom', message: refundProblems.amount });
        return z.NEVER;
      }
      return minor;
    }),
  method: z.enum(refundMethods, { error: refundProblems.method }),
  reference: formText({ error: refundProblems.reference })
    .trim()
    .min(1, refundProblems.reference)
    .max(100, refundProblems.referenceTooLong),
});
/**
 * The console's form: "Cancel Order" of an order with money received, or "Record Refund" after it,
 * with the refund (docs/requirements.md §24).
 */
export const refundingActions = ['cancel', 'record-refund'] as const;

export const refundFormSchema = refundSchema.extend({
  action: z.enum(refundingActions),
  // docs/requirements.md §24: "Record Refund" of an approved return names the return it closes.
  returnId: z.guid().optional(),
});

/** A refund as recorded: `amount` in paise. */
export type RefundInput = z.output<typeof refundSchema>;

export * from './refund-status';
