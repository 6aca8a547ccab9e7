/**
 * issue 32: how far an order paid in two parts is: "Advance paid" and "Balance due" once the
 * advance is confirmed (core/payment-terms.ts's rows, made by the caller: the quote page makes
 * them on the server, so its script carries no code for them). Nothing for one payment.
 */
import type { PaymentProgressRow } from '../../../core/payment-terms';

export function PaymentProgress({ rows }: { rows: PaymentProgressRow[] }) {
  if (rows.length === 0) return null;
  return (
    <dl
      aria-label="Advance and balance"
      className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1"
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt>{row.label}</dt>
          <dd className="text-right font-medium tabular-nums">{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
