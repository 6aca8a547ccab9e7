/**
 * docs/requirements.md §18: how a request of several pieces is named in one line, and what a merged request's
 * page says; apart from core/quotes/quote-list-texts.ts, which the buyer's list page loads.
 */

/** "Floral Inlay Marble Urli × 20 and 3 more pieces": a request's pieces in one line. */
export function piecesSummary(lines: readonly { productName: string; quantity: number }[]): string {
  const [first, ...rest] = lines;
  if (!first) return '';
  const head = `${first.productName} × ${first.quantity}`;
  if (rest.length === 0) return head;
  return `${head} and ${rest.length} more ${rest.length === 1 ? 'piece' : 'pieces'}`;
}

/** docs/requirements.md §18 "Merge Requests": what a merged request's page says. */
export function mergedIntoText(reference: string): string {
  return `This request was merged into ${reference}`;
}

/** "Lotus Urli", or "Floral Inlay Marble Urli and 3 more pieces": a request named by its pieces. */
export function piecesTitle(firstName: string, pieceCount: number): string {
  const more = pieceCount - 1;
  if (more <= 0) return firstName;
  return `${firstName} and ${more} more ${more === 1 ? 'piece' : 'pieces'}`;
}
