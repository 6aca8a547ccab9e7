/**
 * docs/requirements.md §21: how far an order paid in two parts is: "Advance paid" and "Balance due" once the
 * advance is confirmed (core/orders/payment-terms.ts's rows, made by the caller: the quote page makes
 * them on the server, so its script carries no code for them). Nothing for one payment.
 */
import type { PaymentProgressRow } from '../../../core/orders/payment-terms';
import { Approximate } from '../ui/approximate';

export function PaymentProgress({
  rows,
  approximate = false,
}: {
  rows: PaymentProgressRow[];
  /** The buyer's pages: each amount with its approximation in their currency (decision 026). */
  approximate?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <dl
      aria-label="Advance and balance"
      className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1"
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt>{row.label}</dt>
          <dd className="text-right font-medium tabular-nums">
            {row.amount}
            {approximate ? <Approximate paise={row.minor} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
