/**
 * The Request Quotation form (spec §2, §5, §8): one schema for the browser and the server.
 * Every field arrives as text from a form; the schema turns it into what is stored.
 */
import { z } from 'zod';
import { formText } from './form-text';

// spec §5 / §8: the one message for every missing required field
export const QUOTATION_MISSING_FIELDS = 'Please fill in all required fields.';
export const QUOTATION_INVALID_EMAIL = 'Please enter a valid email address';
export const QUOTATION_INVALID_MOBILE = 'Please enter a valid mobile number';
export const QUOTATION_MAX_QUANTITY = 100_000;

/** spec §5: quantity falls back to 1 when it is not a number. */
export function parseQuantity(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const parsed = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(parsed) ? 1 : Math.trunc(parsed);
}

const requiredText = (max: number) =>
  formText({ error: QUOTATION_MISSING_FIELDS })
    .trim()
    .min(1, QUOTATION_MISSING_FIELDS)
    .max(max, `Please keep this under ${max} characters`);

/** Optional text: blank is stored as null (spec §3: customization_notes null if empty). */
const optionalText = (max: number) =>
  formText()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

export const quotationRequestSchema = z.object({
  quantity: z.preprocess(
    parseQuantity,
    z
      .number()
      .int()
      .min(1, QUOTATION_MISSING_FIELDS)
      .max(QUOTATION_MAX_QUANTITY, `Please ask for at most ${QUOTATION_MAX_QUANTITY} pieces`),
  ),
  customizationNotes: optionalText(2000),
  customerName: requiredText(100),
  customerCompany: optionalText(200),
  // A blank mobile already fails as missing; the pattern only judges what was typed.
  customerMobile: requiredText(30).regex(/^$|^\+?[\d\s()-]{6,}$/, QUOTATION_INVALID_MOBILE),
  customerEmail: z
    .string()
    .trim()
    .max(255, QUOTATION_INVALID_EMAIL)
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null))
    .pipe(z.email(QUOTATION_INVALID_EMAIL).nullable()),
});

export type QuotationRequestInput = z.input<typeof quotationRequestSchema>;
export type QuotationRequest = z.output<typeof quotationRequestSchema>;

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
