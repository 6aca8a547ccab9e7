/**
 * docs/requirements.md §24 "Returns": an order's returns as the buyer and the owner see them: the pieces, the
 * reason and photos, the day asked, and the shop's answer (the return's instructions or the
 * decline's reason). The owner's card adds the answer's forms below (`children`).
 */
import type { ReactNode } from 'react';
import { returnStatusLabels, type ReturnView } from '../../../core/orders/return-status';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { useShopTimeZone } from '../layout/shop-time';
import { OrderPhotos } from './order-photos';

export function OrderReturns({
  returns,
  answerOf,
}: {
  returns: readonly ReturnView[];
  /** The owner's "Approve Return" and "Decline Return" of a return waiting for them. */
  answerOf?: (each: ReturnView) => ReactNode;
}) {
  const timeZone = useShopTimeZone();
  if (returns.length === 0) return null;
  return (
    <ul aria-label="Returns" className="mt-4 grid gap-2 text-sm">
      {returns.map((each) => (
        <li key={each.id} className="rounded-xl border border-stone p-3">
          <p className="font-medium">
            {returnStatusLabels[each.status]} · asked on{' '}
            {formatShopDate(each.requestedAt, timeZone)}
          </p>
          <ul className="mt-1">
            {each.pieces.map((piece) => (
              <li key={piece.orderItemId}>
                {piece.quantity} × {piece.productName}
              </li>
            ))}
          </ul>
          <p className="mt-1 whitespace-pre-line text-ink-muted">Reason: {each.reason}</p>
          <OrderPhotos
            photos={each.photos}
            label="Photos of the return"
            altOf={(place, count) => `The pieces to return, ${place} of ${count}`}
            className="mt-2 grid grid-cols-4 gap-2"
            imageClassName="h-auto w-full rounded-lg object-cover"
          />
          {each.decisionNote ? (
            <p className="mt-2 whitespace-pre-line">
              {each.status === 'declined' ? 'Why: ' : 'How to send them back: '}
              {each.decisionNote}
            </p>
          ) : null}
          {answerOf?.(each)}
        </li>
      ))}
    </ul>
  );
}
