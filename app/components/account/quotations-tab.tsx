import { FileText } from '../ui/icons';
import { Link } from 'react-router';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { formatRupees } from '../../../core/money/money';
import { countOf } from '../../../core/forms/plurals';
import {
  quotationStatusWords,
  type QuotationOrderState,
} from '../../../core/quotes/quotation-progress';
import {
  statusLabel,
  type QuotationStatus as QuotationStatusValue,
} from '../../../core/orders/statuses';
import { QuoteReference } from '../quotes/quote-reference';
import type {
  CustomerQuotationSummary,
  QuoteRequestLineView,
} from '../../../server/modules/quotations/views';
import { useShopTimeZone } from '../layout/shop-time';

/** Pieces listed in full on a card; a longer request folds the rest under "N more pieces". */
const PIECES_SHOWN = 4;

/**
 * docs/requirements.md §10: the dashboard's "Quotations" tab: the signed-in customer's requests, each opening its
 * quote page without a key (the page reads it as the request's linked account).
 */
export function QuotationsTab({ quotations }: { quotations: CustomerQuotationSummary[] }) {
  const timeZone = useShopTimeZone();
  return (
    <div>
      <h2 className="font-display text-2xl font-semibold">My Quotations</h2>
      {quotations.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-sand p-10 text-center">
          <FileText aria-hidden="true" className="mx-auto h-8 w-8 text-brass-700" />
          <p className="mt-2 text-lg font-medium">No quotations yet</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
          >
            Browse the collection
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4">
          {quotations.map((quotation) => (
            <li
              key={quotation.id}
              aria-label={`Quotation ${quotation.reference}`}
              className="rounded-2xl border border-stone/70 bg-white p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 className="font-display text-lg font-semibold">
                    <Link
                      to={`/quotes/${quotation.reference}`}
                      className="underline underline-offset-4"
                    >
                      <QuoteReference reference={quotation.reference} />
                    </Link>
                  </h3>
                  <p className="text-sm text-ink-muted">
                    {formatShopDate(quotation.createdAt, timeZone)}
                  </p>
                </div>
                <QuotationStatus status={quotation.status} order={quotation.order} />
              </div>
              <RequestPieces lines={quotation.lines} />
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-ink-muted">Offer</dt>
                <dd>
                  {quotation.offerStatus
                    ? `${statusLabel(quotation.offerStatus)}${
                        quotation.offerTotalMinor !== null
                          ? ` · ${formatRupees(quotation.offerTotalMinor)}`
                          : ''
                      }`
                    : 'Being prepared'}
                </dd>
                {quotation.orderNumber ? (
                  <>
                    <dt className="text-ink-muted">Order</dt>
                    <dd>{quotation.orderNumber}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * docs/requirements.md §19: "Accepted, awaiting payment" until the order is paid; "Completed" only
 * then.
 */
function QuotationStatus({
  status,
  order,
}: {
  status: QuotationStatusValue;
  order: QuotationOrderState | null;
}) {
  const words = quotationStatusWords(status, order);
  return (
    <p className="flex flex-wrap items-center gap-2">
      {words.status ? (
        <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold">{words.status}</span>
      ) : null}
      {words.note ? (
        <span className="rounded-full bg-brass-500/20 px-3 py-1 text-xs font-semibold text-ink">
          {words.note}
        </span>
      ) : null}
    </p>
  );
}

/**
 * docs/requirements.md §18: every piece of a request, each with its quantity. A request of many pieces shows its
 * first three and folds the rest in a disclosure that opens without JavaScript, so a card stays
 * short at 390 px and still names every piece.
 */
function RequestPieces({ lines }: { lines: QuoteRequestLineView[] }) {
  const folded = lines.length > PIECES_SHOWN;
  const shown = folded ? lines.slice(0, PIECES_SHOWN - 1) : lines;
  const rest = folded ? lines.slice(PIECES_SHOWN - 1) : [];
  return (
    <div className="mt-3">
      <PieceRows lines={shown} label={lines.length > 1 ? `${lines.length} pieces` : 'Piece'} />
      {rest.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm font-medium text-brass-700 underline underline-offset-4">
            {countOf(rest.length, 'more piece', 'more pieces')}
          </summary>
          <PieceRows lines={rest} label={countOf(rest.length, 'more piece', 'more pieces')} />
        </details>
      ) : null}
    </div>
  );
}

function PieceRows({ lines, label }: { lines: QuoteRequestLineView[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-1">
      {lines.map((line, index) => (
        <li key={`${line.productId ?? line.productName}-${index}`} className="flex gap-3">
          {/* The space keeps "Lotus Urli × 4" one phrase for a reader and a copy. */}
          <span className="min-w-0 flex-1 break-words">{line.productName} </span>
          <span className="shrink-0 tabular-nums text-ink-muted">× {line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}
