/** Where a product's quotation form posts (app/routes/quote.tsx). */
export function quotationAction(productId: string): string {
  return `/quote/${encodeURIComponent(productId)}`;
}
