/** docs/requirements.md §24: the words of a piece that cannot be returned. */
export const MADE_TO_ORDER_TEXT = 'Made to order (not returnable)';
