/**
 * The quote list's inputs (docs/requirements.md §18): one schema each for the browser, the pages' posts, the API
 * and the domain, with the limits the server enforces.
 */
import { z } from 'zod';
import { formText, rowKey } from '../forms/form-text';
import { quotationRequestSchema } from './quotation';
import { QUOTATION_MAX_QUANTITY } from './quotation-texts';
import { quoteListProblems } from './quote-list-problems';
import { QUOTE_LIST_MAX_PIECES, QUOTE_LIST_NOTE_MAX } from './quote-list-texts';
import { refineOptionalGstin } from '../tax/gstin';

export * from './quote-list-texts';
export * from './quote-list-problems';

/** A piece's quantity on the list: a whole number, 1 to 100,000; no fallback to 1 here. */
export const quoteListQuantity = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ error: quoteListProblems.quantityInvalid })
    .int(quoteListProblems.quantityInvalid)
    .min(1, quoteListProblems.quantityInvalid)
    .max(QUOTATION_MAX_QUANTITY, quoteListProblems.quantityInvalid),
);

/** A piece's notes: blank (or none, as a stored row hands it on) is none. */
export const quoteListNote = formText()
  .trim()
  .max(QUOTE_LIST_NOTE_MAX, quoteListProblems.noteTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

export const productKey = rowKey;

/** "Add to Quote List": the piece, once more (quantity 1, or one more if listed). */
export const quoteListAddSchema = z.object({ productId: productKey });

/** One row of the list as the buyer changes it. */
export const quoteListLineSchema = z.object({
  productId: productKey,
  quantity: quoteListQuantity,
  notes: quoteListNote,
});
export type QuoteListLineInput = z.input<typeof quoteListLineSchema>;
export type QuoteListLine = z.output<typeof quoteListLineSchema>;

/**
 * The buyer's GSTIN: optional, upper-cased, with a real state code and check character
 * (docs/requirements.md §18, core/tax/gstin.ts).
 */
export const buyerGstin = formText({ error: quoteListProblems.gstinInvalid })
  .trim()
  .toUpperCase()
  .superRefine(refineOptionalGstin)
  .optional()
  .transform((value) => (value ? value : null));

/**
 * The request's details under the list: spec §5's quotation fields but the quantity (each piece
 * has its own), and the buyer's GSTIN. `customizationNotes` is the notes for the whole request.
 */
export const quoteListDetailsSchema = quotationRequestSchema
  .omit({ quantity: true })
  .extend({ customerGstin: buyerGstin });
export type QuoteListDetailsInput = z.input<typeof quoteListDetailsSchema>;
export type QuoteListDetails = z.output<typeof quoteListDetailsSchema>;

/** The pieces of one request: 1 to 50, each piece once. */
export const requestLinesSchema = z
  .array(quoteListLineSchema)
  .min(1, quoteListProblems.nothingToSend)
  .max(QUOTE_LIST_MAX_PIECES, quoteListProblems.full)
  .refine(
    (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
    'Each piece may be listed once',
  );

/** A request of several pieces, as the quotations module takes it. */
export const multiPieceRequestSchema = quoteListDetailsSchema.extend({ lines: requestLinesSchema });
export type MultiPieceRequestInput = z.input<typeof multiPieceRequestSchema>;
export type MultiPieceRequest = z.output<typeof multiPieceRequestSchema>;

/** `/quote-list`'s rows as posted: each row's quantity and notes, checked before any is saved. */
const postedLines = z.array(quoteListLineSchema).max(QUOTE_LIST_MAX_PIECES, quoteListProblems.full);

/** "Save Changes": the rows alone. */
export const quoteListSaveSchema = z.object({ lines: postedLines });

/**
 * "Request Quotation": the rows as the buyer sees them and the request's details; the pieces
 * themselves are the list's (server/flows/submit-quote-list.ts).
 */
export const quoteListSubmitSchema = quoteListDetailsSchema.extend({
  lines: postedLines.optional(),
});

/**
 * The quote list form's values as stored: the buyer's details (signed in, the profile's), then
 * each piece's product, quantity and notes, named as Conform names the fields.
 */
export function quoteListFormValues(
  pieces: { productId: string; quantity: number; notes: string | null }[],
  details: {
    customerName: string;
    customerEmail: string;
    customerMobile: string;
    customerCompany: string;
    customerGstin: string;
  } | null,
): Record<string, string> {
  return {
    ...(details ?? {}),
    ...Object.fromEntries(
      pieces.flatMap((piece, index) => [
        [`lines[${index}].productId`, piece.productId],
        [`lines[${index}].quantity`, String(piece.quantity)],
        [`lines[${index}].notes`, piece.notes ?? ''],
      ]),
    ),
  };
}
