/**
 * docs/requirements.md §18: the quote list's messages for input it refuses, with its schemas (core/quotes/quote-list.ts)
 * and the server; apart from the page's words (core/quotes/quote-list-texts.ts), which a list's first
 * load carries without them (docs/decisions/020's budget).
 */
import { gstinTexts } from '../tax/gstin';
import { QUOTE_LIST_MAX_PIECES, QUOTE_LIST_NOTE_MAX } from './quote-list-texts';

export const quoteListProblems = {
  quantityInvalid: 'Please enter a quantity from 1 to 100,000',
  noteTooLong: `Please keep this under ${QUOTE_LIST_NOTE_MAX} characters`,
  full: `Your quote list holds at most ${QUOTE_LIST_MAX_PIECES} pieces`,
  gstinInvalid: gstinTexts.shape,
  nothingToSend: 'Your quote list is empty',
} as const;
