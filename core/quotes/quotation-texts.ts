/**
 * What the Request Quotation form says (spec §5, §8): its messages, toasts and quantity cap.
 * Apart from core/quotes/quotation.ts's schema so that the dialog, which opens from any page listing a
 * product, loads them without zod (docs/decisions/020); core/quotes/quotation.ts re-exports them.
 */

// spec §5 / §8: the one message for every missing required field
export const QUOTATION_MISSING_FIELDS = 'Please fill in all required fields.';
export const QUOTATION_INVALID_EMAIL = 'Please enter a valid email address';
export const QUOTATION_INVALID_MOBILE = 'Please enter a valid mobile number';
export const QUOTATION_MAX_QUANTITY = 100_000;

// spec §8: the quotation toasts
export const quotationToasts = {
  success: {
    title: 'Request Submitted!',
    description: 'Your quotation request has been sent. We will contact you shortly.',
  },
  missing: {
    title: 'Missing Information',
    description: QUOTATION_MISSING_FIELDS,
    variant: 'destructive',
  },
  invalidEmail: {
    title: 'Invalid Email',
    description: QUOTATION_INVALID_EMAIL,
    variant: 'destructive',
  },
  failure: {
    title: 'Error',
    description: 'Failed to submit your request. Please try again.',
    variant: 'destructive',
  },
} as const;

/**
 * The toast for a rejected form, only ever in spec §8's words: "Missing Information" when a
 * required field is missing, "Invalid Email" for the e-mail. Any other problem comes from our
 * rules beyond the spec (mobile pattern, quantity and length caps: docs/decisions/002); its
 * message is shown under its field and the toast is the spec's failure text. The browser's check
 * and the server's answer both use it.
 */
export function problemToast(
  messages: readonly string[],
): (typeof quotationToasts)['missing' | 'invalidEmail' | 'failure'] {
  if (messages.includes(QUOTATION_MISSING_FIELDS)) return quotationToasts.missing;
  if (messages.includes(QUOTATION_INVALID_EMAIL)) return quotationToasts.invalidEmail;
  return quotationToasts.failure;
}
