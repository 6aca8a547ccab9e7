/**
 * docs/requirements.md §24: the money given back for an order, as the buyer and the owner see it: each
 * refund's amount, how and when it went back, and its reference.
 */
import { formatRupees } from '../../../core/money/money';
import { refundMethodWords, type RefundView } from '../../../core/orders/refund-status';
import { formatLongDate } from '../../../core/time/dates';
import { Approximate } from '../ui/approximate';

export function OrderRefunds({ refunds }: { refunds: readonly RefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Refunds" className="mt-4 grid gap-2 text-sm">
      {refunds.map((refund) => (
        <li key={refund.id} className="rounded-xl border border-stone p-3">
          <p className="font-medium">
            Refunded {formatRupees(refund.amountMinor)}
            <Approximate paise={refund.amountMinor} /> by {refundMethodWords[refund.method]} on{' '}
            {formatLongDate(refund.refundedOn)}
          </p>
          <p className="text-ink-muted">
            Reference <span className="break-all">{refund.reference}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
