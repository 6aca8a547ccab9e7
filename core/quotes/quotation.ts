/**
 * The Request Quotation form (spec §2, §5, §8): one schema for the browser and the server.
 * Every field arrives as text from a form; the schema turns it into what is stored.
 */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_MISSING_FIELDS,
} from './quotation-texts';

// docs/decisions/020: the form's words live apart, without zod; they are this module's too.
export {
  problemToast,
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_MISSING_FIELDS,
  quotationToasts,
} from './quotation-texts';

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

/** A name the owner reads beside others: its invisible characters are refused (core/form-text). */
const requiredName = (max: number) =>
  visibleText({ error: QUOTATION_MISSING_FIELDS })
    .trim()
    .min(1, QUOTATION_MISSING_FIELDS)
    .max(max, `Please keep this under ${max} characters`);

/** Optional text: blank is stored as null (spec §3: customization_notes null if empty). */
const optionalText = (max: number, text = formText()) =>
  text
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
  customerName: requiredName(100),
  customerCompany: optionalText(200, visibleText()),
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
