/** A list of totals in core/offer-totals.ts's order (issue 27); the grand total in bold. */
import type { TotalRow } from '../../../core/offer-totals';

export function TotalsList({ rows, className }: { rows: TotalRow[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className={row.total ? 'font-semibold' : undefined}>{row.label}</dt>
          <dd className={row.total ? 'text-right font-semibold' : 'text-right'}>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
