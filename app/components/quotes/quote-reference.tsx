/**
 * docs/requirements.md §19: a quotation's reference, "Q-20261126-0001", stays on one line: a heading such as
 * "Your Quotation Q-20261126-0001" breaks before it, never at its hyphens.
 */
export function QuoteReference({ reference }: { reference: string }) {
  return <span className="whitespace-nowrap">{reference}</span>;
}
