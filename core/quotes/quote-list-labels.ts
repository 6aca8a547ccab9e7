/**
 * docs/requirements.md §18: the two words every page's first load shows (the header's link, the listing cards'
 * button), in a module of their own: the rest of the quote list's words (core/quotes/quote-list-texts.ts)
 * stay out of the shell chunk (docs/decisions/020's budget).
 */
export const ADD_TO_QUOTE_LIST = 'Add to Quote List';
export const QUOTE_LIST_LINK = 'Quote List';
/** docs/requirements.md §18: "Add to Quote List" on a listed piece, with its quantity there. */
export const inQuoteList = (quantity: number) => `In Quote List (${quantity})`;
