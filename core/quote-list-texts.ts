/**
 * What the quote list says (issue 29): its buttons, toasts, empty state and limits. Apart from
 * core/quote-list.ts's schemas so that the product page and the listing's cards load them without
 * zod (issue 28).
 */

export const QUOTE_LIST_MAX_PIECES = 50;
export const QUOTE_LIST_NOTE_MAX = 1000;
/** Days a quote list (and a guest's cookie) lasts unused. */
export const QUOTE_LIST_UNUSED_DAYS = 30;

export const quoteListTexts = {
  add: 'Add to Quote List',
  link: 'Quote List',
  title: 'Your Quote List',
  submit: 'Request Quotation',
  empty: 'Your quote list is empty',
  browse: 'Browse Products',
  remove: 'Remove',
  save: 'Save Changes',
  wishlistAll: 'Request a Quote for All',
  quantityInvalid: 'Please enter a quantity from 1 to 100,000',
  noteTooLong: `Please keep this under ${QUOTE_LIST_NOTE_MAX} characters`,
  full: `Your quote list holds at most ${QUOTE_LIST_MAX_PIECES} pieces`,
  gstinInvalid: 'Please enter a 15-character GSTIN such as 08AAAAA0000A1Z5, or leave it empty',
  nothingToSend: 'Your quote list is empty',
} as const;

export const quoteListToasts = {
  added: { title: 'Added to your quote list' },
  removed: { title: 'Removed from your quote list' },
  saved: { title: 'Your quote list is saved' },
  full: { title: 'Error', description: quoteListTexts.full, variant: 'destructive' },
} as const;

/** "Floral Inlay Marble Urli × 20 and 3 more pieces": a request's pieces in one line. */
export function piecesSummary(lines: readonly { productName: string; quantity: number }[]): string {
  const [first, ...rest] = lines;
  if (!first) return '';
  const head = `${first.productName} × ${first.quantity}`;
  if (rest.length === 0) return head;
  return `${head} and ${rest.length} more ${rest.length === 1 ? 'piece' : 'pieces'}`;
}

/** issue 29 "Merge Requests": what a merged request's page says. */
export function mergedIntoText(reference: string): string {
  return `This request was merged into ${reference}`;
}
