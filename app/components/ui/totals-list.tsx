/** A list of totals in core/quotes/offer-totals.ts's order (docs/decisions/019); the grand total in bold. */
import type { TotalRow } from '../../../core/quotes/offer-totals';

/** The buyer's approximate amount after a rupee amount, " (≈ US$41)", made on the server. */
export function Approximation({ text }: { text: string | undefined }) {
  return text ? <span className="whitespace-nowrap text-ink-muted"> {text}</span> : null;
}

export function TotalsList({
  rows,
  className,
  approximations,
}: {
  rows: TotalRow[];
  className: string;
  /**
   * The buyer's approximate amount of each row by its label, "(≈ US$41)", made on the server
   * (docs/decisions/026); none for rupees only.
   */
  approximations?: Record<string, string> | null;
}) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className={row.total ? 'font-semibold' : undefined}>{row.label}</dt>
          <dd className={row.total ? 'text-right font-semibold' : 'text-right'}>
            {row.amount}
            <Approximation text={approximations?.[row.label]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
