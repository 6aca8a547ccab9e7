/**
 * What the quote list says (docs/requirements.md §18): its buttons, toasts, empty state and limits. Apart from
 * core/quotes/quote-list.ts's schemas so that the product page and the listing's cards load them without
 * zod (docs/decisions/020).
 */

export const QUOTE_LIST_MAX_PIECES = 50;
export const QUOTE_LIST_NOTE_MAX = 1000;
/** Days a quote list (and a guest's cookie) lasts unused. */
export const QUOTE_LIST_UNUSED_DAYS = 30;

import { ADD_TO_QUOTE_LIST, QUOTE_LIST_LINK } from './quote-list-labels';

export { ADD_TO_QUOTE_LIST, QUOTE_LIST_LINK };

export const quoteListTexts = {
  add: ADD_TO_QUOTE_LIST,
  link: QUOTE_LIST_LINK,
  title: 'Your Quote List',
  submit: 'Request Quotation',
  empty: 'Your quote list is empty',
  browse: 'Browse Products',
  remove: 'Remove',
  save: 'Save Changes',
  wishlistAll: 'Request a Quote for All',
} as const;

export const quoteListToasts = {
  // docs/requirements.md §18: the next tap after adding on a phone may be the list itself.
  added: {
    title: 'Added to your quote list',
    link: { to: '/quote-list', label: 'View Quote List' },
  },
  removed: { title: 'Removed from your quote list' },
  saved: { title: 'Your quote list is saved' },
} as const;
